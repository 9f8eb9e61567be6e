"""Skyjo's scenes: its table, started from the shared setup screen or from a save."""
from __future__ import annotations

from scenes.plugins import GameScenes, register_scenes
from game.seats import Seat
from scenes.skyjo.table import SkyjoTable, start_table

SCENES = register_scenes(GameScenes(
    name="skyjo", start=start_table,
    resume=lambda app, saved: SkyjoTable(app, saved.rules, saved.seats, saved.seed, saved.extra),
    default_seats=(Seat("Amina"), Seat("Youssef", "computer", "normal"), Seat("Hafsa", "computer", "normal"),
                   Seat("Omar", "computer", "normal"))))
