"""What one seat of Ninety-Nine may know: its own hand, the count, the pile's top card, and how many
cards the others hold and the draw pile has (never which)."""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card

LIMIT = 99  # the count may not pass it


def value(card: Card) -> int:
    """What a card adds to the count: Ace 1, Two to Ten their number, a face card 10."""
    return min(card.rank, 10)


@dataclass(frozen=True, slots=True)
class NinetyNineView:
    """A seat's view (seat None: a spectator's, with no hand)."""

    seat: int | None
    players: tuple[str, ...]
    hand: tuple[Card, ...]  # the seat's own cards
    hand_sizes: tuple[int, ...]
    count: int
    top: Card | None  # the last card played, face up
    draw_size: int
    played: tuple[int, ...]  # how many cards each seat has played
    current_player: int
    loser: int | None  # the seat that could not play (the game is over)

    @property
    def is_over(self) -> bool:
        return self.loser is not None

    def fits(self, card: Card) -> bool:
        return self.count + value(card) <= LIMIT
