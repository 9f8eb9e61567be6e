"""Skyjo's moves and the grid's geometry (slot = row * COLUMNS + column)."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

ROWS = 3
COLUMNS = 4
SLOTS = ROWS * COLUMNS  # slot = row * COLUMNS + column


COLUMN_SLOTS = tuple(tuple(c + r * COLUMNS for r in range(ROWS)) for c in range(COLUMNS))


def column_slots(column: int) -> tuple[int, ...]:
    """The three slots of a column, top to bottom."""
    return COLUMN_SLOTS[column]


def column_of(slot: int) -> int:
    return slot % COLUMNS


class Phase(StrEnum):
    """Where the round stands (saved as its word)."""

    REVEAL = "reveal"  # the opening turn-ups, two per player in seat order
    CHOOSE = "choose"  # take the top discard or draw a card
    PLACE_TAKEN = "place_taken"  # the discard taken: exchange it with a grid card
    PLACE_DRAWN = "place_drawn"  # a card drawn: exchange it, or discard it and turn a card up
    TURN_UP = "turn_up"  # the drawn card discarded: turn up a face-down card
    ROUND_OVER = "round_over"  # every card turned up and scored; the next round waits
    GAME_OVER = "game_over"


class Tag(StrEnum):
    """The detail a Skyjo event may carry (Event.tag)."""

    REVEAL = "reveal"  # on turn: an opening turn-up is this player's to make
    FINAL = "final"  # on flip: a card turned up when the round ends
    DOUBLED = "doubled"  # on score: the round's ender scores double


@dataclass(frozen=True, slots=True)
class TurnUp:
    """Turn a face-down card of the grid face up (an opening turn-up or after a discard)."""

    slot: int

    def __str__(self) -> str:
        return f"turn up slot {self.slot}"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile; it must then be exchanged."""

    def __str__(self) -> str:
        return "take the discard"


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Draw the top card of the draw pile."""

    def __str__(self) -> str:
        return "draw a card"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Put the card in hand on a grid slot; the card that was there goes to the discard pile."""

    slot: int

    def __str__(self) -> str:
        return f"exchange with slot {self.slot}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Throw the drawn card onto the discard pile; a face-down card must then be turned up."""

    def __str__(self) -> str:
        return "discard the drawn card"


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next round after the score sheet."""

    def __str__(self) -> str:
        return "next round"


Move = TurnUp | TakeDiscard | DrawCard | Exchange | Discard | NextRound
