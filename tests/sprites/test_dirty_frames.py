"""Frames painted only where they changed (sprites/dirty.py, Canvas.end_frame) look exactly as
frames painted whole: on every table, while computers play, under an overlay and after a resize."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from harness.start import start_table
from scenes.app import App
from scenes.menu import MenuScene
from scenes.pause import PauseScene
from scenes.plugins import playable_games
from scenes.result import ResultScene
from sprites.canvas import Canvas
from sprites.cascade import CASCADE_SECONDS
from sprites.dirty import changed_rects, merged
from tests.matrix import first_fast


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARD_ARCADE_HOME", str(tmp_path))
    app = App((1280, 720))
    app.push(MenuScene(app), transition=False)
    yield app
    app.shut_down()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.fixture
def checked(monkeypatch) -> list:
    """Every frame's end_frame result (None: painted whole), after checking that the picture it
    left is the one the same operations paint on the whole window."""
    results: list = []
    end_frame = Canvas.end_frame

    def checking(canvas: Canvas):
        operations = list(canvas._frame or [])
        results.append(end_frame(canvas))
        painted = pixels(canvas.surface)
        for _, _, paint in operations:
            paint()
        assert painted == pixels(canvas.surface), f"a stale picture after {len(results)} frames"
        return results[-1]

    monkeypatch.setattr(Canvas, "end_frame", checking)
    return results


def play(app: App, steps: int) -> None:
    for _ in range(steps):
        app.step(1 / 60)


@pytest.mark.parametrize("name", first_fast(playable_games()))  # every other game in the full suite
def test_a_table_painted_where_it_changed_looks_as_painted_whole(app, checked, name):
    start_table(app, name, computers_only=True, seed="5")
    play(app, 420)
    assert len(checked) > 20
    partial = [r for r in checked if r]
    assert partial, "some frames were painted in part"
    window = app.window.get_width() * app.window.get_height()
    assert min(sum(r.w * r.h for r in rects) for rects in partial) < window / 4


def test_an_overlay_and_a_resize_are_painted_right(app, checked):
    start_table(app, "kings_corner", computers_only=True, seed="2")
    play(app, 120)
    app.push(PauseScene(app, "kings_corner"), transition=False)
    play(app, 60)
    app.pop()
    play(app, 30)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 600), w=1000, h=600))
    play(app, 60)
    assert None in checked[1:] and len(checked) > 30, "the overlay and the new size were painted whole"


def test_the_cards_cascade_over_a_kept_picture_of_the_table_under_the_result(app, checked, monkeypatch):
    kept = []
    keep_below = Canvas.keep_below
    monkeypatch.setattr(Canvas, "keep_below", lambda canvas: kept.append(len(checked)) or keep_below(canvas))
    start_table(app, "memory_match", computers_only=True, seed="2")
    play(app, 30)
    buttons = [("Again", lambda: None), ("Menu", lambda: None)]
    app.push(ResultScene(app, "Amina wins!", ["Amina: 10 pairs"], buttons), transition=False)
    play(app, round(60 * CASCADE_SECONDS) + 30)
    assert len(kept) > 60 * 3, "every frame of the cascade keeps the picture under it"
    cascade_frames = len(kept)
    button = app.canvas.to_screen(app.top.group.widgets[1].rect.center)  # the first has the focus
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=button, rel=(0, 0), buttons=(0, 0, 0))])
    assert checked[-1], "once the cascade is over, a hover is painted where it changed"
    assert len(kept) == cascade_frames


def test_a_frame_that_changes_nothing_paints_nothing(app):
    app.draw()
    app.canvas.begin_frame()
    app.top.draw(app.canvas)
    app.notice_line.draw(app.canvas, [])
    assert app.canvas.end_frame() == []


def rect(x: int, y: int, w: int = 10, h: int = 10) -> pygame.Rect:
    return pygame.Rect(x, y, w, h)


def test_changed_rects_name_what_was_added_removed_or_reordered():
    felt, a, b, c = ("felt", rect(0, 0, 100, 100)), ("a", rect(1, 1)), ("b", rect(30, 30)), ("c", rect(60, 60))
    assert changed_rects([felt, a, b], [felt, a, b]) == []
    assert changed_rects([felt, a, b], [felt, a, c, b]) == [c[1]]
    assert changed_rects([felt, a, b], [felt, b]) == [a[1]]
    moved = (("a", 5), rect(5, 5))
    assert sorted(map(tuple, changed_rects([felt, a, b], [felt, moved, b]))) == [(1, 1, 10, 10), (5, 5, 10, 10)]
    swapped = changed_rects([felt, a, b], [felt, b, a])
    assert swapped and all(r in (a[1], b[1]) for r in swapped), "a change of order repaints the pair"


def test_merged_joins_overlaps_and_gives_up_on_big_changes():
    window = rect(0, 0, 100, 100)
    assert merged([rect(0, 0), rect(5, 5), rect(50, 50)], window) == [rect(0, 0, 15, 15), rect(50, 50)]
    assert merged([rect(-5, -5)], window) == [rect(0, 0, 5, 5)], "clipped to the window"
    assert merged([rect(0, 0, 80, 80)], window) is None, "most of the window: paint it whole"
    many = [rect(3 * i, 3 * i, 2, 2) for i in range(20)]
    assert merged(many, window) == [rect(0, 0, 59, 59)]
    assert merged(many[:13], window) == [rect(0, 0, 38, 38)], "more than MAX_RECTS: one around them"
