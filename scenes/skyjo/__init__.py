"""Skyjo's scenes: its table, started from the shared setup screen or from a save."""
from __future__ import annotations

from game.skyjo import SkyjoGame
from scenes.plugins import GameScenes, register_scenes
from scenes.saved import SavedTable
from scenes.seats import Seat
from scenes.skyjo.table import SkyjoTable, start_table


def resume(app, saved: SavedTable) -> SkyjoTable:
    """The table of a saved game (read by scenes.saved.read_save)."""
    if not isinstance(saved.rules, SkyjoGame):
        raise ValueError("not a saved Skyjo game")
    return SkyjoTable(app, saved.rules, saved.seats, saved.seed, saved.extra)


SCENES = register_scenes(GameScenes(
    name="skyjo", start=start_table, resume=resume,
    default_seats=(Seat("Amina"), Seat("Youssef", "computer", "normal"), Seat("Hafsa", "computer", "normal"),
                   Seat("Omar", "computer", "normal"))))
