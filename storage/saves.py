"""The games in progress: a save per game and copy of the program, written atomically after every move.

Each game in progress belongs to one copy: a copy holds a lock beside the save it plays (`save-war.lock`
for `save-war.json`) for as long as it runs. A second copy that opens the same game plays and saves it
separately (`save-war-2.json`, ...), says so, and never touches the first copy's files. A save that
cannot be written (a read-only folder, a full disk) is said once; the game goes on, and is saved again
by the first move that can be. A finished game's save is removed: its result is in the statistics, or
waits for them in their pending file, never in a save slot."""
from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path

from lang import _, n_
from storage.files import NO_FOLDER, atomic_write_json, folder_problem, quarantine
from storage.locks import FileLock
from storage.reading import DamagedFile, read_json, reason
from storage.report import SAVING, Reporter

REMOVING = "removing"  # what can fail: a finished game's save cannot be removed

SAVE_VERSION = 1
SAVE_LIMIT = 1 << 20  # bytes; a save is about 20 KB
MAX_SLOTS = 9  # saves of one game kept at once (one per copy running it)
LEFTOVER_AGE = 3600.0  # seconds; a temporary file this old was cut short (a write takes milliseconds)
TEMP_NAME = re.compile(r"save-([a-z0-9_]+?)(?:-(\d))?\.json\..+\.tmp")  # names: registry.NAME_FORM


def cannot_save(folder: Path, problem: str) -> str:
    if folder == NO_FOLDER:
        return _("Progress cannot be saved ({problem}). You can play on; it is saved again when it can be.",
                 problem=problem)
    return _("Progress cannot be saved in {folder} ({problem}). You can play on; it is saved again when it can be.",
             folder=folder, problem=problem)


