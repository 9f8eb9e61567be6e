"""The statistics file's schema, every version of it, and the checks a file passes before it is
used: the tables and indexes this program makes (nothing of anyone else's: no trigger, view or
constraint; SQLite's own statistics are let be) and a sound database. A file a newer version added
columns or indexes to is only read."""
from __future__ import annotations

import functools
import sqlite3

DAMAGED_CODES = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
TROUBLE = (sqlite3.OperationalError, sqlite3.DatabaseError)  # busy, read-only, full, I/O, damaged: not bugs
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    finished_at REAL NOT NULL,
    details TEXT NOT NULL DEFAULT '{}',
    game_key TEXT UNIQUE
);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    score REAL,
    won INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS seats_by_game ON seats(game_id);
CREATE INDEX IF NOT EXISTS games_by_name ON games(game);
"""
KEYLESS_GAMES = """CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    finished_at REAL NOT NULL,
    details TEXT NOT NULL DEFAULT '{}'
);"""  # games before they had keys (the first version)
ADD_KEYS = "ALTER TABLE games ADD COLUMN game_key TEXT; CREATE UNIQUE INDEX games_by_key ON games(game_key);"
COLUMNS = {"games": {"id", "game", "finished_at", "details", "game_key"},
           "seats": {"game_id", "seat", "name", "kind", "score", "won"}}


class Unfit(Exception):
    """The file is not a statistics file of this program (damaged, foreign or wrong schema)."""


@functools.cache
def known_objects() -> frozenset[tuple]:
    """Every (type, name, table, sql) the program's versions have made, from their own statements."""
    made: set[tuple] = set()
    for script in (SCHEMA, KEYLESS_GAMES + SCHEMA, KEYLESS_GAMES + SCHEMA + ADD_KEYS):
        db = sqlite3.connect(":memory:")
        db.executescript(script)
        made.update(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
        db.close()
    return frozenset(made)


def is_trouble(exc: sqlite3.Error) -> bool:
    """An error of the file or the disk, not of the program (a closed connection, a bad parameter)."""
    return type(exc) in TROUBLE


def is_damage(exc: sqlite3.Error) -> bool:
    """A file that is not a sound database (not one that is busy, read-only or on a full disk)."""
    return (getattr(exc, "sqlite_errorcode", 0) & 0xFF) in DAMAGED_CODES


def check(db: sqlite3.Connection) -> str | None:
    """Unfit unless the file passes `PRAGMA integrity_check` and holds nothing that could run or
    mislead (a trigger, a view, a table of someone else's, a table of ours changed). What SQLite
    keeps of its own (ANALYZE's sqlite_stat tables) is let be. Returns what a newer version added to
    our tables (columns, indexes), for the file to be only read; None if it is all ours."""
    added: list[str] = []
    foreign: list[str] = []
    for kind, name, table, sql in db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"):
        if (kind, name, table, sql) in known_objects() or (kind == "table" and name.startswith("sqlite_")):
            continue  # a name SQLite keeps for itself: nobody else can make such a table
        columns = added_columns(db, name, sql) if kind == "table" else None
        if columns:
            added.extend(f"{name}.{column}" for column in columns)
        elif kind == "index" and table in COLUMNS:
            added.append(f"index {name}")
        else:
            foreign.append(f"{kind} {name}")
    if foreign:
        raise Unfit("not the statistics schema: " + ", ".join(sorted(foreign))[:200])
    result = db.execute("PRAGMA integrity_check").fetchall()
    if result != [("ok",)]:
        raise Unfit(f"integrity check: {result[0][0]}"[:200])
    return ", ".join(added)[:200] if added else None


def added_columns(db: sqlite3.Connection, table: str, sql: str | None) -> list[str]:
    """The columns added to one of our tables as ALTER TABLE ADD COLUMN adds them (its statement
    one of ours, more columns before the last bracket, every column of ours there); [] otherwise."""
    ours = [known for kind, name, _, known in known_objects() if kind == "table" and name == table]
    if not sql or not any(sql.startswith(known[:-1]) and sql[len(known) - 1:].startswith(",") for known in ours):
        return []
    columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
    return [c for c in columns if c not in COLUMNS[table]] if COLUMNS[table] <= set(columns) else []


def complete(db: sqlite3.Connection) -> None:
    """Make what is missing (a new file, or one cut short while it was made); add game keys to
    a file from before games had them."""
    names = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    if not {"games", "seats", "seats_by_game", "games_by_name"} <= names:
        db.executescript(SCHEMA)
    columns = {table: {row[1] for row in db.execute(f"PRAGMA table_info({table})")} for table in COLUMNS}
    if "game_key" not in columns["games"]:
        db.executescript(ADD_KEYS)
        columns["games"].add("game_key")
    if columns != COLUMNS:
        raise Unfit(f"columns {columns}")
