"""The notice bands never cover a name plate, a table's message or each other: every game's table at
800x600 and 1280x720 with three notices showing, one of them long (tests/scenes/screens.py reaches
the tables; what the canvas noted is read)."""
from __future__ import annotations

import pygame
import pytest

from game.registry import game_names
from harness.driver import Driver
from scenes.result import ResultScene
from scenes.sheet import ScoreSheet
from sprites.drawn import FRAME, TEXT, Drawn
from tests.scenes.collisions import collisions, noted_frame, overlap
from tests.scenes.screens import at_the_end, mid_game, rest, table

SIZES = [(800, 600), (1280, 720)]
NOTICES = ("Bilal lost connection: a computer plays for him until he comes back (0:45).",
           "Amina: Good game!", "Hafsa left: a computer plays for her, and her seat is open to anyone who joins.")
# frames that name a player or say what happened: plates, panels of players, the message line
# (a Skyjo grid's plate is its label, a text naming its player: a notice may lie over its cards)
PLATES = ("plate of ", "name plate", "score", "panel of ", "turn panel", "message", "phrase")


def kept_clear(drawn: list[Drawn], names: list[str]) -> list[Drawn]:
    """What a notice must not cover: the plates and messages, and every text naming a player."""
    return [n for n in drawn if n.layer[:1] != ("notices",) and (
        (n.kind == FRAME and n.text.startswith(PLATES)) or (n.kind == TEXT and any(name in n.text for name in names)))]


def notices_at(d: Driver, game: str, size: tuple[int, int]) -> tuple[list, list]:
    """A frame at `size` with the notices posted: what it drew, and its notices (every one placed)."""
    d.app.resize(size)
    d.frames(2)
    drawn = noted_frame(d.app)
    notices = [n for n in drawn if n.kind == FRAME and n.text == "notice"]
    assert len(notices) == len(NOTICES), f"{game} at {size}: a notice found no place"
    return drawn, notices


@pytest.mark.parametrize("game", game_names())
def test_no_notice_covers_a_name_plate_or_another_notice(game):
    d = Driver()
    try:
        mid_game(game)(d)
        names = [seat.name for seat in table(d).seats]
        for text in NOTICES:
            d.app.notify(text)
        for size in SIZES:
            drawn, notices = notices_at(d, game, size)
            plates = kept_clear(drawn, names)
            assert any(p.kind == FRAME for p in plates), f"{game}: no plate drawn, nothing checked"
            for i, notice in enumerate(notices):
                assert not any(overlap(notice.rect, other.rect) for other in notices[i + 1:]), (game, size)
                covered = [p.text for p in plates if overlap(notice.rect, p.rect)]
                assert not covered, f"{game} at {size}: a notice covers {covered}"
    finally:
        d.close()
        pygame.quit()


def test_a_notice_hangs_in_the_highest_free_place_or_nowhere():
    from scenes.notices import NOTICE_TOP, free_spot

    plate = pygame.FRect(400, 0, 480, 100)  # across the top middle
    box = free_spot((300, 40), [plate])
    assert box is not None and box.top == NOTICE_TOP and not box.colliderect(plate)  # beside it, at the top
    wide = free_spot((1000, 40), [plate])
    assert wide is not None and wide.top >= plate.bottom  # too wide to pass it: under it
    assert free_spot((1000, 40), [pygame.FRect(0, 0, 1280, 720)]) is None


@pytest.mark.parametrize("game", game_names())
def test_no_notice_covers_a_games_result_and_the_result_with_its_notices_draws_clean(game):
    """Over a game's result (a dialog, or a round's sheet, over the dimmed table) the notices hang
    beside its panel, never over its words or buttons; the frame passes the collision check."""
    d = Driver()
    try:
        at_the_end(game)(d)
        rest(d)
        assert isinstance(d.top, ResultScene | ScoreSheet), f"{game}: no result on top"
        for text in NOTICES:
            d.app.notify(text)
        for size in SIZES:
            drawn, notices = notices_at(d, game, size)
            panel = d.app.canvas.rect(d.top.rect)  # (window pixels, as noted)
            assert not [n.rect for n in notices if overlap(n.rect, panel)], f"{game} at {size}"
            assert collisions(drawn, pygame.Rect(0, 0, *size)) == []
    finally:
        d.close()
        pygame.quit()
