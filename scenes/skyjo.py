"""Skyjo's plugin for the menu: its setup screen and resuming a saved game."""
from __future__ import annotations

from game.skyjo import LEVELS, MAX_PLAYERS, MIN_PLAYERS, load_game
from scenes.base import Scene
from scenes.seats import Seat
from scenes.setup import SetupScene
from scenes.skyjo_table import SkyjoTable, start_table

DEFAULT_SEATS = [Seat("Amina"), Seat("Youssef", "computer", "normal"),
                 Seat("Hafsa", "computer", "hard"), Seat("Omar", "computer", "easy")]


def setup_scene(app) -> Scene:
    """2 to 8 seats, each a name and human or computer (easy / normal / hard), and a seed."""
    return SetupScene(app, "skyjo", lambda seats, options, seed: start_table(app, seats, options, seed),
                      seat_range=(MIN_PLAYERS, MAX_PLAYERS), levels=LEVELS,
                      default_seats=DEFAULT_SEATS)


def resume_scene(app, payload: dict) -> Scene:
    """The saved table; ValueError, KeyError or TypeError on a damaged save."""
    rules = load_game(payload["rules"])
    seats = [Seat.from_json(s) for s in payload["seats"]]
    if len(seats) != rules.player_count:
        raise ValueError("the seats do not match the saved game")
    if any(not s.is_human and s.level not in LEVELS for s in seats):
        raise ValueError("unknown computer level in the saved game")
    extra = payload.get("extra") or {}
    seed = extra.get("seed", 0)
    if not isinstance(seed, int):
        raise ValueError("bad seed")  # noqa: TRY004 - the menu expects ValueError for a bad save
    return SkyjoTable(app, rules, seats, seed, extra)
