"""Sota's plugin for the menu: its setup screen and resuming a saved game."""
from __future__ import annotations

from game.sota import load_game
from scenes.base import Scene
from scenes.seats import Seat
from scenes.setup import OptionSpec, SetupScene
from scenes.sota_table import SotaTable, start_table

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
    rules = load_game(payload["rules"])
    seats = [Seat.from_json(s) for s in payload["seats"]]
    if len(seats) != rules.num_players:
        raise ValueError("the seats do not match the saved game")
    extra = payload.get("extra") or {}
    seed = extra.get("seed", 0)
    if not isinstance(seed, int):
        raise ValueError("bad seed")  # noqa: TRY004 - the menu expects ValueError for a bad save
    return SotaTable(app, rules, seats, seed, extra)
