"""Statistics in SQLite: one row per finished game, one per seat, written in one transaction.

The file is checked when it is opened (storage/stats_schema.py: the tables and indexes this program
makes, nothing from the file is ever executed, and `PRAGMA integrity_check`); one a newer version
added columns or indexes to is only read. Only a file that fails those is moved aside, by one copy
at a time (holding LOCK_FILE, after looking again), and a new file is made whole beside it, then
renamed into place. A file that is busy (another copy writing), read-only or on a full disk is
kept: the rows wait, in memory and in the pending file (storage/pending.py), and are written as
soon as it takes them: on a later try (every RETRY_EVERY seconds) or at the next start. The frame
loop never waits for the file longer than BUSY_WAIT.

What the statistics screens show is read from totals kept beside the file (storage/stats_folding.py):
each reading adds only the games written since the last, never every game."""
from __future__ import annotations

import json
import logging
import os
import sqlite3
import stat
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from lang import _
from storage.files import quarantine
from storage.locks import FileLock
from storage.pending import LOCK_WAIT, QUIT_WAIT, PendingResults, Row
from storage.reading import DamagedFile, reason
from storage.report import SAVING, STATISTICS, Reporter
from storage.stats_folding import TOTALS_FILE, Totals
from storage.stats_reading import LEVEL_SHOWN, NAME_SHOWN, Figures, Who, details_of, seat_problem
from storage.stats_schema import KEYLESS_GAMES as KEYLESS_GAMES  # read here by the tests of older files
from storage.stats_schema import SCHEMA, Unfit, check, complete, is_damage, is_trouble
from storage.stats_totals import DetailsReader, DetailsTotals, GameTotals

STATS_FILE = "statistics.sqlite3"
LOCK_FILE = "statistics.lock"  # held while a copy sets the file aside or makes a new one
LOCK_POLL = 0.02  # seconds between tries to take that lock
BUSY_WAIT = 0.02  # seconds to wait for another's lock (the frame loop waits): then a row waits, retried later
RETRY_EVERY = 10.0  # seconds between tries to write waiting rows
PENDING = "pending results"  # what can fail: the results waiting for the file cannot be kept

log = logging.getLogger("card_arcade.storage")
T = TypeVar("T")


def read_text(data: bytes) -> str:
    """A TEXT value as stored: bytes that are no UTF-8 become lone surrogates, which every check of a
    row's text refuses (a row left out and counted, not a page that fails)."""
    return data.decode("utf-8", "surrogateescape")


def outcome_of(won: Sequence[bool], seat: int) -> str:
    """One seat's result among the seats' `won` flags: "win" (the only winner), "draw" (winning
    with others, a shared first place, or nobody won) or "loss". A tie is never a win."""
    winners = sum(bool(w) for w in won)
    if not won[seat]:
        return "loss" if winners else "draw"
    return "win" if winners == 1 else "draw"


def level_of(details: dict, seat: Any) -> str | None:
    """The level of the computer in `seat`, if the game's details recorded it."""
    levels = details.get("levels")
    if isinstance(levels, list) and isinstance(seat, int) and 0 <= seat < len(levels) \
            and isinstance(levels[seat], str) and levels[seat] != "human":
        return levels[seat][:LEVEL_SHOWN]
    return None


@contextmanager
def held(lock: FileLock, wait: float) -> Iterator[None]:
    """Hold `lock` for the block, waiting up to `wait` seconds for another copy to let it go
    (TimeoutError then)."""
    deadline = time.monotonic() + wait
    while not lock.acquire():
        if time.monotonic() > deadline:
            why = "cannot be opened" if lock.refused else "is held by another copy"
            raise TimeoutError(f"{lock.path.name} {why}")
        time.sleep(LOCK_POLL)
    try:
        yield
    finally:
        lock.release()


