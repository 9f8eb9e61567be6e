"""Skyjo's moves, grid geometry and the public view that players and computers read."""
from __future__ import annotations

from dataclasses import dataclass

ROWS = 3
COLUMNS = 4
SLOTS = ROWS * COLUMNS  # slot = row * COLUMNS + column


COLUMN_SLOTS = tuple(tuple(c + r * COLUMNS for r in range(ROWS)) for c in range(COLUMNS))


def column_slots(column: int) -> tuple[int, ...]:
    """The three slots of a column, top to bottom."""
    return COLUMN_SLOTS[column]


def column_of(slot: int) -> int:
    return slot % COLUMNS


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


@dataclass(frozen=True, slots=True)
class GridView:
    """One grid as anyone may see it: values of face-up cards only."""

    values: tuple[int | None, ...]  # the value of a face-up card, None if face down or removed
    removed: frozenset[int]

    def is_down(self, slot: int) -> bool:
        return self.values[slot] is None and slot not in self.removed

    @property
    def down_slots(self) -> tuple[int, ...]:
        return tuple(s for s in range(SLOTS) if self.is_down(s))

    @property
    def up_slots(self) -> tuple[int, ...]:
        return tuple(s for s in range(SLOTS) if self.values[s] is not None)

    @property
    def occupied_slots(self) -> tuple[int, ...]:
        return tuple(s for s in range(SLOTS) if s not in self.removed)

    @property
    def visible_score(self) -> int:
        return sum(v for v in self.values if v is not None)


@dataclass(frozen=True, slots=True)
class SkyjoView:
    """What `seat` may know: everything on the table except face-down values and the draw pile."""

    seat: int
    names: tuple[str, ...]
    current_player: int
    phase: str  # "reveal", "choose", "place_taken", "place_drawn", "turn_up", "round_over", "game_over"
    grids: tuple[GridView, ...]
    hand: int | None  # the value of the drawn or taken card, shown to all
    discard_pile: tuple[int, ...]  # bottom to top; the whole pile, as the seed allows
    draw_count: int
    ender: int | None  # who turned up their whole grid this round
    round_number: int
    totals: tuple[int, ...]
    target: int

    @property
    def discard_top(self) -> int | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def last_turn(self) -> bool:
        return self.ender is not None and self.phase not in ("round_over", "game_over")
