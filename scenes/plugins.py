"""What each game adds to the shared screens: its package `scenes/<name>/` registers a GameScenes."""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.match import Match
from game.registry import GAME_NAMES
from game.seats import Seat

if TYPE_CHECKING:
    from scenes.base import Host as App
    from scenes.base import Scene


@dataclass(frozen=True, slots=True, kw_only=True)
class GameScenes:
    """How a game's table starts and resumes, and the screens it adds to the shared ones."""

    name: str
    start: Callable[[App, list[Seat], dict, int], Scene]  # a new table: (app, seats, options, seed)
    resume: Callable[[App, Match], Scene]  # the table of a saved match (Match.load)
    default_seats: tuple[Seat, ...]
    setup: Callable[[App], Scene] | None = None  # a setup screen of its own (else the shared one)
    stats: Callable[[App], Scene] | None = None  # a statistics page of its own ("More details")
    batch: Callable[[App, int, int, dict], Scene] | None = None  # (app, games, seed, options)


_REGISTERED: dict[str, GameScenes] = {}


def register_scenes(scenes: GameScenes) -> GameScenes:
    """Called once by each game's scenes package."""
    _REGISTERED[scenes.name] = scenes
    return scenes


def game_scenes(name: str) -> GameScenes:
    """The scenes a game registered; ValueError for a name that is not a game."""
    if name not in GAME_NAMES:
        raise ValueError(f"unknown game: {name!r}")
    if name not in _REGISTERED:
        importlib.import_module(f"scenes.{name}")  # the package registers itself
    return _REGISTERED[name]


def resume_scene(app: App, name: str, payload: dict) -> Scene:
    """The saved table; ValueError, KeyError or TypeError if the save is damaged."""
    return game_scenes(name).resume(app, Match.load(name, payload))
