"""Sota's vocabulary: the moves, the turn phases and the special-card table."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.cards import SPANISH_SUITS, Card

HAND_SIZE = 5
SEVEN_SUITS = SPANISH_SUITS  # the suits a Seven may name, in picker order



class Phase(StrEnum):
    """Where the turn stands (saved as its word)."""

    PLAY = "play"  # a normal turn
    SUIT = "suit"  # a Seven was played: its player names a suit
    DRAWN = "drawn"  # option play_drawn: the card just drawn may be played or kept



class Tag(StrEnum):
    """The detail a Sota event may carry (Event.tag), besides the end reason of game_over."""

    AGAIN = "again"  # on turn: with two players, the player of an Ace plays again
    PENALTY = "penalty"  # on draw: the cards a run of Twos made the player draw


class EndReason(StrEnum):
    """How a round of Sota ended: game_over's tag, and saved as the end reason."""

    EMPTIED = "emptied"  # a player played their last card
    ALL_PASSED = "all_passed"  # every player passed in a row: the fewest cards win


# Effect kinds a special card may have.
SKIP = "skip"  # the next player is skipped (with two players: its player plays again)
DRAW = "draw"  # the next player draws `amount` cards (Twos may stack with the option on)
WILD = "wild"  # plays on anything; its player names a suit
EFFECT_KINDS = (SKIP, DRAW, WILD)


@dataclass(frozen=True, slots=True)
class Effect:
    """What playing a special card does: its kind and, for a draw, how many cards."""

    kind: str
    amount: int = 0


# The special cards of Sota, rank -> effect. A house variant is another table.
SOTA_EFFECTS: dict[int, Effect] = {
    1: Effect(SKIP),
    2: Effect(DRAW, 2),
    7: Effect(WILD),
}


@dataclass(frozen=True, slots=True)
class Play:
    """Play this card from the hand onto the discard pile."""

    card: Card

    def __str__(self) -> str:
        return f"play the {self.card}"


@dataclass(frozen=True, slots=True)
class ChooseSuit:
    """Name the suit after playing a Seven."""

    suit: str

    def __str__(self) -> str:
        return f"name {self.suit.capitalize()}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw: one card when stuck, or the whole pending penalty of Twos."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeSkip:
    """Accept the pending skip instead of answering it with an Ace."""

    def __str__(self) -> str:
        return "take the skip"


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the card just drawn instead of playing it (option play_drawn)."""

    def __str__(self) -> str:
        return "keep the drawn card"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: stuck, and the draw and discard piles have nothing left to draw."""

    def __str__(self) -> str:
        return "pass"


Move = Play | ChooseSuit | Draw | TakeSkip | Keep | Pass
