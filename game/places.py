"""Where a card is taken from or goes to, as an event names it (`Event.src`, `Event.dst`): small
frozen types a listener matches on, never strings it parses back."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's hand (in Skyjo, the one card a player holds before placing it)."""

    seat: int

    def __str__(self) -> str:
        return f"hand {self.seat}"


@dataclass(frozen=True, slots=True)
class DrawPile:
    """The face-down pile cards are drawn from."""

    def __str__(self) -> str:
        return "draw pile"


@dataclass(frozen=True, slots=True)
class DiscardPile:
    """The face-up pile cards are played or thrown onto."""

    def __str__(self) -> str:
        return "discard pile"


@dataclass(frozen=True, slots=True)
class Pile:
    """A numbered pile of the table (Kings Corner: 1-4 the sides, 5-8 the corners)."""

    number: int

    def __str__(self) -> str:
        return f"pile {self.number}"


@dataclass(frozen=True, slots=True)
class Slot:
    """A slot of a player's grid (Skyjo: row * 4 + column); the event's player owns the grid."""

    index: int

    def __str__(self) -> str:
        return f"slot {self.index}"


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a player's grid (Skyjo: 0-3); the event's player owns the grid."""

    index: int

    def __str__(self) -> str:
        return f"column {self.index}"


@dataclass(frozen=True, slots=True)
class Stack:
    """A player's face-down stack (War)."""

    seat: int

    def __str__(self) -> str:
        return f"stack {self.seat}"


@dataclass(frozen=True, slots=True)
class Middle:
    """The middle of the table, where War's battles are laid."""

    def __str__(self) -> str:
        return "middle"


Place = Hand | DrawPile | DiscardPile | Pile | Slot | Column | Stack | Middle
