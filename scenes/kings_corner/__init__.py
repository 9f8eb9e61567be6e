"""Kings Corner's plugin for the menu: its setup screen and resuming a saved game."""
from __future__ import annotations

from game.kings_corner import LEVELS
from scenes.base import Scene
from scenes.kings_corner.table import KingsCornerTable, start_table
from scenes.saved import read_save
from scenes.seats import Seat
from scenes.setup import SetupScene

DEFAULT_SEATS = [Seat("Amina"), Seat("Computer", "computer", "normal")]


def setup_scene(app) -> Scene:
    """Two seats (you and the computer: normal or hard, or two humans passing), and a seed."""
    return SetupScene(app, "kings_corner", lambda seats, options, seed: start_table(app, seats, seed),
                      seat_range=(2, 2), levels=LEVELS, default_seats=DEFAULT_SEATS)


def resume_scene(app, payload: dict) -> Scene:
    """The saved table exactly where it stopped (undo list included); ValueError if damaged."""
    saved = read_save("kings_corner", payload)
    return KingsCornerTable(app, saved.rules, saved.seats, saved.seed, saved.extra)