class SaveStore:
    """Saves are JSON files {"version", "game", "rules", "seats", "extra"}; slot 1 of a game is
    `save-<game>.json` (the name earlier versions used), slot n `save-<game>-<n>.json`."""

    def __init__(self, folder: Path, notify: Callable[[str], None] | None = None) -> None:
        self.folder = folder
        self.report = Reporter(notify)
        self.warnings = self.report.warnings
        self.owned: dict[str, int] = {}  # game -> the slot this copy writes
        self.offered: dict[str, int] = {}  # game -> the waiting save exists() found (a new game replaces it)
        self.keys: dict[str, str | None] = {}  # game -> the game key of this copy's last save of it
        self.locks: dict[tuple[str, int], FileLock] = {}
        problem = folder_problem(folder)
        if problem:
            self.report.failed(SAVING, cannot_save(folder, problem))
        else:
            self.clean_leftovers()

    # -- files and locks ---------------------------------------------------------------------
    def slot_path(self, game: str, slot: int) -> Path:
        if not registered(game):  # any registered game: its name is safe in a file name
            raise ValueError(f"unknown game {game!r}")
        return self.folder / (f"save-{game}.json" if slot == 1 else f"save-{game}-{slot}.json")

    def path(self, game: str) -> Path:
        """The save this copy writes for `game` (slot 1 until it owns another)."""
        return self.slot_path(game, self.owned.get(game, 1))

    def lock(self, game: str, slot: int) -> FileLock:
        if (game, slot) not in self.locks:
            self.locks[(game, slot)] = FileLock(self.slot_path(game, slot).with_suffix(".lock"))
        return self.locks[(game, slot)]

    def _files(self, game: str) -> list[int]:
        """The slots of `game` that hold a file, newest first."""
        found = [(os.lstat(p).st_mtime, slot) for slot in range(1, MAX_SLOTS + 1)
                 if os.path.lexists(p := self.slot_path(game, slot))]
        return [slot for _, slot in sorted(found, reverse=True)]

    def _release(self, game: str) -> int | None:
        slot = self.owned.pop(game, None)
        if slot is not None:
            self.lock(game, slot).release()
        self.offered.pop(game, None)
        return slot

    def clean_leftovers(self) -> None:
        """Remove temporary files cut short by a crash: a save's only when no copy owns that save,
        any other only when it is old. Another copy's write in progress is never touched."""
        for temp in self.folder.glob("*.tmp"):
            match = TEMP_NAME.fullmatch(temp.name)
            try:
                if match and registered(match.group(1)):
                    if self.lock(match.group(1), int(match.group(2) or 1)).free():
                        temp.unlink(missing_ok=True)
                elif time.time() - temp.lstat().st_mtime > LEFTOVER_AGE:
                    temp.unlink(missing_ok=True)
            except OSError:
                continue

    # -- what the table and the menu call ----------------------------------------------------
    def exists(self, game: str) -> bool:
        """Whether a save of `game` waits for this copy: its own, or one no copy is playing."""
        if game in self.owned:
            return os.path.lexists(self.path(game))
        waiting = [slot for slot in self._files(game) if self.lock(game, slot).free()]
        if waiting:
            self.offered[game] = waiting[0]
        else:
            self.offered.pop(game, None)
        return bool(waiting)

    def load(self, game: str) -> dict | None:
        """This copy's save of `game`, else the newest one no copy is playing (now this copy's);
        None if there is none. A damaged save is moved aside and said."""
        if game not in self.owned:
            files = self._files(game)
            slot = next((s for s in files if self.lock(game, s).acquire()), None)
            if slot is None:
                if files:
                    self.report.say(_("{game} is open in another window: its game stays there.", game=title(game)))
                return None
            self.owned[game] = slot
        path = self.path(game)
        try:
            data = read_json(path, SAVE_LIMIT)
        except DamagedFile as exc:
            self.report.say(_("Saved game: {problem}", problem=exc))
            self._release(game)
            return None
        if data is None:
            self._release(game)
            return None
        problem = validate_payload(data, game)
        if problem:
            self.report.say(_("Saved game: {problem}", problem=quarantine(path, problem)))
            self._release(game)
            return None
        self.keys[game] = game_key(data["extra"])
        return data

    def save(self, game: str, rules: dict, seats: list[dict], extra: dict | None = None) -> bool:
        """Write this copy's save of `game`; False (said once, not raised) if it cannot be written."""
        extra = extra or {}
        payload = {"version": SAVE_VERSION, "game": game, "rules": rules, "seats": seats, "extra": extra}
        slot = self._claim(game)
        if slot is None:
            self.report.failed(SAVING, cannot_save(self.folder, n_("{n} copy holds a {game} game",
                                                                   "{n} copies hold a {game} game", MAX_SLOTS,
                                                                   game=title(game))))
            return False
        try:
            atomic_write_json(self.slot_path(game, slot), payload)
        except OSError as exc:
            problem = folder_problem(self.folder) or reason(exc)
            self.report.failed(SAVING, cannot_save(self.folder, problem))
            return False
        self.report.worked(SAVING, _("Saving works again: your game is saved."))
        self.keys[game] = game_key(extra)
        return True

    def _claim(self, game: str) -> int | None:
        """The slot this copy saves `game` in: the one it owns, else the waiting save the player chose
        to replace (the menu offered it), else the first empty one no copy holds."""
        if game in self.owned:
            return self.owned[game]
        offered = self.offered.pop(game, None)
        taken = [s for s in self._files(game) if not self.lock(game, s).free()]
        candidates = ([offered] if offered is not None and offered not in taken else []) + [
            s for s in range(1, MAX_SLOTS + 1) if not os.path.lexists(self.slot_path(game, s))]
        slot = next((s for s in candidates if self.lock(game, s).acquire()), None)
        if slot is None:
            return None
        self.owned[game] = slot
        if taken:  # a copy plays the others
            self.report.say(_("{game} is open in another window: this game is saved separately.", game=title(game)))
        return slot

    def delete(self, game: str) -> None:
        """A game is over: remove this copy's save of it (others' saves are never touched). A save
        that cannot be removed (a read-only folder) is said once, never raised."""
        self.keys.pop(game, None)
        slot = self._release(game)
        if slot is None:
            return
        path = self.slot_path(game, slot)
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            problem = folder_problem(self.folder) or reason(exc)
            self.report.failed(REMOVING, _("{file} could not be removed ({problem}): Resume offers the game it holds.",
                                           file=path.name, problem=problem))
            return
        self.report.worked(REMOVING)

    def discard_damaged(self, game: str, problem: str) -> None:
        """This copy's save whose rules would not load: move it aside with the reason."""
        if game not in self.owned:
            return
        path = self.path(game)
        if os.path.lexists(path):
            self.report.say(f"Saved game: {quarantine(path, problem)}")
        self.keys.pop(game, None)
        self._release(game)


def game_key(extra: dict) -> str | None:
    """The key naming a save's game in the statistics, as the table reads it."""
    key = extra.get("key")
    return str(key) if key else None


def validate_payload(data: object, game: str) -> str | None:
    """What is wrong with a save payload, or None."""
    if not isinstance(data, dict):
        return "not a save"
    if data.get("version") != SAVE_VERSION:
        return f"version {data.get('version')!r} is not {SAVE_VERSION}"
    if data.get("game") != game or not isinstance(data.get("rules"), dict):
        return "wrong game"
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats):
        return "bad seats"
    if not isinstance(data.setdefault("extra", {}), dict):
        return "bad extra data"
    return None


def registered(game: str) -> bool:
    """`game` is a registered game (its name is then safe in a file name). The registry, and the rules it
    brings, is imported only now: not before the window's first frame."""
    from game.registry import game_names

    return game in game_names()


def title(game: str) -> str:
    from game.registry import game_info

    return _(game_info(game).title)
