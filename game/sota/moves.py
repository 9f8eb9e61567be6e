"""Sota's vocabulary: the moves, the special-card table, and what one player may see."""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import SPANISH_SUITS, Card

HAND_SIZE = 5
SEVEN_SUITS = SPANISH_SUITS  # the suits a Seven may name, in picker order

# Turn phases: a normal turn, naming a suit after a Seven, deciding on a freshly drawn card.
PHASE_PLAY = "play"
PHASE_SUIT = "suit"
PHASE_DRAWN = "drawn"
PHASES = (PHASE_PLAY, PHASE_SUIT, PHASE_DRAWN)

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


def effects_to_json(effects: dict[int, Effect]) -> list[list]:
    """The effect table as JSON-safe rows [rank, kind, amount]."""
    return [[rank, e.kind, e.amount] for rank, e in sorted(effects.items())]


def effects_from_json(rows: list) -> dict[int, Effect]:
    """The effect table from JSON rows; ValueError on anything that is not one."""
    effects: dict[int, Effect] = {}
    for row in rows:
        rank, kind, amount = row
        if not (isinstance(rank, int) and 1 <= rank <= 10 and kind in EFFECT_KINDS
                and isinstance(amount, int) and amount >= 0) or rank in effects:
            raise ValueError(f"not a special-card row: {row!r}")
        effects[rank] = Effect(kind, amount)
    return effects


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


@dataclass(frozen=True, slots=True)
class SotaView:
    """What one player may know: their own hand, and only counts of everyone else's."""

    player: int
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    top_card: Card
    active_suit: str | None
    pending_draw: int
    pending_skips: int
    draw_count: int
    discard_count: int
    current_player: int
    phase: str
    drawn_card: Card | None
    legal_moves: tuple[Move, ...]
    effects: tuple[tuple[int, Effect], ...]
    stacking: bool
    play_drawn: bool
    passes_in_a_row: int
    is_over: bool
    winners: tuple[int, ...]

    @property
    def num_players(self) -> int:
        return len(self.names)

    def effect(self, card: Card) -> Effect | None:
        """The special effect of `card`, or None for an ordinary card."""
        return dict(self.effects).get(card.rank)
