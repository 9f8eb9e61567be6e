"""The name plates' marks worked out from the Lobby messages (scenes/online/marks.py), and where the
turn clock and a mark go by a plate (sprites/turn_timer.py): no network, no window."""
from __future__ import annotations

import pygame

from net import protocol as p
from scenes.online.marks import AWAY, BACK, JOINED, LEFT, LOST, MARK_S, SeatMarks
from sprites.bubble import Anchor, Side
from sprites.theme import LOGICAL_SIZE
from sprites.turn_timer import CLOCK_SIZE, GAP, clock_text, tag_boxes


def lobby(*seats: p.SeatInfo, started: bool = True) -> p.Lobby:
    return p.Lobby(list(seats), started)


def human(name: str, connected: bool = True, **marks: bool) -> p.SeatInfo:
    return p.SeatInfo(name, "human", "normal", connected, **marks)


def test_lasting_marks_come_from_the_newest_lobby_and_left_is_never_lost():
    marks = SeatMarks()
    marks.take(lobby(human("Amina"), human("Bilal"), human("Chen"), p.SeatInfo("Hafsa", "computer", "easy", False)))
    assert [marks.mark(seat) for seat in range(4)] == [None, None, None, None]
    marks.take(lobby(human("Amina", autoplay=True), human("Bilal", False), human("Chen", False, left=True),
                     p.SeatInfo("Hafsa", "computer", "easy", False)))
    assert [marks.mark(seat) for seat in range(4)] == [AWAY, LOST, LEFT, None]
    assert marks.mark(2, lost=True) == LEFT  # a Lost message for one who left on purpose
    assert marks.mark(0, lost=True) == LOST and marks.mark(9) is None


def test_back_and_joined_pass_after_mark_s_counted_by_ticks():
    marks = SeatMarks()
    marks.take(lobby(human("Amina"), human("Bilal", away=True), human("Guest 2", False)))
    marks.take(lobby(human("Amina"), human("Bilal"), human("Chen")))
    assert (marks.mark(1), marks.mark(2)) == (BACK, JOINED)
    assert marks.next_change() == MARK_S
    assert not marks.tick(MARK_S - 0.5) and marks.mark(1) == BACK
    assert marks.tick(0.5) and (marks.mark(1), marks.mark(2)) == (None, None)
    assert marks.next_change() is None


def test_the_clock_and_a_mark_sit_side_by_side_where_the_bubble_opens_and_after_a_bubble_on_screen():
    below = tag_boxes(Anchor(640, 200, Side.BELOW), [CLOCK_SIZE, (60, 30)])
    assert below[0].top > 200 and below[1].left == below[0].right + GAP
    assert abs((below[0].left + below[1].right) / 2 - 640) < 1e-6  # the row centred under the anchor
    bubble = pygame.FRect(600, 220, 120, 40)
    after = tag_boxes(Anchor(640, 200, Side.BELOW), [CLOCK_SIZE], bubble)
    assert after[0].left == bubble.right + GAP and after[0].centery == bubble.centery
    left = tag_boxes(Anchor(300, 400, Side.LEFT), [CLOCK_SIZE, (60, 30)])
    assert left[0].right < 300 and left[1].right == left[0].left - GAP
    screen = pygame.FRect(0, 0, *LOGICAL_SIZE)
    assert all(screen.contains(box) for box in tag_boxes(Anchor(1275, 5, Side.RIGHT), [CLOCK_SIZE, (60, 30)]))
    assert (clock_text(65), clock_text(0.2), clock_text(-3)) == ("1:05", "0:01", "0:00")
