"""Skyjo's scenes: its table, started from the shared setup screen or from a save."""
from __future__ import annotations

from game.seats import Seat
from scenes.plugins import GameScenes, register_scenes
from scenes.skyjo.table import resume_table, skyjo_online, start_table

SCENES = register_scenes(GameScenes(
    name="skyjo", start=start_table,
    resume=resume_table, online=skyjo_online,
    default_seats=(Seat("Amina"), Seat("Youssef", "computer", "normal"), Seat("Hafsa", "computer", "normal"),
                   Seat("Omar", "computer", "normal"))))
