"""The game in progress, one save per game, written atomically after every move."""
from __future__ import annotations

from pathlib import Path

from game.registry import GAME_NAMES
from storage.files import DamagedFile, atomic_write_json, quarantine, read_json

SAVE_VERSION = 1


class SaveStore:
    """Saves are JSON files `save-<game>.json`: {"version", "game", "rules", "seats", "extra"}."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.warnings: list[str] = []
        for leftover in folder.glob("save-*.json.*.tmp"):  # a write cut short by a crash
            leftover.unlink(missing_ok=True)

    def path(self, game: str) -> Path:
        if game not in GAME_NAMES:
            raise ValueError(f"unknown game {game!r}")
        return self.folder / f"save-{game}.json"

    def save(self, game: str, rules: dict, seats: list[dict], extra: dict | None = None) -> None:
        payload = {"version": SAVE_VERSION, "game": game, "rules": rules, "seats": seats, "extra": extra or {}}
        atomic_write_json(self.path(game), payload)

    def load(self, game: str) -> dict | None:
        """The saved payload, or None; a damaged save is moved aside and a warning kept."""
        path = self.path(game)
        try:
            data = read_json(path)
        except DamagedFile as exc:
            self.warnings.append(f"Saved game: {exc}")
            return None
        if data is None:
            return None
        problem = validate_payload(data, game)
        if problem:
            self.warnings.append(f"Saved game: {quarantine(path, problem)}")
            return None
        return data

    def discard_damaged(self, game: str, problem: str) -> None:
        """A save whose rules would not load: move it aside with the reason."""
        path = self.path(game)
        if path.exists():
            self.warnings.append(f"Saved game: {quarantine(path, problem)}")

    def exists(self, game: str) -> bool:
        return self.path(game).exists()

    def delete(self, game: str) -> None:
        self.path(game).unlink(missing_ok=True)


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
    if not isinstance(data.get("extra", {}), dict):
        return "bad extra data"
    return None
