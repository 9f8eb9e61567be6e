"""The end of a game: the result over the table, a celebration, and what to do next."""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from scenes.base import Host
from scenes.dialog import Dialog
from sprites.canvas import Canvas

CONFETTI_SECONDS = 6.0  # the confetti falls this long, shrinking away in its last second
CONFETTI_COLOURS = ((240, 196, 64), (220, 70, 70), (90, 170, 255), (120, 220, 120), (250, 250, 250))


class ResultScene(Dialog):
    """A Dialog with confetti when `celebrate` (and motion is not reduced)."""

    def __init__(self, app: Host, title: str, lines: Sequence[str],
                 buttons: Sequence[tuple[str, Callable[[], None]]], celebrate: bool = True) -> None:
        super().__init__(app, title, lines, buttons, width=900)
        self.time = 0.0
        rng = random.Random(len(title))
        self.confetti = [] if not celebrate or app.settings.reduced_motion else [
            (rng.uniform(0, 1280), rng.uniform(-720, 0), rng.uniform(60, 160), rng.uniform(0, 6.3),
             rng.choice(CONFETTI_COLOURS)) for _ in range(140)]

    def enter(self) -> None:
        self.app.sounds.play("win" if self.confetti else "score")

    def update(self, dt: float) -> None:
        self.time += dt

    def next_frame(self) -> float | None:
        return 0.0 if self.confetti and self.time < CONFETTI_SECONDS else None

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        if self.time >= CONFETTI_SECONDS:
            return
        canvas.keep_below()  # the confetti falls all over the window: the picture under it is kept
        shrink = min(1.0, CONFETTI_SECONDS - self.time)  # it shrinks away in its last second
        pieces = []
        for x, y, speed, phase, colour in self.confetti:
            fy = (y + self.time * speed) % 800 - 40
            fx = x + math.sin(self.time * 2 + phase) * 24
            w = 6 + 4 * abs(math.sin(self.time * 4 + phase))
            pieces.append((colour, (fx, fy, w * shrink, 10 * shrink)))
        canvas.fills(pieces)
