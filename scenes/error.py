"""The crash screen: what happened, where the log is, and a way back."""
from __future__ import annotations

from pathlib import Path

import pygame

from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, RED, TEXT_DIM
from sprites.widgets import Button


class ErrorScene(WidgetScene):
    """Shown when a scene raised: the message, the log file, Menu or Quit."""

    def __init__(self, app, message: str, log_path: Path) -> None:
        super().__init__(app)
        self.message = message
        self.log_path = log_path
        self.group.widgets = [Button((440, 520, 190, 60), "Menu", self.app.to_menu),
                              Button((650, 520, 190, 60), "Quit", self.app.quit)]
        self.group.columns = 2

    def back(self) -> None:
        self.app.to_menu()

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        canvas.shade(120)
        canvas.text("Something went wrong", (640, 170), 64, RED, bold=True, shadow=True)
        y = 260
        for line in canvas.wrap(self.message, 28, 1000)[:5]:
            canvas.text(line, (640, y), 28, CREAM)
            y += 34
        canvas.text("The details were written to the log file:", (640, 420), 24, TEXT_DIM)
        canvas.text(str(self.log_path), (640, 452), 24, GOLD)
        canvas.text("Your game was saved after your last move; it can be resumed from the menu.",
                    (640, 484), 22, TEXT_DIM)
        super().draw(canvas)

    def handle_event(self, event: pygame.Event) -> None:
        super().handle_event(event)
