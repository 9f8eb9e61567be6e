"""Sota's plugin for the menu: its setup screen and resuming a saved game."""
from __future__ import annotations

from scenes.base import Scene
from scenes.saved import read_save
from scenes.seats import Seat
from scenes.setup import OptionSpec, SetupScene
from scenes.sota.table import SotaTable, start_table

OPTIONS = [
    OptionSpec("stacking", "Stacking Twos", (True, False), ("On", "Off"), 0),
    OptionSpec("play_drawn", "Play the drawn card", (False, True), ("Off", "On"), 0),
]
DEFAULT_SEATS = [Seat("Amina"), Seat("Hafsa", "computer", "normal"),
                 Seat("Youssef", "computer", "normal")]


def setup_scene(app) -> Scene:
    """2 to 4 seats, human or computer (easy / normal), the two options, a seed."""
    return SetupScene(app, "sota", lambda seats, options, seed: start_table(app, seats, options, seed),
                      seat_range=(2, 4), levels=("easy", "normal"), options=OPTIONS,
                      default_seats=DEFAULT_SEATS)


def resume_scene(app, payload: dict) -> Scene:
    """The saved table; ValueError, KeyError or TypeError on a damaged save."""
    saved = read_save("sota", payload)
    return SotaTable(app, saved.rules, saved.seats, saved.seed, saved.extra)
