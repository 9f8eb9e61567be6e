"""A scene made of a focus group of widgets, with Esc going back: menus, settings, dialogs."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from lang import _
from scenes.base import Host, Scene
from sprites.canvas import Canvas
from sprites.widgets import Button, FocusGroup, Widget


class WidgetScene(Scene):
    """Routes events to `self.group`; Esc calls `back()`; plays the button sound on use."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.group = FocusGroup()

    def back(self) -> None:
        self.app.sounds.play("button")
        self.close()

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if self.group.handle_event(event) and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.app.sounds.play("tick" if event.type == pygame.KEYDOWN else "button")

    def draw(self, canvas: Canvas) -> None:
        self.group.draw(canvas)


def word_buttons(widgets: Sequence[Widget], messages: Sequence[str]) -> None:
    """Label each button with its message (marked with N_) in the current language: at construction, and
    again in a scene's `relabel`."""
    for widget, message in zip(widgets, messages, strict=False):
        if isinstance(widget, Button):
            widget.label = _(message)
