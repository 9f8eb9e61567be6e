"""Finished games whose statistics rows the file has not taken yet (busy, read-only, full), kept in
one small JSON file beside it until it does: written atomically, bounded, shared by every copy of
the program (each merges its rows with the file's under a lock), read back at the next start."""
from __future__ import annotations

import logging
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from storage.files import atomic_write_json, quarantine
from storage.locks import FileLock
from storage.reading import DamagedFile, read_json

PENDING_FILE = "pending-results.json"
PENDING_VERSION = 1
MAX_PENDING = 200  # games kept at most: the oldest go first (a game's row is about 1 KB)
PENDING_LIMIT = 4 << 20  # bytes of the file read back
LOCK_WAIT = 0.2  # seconds to wait for another copy's update of the file (milliseconds, more on a busy disk)
QUIT_WAIT = 5.0  # ... when this copy quits and has no later try (8 copies quitting together on a loaded
#                  machine, 0.2 s lost a result)
LOCK_POLL = 0.005

log = logging.getLogger("card_arcade.storage")


@dataclass
class Row:
    """A finished game waiting to be written."""

    game: str
    finished_at: float
    details: str
    key: str | None
    seats: list[tuple]


def to_data(row: Row) -> dict:
    return {"game": row.game, "finished_at": row.finished_at, "details": row.details, "key": row.key,
            "seats": [list(seat) for seat in row.seats]}


def storable(text: str) -> bool:
    """Whether SQLite can take `text`: a lone surrogate (a JSON escape can make one) cannot be encoded."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def from_data(data: object) -> Row | None:
    """The row a file's entry holds; None if it is not one this program wrote (a text that SQLite
    could not store included: it made every start fail)."""
    if not isinstance(data, dict):
        return None
    game, finished_at, details, key, seats = (data.get(k) for k in ("game", "finished_at", "details", "key", "seats"))
    if not (isinstance(game, str) and isinstance(finished_at, (int, float)) and isinstance(details, str)
            and isinstance(key, str) and isinstance(seats, list)):
        return None
    if not all(isinstance(s, list) and len(s) == 5 and isinstance(s[0], int) and isinstance(s[1], str)
               and isinstance(s[2], str) and (s[3] is None or isinstance(s[3], (int, float))) and s[4] in (0, 1)
               for s in seats):
        return None
    if not all(storable(text) for text in (game, details, key, *(t for s in seats for t in s[1:3]))):
        return None
    return Row(game, float(finished_at), details, key, [tuple(s) for s in seats])


class PendingResults:
    """The file `pending-results.json` in `folder`; every row in it has a key (the statistics
    count a key once, so a row two copies both write is counted once)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / PENDING_FILE
        self.lock = FileLock(folder / "pending-results.lock")

    def read(self) -> list[Row]:
        """The rows in the file (none if there is none); DamagedFile if it is not ours (moved aside)."""
        data = read_json(self.path, PENDING_LIMIT)
        if data is None:
            return []
        entries = data.get("rows") if isinstance(data, dict) and data.get("version") == PENDING_VERSION else None
        if not isinstance(entries, list):
            raise DamagedFile(quarantine(self.path, "not a list of results"))
        rows = [from_data(entry) for entry in entries]
        if None in rows:
            log.warning("%s: %d entries that are not results left out", self.path, rows.count(None))
        return [row for row in rows if row is not None]

    def update(self, keep: list[Row], done: set[str], wait: float = LOCK_WAIT) -> bool:
        """Rewrite the file as its rows plus `keep`, less those whose keys are `done` (removed when
        none is left). False if another copy is updating it now (try later); OSError if it cannot be
        written, or its lock file cannot be opened (no copy could ever update it). Another copy's
        update is waited for up to `wait` seconds: a copy quitting has no later try and waits longer
        (copies quitting together on a busy statistics file lost half their results)."""
        deadline = time.monotonic() + wait
        while not self.lock.acquire():
            if self.lock.refused:
                raise OSError(f"its lock file {self.lock.path.name} cannot be opened")
            if time.monotonic() > deadline:
                return False
            time.sleep(LOCK_POLL)
        try:
            try:
                rows = self.read()
            except DamagedFile as exc:
                log.warning("%s", exc)
                rows = []
            known = {row.key for row in rows}
            rows = [row for row in rows + [keyed(r) for r in keep if r.key not in known] if row.key not in done]
            if len(rows) > MAX_PENDING:
                log.warning("%d finished games wait for the statistics: the oldest %d are dropped", len(rows),
                            len(rows) - MAX_PENDING)
                rows = sorted(rows, key=lambda row: row.finished_at)[-MAX_PENDING:]
            if rows:
                atomic_write_json(self.path, {"version": PENDING_VERSION, "rows": [to_data(row) for row in rows]})
            else:
                self.path.unlink(missing_ok=True)
        finally:
            self.lock.release()
        return True


def keyed(row: Row) -> Row:
    """The row with a key of its own if it had none, so that it is counted once however often it is written."""
    if row.key is None:
        row.key = f"pending-{uuid.uuid4().hex}"
    return row
