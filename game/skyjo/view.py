"""What one seat of Skyjo may know: every face-up card, the discard pile, the card in hand, the scores.

Face-down values and the draw pile's order are known to nobody, so every seat (and the public
view, `seat=None`) sees the same table.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card
from game.skyjo.moves import SLOTS, Phase

ROUND_OVER_PHASES = (Phase.ROUND_OVER, Phase.GAME_OVER)


@dataclass(frozen=True, slots=True)
class GridView:
    """One grid as anyone may see it: face-up cards only."""

    cards: tuple[Card | None, ...]  # a face-up card, None if face down or removed
    removed: frozenset[int]

    @property
    def values(self) -> tuple[int | None, ...]:
        """The value of each face-up card, None if face down or removed."""
        return tuple(c.rank if c is not None else None for c in self.cards)

    def is_down(self, slot: int) -> bool:
        return self.cards[slot] is None and slot not in self.removed

    @property
    def down_slots(self) -> tuple[int, ...]:
        return tuple(s for s in range(SLOTS) if self.is_down(s))

    @property
    def occupied_slots(self) -> tuple[int, ...]:
        return tuple(s for s in range(SLOTS) if s not in self.removed)

    @property
    def visible_score(self) -> int:
        return sum(c.rank for c in self.cards if c is not None)


@dataclass(frozen=True, slots=True)
class RoundScore:
    """One finished round: what each player scored, before doubling, and who ended it."""

    scores: tuple[int, ...]
    raw: tuple[int, ...]
    ender: int
    doubled: bool


@dataclass(frozen=True, slots=True)
class SkyjoView:
    """What `seat` (None: a spectator) may know: the table but face-down values and the draw pile."""

    seat: int | None
    names: tuple[str, ...]
    current_player: int
    phase: Phase
    grids: tuple[GridView, ...]
    hand: Card | None  # the drawn or taken card, shown to all
    discard_pile: tuple[Card, ...]  # bottom to top; the whole pile, as the original rules allow
    draw_count: int
    ender: int | None  # who turned up their whole grid this round
    round_number: int
    totals: tuple[int, ...]
    target: int
    reveals_left: tuple[int, ...]  # opening turn-ups each player still has to make
    rounds: tuple[RoundScore, ...]  # every finished round, first first

    @property
    def player_count(self) -> int:
        return len(self.names)

    @property
    def round_done(self) -> bool:
        """The round is scored: every card is face up."""
        return self.phase in ROUND_OVER_PHASES

    @property
    def last_turn(self) -> bool:
        return self.ender is not None and not self.round_done
