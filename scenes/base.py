"""The scene protocol: input, update by dt in seconds, draw in logical units."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from sprites.canvas import Canvas

if TYPE_CHECKING:
    from scenes.app import App


class Scene:
    """One screen. Only the top scene gets events and updates; `opaque = False` lets the one
    below draw first (overlays). Scenes push and pop themselves through `self.app`."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when pushed."""

    def exit(self) -> None:
        """Called when popped or replaced."""

    def reveal(self) -> None:
        """Called when the scene above it was popped and it is on top again."""

    def handle_event(self, event: pygame.Event) -> None:
        """Mouse positions in events are logical (1280x720) coordinates."""

    def update(self, dt: float) -> None:
        """Advance by dt seconds."""

    def draw(self, canvas: Canvas) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Pop this scene if it is on top."""
        if self.app.top is self:
            self.app.pop()
