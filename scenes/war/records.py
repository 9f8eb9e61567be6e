"""War's statistics read back from the shared SQLite store: its totals, kept summed by the store (a
`WarTotals` reads each game's details once), and its finished games a page at a time."""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from game.printable import plain, text_problem
from game.validate import DAMAGE
from game.war.summary import Summary
from storage.stats import StatsStore
from storage.stats_reading import details_of
from storage.stats_totals import DetailsTotals

GAME = "war"
COUNT_KEYS = ("battles", "battles_won", "wars", "wars_won", "double_wars", "triple_wars", "quadruple_wars",
              "deeper_wars", "longest_war")
STAT_KEYS = ("outcome", *COUNT_KEYS, "war_depths", "play_time_s", "reason")
MAX_COUNT = 10**9  # more battles than any game of War plays
OUTCOMES = ("win", "loss", "draw")
REASON_CHARS = 20
LETTERS = {outcome[0]: outcome for outcome in OUTCOMES}
# A page of the games kept, newest first: id, end time, details and the seats' names.
PAGE = """SELECT g.id, g.finished_at, g.details, (SELECT group_concat(name, ' v ') FROM
              (SELECT name FROM seats WHERE game_id = g.id ORDER BY seat))
          FROM games g WHERE g.game = ? AND g.id <= ? AND g.id NOT IN (SELECT value FROM json_each(?))
          ORDER BY g.id DESC LIMIT ? OFFSET ?"""


def is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def is_war_record(details: object) -> bool:
    """True if a games row's details hold a complete War statistics record, every value of its type
    and within bounds (a whole number of battles, a known outcome...)."""
    if not (isinstance(details, dict) and all(k in details for k in STAT_KEYS)):
        return False
    depths, time_s = details["war_depths"], details["play_time_s"]
    return (details["outcome"] in OUTCOMES and text_problem(details["reason"], REASON_CHARS) is None
            and all(is_count(details[k]) for k in COUNT_KEYS)
            and isinstance(depths, dict) and all(
                isinstance(d, str) and d.isascii() and d.isdigit() and len(d) < 4 and is_count(n)
                for d, n in depths.items())
            and isinstance(time_s, (int, float)) and not isinstance(time_s, bool)
            and math.isfinite(time_s) and 0 <= time_s <= MAX_COUNT)


def war_records(store: StatsStore) -> list[dict]:
    """Every finished War game, oldest first: id, finished_at, seat names and the details.

    Rows whose details are not a War record (damaged or foreign) are skipped, never fatal, and
    counted in the store's `skipped`.
    """
    rows = store.read(
        """SELECT g.id, g.finished_at, g.details,
                  (SELECT group_concat(name, ' v ') FROM
                      (SELECT name FROM seats WHERE game_id = g.id ORDER BY seat))
           FROM games g WHERE g.game = ? ORDER BY g.id""", (GAME,))
    records = [record for row in rows if (record := war_record(*row)) is not None]
    store.skipped[GAME] = len(rows) - len(records)
    return records


def war_record(game_id: int, finished_at: float, details: Any, names: Any) -> dict | None:
    """One games row as a War record, None if its details are not one (damaged or foreign)."""
    data = details_of(details)  # bounded: a hostile file's details never crash the screen
    if not (is_war_record(data) and (names is None or isinstance(names, str))):
        return None
    return {"id": game_id, "finished_at": finished_at, "players": plain(names or "")[:80], "details": data}


@dataclass
class WarState:
    """What War's page keeps of every game: the totals (game/war/summary.py) and the outcomes, a
    letter each, oldest first (the win-rate curve)."""

    summary: Summary = field(default_factory=Summary)
    letters: list[str] = field(default_factory=list)

    @property
    def outcomes(self) -> str:
        return "".join(self.letters)


class WarTotals:
    """The store's DetailsReader of War's page: a game whose details are not a War record is left out."""

    key = "war-1"

    def start(self) -> WarState:
        return WarState()

    def add(self, state: WarState, details: dict) -> bool:
        if not is_war_record(details):
            return False
        state.summary.add(details)
        state.letters.append(details["outcome"][0])
        return True

    def to_data(self, state: WarState) -> Any:
        return {"summary": state.summary.to_data(), "outcomes": state.outcomes}

    def from_data(self, data: Any) -> WarState | None:
        try:
            summary, outcomes = Summary.from_data(data["summary"]), data["outcomes"]
        except (ValueError, *DAMAGE):
            return None
        if not (isinstance(outcomes, str) and len(outcomes) == summary.games and set(outcomes) <= set(LETTERS)):
            return None
        return WarState(summary, list(outcomes))


def war_totals(store: StatsStore) -> DetailsTotals | None:
    """War's totals of every finished game (`state` a WarState); the games left out are counted in the
    store's `skipped`. None if the file would not answer."""
    return store.details_totals(GAME, WarTotals())


def war_page(store: StatsStore, totals: DetailsTotals, start: int, count: int) -> list[dict]:
    """The records of the games `totals` kept, newest first, from the `start`-th (0: the newest) on:
    at most `count`. A game changed since it was kept and no longer a record is left off."""
    rows = store.read(PAGE, (GAME, totals.folded.upto, json.dumps(totals.left_out), count, start))
    return [record for row in rows if (record := war_record(*row)) is not None]
