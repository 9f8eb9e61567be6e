"""Kings Corner's scenes: its table, started from the shared setup screen or from a save."""
from __future__ import annotations

from game.seats import Seat
from scenes.kings_corner.table import kings_corner_online, resume_table, start_table
from scenes.plugins import GameScenes, register_scenes

SCENES = register_scenes(GameScenes(
    name="kings_corner", start=start_table,
    resume=resume_table, online=kings_corner_online,
    default_seats=(Seat("Amina"), Seat("Computer", "computer", "normal"))))
