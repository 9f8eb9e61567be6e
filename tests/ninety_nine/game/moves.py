"""Ninety-Nine's one move: play a card from your hand onto the pile."""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card


@dataclass(frozen=True, slots=True)
class Play:
    """Lay `card` from your hand on the pile: the count goes up by its value."""

    card: Card

    def __str__(self) -> str:
        return f"Play the {self.card}"
