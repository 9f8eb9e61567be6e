"""High Card's scenes: its table, started from the shared setup screen or from a save (registered
by tests/high_card/conftest.py, after its GameInfo)."""
from __future__ import annotations

from game.seats import Seat
from scenes.plugins import GameScenes
from tests.high_card.scenes.table import resume_table, start_table

SCENES = GameScenes(
    name="high_card", start=start_table, resume=resume_table,
    default_seats=(Seat("Amina"), Seat("Computer", "computer", "normal")))
