"""Memory Match's plugin for the menu: its setup screen and resuming a saved game."""
from __future__ import annotations

from game.memory_match import LEVELS, load_game
from scenes.base import Scene
from scenes.memory_match_table import STARTERS, MemoryMatchTable, start_table
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
    rules = load_game(payload["rules"])
    seats = [Seat.from_json(s) for s in payload["seats"]]
    if len(seats) != 2:
        raise ValueError("Memory Match needs two seats")
    extra = payload.get("extra") or {}
    seed, starter = extra.get("seed", 0), extra.get("starter", "coin")
    if not isinstance(seed, int) or starter not in STARTERS:
        raise ValueError("bad seed or starter in the saved game")
    if any(s.kind == "computer" and s.level not in LEVELS for s in seats):
        raise ValueError("unknown computer level in the saved game")
    return MemoryMatchTable(app, rules, seats, seed, {"seed": seed, "starter": starter})
