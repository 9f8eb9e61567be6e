"""Statistics in SQLite: one row per finished game, one per seat, written in one transaction."""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from storage.files import move_aside

STATS_FILE = "statistics.sqlite3"
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


class StatsStore:
    """Per-game records with per-seat results; `details` is a JSON object a game fills."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / STATS_FILE
        self.warnings: list[str] = []
        try:
            self._connect()
        except sqlite3.DatabaseError as exc:
            moved = move_aside(self.path)
            self.warnings.append(f"Statistics file was damaged ({exc}); moved to {moved.name}. A new one is started.")
            self._connect()

    def _connect(self) -> None:
        self.db = sqlite3.connect(self.path)
        self.db.executescript(SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
        if "game_key" not in columns:  # a file from before games had keys
            with self.db:
                self.db.execute("ALTER TABLE games ADD COLUMN game_key TEXT")
                self.db.execute("CREATE UNIQUE INDEX games_by_key ON games(game_key)")
        self.db.execute("SELECT count(*) FROM games").fetchone()

    def close(self) -> None:
        self.db.close()

    def record_game(self, game: str, seats: list[dict], details: dict | None = None,
                    key: str | None = None) -> int | None:
        """Store a finished game; seats are {name, kind, score, won}. Returns the game's id.

        `key` names one game: recording the same key again (a resumed, already counted game)
        stores nothing and returns None.
        """
        with self.db:
            cursor = self.db.execute(
                "INSERT OR IGNORE INTO games (game, finished_at, details, game_key) VALUES (?, ?, ?, ?)",
                (game, time.time(), json.dumps(details or {}), key))
            if cursor.rowcount == 0:
                return None
            game_id = cursor.lastrowid
            self.db.executemany(
                "INSERT INTO seats (game_id, seat, name, kind, score, won) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, i, s["name"], s.get("kind", "human"), s.get("score"), int(bool(s.get("won"))))
                 for i, s in enumerate(seats)])
        return game_id

    def player_summary(self, game: str) -> list[dict]:
        """Per name: games, wins and best score, most games first."""
        rows = self.db.execute(
            """SELECT s.name, s.kind, count(*), sum(s.won), max(s.score), min(s.score)
               FROM seats s JOIN games g ON g.id = s.game_id WHERE g.game = ?
               GROUP BY s.name, s.kind ORDER BY count(*) DESC, s.name""", (game,)).fetchall()
        return [{"name": n, "kind": k, "games": c, "wins": w or 0, "best": hi, "lowest": lo}
                for n, k, c, w, hi, lo in rows]

    def games(self, game: str, limit: int = 200) -> list[dict]:
        """The newest finished games of one kind, with their seats and details."""
        rows = self.db.execute("SELECT id, finished_at, details FROM games WHERE game = ? ORDER BY id DESC LIMIT ?",
                               (game, limit)).fetchall()
        result = []
        for game_id, finished_at, details in rows:
            seats = self.db.execute("SELECT name, kind, score, won FROM seats WHERE game_id = ? ORDER BY seat",
                                    (game_id,)).fetchall()
            result.append({"id": game_id, "finished_at": finished_at, "details": json.loads(details),
                           "seats": [{"name": n, "kind": k, "score": s, "won": bool(w)} for n, k, s, w in seats]})
        return result

    def count(self, game: str | None = None) -> int:
        if game is None:
            return self.db.execute("SELECT count(*) FROM games").fetchone()[0]
        return self.db.execute("SELECT count(*) FROM games WHERE game = ?", (game,)).fetchone()[0]
