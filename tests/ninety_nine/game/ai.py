"""Ninety-Nine's computer: it sees only its seat's view."""
from __future__ import annotations

import random

from tests.ninety_nine.game.moves import Play
from tests.ninety_nine.game.view import NinetyNineView, value

LEVELS = ("easy", "normal")


class Computer:
    """Easy plays any card that fits; normal its highest card that fits."""

    def __init__(self, level: str, seed: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"no computer level {level!r}")
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: NinetyNineView) -> Play:
        fitting = sorted((card for card in view.hand if view.fits(card)), key=lambda card: (value(card), card))
        return Play(self.rng.choice(fitting) if self.level == "easy" else fitting[-1])
