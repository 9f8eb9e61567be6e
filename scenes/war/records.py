"""War's statistics read back from the shared SQLite store: every finished game's record."""
from __future__ import annotations

import math
from typing import Any

from game.printable import plain, text_problem
from storage.stats import StatsStore, details_of

GAME = "war"
COUNT_KEYS = ("battles", "battles_won", "wars", "wars_won", "double_wars", "triple_wars", "quadruple_wars",
              "deeper_wars", "longest_war")
STAT_KEYS = ("outcome", *COUNT_KEYS, "war_depths", "play_time_s", "reason")
MAX_COUNT = 10**9  # more battles than any game of War plays
OUTCOMES = ("win", "loss", "draw")
REASON_CHARS = 20


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
    records = []
    for game_id, finished_at, details, names in rows:
        data = details_of(details)  # bounded: a hostile file's details never crash the screen
        if is_war_record(data) and (names is None or isinstance(names, str)):
            records.append({"id": game_id, "finished_at": finished_at, "players": plain(names or "")[:80],
                            "details": data})
    store.skipped[GAME] = len(rows) - len(records)
    return records
