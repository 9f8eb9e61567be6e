"""Overlays are opaque panels: nothing of the bright table below shows through them, and nothing
of theirs is drawn past their panel, at every window size."""
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.cards import Card
from scenes.base import Scene
from scenes.dialog import Dialog
from scenes.history import HistoryScene
from scenes.pause import PauseScene
from scenes.result import ResultScene
from scenes.rules_page import PANEL_RECT, RulesScene
from scenes.settings import SettingsScene
from scenes.sheet import Cell, Row, ScoreSheet, Sheet
from sprites.card_sprite import CardSprite
from sprites.theme import PANEL, PANEL_RADIUS

SIZES = [(800, 450), (1280, 720), (1920, 1080), (3840, 2160)]


class BrightTable(Scene):
    """A table covered in face-up cards, a white strip across it: what must not show through."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.sprites = [CardSprite(Card("french", 1 + (i % 13), "hearts"), 60 + (i % 12) * 105, 80 + (i // 12) * 150,
                                   True, width=100) for i in range(60)]

    def draw(self, canvas) -> None:
        canvas.felt()
        for sprite in self.sprites:
            sprite.draw(canvas, self.app.painter)
        canvas.box((255, 255, 255), (0, 330, 1280, 60))


pytestmark = pytest.mark.driver(first=BrightTable)


def margin_pixels(driver, rect: pygame.FRect, inset: float) -> list[tuple[int, int, int]]:
    """The window's pixels down the left and right margins of a panel (inside its border and round
    corners, outside its content), `inset` logical px wide."""
    canvas = driver.app.canvas
    points = []
    for y in range(round(rect.y + PANEL_RADIUS + 4), round(rect.bottom - PANEL_RADIUS - 4), 6):
        for x in (rect.x + 6, rect.x + inset - 4, rect.right - inset + 4, rect.right - 6):
            points.append(canvas.to_screen((x, y)))
    return [tuple(driver.app.window.get_at(p))[:3] for p in points]


def test_the_table_under_the_panels_is_bright(driver):
    """The samples below would catch a see-through panel: the table there is not the panel's colour."""
    driver.frames(2)
    seen = set(margin_pixels(driver, PANEL_RECT, 28))
    assert (255, 255, 255) in seen and PANEL[:3] not in seen


def test_the_pause_panel_is_opaque(driver):
    pause = PauseScene(driver.app, "war")
    driver.app.push(pause, transition=False)
    driver.frames(2)
    pixels = margin_pixels(driver, pause.rect, 60)
    assert pixels and set(pixels) == {PANEL[:3]}


def test_the_rules_panel_over_the_pause_panel_is_opaque(driver):
    driver.app.push(PauseScene(driver.app, "war"), transition=False)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)  # Rules
    assert isinstance(driver.top, RulesScene)
    driver.frames(2)
    pixels = margin_pixels(driver, PANEL_RECT, 28)
    assert pixels and set(pixels) == {PANEL[:3]}


def sheet() -> Sheet:
    rows = [Row(f"Round {r}", [Cell(str(7 * r + p)) for p in range(8)]) for r in range(1, 13)]
    return Sheet("Score sheet after round 12", [f"Player {p + 1}" for p in range(8)], rows,
                 Row("Total", [Cell("123") for _ in range(8)]), "The lowest total wins.", "Round")


@pytest.mark.parametrize("make", [
    lambda app: SettingsScene(app),
    lambda app: Dialog(app, "Sota", ["A game is waiting where you left it."], [("Resume", print), ("Back", print)]),
    lambda app: ResultScene(app, "Amina wins the game!", ["Amina: 3 penalty points"], [("Menu", print)], False),
    lambda app: ScoreSheet(app, sheet, [("Next round", print)]),
    lambda app: HistoryScene(app, "Sota", [f"Hafsa plays card {i}" for i in range(60)]),
], ids=["settings", "dialog", "result", "sheet", "history"])
def test_the_other_overlays_are_opaque(driver, make):
    scene = make(driver.app)
    driver.app.push(scene, transition=False)
    driver.frames(2)
    pixels = margin_pixels(driver, scene.rect, 24)
    assert pixels and set(pixels) == {PANEL[:3]}


OVERLAYS: dict[str, Callable[[Any], Any]] = {
    "pause": lambda app: PauseScene(app, "kings_corner"),
    "rules": lambda app: RulesScene(app, "kings_corner"),
    "settings": SettingsScene,
    "dialog": lambda app: Dialog(app, "Damaged save", ["The saved game could not be read: it was moved aside, "
                                                       "and a new game starts. " * 3], [("OK", print)]),
    "long dialog": lambda app: Dialog(app, "Details", [f"Fact number {i}" for i in range(40)], [("Close", print)]),
    "sheet": lambda app: ScoreSheet(app, sheet, [("Next round", print), ("Menu", print)]),
    "history": lambda app: HistoryScene(app, "Sota", [f"Hafsa plays the {i} of Cups on the {i} of Swords, "
                                                      "and the next player draws two" for i in range(80)]),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", OVERLAYS)
def test_nothing_is_drawn_past_the_panel(driver, monkeypatch, name, size):
    driver.app.resize(size)
    scene = OVERLAYS[name](driver.app)
    driver.app.push(scene, transition=False)
    drawn: list[tuple[str, pygame.FRect]] = []
    text = driver.app.canvas.text
    monkeypatch.setattr(driver.app.canvas, "text", lambda value, *a, **k: drawn.append((value, text(value, *a, **k))))
    driver.frames(2)
    rect = scene.rect
    scroll = getattr(scene, "panel", None)
    assert drawn
    for value, box in drawn:
        assert rect.inflate(1, 1).contains(box), f"{value!r} at {box} is past the panel {rect}"
        assert pygame.FRect(0, 0, 1280, 720).contains(box), f"{value!r} at {box} is past the window"
        if scroll is not None and scroll.rect.top <= box.top and box.bottom <= scroll.rect.bottom + 1:
            assert box.right <= scroll.rect.x + scroll.text_width + 1, f"{value!r} runs under the scroll bar"
