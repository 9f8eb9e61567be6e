"""Ninety-Nine's scenes: its table, from the shared setup screen, a save or a server. It registers
through the entry point `card_arcade.scenes` of the distribution tests/ninety_nine/conftest.py
puts on sys.path, after its GameInfo."""
from __future__ import annotations

from game.seats import Seat
from scenes.plugins import GameScenes
from tests.ninety_nine.scenes.table import ninety_nine_table, resume_table, start_table

SCENES = GameScenes(
    name="ninety_nine", start=start_table, resume=resume_table, online=ninety_nine_table,
    default_seats=(Seat("Amina"), Seat("Computer", "computer", "normal")))
