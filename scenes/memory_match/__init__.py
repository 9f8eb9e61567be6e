"""Memory Match's plugin for the menu: its setup screen and resuming a saved game."""
from __future__ import annotations

from game.memory_match import LEVELS
from scenes.base import Scene
from scenes.memory_match.table import STARTERS, MemoryMatchTable, start_table
from scenes.saved import read_save
from scenes.seats import Seat
from scenes.setup import OptionSpec, SetupScene

OPTIONS = [OptionSpec("starter", "Who starts", STARTERS, ("Player 1", "Player 2", "Coin toss"), 2)]
DEFAULT_SEATS = [Seat("Amina"), Seat("Youssef", "computer", "normal")]


def setup_scene(app) -> Scene:
    """Two seats (a name each, human or computer: easy / normal / hard), who starts, a seed."""
    return SetupScene(app, "memory_match", lambda seats, options, seed: start_table(app, seats, options, seed),
                      seat_range=(2, 2), levels=LEVELS, options=OPTIONS, default_seats=DEFAULT_SEATS)


def resume_scene(app, payload: dict) -> Scene:
    """The saved table exactly where it stopped; ValueError, KeyError or TypeError if damaged."""
    saved = read_save("memory_match", payload)
    if saved.extra.get("starter", "coin") not in STARTERS:
        raise ValueError("bad starter in the saved game")
    return MemoryMatchTable(app, saved.rules, saved.seats, saved.seed, saved.extra)
