"""Your tables: every networked table this machine holds a seat at, kept in the data folder (where
it is, its game, whose turn it was when this window left it), so the Join screen offers one click
back. The seat itself comes back with its token (scenes/online/session.py keeps those)."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from game.registry import game_info, game_names
from lang import N_, _
from storage.files import atomic_write_json, quarantine
from storage.reading import DamagedFile, read_json

log = logging.getLogger("card_arcade.online")

TABLES_FILE = "online-tables.json"
TABLES_LIMIT = 64 * 1024
KEPT_TABLES = 20
TEXT_LIMIT = 200  # characters of a kept server address or turn
IN_LOBBY, YOUR_TURN, THEIR_TURN = N_("in the lobby"), N_("your turn"), "'s turn"  # a kept turn (English)


@dataclass(frozen=True, slots=True)
class YourTable:
    """A table this machine holds a seat at: its code, server URL, game, and whose turn it was."""

    code: str
    server: str
    game: str
    turn: str = ""

    def label(self) -> str:
        """The table as Your tables lists it, in the player's language."""
        title = _(game_info(self.game).title)
        if not self.turn:
            return _("{game} {code}", game=title, code=self.code)
        return _("{game} {code}: {turn}", game=title, code=self.code, turn=turn_words(self.turn))


def turn_words(turn: str) -> str:
    """Whose turn it was, kept in English in the file (session.turn), in the player's language."""
    if turn in (IN_LOBBY, YOUR_TURN):
        return _(turn)
    if turn.endswith(THEIR_TURN):
        return _("{name}'s turn", name=turn.removesuffix(THEIR_TURN))
    return turn


def _text(value: object) -> str:
    return value if isinstance(value, str) and len(value) <= TEXT_LIMIT else ""


def your_tables(folder: Path) -> list[YourTable]:
    """The tables kept, newest first; a damaged file is moved aside (nothing lost but the way back)."""
    try:
        data = read_json(folder / TABLES_FILE, TABLES_LIMIT)
    except DamagedFile as exc:
        log.warning("your tables: %s", exc)
        quarantine(folder / TABLES_FILE, str(exc))
        return []
    kept = []
    for code, entry in (data if isinstance(data, dict) else {}).items():
        if not isinstance(entry, dict) or entry.get("game") not in game_names() or not _text(entry.get("server")):
            continue
        kept.append(YourTable(_text(code), _text(entry["server"]), entry["game"], _text(entry.get("turn"))))
    return [table for table in reversed(kept) if table.code]


def keep_table(folder: Path, table: YourTable) -> None:
    """Keep (or bring up to date) `table` as the newest of your tables."""
    _write(folder, [table, *(t for t in your_tables(folder) if t.code != table.code)])


def forget_table(folder: Path, code: str) -> None:
    """Forget the table `code` (its game is over, or it is gone)."""
    kept = your_tables(folder)
    if any(t.code == code for t in kept):
        _write(folder, [t for t in kept if t.code != code])


def _write(folder: Path, tables: list[YourTable]) -> None:
    data = {t.code: {"server": t.server, "game": t.game, "turn": t.turn} for t in reversed(tables[:KEPT_TABLES])}
    try:
        atomic_write_json(folder / TABLES_FILE, data)
    except OSError as exc:
        log.warning("cannot keep your tables: %s", exc)
