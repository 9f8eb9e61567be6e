"""The winner's card cascade: cards leap from the top of the table one after another, fall, bounce
along its foot and leave a fading trail of themselves, as the solitaire collections end a won game.

The motion is a model of its own (seconds, logical units, a seeded random), stepped by `update(dt)`
and drawn by `draw`; it never changes a game."""
from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.cards import Card
from sprites.canvas import Canvas
from sprites.theme import CARD_ASPECT, LOGICAL_SIZE

CASCADE_SECONDS = 6.0  # the whole celebration: its last card has left the picture by then
REDUCED_SECONDS = 3.0  # with reduced motion: three cards, quicker to leave
FIRST_LAUNCH = 0.3  # the result shows first, then the first card leaps
LAUNCHES, REDUCED_LAUNCHES = 9, 3
LAUNCH_EVERY = 0.2  # seconds between two cards
CARD_W = 84.0  # logical width of a cascading card
GRAVITY = 2000.0  # logical units per second squared
BOUNCE = 0.8  # of its speed a card keeps at each bounce on the table's foot
LEAP_SPEED = (-480.0, -160.0)  # the upward speed a card leaps with (it stays inside the picture)
ACROSS_SPEED = (200.0, 360.0)  # its speed across, towards the nearer side (the farthest: 724 units)
REDUCED_ACROSS = (320.0, 420.0)
STEP = 1 / 120  # seconds of motion worked out at a time, however long a frame
TRAIL_EVERY = 1 / 30  # seconds between two stamps a card leaves behind it
TRAIL_STAMPS = 8  # stamps of a trail shown, the oldest faintest
TRAIL_ALPHAS = (48, 92, 136, 180)  # the stamps' opacities, oldest first (two stamps each)


@dataclass(slots=True)
class Flight:
    """One card in the air: its centre, its speed, and where it was last stamped."""

    card: Card
    x: float
    y: float
    vx: float
    vy: float
    trail: deque[tuple[float, float]] = field(default_factory=lambda: deque(maxlen=TRAIL_STAMPS))
    since_stamp: float = 0.0

    def step(self, dt: float, floor: float) -> None:
        """`dt` seconds of falling; a card that reaches the floor bounces back up."""
        self.vy += GRAVITY * dt
        self.x += self.vx * dt
        self.y += self.vy * dt
        if self.y > floor:
            self.y, self.vy = floor, -self.vy * BOUNCE
        self.since_stamp += dt
        if self.since_stamp >= TRAIL_EVERY:
            self.since_stamp -= TRAIL_EVERY
            self.trail.append((self.x, self.y))

    def gone(self) -> bool:
        """Out of the picture at either side."""
        return not -CARD_W < self.x < LOGICAL_SIZE[0] + CARD_W


class Cascade:
    """`cards` leap one by one (fewer and sooner gone with `reduced` motion); `seed` makes it the same
    each time. Over once its last card has left the picture (at the latest after its seconds)."""

    def __init__(self, cards: Sequence[Card], reduced: bool = False, seed: int = 0) -> None:
        self.seconds = REDUCED_SECONDS if reduced else CASCADE_SECONDS
        self.across = REDUCED_ACROSS if reduced else ACROSS_SPEED
        self.time = 0.0
        self.rng = random.Random(seed)
        deck = list(cards)
        self.cards = [self.rng.choice(deck) for _ in range(REDUCED_LAUNCHES if reduced else LAUNCHES)] if deck else []
        self.launches = [(FIRST_LAUNCH + i * LAUNCH_EVERY, card) for i, card in enumerate(self.cards)]
        self.flights: list[Flight] = []
        self.floor = LOGICAL_SIZE[1] - CARD_W / CARD_ASPECT / 2
        self.ghosts: dict[tuple[Card, int], pygame.Surface] = {}  # see-through copies at one size
        self.ghost_size = (0, 0)

    @property
    def over(self) -> bool:
        return self.time >= self.seconds or (not self.launches and not self.flights)

    def update(self, dt: float) -> None:
        while dt > 0 and not self.over:
            step = min(dt, STEP)
            dt -= step
            self.time += step
            while self.launches and self.launches[0][0] <= self.time:
                self.launch(self.launches.pop(0)[1])
            for flight in self.flights:
                flight.step(step, self.floor)
            self.flights = [f for f in self.flights if not f.gone()]

    def launch(self, card: Card) -> None:
        """A card leaps from a place along the top of the table towards the nearer side."""
        x = self.rng.uniform(160, LOGICAL_SIZE[0] - 160)
        side = -1 if x < LOGICAL_SIZE[0] / 2 else 1
        self.flights.append(Flight(card, x, self.rng.uniform(150, 240), side * self.rng.uniform(*self.across),
                                   self.rng.uniform(*LEAP_SPEED)))

    def draw(self, canvas: Canvas, painter) -> None:
        """Every trail, oldest stamps first, then the cards; the faces come from `painter`."""
        if self.over:
            return
        w_px = max(2, canvas.px(CARD_W))
        size = (w_px, max(2, round(w_px / CARD_ASPECT)))
        if painter.warming:  # under the veil: the faces are only asked for
            painter.prepare(list(dict.fromkeys(self.cards)), size, soon=True)
            return
        if size != self.ghost_size:
            self.ghosts, self.ghost_size = {}, size
        for flight in self.flights:
            for i, centre in enumerate(flight.trail):
                alpha = TRAIL_ALPHAS[(i + TRAIL_STAMPS - len(flight.trail)) * len(TRAIL_ALPHAS) // TRAIL_STAMPS]
                self.stamp(canvas, self.image(painter, flight.card, size, alpha), centre)
        for flight in self.flights:
            self.stamp(canvas, self.image(painter, flight.card, size, 255), (flight.x, flight.y))

    def image(self, painter, card: Card, size: tuple[int, int], alpha: int) -> pygame.Surface:
        """The card's face, or a see-through copy of it (made once per size)."""
        face = painter.cached(card, size)
        if face is None:
            face = painter.paint(card, size)
        if alpha == 255:
            return face
        ghost = self.ghosts.get((card, alpha))
        if ghost is None:
            ghost = self.ghosts[(card, alpha)] = face.copy()
            ghost.set_alpha(alpha)
        return ghost

    @staticmethod
    def stamp(canvas: Canvas, image: pygame.Surface, centre: tuple[float, float]) -> None:
        canvas.blit(image, image.get_rect(center=canvas.to_screen(centre)))
