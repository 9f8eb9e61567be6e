"""Studying a finished game: the result steps aside and the final table shows, with a way back."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from lang import N_, _
from scenes.base import Host, Scene
from scenes.widgets_scene import WidgetScene, word_buttons
from sprites.canvas import Canvas
from sprites.theme import BUTTON_H, CAPTION_SIZE, PANEL, SPACE, TEXT_DIM
from sprites.widgets import button_row

BACK_LABEL = N_("Back to the result")
BACK_W = 280.0
BAR_Y = 720.0 - BUTTON_H - 14  # the button's top: along the bottom edge, over the least of the table
NOTE_H = 32.0
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class TableViewer(WidgetScene):
    """Over the finished table (drawn below it): one button back to the result, Esc, Enter or
    Space too; L and clicks elsewhere go on to the table (its history opens as it does there)."""

    opaque = False
    beside_below = True  # the button and its note sit where the finished table leaves room


    def __init__(self, app: Host, back: Callable[[], None]) -> None:
        super().__init__(app)
        self.back_to_result = back
        self.group.widgets = button_row([(BACK_LABEL, self.back)], 1280 - 14 - BACK_W / 2, BAR_Y, BACK_W)
        self.relabel()

    def relabel(self) -> None:
        word_buttons(self.group.widgets, [BACK_LABEL])

    def back(self) -> None:
        self.app.sounds.play("button")
        self.close()
        self.back_to_result()

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in BACK_KEYS:
            self.back()
            return
        on_button = event.type == pygame.MOUSEBUTTONDOWN and self.group.widgets[0].rect.collidepoint(event.pos)
        passed_on = (event.type == pygame.KEYDOWN and event.key == pygame.K_l) or (
            event.type == pygame.MOUSEBUTTONDOWN and not on_button)
        if passed_on and (table := self.table()) is not None:
            table.handle_event(event)
            return
        super().handle_event(event)

    def table(self) -> Scene | None:
        """The finished table this viewer shows: the scene under it."""
        scenes = self.app.scenes
        below = scenes.index(self) - 1 if self in scenes else -1
        return scenes[below] if below >= 0 else None

    def draw(self, canvas: Canvas) -> None:
        rect = self.group.widgets[0].rect  # the note above the button: the corner is all they take
        note = _("The final position")
        width = canvas.text_size(note, CAPTION_SIZE)[0] + 2 * SPACE
        box = (rect.centerx - width / 2, rect.y - SPACE - NOTE_H, width, NOTE_H)
        canvas.box((*PANEL[:3], 220), box, radius=NOTE_H / 2)
        canvas.text(note, (rect.centerx, box[1] + NOTE_H / 2), CAPTION_SIZE, TEXT_DIM)
        super().draw(canvas)