class StatsStore:
    """Per-game records with per-seat results; `details` is a JSON object a game fills.

    `db` is the file's connection, or an in-memory stand-in (this session's games only) while the
    file cannot be opened; `waiting` holds rows the file has not taken yet."""

    def __init__(self, folder: Path, report: Reporter | None = None) -> None:
        self.path = folder / STATS_FILE
        self.report = report or Reporter()
        self.warnings = self.report.warnings
        self.skipped: dict[str, int] = {}  # per game, the rows the last read of it left out (damaged)
        self.waiting: list[Row] = []
        self.pending = PendingResults(folder)
        self.in_pending: set[str | None] = set()  # the keys of the rows the pending file holds
        self.on_file = False
        self.newer: str | None = None  # what a newer version added to the file: then it is only read
        self.tried = 0.0
        self.db = self.open()
        self.totals = self._totals_of_db()
        self.checked: dict[str, tuple] = {}  # per kind (or game page), the file's state when its totals were checked
        self.take_pending()

    # -- opening -----------------------------------------------------------------------------
    def _totals_of_db(self) -> Totals:
        """The totals of the games in `db`: kept beside the file, or only in memory for the stand-in."""
        return Totals(self.path.with_name(TOTALS_FILE) if self.on_file else None)

    def open(self) -> sqlite3.Connection:
        """The file's connection; an in-memory stand-in if it cannot be used now (said once)."""
        db = self._open_file()
        if db is None:
            db = sqlite3.connect(":memory:")
            db.executescript(SCHEMA)
        return db

    def _open_file(self) -> sqlite3.Connection | None:
        """The checked file (a damaged or foreign one moved aside first), or None if it cannot be used now."""
        self.tried = time.monotonic()
        try:
            try:
                db = self._connect()
            except (Unfit, FileNotFoundError):
                db = self._renew()
        except (sqlite3.Error, OSError, Unfit) as exc:
            self._failed(exc)
            return None
        self.on_file = True
        if self.newer:
            self.report.failed(STATISTICS, _("Statistics: {file} holds what a newer version of Card Arcade added "
                                             "({added}), so this version only reads it and adds no games.",
                                             file=STATS_FILE, added=self.newer))
        return db

    def _renew(self) -> sqlite3.Connection:
        """With the other copies kept out: look at the file again (another copy may have renewed it
        already), move it aside if it is still unfit, and put a new one in its place."""
        with held(FileLock(self.path.with_name(LOCK_FILE)), BUSY_WAIT):
            try:
                return self._connect()
            except Unfit as exc:
                self.report.say(_("Statistics: {problem}. A new file is started.",
                                  problem=quarantine(self.path, str(exc))))
            except FileNotFoundError:
                pass
            if not os.path.lexists(self.path):  # a file that would not move aside is never replaced
                self._create()
            return self._connect()

    def _create(self) -> None:
        """A new file with the schema, made beside the path and renamed into it whole."""
        fd, temp = tempfile.mkstemp(prefix=f"{STATS_FILE}.", suffix=".new", dir=self.path.parent)
        os.close(fd)
        try:
            db = sqlite3.connect(temp)
            try:
                db.executescript(SCHEMA)
            finally:
                db.close()
            os.replace(temp, self.path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise

    def _connect(self) -> sqlite3.Connection:
        """Open and check the file, never making one (FileNotFoundError if there is none; Unfit if it
        is not ours or not sound); sqlite3/OS errors otherwise."""
        info = os.lstat(self.path)
        if not stat.S_ISREG(info.st_mode):
            raise Unfit("a link or special file, not a database" if stat.S_ISLNK(info.st_mode) else "not a file")
        db = sqlite3.connect(Path(os.path.abspath(self.path)).as_uri() + "?mode=rw", timeout=BUSY_WAIT, uri=True)
        db.text_factory = read_text  # text another program stored as bytes that are no UTF-8 reads, then is refused
        try:
            db.execute("PRAGMA trusted_schema = OFF")
            self.newer = check(db)
            db.execute(f"PRAGMA query_only = {'ON' if self.newer else 'OFF'}")
            if not self.newer:
                complete(db)
        except sqlite3.Error as exc:
            db.close()
            if is_damage(exc):
                raise Unfit(str(exc)) from exc
            raise
        except Unfit:
            db.close()
            raise
        return db

    def _failed(self, exc: BaseException) -> None:
        log.warning("statistics file %s: %s", self.path, exc)
        if SAVING not in self.report.failing:  # "progress cannot be saved" says it already
            self.report.failed(STATISTICS, _("Statistics cannot be written now ({problem}); finished games' results "
                                             "are kept and will be counted when they can be.", problem=exc))

    def close(self) -> None:
        self.flush(force=True, wait=QUIT_WAIT)  # no later try: wait longer for another copy's update
        self.db.close()

    # -- writing -----------------------------------------------------------------------------
    def record_game(self, game: str, seats: list[dict], details: dict | None = None,
                    key: str | None = None) -> int | None:
        """Store a finished game; seats are {name, kind, score, won} and, for a computer, its
        `level` (kept in the details as "levels", one per seat, "human" for a person, unless the
        game wrote them itself). Returns the game's id, or None if the key was counted already or
        the row has to wait (busy, read-only, full disk).

        `key` names one game: recording the same key again (a resumed, already counted game)
        stores nothing."""
        rows = [(i, s["name"], s.get("kind", "human"), s.get("score"), int(bool(s.get("won"))))
                for i, s in enumerate(seats)]
        if not all(isinstance(r[1], str) and isinstance(r[2], str) and (r[3] is None or isinstance(r[3], (int, float)))
                   for r in rows):
            raise TypeError(f"a seat's name, kind or score is of the wrong type: {seats!r}")
        details = dict(details or {})
        if "levels" not in details and any(isinstance(s.get("level"), str) for s in seats):
            details["levels"] = [s.get("level") if s.get("kind") == "computer" else "human" for s in seats]
        row = Row(game, time.time(), json.dumps(details), key, rows)
        if not self.on_file:
            self._insert(self.db, row)  # this session's screen shows it while the file cannot
        self.waiting.append(row)
        written = self.flush(force=True)
        return written.get(id(row))

    def take_pending(self) -> None:
        """Take the results an earlier run (or another copy) left waiting, and write them if the file takes them."""
        try:
            rows = self.pending.read()
        except DamagedFile as exc:
            self.report.say(_("Results waiting for the statistics: {problem}", problem=exc))
            return
        self.in_pending.update(row.key for row in rows)
        mine = {row.key for row in self.waiting}
        for row in rows:
            if row.key not in mine:
                if not self.on_file:
                    self._insert(self.db, row)  # this session's screen shows it while the file cannot
                self.waiting.append(row)
        self.flush(force=True)

    def flush(self, force: bool = False, wait: float = LOCK_WAIT) -> dict[int, int | None]:
        """Write the waiting rows (each in its own transaction), keep those the file refuses in the
        pending file (waiting up to `wait` seconds for another copy's update of it); {id(row): game id}
        of those written. Without `force`, tries at most every RETRY_EVERY seconds (also to open a
        file that could not be opened)."""
        if (self.on_file and not self.waiting) or (not force and time.monotonic() - self.tried < RETRY_EVERY):
            return {}
        if not self.on_file:
            db = self._open_file()
            if db is None:
                self._keep(set(), wait)
                return {}
            self.db.close()  # the stand-in: its rows are all waiting
            self.db = db
            self.totals = self._totals_of_db()
        self.tried = time.monotonic()
        written: dict[int, int | None] = {}
        done: set[str | None] = set()
        try:
            while self.waiting:
                written[id(self.waiting[0])] = self._insert(self.db, self.waiting[0])
                done.add(self.waiting.pop(0).key)
        except sqlite3.Error as exc:
            if not is_trouble(exc):
                raise
            self._failed(exc)
        else:
            self.report.worked(STATISTICS, _("Statistics are written again."))
        self._keep(done, wait)
        return written

    def _keep(self, done: set[str | None], wait: float = LOCK_WAIT) -> None:
        """Bring the pending file up to date (only if it changes): the rows written leave it, the rows
        waiting join it. A file that cannot be written is said once."""
        done &= self.in_pending
        if not done and all(row.key in self.in_pending for row in self.waiting):
            return
        try:
            if not self.pending.update(self.waiting, {key for key in done if key is not None}, wait):
                return  # another copy is updating it: the next try
        except OSError as exc:
            log.warning("cannot keep the waiting results in %s: %s", self.pending.path, exc)
            self.report.failed(PENDING, _("Finished games' results cannot be kept ({problem}): they are counted only "
                                          "if the statistics can be written before you quit.", problem=reason(exc)))
            return
        self.in_pending = (self.in_pending - done) | {row.key for row in self.waiting}
        self.report.worked(PENDING)

    @staticmethod
    def _insert(db: sqlite3.Connection, row: Row) -> int | None:
        with db:
            cursor = db.execute(
                "INSERT OR IGNORE INTO games (game, finished_at, details, game_key) VALUES (?, ?, ?, ?)",
                (row.game, row.finished_at, row.details, row.key))
            if cursor.rowcount == 0:
                return None
            game_id = cursor.lastrowid
            db.executemany("INSERT INTO seats (game_id, seat, name, kind, score, won) VALUES (?, ?, ?, ?, ?, ?)",
                           [(game_id, *seat) for seat in row.seats])
        return game_id

    def reset(self, game: str | None = None) -> bool:
        """Delete every finished game of one kind (of every kind if None), the rows waiting to be
        written too; False (said once) if the file would not take it now."""
        try:
            with self.db:
                if game is None:
                    self.db.execute("DELETE FROM seats")
                    self.db.execute("DELETE FROM games")
                else:
                    self.db.execute("DELETE FROM seats WHERE game_id IN (SELECT id FROM games WHERE game = ?)",
                                    (game,))
                    self.db.execute("DELETE FROM games WHERE game = ?", (game,))
        except sqlite3.Error as exc:
            if not is_trouble(exc):
                raise
            self._failed(exc)
            return False
        self.totals.forget(game)
        dropped = {row.key for row in self.waiting if game is None or row.game == game}
        self.waiting = [row for row in self.waiting if game is not None and row.game != game]
        self._keep(dropped)
        return True

    # -- reading -----------------------------------------------------------------------------
    def player_summary(self, game: str) -> list[dict]:
        """Per player (name, kind and a computer's level): games, wins, draws (ties: a shared first
        place or no winner, never counted as wins), best and lowest score, most games first. From the
        totals (storage/stats_folding.py); a game with a seat that cannot be shown is left out, counted
        in `skipped[game]`."""
        found = self._game_totals(game)
        rows = [totals.row(who) for who, totals in found.players.items()] if found else []
        # ties in the order SQL's GROUP BY gave them before: by kind, a missing level first
        return sorted(rows, key=lambda row: (-row["games"], row["name"], str(row["level"]), row["kind"],
                                             row["level"] is not None))

    def player_figures(self, game: str, who: Who) -> Figures:
        """One player's figures in the games of one kind, with their newest games (kept, like the
        totals, until the file changes)."""
        found = self._game_totals(game)
        player = found.players.get(who) if found else None
        if found is None or player is None:
            return Figures()
        if who not in found.figures:
            found.figures[who] = player.figures()
        return found.figures[who]

    def details_totals(self, game: str, reader: DetailsReader) -> DetailsTotals | None:
        """What `reader` (a game's own statistics page) keeps of the details of every game of `game`;
        the games it leaves out are counted in `skipped[game]`. None if the file would not answer."""
        def known() -> DetailsTotals | None:
            kept = self.totals.details.get(game)
            return kept if kept is not None and kept.key == reader.key else None

        found = self._kept(f"details:{game}", known, lambda: self.totals.details_of_game(self.db, game, reader))
        if found is not None:
            self.skipped[game] = len(found.left_out)
        return found

    def _game_totals(self, game: str) -> GameTotals | None:
        found = self._kept(f"game:{game}", lambda: self.totals.games.get(game), lambda: self.totals.game(self.db, game))
        if found is not None:
            self.skipped[game] = found.left_out
        return found

    def _kept(self, name: str, known: Callable[[], T | None], current: Callable[[], T]) -> T | None:
        """The totals `known` gives if the file did not change since they were checked, else `current`
        ones (None if the file would not answer)."""
        now = self._reading(lambda: (id(self.db), self.db.total_changes, self._query("PRAGMA data_version", {})))
        found = known()
        if now is None or found is None or self.checked.get(name) != now:
            found = self._reading(current)
            if found is not None and now is not None:
                self.checked[name] = now
        return found

    def _query(self, sql: str, params: dict) -> list[tuple]:
        return self.db.execute(sql, params).fetchall()

    def _reading(self, read: Callable[[], T]) -> T | None:
        """What `read` reads; None (said once) if the file stays locked or breaks while the program runs."""
        try:
            return read()
        except sqlite3.Error as exc:
            if not is_trouble(exc):
                raise
            self._failed(exc)
            return None

    def results(self, game: str, limit: int = -1) -> list[dict]:
        """The newest `limit` (-1: all) finished games of one kind, oldest first: id, finished_at,
        details and seats {name, kind, level, score, won, outcome}; `level` is a computer's level
        where the details recorded it, else None; `outcome` is `outcome_of` the game's seats. A game
        with a seat that cannot be shown (`seat_problem`) is left out, counted in `skipped[game]`."""
        rows = self.read(
            """SELECT g.id, g.finished_at, g.details, s.seat, s.name, s.kind, s.score, s.won
               FROM games g JOIN seats s ON s.game_id = g.id
               WHERE g.id IN (SELECT id FROM games WHERE game = ? ORDER BY id DESC LIMIT ?)
               ORDER BY g.id, s.seat""", (game, limit))
        games: dict[int, dict] = {}
        damaged: set[int] = set()
        for game_id, finished_at, details, seat, name, kind, score, won in rows:
            record = games.get(game_id)
            if record is None:
                record = games[game_id] = {"id": game_id, "finished_at": finished_at, "details": details_of(details),
                                           "seats": []}
            level = level_of(record["details"], seat) if kind == "computer" else None
            problem = seat_problem(name, kind, score, level)
            if problem:
                log.warning("a %s game's row left out of the statistics: %s", game, problem)
                damaged.add(game_id)
                continue
            record["seats"].append({"name": name[:NAME_SHOWN].strip(), "kind": kind, "level": level,
                                    "score": score, "won": bool(won)})
        for game_id in damaged:
            del games[game_id]
        self.skipped[game] = len(damaged)
        for record in games.values():
            won = [seat["won"] for seat in record["seats"]]
            for index, seat in enumerate(record["seats"]):
                seat["outcome"] = outcome_of(won, index)
        return list(games.values())

    def games(self, game: str, limit: int = 200) -> list[dict]:
        """The newest finished games of one kind, with their seats and details."""
        rows = self.read("SELECT id, finished_at, details FROM games WHERE game = ? ORDER BY id DESC LIMIT ?",
                         (game, limit))
        result = []
        for game_id, finished_at, details in rows:
            seats = self.read("SELECT name, kind, score, won FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
            result.append({"id": game_id, "finished_at": finished_at, "details": details_of(details),
                           "seats": [{"name": str(n)[:NAME_SHOWN], "kind": k, "score": s, "won": bool(w)}
                                     for n, k, s, w in seats]})
        return result

    def count(self, game: str | None = None) -> int:
        if game is None:
            rows = self.read("SELECT count(*) FROM games", ())
        else:
            rows = self.read("SELECT count(*) FROM games WHERE game = ?", (game,))
        return rows[0][0] if rows else 0

    def read(self, sql: str, params: tuple) -> list[tuple]:
        """The rows of one query of the program's own; a file that stays locked (or breaks while the
        program runs) gives no rows, and is said once, instead of a crash."""
        try:
            return self.db.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            if not is_trouble(exc):
                raise
            self._failed(exc)
            return []
