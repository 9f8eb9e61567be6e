"""Totals and rates over many War games' statistics (a batch, or every game ever played)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

COUNTED = ("battles", "battles_won", "wars", "wars_won", "double_wars", "triple_wars",
           "quadruple_wars", "deeper_wars", "play_time_s")
LENGTH_BUCKET = 50  # battles per bar of the game-length distribution


def _rate(part: float, whole: float) -> float:
    return round(part / whole, 4) if whole else 0.0


class Summary:
    """Adds up per-game statistics one game at a time; `as_dict()` gives totals and rates."""

    def __init__(self) -> None:
        self.games = 0
        self.outcomes: Counter[str] = Counter()
        self.reasons: Counter[str] = Counter()
        self.totals: Counter[str] = Counter()
        self.war_depths: Counter[int] = Counter()
        self.lengths: Counter[int] = Counter()
        self.longest_war = 0
        self.streak: tuple[str, int] = ("", 0)  # the newest outcome and how many in a row end the games
        self.longest_streaks: Counter[str] = Counter()  # per outcome, the longest run of it
        self.shortest_game = 0
        self.longest_game = 0

    def add(self, stats: dict) -> None:
        """Count one game's statistics (the dict of WarGame.stats())."""
        self.games += 1
        outcome = stats["outcome"]
        self.outcomes[outcome] += 1
        run = self.streak[1] + 1 if self.streak[0] == outcome else 1
        self.streak = (outcome, run)
        self.longest_streaks[outcome] = max(self.longest_streaks[outcome], run)
        self.reasons[stats["reason"]] += 1
        for key in COUNTED:
            self.totals[key] += stats[key]
        for depth, count in stats["war_depths"].items():
            self.war_depths[int(depth)] += count
        self.longest_war = max(self.longest_war, stats["longest_war"])
        battles = stats["battles"]
        self.lengths[battles // LENGTH_BUCKET * LENGTH_BUCKET] += 1
        self.shortest_game = battles if self.games == 1 else min(self.shortest_game, battles)
        self.longest_game = max(self.longest_game, battles)

    def as_dict(self) -> dict:
        """Totals, rates (per game, per battle, per war) and the distributions for the charts."""
        games, totals = self.games, self.totals
        wars = totals["wars"]
        result: dict = {
            "games": games, "wins": self.outcomes["win"], "losses": self.outcomes["loss"],
            "draws": self.outcomes["draw"], "endless_draws": self.reasons["endless"],
            "both_out_draws": self.reasons["both_out"],
            "win_rate": _rate(self.outcomes["win"], games),
            "loss_rate": _rate(self.outcomes["loss"], games),
            "draw_rate": _rate(self.outcomes["draw"], games),
        }
        for key in COUNTED:
            value = totals[key]
            result[key] = round(value, 1) if key == "play_time_s" else value
            result[f"{key}_per_game"] = round(value / games, 3) if games else 0.0
        result["battle_win_rate"] = _rate(totals["battles_won"], totals["battles"])
        result["war_win_rate"] = _rate(totals["wars_won"], wars)
        result["war_rate_per_battle"] = _rate(wars, totals["battles"])
        for key in ("double_wars", "triple_wars", "quadruple_wars", "deeper_wars"):
            result[f"{key}_share_of_wars"] = _rate(totals[key], wars)
        result["longest_war"] = self.longest_war
        result["longest_win_streak"] = self.longest_streaks["win"]  # a draw breaks a run
        result["longest_loss_streak"] = self.longest_streaks["loss"]
        result["current_streak"] = {"outcome": self.streak[0] or None, "games": self.streak[1]}
        result["shortest_game"] = self.shortest_game
        result["longest_game"] = self.longest_game
        result["war_depths"] = {str(d): self.war_depths[d] for d in sorted(self.war_depths)}
        result["length_bucket"] = LENGTH_BUCKET
        result["game_lengths"] = {str(b): self.lengths[b] for b in sorted(self.lengths)}
        return result


def summarize(games: Iterable[dict]) -> dict:
    """Totals and rates of a sequence of per-game statistics."""
    summary = Summary()
    for stats in games:
        summary.add(stats)
    return summary.as_dict()
