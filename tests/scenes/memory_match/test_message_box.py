"""Memory Match's message box shows every word of the longest messages at every window size: the
box grows into the felt under it (clear of the moves, the Hint button and the line of keys)."""

import pygame
import pytest

from game.seats import MAX_NAME
from scenes.memory_match.layout import HINT_RECT, MESSAGE_RECT, MESSAGE_ROOM
from sprites.drawn import FRAME, MIN_TEXT_PX, TEXT
from tests.scenes.collisions import collisions, inside
from tests.scenes.memory_match.long_messages import NAMES, message_frame, played_words
from tests.scenes.screens import SIZES


def played_line(seed: int, found: str) -> str:
    """The first history line holding `found` of a game of random moves from `seed`, in English."""
    return str(played_words(seed, found))


LONE = played_line(464, "The last card")  # a pair, then the lone last card turned up: 189 characters
TWO_BONUS = played_line(144, "Bonus cards;")  # the two Bonus cards and the choice made: 144 characters
LONGEST = {"lone last card": LONE, "two Bonus choice": TWO_BONUS,
           "hint": f"Hint: Take -1 and skip your next turn: you know of no pair {NAMES[1]} could take in the "
                   "extra turn"}


def test_the_messages_are_the_longest_kind():
    assert all(len(name) == MAX_NAME for name in NAMES)
    assert len(LONE) > 180 and "is turned up for" in LONE
    assert len(TWO_BONUS) > 140 and "takes" in TWO_BONUS


@pytest.mark.parametrize("size", SIZES[:3], ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("kind", LONGEST)
def test_every_word_of_a_long_message_is_drawn_in_its_box(driver, kind, size):
    text = LONGEST[kind]
    drawn = message_frame(driver, size, text)
    canvas = driver.app.canvas
    box = next(d.rect for d in drawn if d.kind == FRAME and d.text == "message")
    lines = [d for d in drawn if d.kind == TEXT and inside(d.rect, box)]
    assert " ".join(d.text for d in lines).split() == text.split(), "every word, in order"
    assert all(d.px is not None and d.px >= MIN_TEXT_PX for d in lines)
    assert inside(box, canvas.rect(MESSAGE_ROOM)), "the box grows only into the felt under it"
    assert box.top == canvas.rect(MESSAGE_RECT).top
    assert not box.colliderect(canvas.rect(HINT_RECT))
    assert any(d.kind == TEXT and d.text == "Hint  [H]" for d in drawn), "the Hint button is drawn too"
    faults = collisions(drawn, canvas.rect(pygame.FRect(0, 0, 1280, 720)))
    assert [f for f in faults if "'message'" in f or any(repr(d.text) in f for d in lines)] == []
