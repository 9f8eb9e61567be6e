"""War's one move: the next battle (a whole war included)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Battle:
    """Both players turn their top card; equal cards go to war until one side wins the pile."""

    def __str__(self) -> str:
        return "Battle"


Move = Battle  # the one move of War
