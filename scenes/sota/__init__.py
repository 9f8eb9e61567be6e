"""Sota's scenes: its table, started from the shared setup screen or from a save."""
from __future__ import annotations

from game.seats import Seat
from scenes.plugins import GameScenes, register_scenes
from scenes.sota.table import resume_table, sota_online, start_table

SCENES = register_scenes(GameScenes(
    name="sota", start=start_table,
    resume=resume_table, online=sota_online,
    default_seats=(Seat("Amina"), Seat("Hafsa", "computer", "normal"), Seat("Youssef", "computer", "normal"))))
