"""What anyone may know of a War game: stack sizes and the counters, never a card in a stack."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.war.deck import WarOptions

SECONDS_PER_BATTLE = 1.5
SECONDS_PER_WAR = 6.0


@dataclass(frozen=True, slots=True, kw_only=True)
class WarView:
    """The public state of a War game (both stacks are face down, so every seat sees the same).

    `ratings[seat]` is that seat's dealt hand rated before the first battle (deck.hand_rating)
    and `faces[seat]` its Jacks, Queens and Kings: facts about the deal, not the order of a stack.
    """

    seat: int | None  # whose view this is (None: a spectator)
    players: tuple[str, str]
    options: WarOptions
    stack_sizes: tuple[int, int]
    table_size: int  # cards left on the table, only after a game ends in a draw
    battles: int
    battles_won: tuple[int, int]
    wars: int
    wars_won: tuple[int, int]
    war_depths: Mapping[int, int]  # deepest level of each war -> how many
    winners: tuple[int, ...] | None  # None while the game goes on
    reason: str  # "", or how it ended: "cards", "both_out" or "endless"
    ratings: tuple[dict, dict]
    faces: tuple[tuple[int, int, int], tuple[int, int, int]]

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def longest_war(self) -> int:
        return max(self.war_depths, default=0)

    @property
    def play_time_s(self) -> float:
        """The real-world time these battles and wars would take by hand."""
        return SECONDS_PER_BATTLE * self.battles + SECONDS_PER_WAR * self.wars

    def outcome(self, seat: int) -> str:
        """'win', 'loss' or 'draw' for `seat`, '' while the game goes on."""
        if self.winners is None:
            return ""
        if len(self.winners) != 1:
            return "draw"
        return "win" if self.winners[0] == seat else "loss"

    def stats(self, seat: int) -> dict:
        """Every statistic of RULES.md for this game, from `seat`'s point of view."""
        depths = self.war_depths
        return {
            "outcome": self.outcome(seat), "reason": self.reason, "battles": self.battles,
            "battles_won": self.battles_won[seat], "wars": self.wars,
            "wars_won": self.wars_won[seat], "double_wars": depths.get(2, 0),
            "triple_wars": depths.get(3, 0), "quadruple_wars": depths.get(4, 0),
            "deeper_wars": sum(n for d, n in depths.items() if d >= 5),
            "longest_war": self.longest_war,
            "war_depths": {str(d): depths[d] for d in sorted(depths)},
            "play_time_s": self.play_time_s,
        }
