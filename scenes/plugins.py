"""What each game adds to the shared screens: its package `scenes/<name>/` registers a GameScenes.

A built-in game's scenes package is imported the first time its scenes are asked for; another
distribution's game names its GameScenes by an entry point of the group `card_arcade.scenes`; a game
living elsewhere (a test's) may register its GameScenes by hand before a screen opens it."""
from __future__ import annotations

import importlib
import importlib.metadata
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.match import Match
from game.registry import built_in_games, game_info, game_names
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
    # Its networked table, if it plays a match held on a server: (app, RemoteMatch, Network part) ->
    # the game's Table (scenes/online/table.py).
    online: Callable[..., Scene] | None = None
    # what tools/screenshots.py does on the resumed table before its picture (drive.sh actions)
    screenshot: tuple[str, ...] = ("sleep", "4", "key", "h", "sleep", "3")  # a hint shows
    end_key: str = ""  # a game without decisions: the key that plays it to its end (tools watching it press it)


GROUP = "card_arcade.scenes"  # entry points naming another distribution's GameScenes, by the game's name

log = logging.getLogger("card_arcade.games")
_REGISTERED: dict[str, GameScenes] = {}
_looked_for: set[str] = set()  # the games whose scenes were looked for among the entry points of GROUP


def register_scenes(scenes: GameScenes) -> GameScenes:
    """Called once by each game's scenes package, for a game registered in game.registry;
    ValueError for another game's, or for a name other scenes hold."""
    game_info(scenes.name)
    if _REGISTERED.get(scenes.name, scenes) is not scenes:
        raise ValueError(f"other scenes are registered for {scenes.name!r}")
    _REGISTERED[scenes.name] = scenes
    return scenes


def unregister_scenes(name: str) -> None:
    """Forget the scenes of a game registered for a while (a test's game); built-in games' stay."""
    if name in built_in_games():
        raise ValueError(f"{name!r} is a built-in game")
    _REGISTERED.pop(name, None)
    _looked_for.discard(name)


def _load_entry_points() -> None:
    """Register the GameScenes that entry points of GROUP name for the registered games that have
    none yet (each game looked for once); one that fails to load is left out (its game is not
    playable in a window), and logged."""
    missing = {name for name in game_names() if name not in built_in_games()} - _REGISTERED.keys() - _looked_for
    if not missing:
        return
    _looked_for.update(missing)
    for entry in importlib.metadata.entry_points(group=GROUP):
        if entry.name not in missing:
            continue
        try:
            scenes = entry.load()
            if not isinstance(scenes, GameScenes) or scenes.name != entry.name:
                raise ValueError(f"{entry.value} is not the GameScenes of {entry.name!r}")
            register_scenes(scenes)
        except Exception:  # another distribution's code: the other games play on without it
            log.exception("the scenes of %r (entry point %s) are left out", entry.name, entry.value)


def game_scenes(name: str) -> GameScenes:
    """The scenes a game registered; ValueError for a name that is not a game with scenes."""
    if isinstance(name, str) and name not in _REGISTERED:
        if name in built_in_games():
            importlib.import_module(f"scenes.{name}")  # the package registers itself
        else:
            _load_entry_points()
    scenes = _REGISTERED.get(name) if isinstance(name, str) else None
    if scenes is None:
        raise ValueError(f"unknown game: {name!r}")
    return scenes


def playable_games() -> tuple[str, ...]:
    """The registered games a window can play, in menu order: every built-in one (its scenes are
    imported when first asked for) and every other whose scenes registered or an entry point names."""
    _load_entry_points()
    return tuple(name for name in game_names() if name in built_in_games() or name in _REGISTERED)


def resume_scene(app: App, name: str, payload: dict) -> Scene:
    """The saved table; ValueError, KeyError or TypeError if the save is damaged."""
    return game_scenes(name).resume(app, Match.load(name, payload))
