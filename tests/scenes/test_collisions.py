"""No screen at any window size draws a text over another, out of its panel or button, too small
to read, or outside the window (tests/scenes/collisions.py reads what the canvas noted).

One case per screen and size, all named `test_collision[...]` (`pytest -k collision`); a screen
is reached once and drawn again at each size. Every size but the first (800x600) is marked slow:
the fast loop keeps one size per screen."""
from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from harness.driver import Driver
from sprites.drawn import CARD, FRAME, TEXT, Drawn
from tests.scenes.collisions import collisions
from tests.scenes.screens import SIZES, frame_at, screens

SCREENS = screens()


class Reached:
    """The last screen reached, kept for its other sizes (the cases run screen by screen)."""

    def __init__(self) -> None:
        self.name = ""
        self.driver: Driver | None = None

    def get(self, name: str) -> Driver:
        if self.name != name or self.driver is None:
            self.close()
            self.driver = Driver()
            self.name = name
            SCREENS[name](self.driver)
        return self.driver

    def close(self) -> None:
        if self.driver is not None:
            self.driver.close()
            pygame.quit()
        self.driver, self.name = None, ""


@pytest.fixture(scope="module")
def reached() -> Iterator[Reached]:
    kept = Reached()
    yield kept
    kept.close()


CASES = [pytest.param(name, size, id=f"{name}-{size[0]}x{size[1]}",
                      marks=[pytest.mark.slow] if size != SIZES[0] else [])
         for name in SCREENS for size in SIZES]


@pytest.mark.parametrize(("screen", "size"), CASES)
def test_collision(reached: Reached, screen: str, size: tuple[int, int]) -> None:
    d = reached.get(screen)
    drawn = frame_at(d, size)
    assert any(n.kind == TEXT for n in drawn), "the frame noted no text: nothing was checked"
    faults = collisions(drawn, d.app.canvas.rect((0, 0, 1280, 720)))
    assert not faults, f"{screen} at {size[0]}x{size[1]}:\n" + "\n".join(faults)


# -- the check itself: each rule finds what it is for ---------------------------------------------
PICTURE = pygame.Rect(0, 0, 1280, 720)


def note(kind: str, rect: tuple[int, int, int, int], text: str = "x", px: float | None = 20,
         layer: tuple[str, ...] = ("scene",)) -> Drawn:
    return Drawn(kind, pygame.Rect(rect), layer, text, px)


def test_collision_check_passes_a_clean_frame() -> None:
    panel = note(FRAME, (100, 100, 400, 300), "panel")
    button = note(FRAME, (150, 300, 200, 50), "button")
    label = note(TEXT, (170, 310, 100, 20), "OK")
    title = note(TEXT, (150, 120, 200, 30), "Title")
    card = note(CARD, (600, 100, 90, 128), "7", px=12)
    assert collisions([panel, button, label, title, card], PICTURE) == []


@pytest.mark.parametrize(("drawn", "fault"), [
    ([note(TEXT, (10, 10, 50, 20), "a"), note(TEXT, (40, 15, 50, 20), "b")], "overlaps"),
    ([note(FRAME, (100, 100, 200, 50)), note(TEXT, (250, 110, 100, 20))], "crosses the edge"),
    ([note(CARD, (100, 100, 90, 128), px=12), note(TEXT, (150, 200, 100, 20))], "crosses the edge"),
    ([note(FRAME, (100, 100, 200, 50)), note(FRAME, (250, 120, 200, 50))], "overlaps"),
    ([note(TEXT, (1250, 10, 50, 20))], "outside the picture"),
    ([note(TEXT, (10, 10, 50, 20), px=9)], "under 11"),
    ([note(CARD, (10, 10, 50, 70), px=5)], "smallest mark"),
])
def test_collision_check_finds_each_fault(drawn: list[Drawn], fault: str) -> None:
    found = collisions(drawn, PICTURE)
    assert found and all(fault in f for f in found), found


def test_collision_check_compares_only_one_layer() -> None:
    table = note(TEXT, (10, 10, 200, 20), "on the table", layer=("table",))
    dialog = note(TEXT, (10, 10, 200, 20), "in the dialog", layer=("over shade 1",))
    assert collisions([table, dialog], PICTURE) == []
