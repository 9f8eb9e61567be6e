"""A small modal panel over the current scene: a title, some lines, and buttons."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes.base import Host
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import (
    BODY_SIZE,
    BUTTON_H,
    CREAM,
    LINE_SPACING,
    LOGICAL_SIZE,
    PANEL_PAD,
    SHADE_ALPHA,
    SPACE,
    TITLE_SIZE,
)
from sprites.widgets import button_row, draw_panel, place_row

MIN_WIDTH = 480
LINE_H = BODY_SIZE * LINE_SPACING
CHROME_H = SPACE * 3 + TITLE_SIZE + SPACE * 2 + BUTTON_H + PANEL_PAD  # the panel's height but its lines
MAX_HEIGHT = 680


class Dialog(WidgetScene):
    """Buttons are (label, action); an action runs after the dialog closes. Esc = close. The panel
    is as big as its title, lines and buttons, at most `width` wide (the lines wrap to it)."""

    opaque = False

    def __init__(self, app: Host, title: str, lines: Sequence[str],
                 buttons: Sequence[tuple[str, Callable[[], None]]], width: float = 760) -> None:
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        self.width = width
        self.wrapped = self.lines
        self.group.widgets = button_row([(label, self._runner(action)) for label, action in buttons], 640, 0)
        self.group.columns = max(1, len(buttons))
        self.rect = pygame.FRect(0, 0, 0, 0)
        self.scale = 0.0  # the canvas scale the lines were wrapped at
        self.place(self.width)

    def _runner(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()
        return run

    def place(self, width: float) -> None:
        """Centre a panel `width` wide around the wrapped lines, the buttons at its foot."""
        height = CHROME_H + LINE_H * len(self.wrapped)
        self.rect = pygame.FRect(640 - width / 2, 360 - height / 2, width, height)
        place_row(self.group.widgets, 640, self.rect.bottom - PANEL_PAD - BUTTON_H)

    def layout(self, canvas: Canvas) -> None:
        """Wrap the lines and size the panel for this window (the text's width depends on its scale)."""
        buttons = self.fit_buttons()
        widest = max([canvas.text_size(line, BODY_SIZE)[0] for line in self.lines]
                     + [canvas.text_size(self.title, TITLE_SIZE, True)[0]])
        # the lines wrap to `width`, but the panel always holds its row of buttons
        width = max(MIN_WIDTH, min(self.width, widest + 2 * PANEL_PAD), buttons + 2 * PANEL_PAD)
        wrapped = [part for line in self.lines for part in canvas.wrap(line, BODY_SIZE, width - 2 * PANEL_PAD)]
        room = int((MAX_HEIGHT - CHROME_H) // LINE_H)  # a dialog never grows past the window
        self.wrapped = wrapped if len(wrapped) <= room else [*wrapped[:room - 1], wrapped[room - 1] + " ..."]
        self.place(width)
        self.scale = canvas.scale

    def fit_buttons(self) -> float:
        """The width of the row of buttons, narrowed to fit inside a panel inside the window."""
        row = self.group.widgets
        room = LOGICAL_SIZE[0] - 2 * SPACE - 2 * PANEL_PAD
        if sum(b.rect.w + SPACE for b in row) - SPACE > room:
            for b in row:
                b.rect.w = (room - SPACE * (len(row) - 1)) / len(row)
        return sum(b.rect.w + SPACE for b in row) - SPACE

    def draw(self, canvas: Canvas) -> None:
        if self.scale != canvas.scale:
            self.layout(canvas)
        self.draw_behind(canvas)
        y = draw_panel(canvas, self.rect, self.title, shade=False)
        canvas.keep_clear(self.rect)  # the notices hang beside a dialog (a game's result), not over it
        for i, line in enumerate(self.wrapped):
            canvas.text(line, (640, y + LINE_H * (i + 0.5)), BODY_SIZE, CREAM)
        super().draw(canvas)

    def draw_behind(self, canvas: Canvas) -> None:
        """Under the panel: the scene below, dimmed."""
        canvas.shade(SHADE_ALPHA)
