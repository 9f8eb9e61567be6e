"""What the statistics screens show, kept summed: per kind of game, every player's totals (games in
order as one letter each, scores, rounds, hints, the newest games) and the games left out; per game
with a page of its own (War), what its `DetailsReader` keeps of the games' details. Each says up to
which game it goes, so only the games written since are ever added (storage/stats_folding.py).

Their JSON form (`to_data`, `*_from_data`) is what the totals file keeps; one read back is checked
as hostile: a value of the wrong type or out of bounds, and the whole kind is summed again."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from storage.stats_reading import (
    LETTERS,
    MAX_COUNT,
    MAX_SCORE,
    NAME_SHOWN,
    RECENT,
    Figures,
    Recent,
    Who,
    longest_run,
    seat_problem,
    win_rates,
)

MAX_GAMES = 10**12  # more games than any file holds: a count beyond it is damage
FIRST_ID, LAST_ID = -(2**63), 2**63 - 1  # SQLite's row ids: totals of no games go up to FIRST_ID
OUTCOME_LETTERS = frozenset(LETTERS)
S = TypeVar("S")


class DetailsReader(Protocol[S]):
    """What a game's own statistics page keeps of its games' details, a game at a time."""

    key: str  # its totals' name in the totals file: a new one when what it keeps changes

    def start(self) -> S:
        """The totals of no games."""

    def add(self, state: S, details: dict) -> bool:
        """Add one game's details (oldest first); False if they cannot be shown: the game is left out."""

    def to_data(self, state: S) -> Any:
        """The totals as JSON."""

    def from_data(self, data: Any) -> S | None:
        """The totals `to_data` gave, read back; None if they are not."""


@dataclass
class PlayerTotals:
    """One player's games of one kind summed up, in the order they were played."""

    outcomes: str = ""  # one letter a game ("w", "l", "d"), oldest first
    best: float | None = None  # the highest score
    lowest: float | None = None
    score_sum: float = 0.0  # of the games with a score
    scores: int = 0
    per_round_sum: float = 0.0  # score / rounds, of the games that recorded both
    per_rounds: int = 0
    rounds_sum: int = 0
    rounded: int = 0  # games that recorded their rounds
    most_rounds: int | None = None
    hints: float = 0.0  # summed as SQL's total() sums them
    hint_games: int = 0  # games that recorded this player's hints
    hinted: int = 0  # of those, the games in which hints were used
    recent: list[Recent] = field(default_factory=list)  # the newest RECENT games, oldest first

    def add(self, score: float | None, rounds: int | None, hints: int | None) -> None:
        """Add one game's numbers (its outcome letter is added by the caller, many at once)."""
        if score is not None:
            self.score_sum += score
            self.scores += 1
            self.best = score if self.best is None else max(self.best, score)
            self.lowest = score if self.lowest is None else min(self.lowest, score)
            if rounds is not None:
                self.per_round_sum += score / rounds
                self.per_rounds += 1
        if rounds is not None:
            self.rounds_sum += rounds
            self.rounded += 1
            self.most_rounds = rounds if self.most_rounds is None else max(self.most_rounds, rounds)
        if hints is not None:
            self.hints += hints
            self.hint_games += 1
            self.hinted += hints != 0

    def row(self, who: Who) -> dict:
        """The player's line of the Statistics screen (StatsStore.player_summary)."""
        name, kind, level = who
        return {"name": name, "kind": kind, "level": level, "games": len(self.outcomes),
                "wins": self.outcomes.count("w"), "draws": self.outcomes.count("d"), "best": self.best,
                "lowest": self.lowest}

    def figures(self) -> Figures:
        """The player's figures on the details page."""
        outcomes = self.outcomes
        if not outcomes:
            return Figures()
        return Figures(len(outcomes), outcomes.count("w"), outcomes.count("l"), outcomes.count("d"),
                       LETTERS[outcomes[-1]], len(outcomes) - len(outcomes.rstrip(outcomes[-1])),
                       longest_run(outcomes, "w"), longest_run(outcomes, "l"),
                       self.score_sum / self.scores if self.scores else None, self.lowest, self.best,
                       self.per_round_sum / self.per_rounds if self.per_rounds else None,
                       self.rounds_sum / self.rounded if self.rounded else None, self.most_rounds,
                       int(self.hints) if self.hint_games else None, self.hinted, list(self.recent),
                       win_rates(outcomes))

    def to_data(self) -> dict:
        return {"outcomes": self.outcomes, "best": self.best, "lowest": self.lowest, "score_sum": self.score_sum,
                "scores": self.scores, "per_round_sum": self.per_round_sum, "per_rounds": self.per_rounds,
                "rounds_sum": self.rounds_sum, "rounded": self.rounded, "most_rounds": self.most_rounds,
                "hints": self.hints, "hint_games": self.hint_games, "hinted": self.hinted,
                "recent": [[game.number, game.outcome[0], game.score] for game in self.recent]}


@dataclass
class Folded:
    """Up to which game some totals go: the newest game added, how the file quoted its end time (another
    game under that id means the kind was reset since) and how many games of the kind that was."""

    upto: int = FIRST_ID
    ended: str | None = None
    games: int = 0


