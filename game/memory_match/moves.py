"""Memory Match vocabulary: the grid, moves, events with grid cells, and the outcome table."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.cards import MEMORY_BONUS, MEMORY_PENALTY, Card
from game.core import Event

GRID_ROWS = 4
GRID_COLS = 4
GRID_SIZE = GRID_ROWS * GRID_COLS

BONUS = MEMORY_BONUS
PENALTY = MEMORY_PENALTY



class Outcome(StrEnum):
    """A row of the outcome table of RULES.md: what two cards turned up in one turn are."""

    PAIR = "pair"
    MISMATCH = "mismatch"
    STANDARD_BONUS = "standard_bonus"
    STANDARD_PENALTY = "standard_penalty"
    BONUS_PENALTY = "bonus_penalty"
    TWO_BONUS = "two_bonus"  # a choice follows
    TWO_PENALTY = "two_penalty"  # a choice follows


class Choice(StrEnum):
    """An option a player takes after a double Bonus or a double Penalty."""

    END_TURN = "end_turn"
    PLAY_AGAIN = "play_again"
    SKIP_NEXT = "skip_next"


class Tag(StrEnum):
    """The marks a Memory Match event may carry (Event.tag) besides an Outcome or a Choice."""

    LONE = "lone"  # on flip and score: the lone last card, turned up for the player to move
    WIN = "win"  # on game_over: the event's player won
    TIE = "tie"  # on game_over: a tie


# The two choices after a double Bonus or a double Penalty, as (option, score, what follows).
CHOICES: dict[Outcome, dict[Choice, tuple[int, str]]] = {
    Outcome.TWO_BONUS: {Choice.END_TURN: (+2, "end"), Choice.PLAY_AGAIN: (+1, "continue")},
    Outcome.TWO_PENALTY: {Choice.END_TURN: (-2, "end"), Choice.SKIP_NEXT: (-1, "skip")},
}

# The outcome table of RULES.md: outcome -> (score, turn, which of the two cards leave the grid).
# "leave" is "both", "none", or "special" (the Bonus/Penalty leaves, the standard turns back down).
OUTCOMES: dict[Outcome, tuple[int, str, str]] = {
    Outcome.PAIR: (+1, "continue", "both"),
    Outcome.MISMATCH: (0, "end", "none"),
    Outcome.STANDARD_BONUS: (+1, "end", "special"),
    Outcome.STANDARD_PENALTY: (-1, "end", "special"),
    Outcome.BONUS_PENALTY: (0, "end", "both"),
    Outcome.TWO_BONUS: (0, "choose", "both"),
    Outcome.TWO_PENALTY: (0, "choose", "both"),
}
LONE_SCORES = {BONUS: +1, PENALTY: -1}


def is_standard(card: Card) -> bool:
    """A symbol card (1-6), as opposed to a Bonus or a Penalty."""
    return card.rank not in (BONUS, PENALTY)


def classify(first: Card, second: Card) -> Outcome:
    """The outcome-table row of two flipped cards."""
    ranks = sorted((first.rank, second.rank))
    if is_standard(first) and is_standard(second):
        return Outcome.PAIR if first.rank == second.rank else Outcome.MISMATCH
    if ranks == [BONUS, BONUS]:
        return Outcome.TWO_BONUS
    if ranks == [PENALTY, PENALTY]:
        return Outcome.TWO_PENALTY
    if ranks == [BONUS, PENALTY]:
        return Outcome.BONUS_PENALTY
    return Outcome.STANDARD_BONUS if BONUS in ranks else Outcome.STANDARD_PENALTY


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

    option: Choice

    def __str__(self) -> str:
        return f"choose {self.option.replace('_', ' ')}"


Move = Flip | Choose


@dataclass(frozen=True, slots=True)
class MemoryEvent(Event):
    """An Event that also names the grid cells it concerns, for the table to animate.

    Tags: Tag.LONE on the flip of the lone last card; the Outcome on OUTCOME and CHOOSE; the
    Choice on CHOSEN; why on SCORE (the Outcome, the Choice taken, or Tag.LONE); Tag.WIN or Tag.TIE
    on GAME_OVER."""

    cells: tuple[int, ...] = ()
