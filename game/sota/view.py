"""What one seat of Sota may know (or a spectator: the public view)."""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card
from game.sota.moves import Effect, Move, Phase


@dataclass(frozen=True, slots=True)
class SotaView:
    """Hands the viewer may see (their own; every hand once the game is over), counts of the rest.

    `player` is None for the public view: no hand is seen until the game is over."""

    player: int | None
    names: tuple[str, ...]
    hand: tuple[Card, ...]  # the viewer's own hand (empty in the public view)
    hands: tuple[tuple[Card, ...] | None, ...]  # each seat's hand if the viewer may see it, else None
    hand_counts: tuple[int, ...]
    discard: tuple[Card, ...]  # bottom first: every card on it was played face up
    active_suit: str | None
    pending_draw: int
    pending_skips: int
    draw_count: int
    current_player: int
    phase: Phase
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

    @property
    def top_card(self) -> Card:
        return self.discard[-1]

    def effect(self, card: Card) -> Effect | None:
        """The special effect of `card`, or None for an ordinary card."""
        return dict(self.effects).get(card.rank)
