"""War's statistics read back from the shared SQLite store: every finished game's record."""
from __future__ import annotations

from storage.stats import StatsStore, details_of

GAME = "war"
STAT_KEYS = ("outcome", "battles", "battles_won", "wars", "wars_won", "double_wars",
             "triple_wars", "quadruple_wars", "deeper_wars", "longest_war", "war_depths",
             "play_time_s", "reason")


def is_war_record(details: object) -> bool:
    """True if a games row's details hold a complete War statistics record."""
    return isinstance(details, dict) and all(k in details for k in STAT_KEYS)


def war_records(store: StatsStore) -> list[dict]:
    """Every finished War game, oldest first: id, finished_at, seat names and the details.

    Rows whose details are not a War record (damaged or foreign) are skipped, never fatal.
    """
    rows = store.read(
        """SELECT g.id, g.finished_at, g.details,
                  (SELECT group_concat(name, ' v ') FROM
                      (SELECT name FROM seats WHERE game_id = g.id ORDER BY seat))
           FROM games g WHERE g.game = ? ORDER BY g.id""", (GAME,))
    records = []
    for game_id, finished_at, details, names in rows:
        data = details_of(details)  # bounded: a hostile file's details never crash the screen
        if is_war_record(data):
            records.append({"id": game_id, "finished_at": finished_at, "players": names or "",
                            "details": data})
    return records
