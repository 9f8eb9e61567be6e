"""Time-based tweens with named easings, and the animator a table owns."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Step = tuple[float, Callable[[], None]]  # do the action, then wait this many seconds

EASINGS: dict[str, Callable[[float], float]] = {
    "linear": lambda t: t,
    "in_quad": lambda t: t * t,
    "out_quad": lambda t: 1 - (1 - t) ** 2,
    "in_out_quad": lambda t: 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2,
    "out_cubic": lambda t: 1 - (1 - t) ** 3,
    "in_out_cubic": lambda t: 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2,
    "out_back": lambda t: 1 + 2.70158 * (t - 1) ** 3 + 1.70158 * (t - 1) ** 2,
    "out_bounce": lambda t: _bounce(t),
    "out_elastic": lambda t: t if t in (0, 1) else 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * 2.094) + 1,
    "jump": lambda t: 1.0,  # at the end at once (the tween still takes its time: reduced motion)
}
STILLED = frozenset({"pos", "spin"})  # what reduced motion does not fly: card flights, a coin's spin


def _bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def lerp(start: Any, end: Any, t: float) -> Any:
    """Interpolate numbers or tuples of numbers."""
    if isinstance(start, (tuple, list)):
        return type(start)(a + (b - a) * t for a, b in zip(start, end, strict=True))
    return start + (end - start) * t


@dataclass
class Tween:
    """Moves `target.attr` from its current value to `end` over `duration` seconds."""

    target: Any
    attr: str
    end: Any
    duration: float
    easing: str = "out_cubic"
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    start: Any = None
    elapsed: float = 0.0
    done: bool = False
    started: bool = field(default=False)

    def advance(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed < self.delay:
            return
        if not self.started:
            self.started = True
            if self.attr:
                self.start = getattr(self.target, self.attr)
        t = 1.0 if self.duration <= 0 else min(1.0, (self.elapsed - self.delay) / self.duration)
        if self.attr:
            setattr(self.target, self.attr, lerp(self.start, self.end, EASINGS[self.easing](t)))
        if t >= 1.0:
            self.done = True

    def finish(self) -> None:
        if self.attr and not self.done:
            setattr(self.target, self.attr, self.end)
        self.done = True


class Animator:
    """Runs tweens and timers; a new tween on the same attribute replaces the old one.

    `speed` scales every duration (the settings' animation speed: 0 means instant). With `still`
    (the setting "Reduced motion"), a flight (`pos`) or a spin jumps to its end as it starts: the card
    is at once where it goes, and what waits for it still waits the same time.
    """

    MAX_SKIP_ROUNDS = 200

    def __init__(self, speed: float = 1.0, still: bool = False) -> None:
        self.speed = speed
        self.still = still
        self.tweens: list[Tween] = []

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def tween(self, target: Any, attr: str, end: Any, duration: float, easing: str = "out_cubic",
              delay: float = 0.0, on_done: Callable[[], None] | None = None) -> Tween:
        """Animate `target.attr` to `end`; durations in seconds, scaled by the speed."""
        if easing not in EASINGS:
            raise ValueError(f"unknown easing {easing!r}")
        self.tweens = [t for t in self.tweens if not (t.target is target and t.attr == attr)]
        if self.still and attr in STILLED:
            easing = "jump"
        tween = Tween(target, attr, end, duration * self.speed, easing, delay * self.speed, on_done)
        self.tweens.append(tween)
        if self.speed == 0:
            self._run(0.0)
        return tween

    def wait(self, duration: float, on_done: Callable[[], None] | None = None) -> Tween:
        """A timer: call `on_done` after `duration` seconds (scaled), holding the table busy."""
        tween = Tween(None, "", None, duration * self.speed, "linear", 0.0, on_done)
        self.tweens.append(tween)
        if self.speed == 0:
            self._run(0.0)
        return tween

    def run_steps(self, steps: Sequence[Step], then: Callable[[], None] | None = None) -> None:
        """Do each step's action, then wait its seconds (scaled; finishing all ends them at once)
        before the next; `then` after the last."""
        def run(index: int) -> None:
            if index == len(steps):
                if then is not None:
                    then()
                return
            seconds, action = steps[index]
            action()
            self.wait(seconds, lambda: run(index + 1))

        run(0)

    def update(self, dt: float) -> None:
        self._run(dt)

    def _run(self, dt: float) -> None:
        for tween in list(self.tweens):
            tween.advance(dt)
        self._collect()

    def _collect(self) -> None:
        finished = [t for t in self.tweens if t.done]
        self.tweens = [t for t in self.tweens if not t.done]
        for tween in finished:
            if tween.on_done:
                tween.on_done()

    def finish_all(self) -> None:
        """Skip: jump every tween (and the ones their callbacks start) to its end."""
        for _ in range(self.MAX_SKIP_ROUNDS):
            if not self.tweens:
                return
            for tween in list(self.tweens):
                tween.finish()
            self._collect()

    def cancel(self, target: Any) -> None:
        """Drop the tweens of one target without finishing them."""
        self.tweens = [t for t in self.tweens if t.target is not target]
