"""Kings Corner's scenes: its table, started from the shared setup screen or from a save."""
from __future__ import annotations

from scenes.kings_corner.table import KingsCornerTable, start_table
from scenes.plugins import GameScenes, register_scenes
from game.seats import Seat

SCENES = register_scenes(GameScenes(
    name="kings_corner", start=start_table,
    resume=lambda app, saved: KingsCornerTable(app, saved.rules, saved.seats, saved.seed, saved.extra),
    default_seats=(Seat("Amina"), Seat("Computer", "computer", "normal"))))
