"""Memory Match vocabulary: the grid, moves, events with grid cells, and the outcome table."""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import MEMORY_BONUS, MEMORY_PENALTY, Card
from game.core import Event

GRID_ROWS = 4
GRID_COLS = 4
GRID_SIZE = GRID_ROWS * GRID_COLS

BONUS = MEMORY_BONUS
PENALTY = MEMORY_PENALTY

# The two choices after a double Bonus or a double Penalty, as (option, score, what follows).
END_TURN = "end_turn"
PLAY_AGAIN = "play_again"
SKIP_NEXT = "skip_next"
CHOICES: dict[str, dict[str, tuple[int, str]]] = {
    "two_bonus": {END_TURN: (+2, "end"), PLAY_AGAIN: (+1, "continue")},
    "two_penalty": {END_TURN: (-2, "end"), SKIP_NEXT: (-1, "skip")},
}

# The outcome table of RULES.md: name -> (score, turn, which of the two cards leave the grid).
# "leave" is "both", "none", or "special" (the Bonus/Penalty leaves, the standard turns back down).
OUTCOMES: dict[str, tuple[int, str, str]] = {
    "pair": (+1, "continue", "both"),
    "mismatch": (0, "end", "none"),
    "standard_bonus": (+1, "end", "special"),
    "standard_penalty": (-1, "end", "special"),
    "bonus_penalty": (0, "end", "both"),
    "two_bonus": (0, "choose", "both"),
    "two_penalty": (0, "choose", "both"),
}
LONE_SCORES = {BONUS: +1, PENALTY: -1}


def is_standard(card: Card) -> bool:
    """A symbol card (1-6), as opposed to a Bonus or a Penalty."""
    return card.rank not in (BONUS, PENALTY)


def classify(first: Card, second: Card) -> str:
    """The outcome-table row of two flipped cards."""
    ranks = sorted((first.rank, second.rank))
    if is_standard(first) and is_standard(second):
        return "pair" if first.rank == second.rank else "mismatch"
    if ranks == [BONUS, BONUS]:
        return "two_bonus"
    if ranks == [PENALTY, PENALTY]:
        return "two_penalty"
    if ranks == [BONUS, PENALTY]:
        return "bonus_penalty"
    return "standard_bonus" if BONUS in ranks else "standard_penalty"


def cell_name(index: int) -> str:
    """A cell as a player reads it: row and column from 1."""
    return f"row {index // GRID_COLS + 1}, column {index % GRID_COLS + 1}"


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn up the face-down card at grid cell `index` (0-15, row by row)."""

    index: int

    def __str__(self) -> str:
        return f"flip the card at {cell_name(self.index)}" if isinstance(self.index, int) else "flip"


@dataclass(frozen=True, slots=True)
class Choose:
    """Take one of the two options after a double Bonus or a double Penalty."""

    option: str

    def __str__(self) -> str:
        return f"choose {self.option.replace('_', ' ')}"


Move = Flip | Choose


@dataclass(frozen=True, slots=True)
class MemoryEvent(Event):
    """An Event that also names the grid cells it concerns, for the table to animate.

    Tags: "lone" on the flip of the lone last card; the outcome-table row on "outcome" and
    "choose"; the option on "chosen"; the reason on "score"; "win" or "tie" on "game_over"."""

    cells: tuple[int, ...] = ()
