"""What one Kings Corner player may know: the piles, their own hand, counts and scores."""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card
from game.kings_corner.moves import Move, Phase


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One finished round on the score sheet: who went out (None if blocked) and the penalties."""

    out: int | None
    penalties: tuple[int, int]
    left: tuple[tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class KingsCornerView:
    """The table as `player` sees it (None: a spectator, who sees no hand while a round is played);
    `hands` holds both hands only once the round is over (they are counted on the score sheet)."""

    player: int | None
    names: tuple[str, str]
    phase: Phase
    current_player: int
    dealer: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, int]
    piles: tuple[tuple[Card, ...], ...]
    draw_count: int
    penalties: tuple[int, int]
    rounds: tuple[RoundResult, ...]
    moves_this_turn: int
    passes: int
    game_number: int
    round_number: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    legal_moves: tuple[Move, ...] = ()  # the player's own moves, on their turn

    def shown_hand(self, seat: int) -> tuple[Card, ...] | None:
        """The cards of `seat`'s hand if this view may see them, else None (only a count)."""
        if self.hands is not None:
            return self.hands[seat]
        return self.hand if seat == self.player else None
