"""Skyjo's plugin for the menu: its setup screen and resuming a saved game."""
from __future__ import annotations

from game.skyjo import LEVELS, MAX_PLAYERS, MIN_PLAYERS
from scenes.base import Scene
from scenes.saved import read_save
from scenes.seats import Seat
from scenes.setup import SetupScene
from scenes.skyjo.table import SkyjoTable, start_table

DEFAULT_SEATS = [Seat("Amina"), Seat("Youssef", "computer", "normal"),
                 Seat("Hafsa", "computer", "hard"), Seat("Omar", "computer", "easy")]


def setup_scene(app) -> Scene:
    """2 to 8 seats, each a name and human or computer (easy / normal / hard), and a seed."""
    return SetupScene(app, "skyjo", lambda seats, options, seed: start_table(app, seats, options, seed),
                      seat_range=(MIN_PLAYERS, MAX_PLAYERS), levels=LEVELS,
                      default_seats=DEFAULT_SEATS)


def resume_scene(app, payload: dict) -> Scene:
    """The saved table; ValueError, KeyError or TypeError on a damaged save."""
    saved = read_save("skyjo", payload)
    return SkyjoTable(app, saved.rules, saved.seats, saved.seed, saved.extra)