@dataclass
class GameTotals:
    """One kind's totals: every player's, and the games left out (a seat that cannot be shown)."""

    folded: Folded = field(default_factory=Folded)
    shown: int = 0  # the games numbered 1, 2...: all but those left out
    left_out: int = 0
    players: dict[Who, PlayerTotals] = field(default_factory=dict)
    figures: dict[Who, Figures] = field(default_factory=dict, compare=False, repr=False)  # those shown so far

    def to_data(self) -> dict:
        return {"upto": self.folded.upto, "ended": self.folded.ended, "shown": self.shown, "left_out": self.left_out,
                "players": [[*who, totals.to_data()] for who, totals in self.players.items()]}


@dataclass
class DetailsTotals:
    """What a game's own page keeps of its games' details (a DetailsReader's state), and the ids of
    the games it left out, oldest first."""

    key: str
    state: Any
    folded: Folded = field(default_factory=Folded)
    shown: int = 0
    left_out: list[int] = field(default_factory=list)

    def to_data(self, reader: DetailsReader) -> dict:
        return {"key": self.key, "upto": self.folded.upto, "ended": self.folded.ended, "shown": self.shown,
                "left_out": self.left_out, "state": reader.to_data(self.state)}


# -- read back -------------------------------------------------------------------------------------
def is_count(value: Any, most: float = MAX_GAMES) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def is_number(value: Any, bound: float) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
        and abs(value) <= bound


def is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and FIRST_ID <= value <= LAST_ID


def folded_from(data: dict) -> Folded | None:
    upto, ended = data.get("upto"), data.get("ended")
    if not (isinstance(upto, int) and is_id(upto) and (ended is None or isinstance(ended, str))):
        return None
    return Folded(upto, ended)


def player_from_data(data: Any) -> PlayerTotals | None:
    """One player's totals read back; None unless every value is of its type and within bounds."""
    if not isinstance(data, dict):
        return None
    outcomes, recent = data.get("outcomes"), data.get("recent")
    games = len(outcomes) if isinstance(outcomes, str) else 0
    numbers = ("score_sum", "per_round_sum", "hints")
    counts = ("scores", "per_rounds", "rounded", "hint_games", "hinted")
    if not (isinstance(outcomes, str) and set(outcomes) <= OUTCOME_LETTERS and games
            and all(is_number(data.get(key), MAX_SCORE * MAX_GAMES) for key in numbers)
            and all(is_count(data.get(key), games) for key in counts)
            and is_count(data.get("rounds_sum"), MAX_COUNT * games)
            and all(data.get(key) is None or is_number(data.get(key), MAX_SCORE) for key in ("best", "lowest"))
            and (data.get("most_rounds") is None or is_count(data.get("most_rounds"), MAX_COUNT))
            and isinstance(recent, list) and len(recent) <= RECENT
            and all(isinstance(game, list) and len(game) == 3 and is_count(game[0]) and game[0] > 0
                    and isinstance(game[1], str) and game[1] in OUTCOME_LETTERS
                    and (game[2] is None or is_number(game[2], MAX_SCORE))
                    for game in recent)):
        return None
    return PlayerTotals(outcomes, data["best"], data["lowest"], data["score_sum"], data["scores"],
                        data["per_round_sum"], data["per_rounds"], data["rounds_sum"], data["rounded"],
                        data["most_rounds"], data["hints"], data["hint_games"], data["hinted"],
                        [Recent(number, LETTERS[letter], score) for number, letter, score in recent])


def game_from_data(data: Any) -> GameTotals | None:
    """One kind's totals read back; None if anything in them is not what `to_data` writes."""
    if not isinstance(data, dict):
        return None
    folded, players = folded_from(data), data.get("players")
    if folded is None or not (is_count(data.get("shown")) and is_count(data.get("left_out"))
                              and isinstance(players, list)):
        return None
    totals = GameTotals(folded, data["shown"], data["left_out"])
    folded.games = totals.shown + totals.left_out
    for entry in players:
        if not (isinstance(entry, list) and len(entry) == 4 and seat_problem(entry[0], entry[1], None, entry[2]) is None
                and entry[0] == entry[0].strip() and len(entry[0]) <= NAME_SHOWN):
            return None
        player = player_from_data(entry[3])
        if player is None or (entry[0], entry[1], entry[2]) in totals.players:
            return None
        totals.players[(entry[0], entry[1], entry[2])] = player
    return totals


def details_from_data(data: Any, reader: DetailsReader) -> DetailsTotals | None:
    """A game's own totals read back by its reader; None if they are not what `to_data` writes."""
    if not isinstance(data, dict) or data.get("key") != reader.key:
        return None
    folded, left_out = folded_from(data), data.get("left_out")
    if folded is None or not (is_count(data.get("shown")) and isinstance(left_out, list)
                              and all(is_id(game_id) for game_id in left_out)):
        return None
    state = reader.from_data(data.get("state"))
    if state is None:
        return None
    folded.games = data["shown"] + len(left_out)
    return DetailsTotals(reader.key, state, folded, data["shown"], left_out)
