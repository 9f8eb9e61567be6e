"""A game's rules text, scrollable with the wheel, arrows or Page keys."""
from __future__ import annotations

import pygame

from game.registry import game_info
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM
from sprites.widgets import Button

LINE_H, TEXT_SIZE, TOP, BOTTOM, WIDTH = 30, 25, 130, 600, 1000
SCROLL_KEYS = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 12, pygame.K_PAGEUP: -12}


class RulesScene(WidgetScene):
    """Shows RULES_TEXT of the game module."""

    opaque = False

    def __init__(self, app, game_name: str) -> None:
        super().__init__(app)
        info = game_info(game_name)
        self.title, self.text = info.title, info.rules_text
        self.scroll = 0
        self.lines: list[str] | None = None
        self.group.widgets = [Button((540, 622, 200, 56), "Back", self.back)]

    def visible_count(self) -> int:
        return (BOTTOM - TOP) // LINE_H

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll_by(SCROLL_KEYS[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
        else:
            super().handle_event(event)

    def scroll_by(self, lines: int) -> None:
        total = len(self.lines or [])
        self.scroll = max(0, min(self.scroll + lines, max(0, total - self.visible_count())))

    def draw(self, canvas: Canvas) -> None:
        if self.lines is None or getattr(self, "_scale", None) != canvas.scale:
            self.lines, self._scale = [], canvas.scale
            for paragraph in self.text.strip().split("\n"):
                indent = "    " if paragraph.startswith("- ") else ""
                wrapped = canvas.wrap(paragraph, TEXT_SIZE, WIDTH - 40)
                self.lines += [wrapped[0]] + [indent + w for w in wrapped[1:]]
        canvas.shade(170)
        canvas.box(PANEL, (120, 30, 1040, 665), radius=20)
        canvas.box(GOLD, (120, 30, 1040, 665), width=2, radius=20)
        canvas.text(f"{self.title}: rules", (640, 80), 48, GOLD, bold=True, shadow=True)
        for i, line in enumerate(self.lines[self.scroll:self.scroll + self.visible_count()]):
            canvas.text(line, (160, TOP + i * LINE_H), TEXT_SIZE, CREAM, anchor="topleft")
        if len(self.lines) > self.visible_count():
            canvas.text("Up/Down, Page keys or the wheel scroll", (1120, 650), 18, TEXT_DIM, anchor="midright")
        super().draw(canvas)
