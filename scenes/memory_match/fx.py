"""Memory Match table effects: floating score changes, burst and crumble particles, the coin."""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from sprites.canvas import Canvas
from sprites.theme import GOLD, INK

FLOAT_TIME = 1.3
FLOAT_RISE = 70.0
GRAVITY = 520.0
BURST_COLOURS = ((255, 214, 90), (255, 245, 180), (120, 230, 255), (255, 255, 255))
CRUMBLE_COLOURS = ((120, 70, 60), (90, 60, 50), (160, 80, 70), (60, 40, 36))


@dataclass
class Floater:
    """A score change ("+1", "-2") rising from the cards and fading."""

    text: str
    x: float
    y: float
    colour: tuple[int, int, int]
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= FLOAT_TIME


@dataclass
class Coin:
    """The coin toss: `spin` goes 0 -> 1 while it turns; it lands on `result` (0 or 1)."""

    result: int
    spin: float = 0.0
    landed: bool = False


@dataclass
class Particle:
    """A spark of a bursting Bonus or a crumb of a crumbling Penalty."""

    x: float
    y: float
    vx: float
    vy: float
    size: float
    colour: tuple[int, int, int]
    life: float
    gravity: float
    age: float = 0.0


class Effects:
    """Short-lived decorations that never hold up the game; their time is scaled by `speed`."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.floaters: list[Floater] = []
        self.particles: list[Particle] = []
        self.speed = 1.0

    @property
    def active(self) -> bool:
        return bool(self.floaters or self.particles)

    def float_text(self, amount: int, pos: tuple[float, float]) -> None:
        """A rising "+n" (gold) or "-n" (red) at `pos`; nothing for no change."""
        if self.speed <= 0 or amount == 0:
            return
        text = f"{amount:+d}"
        colour = GOLD if amount > 0 else (255, 110, 100)
        self.floaters.append(Floater(text, pos[0], pos[1], colour))

    def burst(self, pos: tuple[float, float], count: int = 36) -> None:
        """Sparks flying out in every direction (a Bonus card bursting)."""
        if self.speed <= 0:
            return
        for _ in range(count):
            angle = self.rng.uniform(0, math.tau)
            speed = self.rng.uniform(140, 380)
            self.particles.append(Particle(pos[0], pos[1], math.cos(angle) * speed, math.sin(angle) * speed,
                                           self.rng.uniform(3, 7), self.rng.choice(BURST_COLOURS),
                                           self.rng.uniform(0.5, 0.9), 120.0))

    def crumble(self, pos: tuple[float, float], width: float, height: float, count: int = 40) -> None:
        """Crumbs falling out of the card's area (a Penalty card crumbling)."""
        if self.speed <= 0:
            return
        for _ in range(count):
            x = pos[0] + self.rng.uniform(-width / 2, width / 2)
            y = pos[1] + self.rng.uniform(-height / 2, height / 2)
            self.particles.append(Particle(x, y, self.rng.uniform(-40, 40), self.rng.uniform(-60, 20),
                                           self.rng.uniform(4, 9), self.rng.choice(CRUMBLE_COLOURS),
                                           self.rng.uniform(0.7, 1.2), GRAVITY))

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            self.floaters.clear()
            self.particles.clear()
            return
        step = dt / self.speed
        for floater in self.floaters:
            floater.age += step
        for p in self.particles:
            p.age += step
            p.vy += p.gravity * step
            p.x += p.vx * step
            p.y += p.vy * step
        self.floaters = [f for f in self.floaters if not f.done]
        self.particles = [p for p in self.particles if p.age < p.life]

    def draw(self, canvas: Canvas) -> None:
        for p in self.particles:
            fade = 1 - p.age / p.life
            canvas.box((*p.colour, int(255 * fade)), (p.x - p.size / 2, p.y - p.size / 2, p.size, p.size),
                       radius=p.size / 3)
        for f in self.floaters:
            t = f.age / FLOAT_TIME
            rise = FLOAT_RISE * (1 - (1 - t) ** 2)
            alpha = int(255 * min(1.0, 3 * (1 - t)))
            canvas.text(f.text, (f.x, f.y - rise), 64, f.colour, bold=True, shadow=True, alpha=alpha)


def draw_coin(canvas: Canvas, centre: tuple[float, float], spin: float, turns: int, faces: tuple[str, str],
              result: int) -> None:
    """A coin spinning `turns` half-turns as `spin` goes 0 -> 1, landing on face `result`."""
    angle = math.pi * turns * spin
    squash = abs(math.cos(angle))
    half_turns = int(turns * spin + 0.5)
    side = result if (turns - half_turns) % 2 == 0 else 1 - result
    radius = 70
    hop = math.sin(math.pi * spin) * 90
    x, y = centre[0], centre[1] - hop
    width = max(4.0, 2 * radius * squash)
    edge = (150, 110, 30)
    canvas.box((0, 0, 0, 70), (centre[0] - radius * 0.9, centre[1] + radius - 6, radius * 1.8, 16),
               radius=8)
    canvas.box(edge, (x - width / 2, y - radius + 5, width, 2 * radius), radius=width / 2)
    canvas.box(GOLD, (x - width / 2, y - radius, width, 2 * radius), radius=width / 2)
    if squash > 0.35:
        canvas.box((255, 232, 140), (x - width / 2 + 8 * squash, y - radius + 8, width - 16 * squash,
                                     2 * radius - 16), width=3, radius=width / 2)
        canvas.text(faces[side], (x, y), 64 * squash + 8, INK, bold=True)
