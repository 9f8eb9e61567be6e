"""The rules of Card Arcade's games: pure Python, no pygame, deterministic from a seed.

The names below are imported from their modules when first asked for (`from game import load_game`), so
that a module such as game.cards is imported without the registry and every rule it brings (the title
screen draws cards before anything else of the games is needed)."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.cards import Card
    from game.core import Event, IllegalMove, RulesGame
    from game.registry import GameInfo, Option, all_games, game_info, game_names, load_game, new_game

__all__ = ["Card", "Event", "GameInfo", "IllegalMove", "Option", "RulesGame", "all_games", "game_info",
           "game_names", "load_game", "new_game"]
HOMES = {"Card": "game.cards", "Event": "game.core", "IllegalMove": "game.core", "RulesGame": "game.core",
         **dict.fromkeys(("GameInfo", "Option", "all_games", "game_info", "game_names", "load_game", "new_game"),
                         "game.registry")}  # where each name lives


def __getattr__(name: str) -> Any:
    if name not in HOMES:
        raise AttributeError(f"module 'game' has no attribute {name!r}")
    return getattr(importlib.import_module(HOMES[name]), name)
