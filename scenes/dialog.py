"""A small modal panel over the current scene: a title, some lines, and buttons."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL
from sprites.widgets import Button

BUTTON_W, BUTTON_H, GAP = 230, 58, 20


class Dialog(WidgetScene):
    """Buttons are (label, action); an action runs after the dialog closes. Esc = close."""

    opaque = False

    def __init__(self, app, title: str, lines: Sequence[str],
                 buttons: Sequence[tuple[str, Callable[[], None]]], width: float = 760) -> None:
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        self.width = width
        total = len(buttons) * BUTTON_W + (len(buttons) - 1) * GAP
        left = 640 - total / 2
        self.height = 190 + 34 * len(self.lines)
        top = 360 - self.height / 2
        y = top + self.height - BUTTON_H - 26
        self.group.widgets = [Button((left + i * (BUTTON_W + GAP), y, BUTTON_W, BUTTON_H), label,
                                     self._runner(action), size=28)
                              for i, (label, action) in enumerate(buttons)]
        self.group.columns = len(buttons)

    def _runner(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()
        return run

    def draw(self, canvas: Canvas) -> None:
        canvas.shade(140)
        top = 360 - self.height / 2
        box = (640 - self.width / 2, top, self.width, self.height)
        canvas.box(PANEL, box, radius=18)
        canvas.box(GOLD, box, width=2, radius=18)
        canvas.text(self.title, (640, top + 46), 44, GOLD, bold=True, shadow=True)
        for i, line in enumerate(self.lines):
            canvas.text(line, (640, top + 98 + 34 * i), 26, CREAM)
        super().draw(canvas)
