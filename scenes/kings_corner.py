"""Kings Corner's plugin for the menu: its setup screen and resuming a saved game."""
from __future__ import annotations

from game.kings_corner import LEVELS, load_game
from scenes.base import Scene
from scenes.kings_corner_table import KingsCornerTable, start_table
from scenes.seats import Seat
from scenes.setup import SetupScene

DEFAULT_SEATS = [Seat("Amina"), Seat("Computer", "computer", "normal")]


def setup_scene(app) -> Scene:
    """Two seats (you and the computer: normal or hard, or two humans passing), and a seed."""
    return SetupScene(app, "kings_corner", lambda seats, options, seed: start_table(app, seats, seed),
                      seat_range=(2, 2), levels=LEVELS, default_seats=DEFAULT_SEATS)


def resume_scene(app, payload: dict) -> Scene:
    """The saved table exactly where it stopped (undo list included); ValueError if damaged."""
    rules = load_game(payload["rules"])
    seats = [Seat.from_json(s) for s in payload["seats"]]
    if len(seats) != 2:
        raise ValueError("Kings Corner needs two seats")
    if any(not s.is_human and s.level not in LEVELS for s in seats):
        raise ValueError("unknown computer level in the saved game")
    extra = payload.get("extra") or {}
    seed = extra.get("seed", 0)
    if not isinstance(seed, int):
        raise TypeError("bad seed in the saved game")
    return KingsCornerTable(app, rules, seats, seed, {"seed": seed})
