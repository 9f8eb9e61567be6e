"""Kings Corner's scenes: its table, started from the shared setup screen or from a save."""
from __future__ import annotations

from game.kings_corner.rules import KingsCornerGame
from scenes.kings_corner.table import KingsCornerTable, start_table
from scenes.plugins import GameScenes, register_scenes
from scenes.saved import SavedTable
from scenes.seats import Seat


def resume(app, saved: SavedTable) -> KingsCornerTable:
    """The table of a saved game (read by scenes.saved.read_save)."""
    if not isinstance(saved.rules, KingsCornerGame):
        raise ValueError("not a saved Kings Corner game")
    return KingsCornerTable(app, saved.rules, saved.seats, saved.seed, saved.extra)


SCENES = register_scenes(GameScenes(
    name="kings_corner", start=start_table, resume=resume,
    default_seats=(Seat("Amina"), Seat("Computer", "computer", "normal"))))
