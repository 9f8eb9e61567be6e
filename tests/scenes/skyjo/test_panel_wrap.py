"""The turn panel's instruction never ends on a lone word: a wrapped text's last line holds two."""
import random

import pygame
import pytest

from game.seats import Seat
from game.skyjo import new_game
from scenes.skyjo.draw import draw_panel, instruction, panel_rect
from sprites.canvas import Canvas

SEATS = [Seat("Ann"), Seat("Alexandrina", "computer", "normal"), Seat("Computer", "computer", "hard"),
         Seat("Bo", "computer", "easy")]


def views_of_every_phase():
    """A view for each phase a random game passes through, to its end."""
    game, rng, seen = new_game([seat.name for seat in SEATS], seed=3), random.Random(3), {}
    for _ in range(5000):
        seen.setdefault(game.phase, game.view(None))
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_moves()))
    return list(seen.values())


def panel_lines(canvas, text):
    """The lines of `text` as the panel drew them (the run of drawn texts inside the panel that
    makes it up), in order."""
    drawn = [d.text for d in canvas.drawn if d.kind == "text"]
    for start in range(len(drawn)):
        for end in range(start + 1, len(drawn) + 1):
            if " ".join(drawn[start:end]) == text:
                return drawn[start:end]
    raise AssertionError(f"{text!r} not drawn whole: {drawn}")


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 720), (1920, 1080), (3840, 2160)])
def test_the_last_line_of_a_wrapped_instruction_holds_at_least_two_words(size):
    canvas = Canvas(pygame.Surface(size))
    canvas.inspect()
    wrapped = 0
    views = views_of_every_phase()
    assert len({view.phase for view in views}) >= 6
    for view in views:
        for seat in SEATS:  # each of them as the player to move
            seats = [*SEATS[:view.current_player], seat, *SEATS[view.current_player + 1:]]
            text = instruction(view, seat, False)
            canvas.begin_frame()
            draw_panel(view, seats, view.current_player, canvas)
            canvas.end_frame()
            lines = panel_lines(canvas, text)
            assert len(lines) <= 3
            if len(lines) > 1:
                wrapped += 1
                assert len(lines[-1].split()) >= 2, lines
            panel = canvas.rect(panel_rect(len(SEATS)))
            assert all(panel.contains(d.rect) for d in canvas.drawn if d.kind == "text" and d.text in lines)
    assert wrapped, "some instruction wraps at this size"
