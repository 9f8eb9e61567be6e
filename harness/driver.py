"""Drive the real App headless with real pygame events, as the tests of every scene do."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pygame

from game.thinking import THREAD_NAME
from scenes.app import App
from scenes.base import Scene

DT = 1 / 60
THOUGHT_S = 60.0  # the most real time one Driver waits, over its life, for computers thinking on threads


class Driver:
    """An App on the dummy video driver; positions are logical (1280x720) coordinates. `first`
    makes the scene it starts on from the app (a scene class will do)."""

    def __init__(self, first: Callable[[App], Scene] | None = None, speed: str = "fast") -> None:
        self.app = App()
        self.app.settings.animation_speed = speed
        self.thought_wait = THOUGHT_S
        pygame.event.clear()
        if first is not None:
            self.app.push(first(self.app), transition=False)

    @property
    def top(self) -> Scene | None:
        return self.app.top

    def frames(self, count: int = 1) -> None:
        """Step the loop `count` times, drawing every frame (the tests look at every one; the
        real loop's idle sleep is tested through `App.run`). Before each step a computer still
        thinking on its thread (a move, a hint) is waited for: the loop's time stands still
        meanwhile, so a busy machine changes no frame (THOUGHT_S bounds the waits)."""
        for _ in range(count):
            self.let_thoughts_finish()
            drawn = self.app.draws
            self.app.step(DT)
            if self.app.draws == drawn:
                self.app.draw()

    def let_thoughts_finish(self) -> None:
        """Wait for the threads of computers' thoughts, while this Driver's THOUGHT_S lasts."""
        for thread in threading.enumerate():
            if thread.name == THREAD_NAME and self.thought_wait > 0:
                began = time.monotonic()
                thread.join(self.thought_wait)
                self.thought_wait -= time.monotonic() - began

    def run(self, seconds: float) -> None:
        self.frames(max(1, round(seconds / DT)))

    def until(self, condition, seconds: float = 30.0) -> bool:
        """Step until `condition()` holds (True) or the time runs out (False)."""
        for _ in range(round(seconds / DT)):
            if condition():
                return True
            self.frames()
        return condition()

    def _screen(self, pos) -> tuple[int, int]:
        """The window pixel of a logical point (the painted picture may be shown zoomed)."""
        x, y = self.app.canvas.to_screen(pos)
        return round(x * self.app.canvas.zoom), round(y * self.app.canvas.zoom)

    def post(self, kind: int, **data) -> None:
        pygame.event.post(pygame.event.Event(kind, data))

    def move(self, pos) -> None:
        self.post(pygame.MOUSEMOTION, pos=self._screen(pos), rel=(0, 0), buttons=(0, 0, 0))
        self.frames()

    def click(self, pos, button: int = 1) -> None:
        screen = self._screen(pos)
        self.post(pygame.MOUSEMOTION, pos=screen, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=screen, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=screen, button=button)
        self.frames()

    def drag(self, start, end, steps: int = 8) -> None:
        a, b = self._screen(start), self._screen(end)
        self.post(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
        self.frames()
        for k in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * k // steps, a[1] + (b[1] - a[1]) * k // steps)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frames()
        self.post(pygame.MOUSEBUTTONUP, pos=b, button=1)
        self.frames()

    def key(self, key: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frames()

    def pass_screen(self) -> None:
        """Be the next player at a pass screen: wait out its guard, press its button, and look at the
        hand until the table takes input (the same guard as it lifts)."""
        from scenes.seating import PASS_BUTTON, PASS_GUARD

        self.run(PASS_GUARD + 0.05)
        self.click(PASS_BUTTON.center)
        self.run(PASS_GUARD + 0.05)

    def type(self, text: str) -> None:
        self.post(pygame.TEXTINPUT, text=text)
        self.frames()

    def close(self) -> None:
        self.app.stats.close()


class DrawnCards:
    """The faces (their cards) and the number of backs card sprites drew on the window since the
    last `clear()`; painting ahead into the painter's cache is not drawing."""

    def __init__(self) -> None:
        self.faces: list = []
        self.backs = 0

    def clear(self) -> None:
        self.faces.clear()
        self.backs = 0

    def watch(self, monkeypatch) -> DrawnCards:
        from sprites.card_sprite import CardSprite

        image = CardSprite._image

        def logged(sprite, painter, w_px, h_px):
            if sprite.showing_face():
                self.faces.append(sprite.card)
            else:
                self.backs += 1
            return image(sprite, painter, w_px, h_px)

        monkeypatch.setattr(CardSprite, "_image", logged)
        return self
