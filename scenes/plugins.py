"""Which games can be played: a game is playable when game/<name>.py and scenes/<name>.py exist.

scenes/<name>.py exposes setup_scene(app) and resume_scene(app, payload); optionally
stats_scene(app) (its own statistics screen) and MENU_EXTRAS: [(label, factory(app))].
"""
from __future__ import annotations

import importlib
from types import ModuleType

from game.registry import available_games, game_module


def game_ui(name: str) -> ModuleType | None:
    """The scenes module of a game, or None if it has none yet."""
    try:
        return importlib.import_module(f"scenes.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"scenes.{name}":
            return None
        raise


def playable_games() -> list[str]:
    """Games with both rules and scenes, in menu order."""
    return [name for name in available_games() if game_ui(name) is not None]


def game_title(name: str) -> str:
    return getattr(game_module(name), "TITLE", name.replace("_", " ").title())
