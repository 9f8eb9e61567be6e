"""The game registry: each game is a module `game.<name>` with new_game and load_game."""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from game.core import RulesGame

GAME_NAMES = ("sota", "memory_match", "war", "skyjo", "kings_corner")


def game_module(name: str) -> ModuleType:
    """The module of a registered game; ValueError for a name that is not one."""
    if name not in GAME_NAMES:
        raise ValueError(f"unknown game: {name!r}")
    return importlib.import_module(f"game.{name}")


def available_games() -> tuple[str, ...]:
    """The registered games whose rules are present, in menu order."""
    found = []
    for name in GAME_NAMES:
        try:
            game_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != f"game.{name}":
                raise
            continue
        found.append(name)
    return tuple(found)


def new_game(name: str, players: list[str], seed: int, **options: Any) -> RulesGame:
    """A new game of `name` for the named players, dealt from `seed`."""
    return game_module(name).new_game(players, seed, **options)


def load_game(data: dict) -> RulesGame:
    """Rebuild a game from its `to_dict()` output; ValueError if the data is not a game."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise ValueError("not a saved game")
    try:
        return game_module(data["game"]).load_game(data)
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"damaged saved game: {exc!r}") from exc
