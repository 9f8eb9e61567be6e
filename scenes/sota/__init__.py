"""Sota's scenes: its table, started from the shared setup screen or from a save."""
from __future__ import annotations

from game.seats import Seat
from scenes.plugins import GameScenes, register_scenes
from scenes.sota.table import SotaTable, resume_table, start_table

SCENES = register_scenes(GameScenes(
    name="sota", start=start_table,
    resume=resume_table, online=SotaTable,
    default_seats=(Seat("Amina"), Seat("Hafsa", "computer", "normal"), Seat("Youssef", "computer", "normal"))))
