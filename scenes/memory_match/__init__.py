"""Memory Match's scenes: its table, started from the shared setup screen or from a save."""
from __future__ import annotations

from game.memory_match import STARTERS
from game.memory_match.rules import MemoryMatchGame
from scenes.memory_match.table import MemoryMatchTable, start_table
from scenes.plugins import GameScenes, register_scenes
from scenes.saved import SavedTable
from game.seats import Seat


def resume(app, saved: SavedTable) -> MemoryMatchTable:
    """The saved table exactly where it stopped; ValueError if its starter option is unknown."""
    if saved.extra.get("starter", "coin") not in STARTERS:
        raise ValueError("bad starter in the saved game")
    if not isinstance(saved.rules, MemoryMatchGame):
        raise ValueError("not a saved Memory Match game")
    return MemoryMatchTable(app, saved.rules, saved.seats, saved.seed, saved.extra)


SCENES = register_scenes(GameScenes(
    name="memory_match", start=start_table, resume=resume,
    default_seats=(Seat("Amina"), Seat("Youssef", "computer", "normal"))))
