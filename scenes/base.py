"""The scene protocol: input, update by dt in seconds, draw in logical units; and the host it runs in."""
from __future__ import annotations

from typing import Protocol

import pygame

from scenes.services import Services
from sprites.canvas import Canvas

WAKE_EVENT = pygame.event.custom_type()  # posted from another thread (the network's): look again, nothing else


class Host(Services, Protocol):
    """What a scene may use of the program that runs it (scenes/app.py `App`): its services
    (scenes/services.py) and the scene stack."""

    scenes: list[Scene]  # the stack, bottom first

    @property
    def top(self) -> Scene | None: ...
    def push(self, scene: Scene, transition: bool = True) -> None: ...
    def pop(self) -> Scene | None: ...
    def replace(self, scene: Scene) -> None: ...
    def to_menu(self) -> None: ...
    def leave_online(self) -> None: ...
    def quit(self) -> None: ...


class Scene:
    """One screen. Only the top scene gets events and updates; `opaque = False` lets the one
    below draw first (overlays). Scenes push and pop themselves through `self.app`."""

    opaque = True
    beside_below = False  # True: drawn beside what the scene below drew, never over it (one layer to a check)

    def __init__(self, app: Host) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when pushed."""

    def exit(self) -> None:
        """Called when popped or replaced."""

    def reveal(self) -> None:
        """Called when the scene above it was popped and it is on top again."""

    def relabel(self) -> None:
        """The language changed (Settings): read the words kept since construction again."""

    def handle_event(self, event: pygame.Event) -> None:
        """Mouse positions in events are logical (1280x720) coordinates."""

    def update(self, dt: float) -> None:
        """Advance by dt seconds."""

    def next_frame(self) -> float | None:
        """Seconds until this scene's picture changes by itself: 0 while something moves, None when
        only input (or `app.request_draw()`) changes it. The loop draws nothing in between."""
        return None

    def draw(self, canvas: Canvas) -> None:
        raise NotImplementedError

    def after_frame(self) -> None:
        """Work that can wait until the frame is shown (each pass, every scene on the stack)."""

    def close(self) -> None:
        """Pop this scene if it is on top."""
        if self.app.top is self:
            self.app.pop()
