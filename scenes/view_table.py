"""Studying a finished game: the result steps aside and the final table shows, with a way back."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.base import Host
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import BUTTON_H, CAPTION_SIZE, PANEL, SPACE, TEXT_DIM
from sprites.widgets import button_row

BACK_LABEL = "Back to the result"
BACK_W = 280.0
BAR_Y = 720.0 - BUTTON_H - 14  # the button's top: along the bottom edge, over the least of the table
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class TableViewer(WidgetScene):
    """Over the finished table (drawn below it, untouched by input): one button back to the
    result; Esc, Enter or Space too."""

    opaque = False

    def __init__(self, app: Host, back: Callable[[], None]) -> None:
        super().__init__(app)
        self.back_to_result = back
        self.group.widgets = button_row([(BACK_LABEL, self.back)], 1280 - 14 - BACK_W / 2, BAR_Y, BACK_W)

    def back(self) -> None:
        self.app.sounds.play("button")
        self.close()
        self.back_to_result()

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in BACK_KEYS:
            self.back()
            return
        super().handle_event(event)

    def draw(self, canvas: Canvas) -> None:
        rect = self.group.widgets[0].rect
        note = "The final position"
        width = canvas.text_size(note, CAPTION_SIZE)[0] + 2 * SPACE
        canvas.box((*PANEL[:3], 220), (rect.x - width - SPACE, rect.centery - 16, width, 32), radius=16)
        canvas.text(note, (rect.x - width / 2 - SPACE, rect.centery), CAPTION_SIZE, TEXT_DIM)
        super().draw(canvas)
