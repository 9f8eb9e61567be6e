"""Totals and rates over many War games' statistics (a batch, or every game ever played)."""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

from game.validate import whole

COUNTED = ("battles", "battles_won", "wars", "wars_won", "double_wars", "triple_wars",
           "quadruple_wars", "deeper_wars", "play_time_s")
LENGTH_BUCKET = 50  # battles per bar of the game-length distribution
OUTCOMES = ("win", "loss", "draw")
MAX_TOTAL = 10**18  # a count or a total beyond this is no sum of games
REASON_CHARS = 20  # the longest reason a game records (scenes/war/records.py checks it as it reads)


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

    def to_data(self) -> dict:
        """Everything counted so far, as JSON (`from_data` reads it back): the totals of games one
        kept, to add more games to later."""
        return {"games": self.games, "outcomes": dict(self.outcomes), "reasons": dict(self.reasons),
                "totals": dict(self.totals), "war_depths": {str(d): n for d, n in self.war_depths.items()},
                "lengths": {str(b): n for b, n in self.lengths.items()}, "longest_war": self.longest_war,
                "streak": list(self.streak), "longest_streaks": dict(self.longest_streaks),
                "shortest_game": self.shortest_game, "longest_game": self.longest_game}

    @classmethod
    def from_data(cls, data: Any) -> Summary:
        """What `to_data` gave, read back; ValueError (or one of game.validate.DAMAGE) if it is not."""
        summary = cls()
        summary.games = whole(data["games"], "games", 0, MAX_TOTAL)
        summary.outcomes = Counter({_key(k, OUTCOMES): whole(n, "outcomes", 0, summary.games)
                                    for k, n in data["outcomes"].items()})
        summary.reasons = Counter({_key(k): whole(n, "reasons", 0, summary.games) for k, n in data["reasons"].items()})
        summary.totals = Counter({_key(k, COUNTED): _total(n) for k, n in data["totals"].items()})
        summary.war_depths = Counter({whole(int(_key(d)), "depth", 0, 999): whole(n, "wars", 0, MAX_TOTAL)
                                      for d, n in data["war_depths"].items()})
        summary.lengths = Counter({whole(int(_key(b)), "length", 0, MAX_TOTAL): whole(n, "games", 0, summary.games)
                                   for b, n in data["lengths"].items()})
        summary.longest_war = whole(data["longest_war"], "longest war", 0, MAX_TOTAL)
        outcome, run = data["streak"]
        summary.streak = (_key(outcome, ("", *OUTCOMES)), whole(run, "streak", 0, summary.games))
        summary.longest_streaks = Counter({_key(k, OUTCOMES): whole(n, "streak", 0, summary.games)
                                           for k, n in data["longest_streaks"].items()})
        summary.shortest_game = whole(data["shortest_game"], "shortest game", 0, MAX_TOTAL)
        summary.longest_game = whole(data["longest_game"], "longest game", 0, MAX_TOTAL)
        return summary


def _key(value: Any, choices: Iterable[str] | None = None) -> str:
    if not isinstance(value, str) or len(value) > REASON_CHARS or (choices is not None and value not in choices):
        raise ValueError(f"not a key of War's totals: {value!r}")
    return value


def _total(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not 0 <= value <= MAX_TOTAL:
        raise ValueError(f"not a total of War's games: {value!r}")
    return value


def summarize(games: Iterable[dict]) -> dict:
    """Totals and rates of a sequence of per-game statistics."""
    summary = Summary()
    for stats in games:
        summary.add(stats)
    return summary.as_dict()
