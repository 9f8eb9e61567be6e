"""The game registry: each game package registers one `GameInfo` describing itself.

The registry is open: whatever registers is a game (`game_names()`, `all_games()`), in the order it
registered, the built-in games first in menu order. The built-in games' packages (`game.<name>`) are
imported the first time anyone asks; a game living elsewhere (a test's) registers before it is used.
"""
from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.cards import Card
from game.core import RulesGame
from game.record import HistoryLine, MoveRecord, plain_line
from game.validate import DAMAGE

BUILT_IN = ("sota", "memory_match", "war", "skyjo", "kings_corner")  # game.<name> packages shipped, in menu order
NAME_FORM = re.compile(r"[a-z][a-z0-9_]{0,31}")  # a name is part of file names (save-<name>.json)


class ComputerPlayer(Protocol):
    """A computer seat: picks a legal move from what its seat may see."""

    def choose(self, view: Any) -> Any: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Option:
    """One option of a game: `values[i]` is passed to `new_game`, `labels[i]` is shown."""

    key: str
    label: str
    values: tuple[Any, ...]
    labels: tuple[str, ...]
    default: int = 0

    @property
    def default_value(self) -> Any:
        return self.values[self.default]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameInfo:
    """What the menu, setup, statistics and the shared tests know of a game (as OpenSpiel's GameType)."""

    name: str
    title: str
    min_players: int
    max_players: int
    levels: tuple[str, ...]  # computer levels, weakest first
    new_game: Callable[..., RulesGame]  # (player names, seed, **options)
    load_game: Callable[[dict], RulesGame]  # from to_dict()
    computer: Callable[[str, int], ComputerPlayer]  # (level, seed)
    rules_text: str
    deck: Callable[[], Sequence[Card]]  # every card the game deals: a table paints their faces ahead
    tile_card: Card  # the card on the game's menu tile
    options: tuple[Option, ...] = ()
    default_level: str = "normal"
    low_score_wins: bool = False  # statistics show the lowest score as the best
    secret_hands: bool = False  # pass-and-play hides every hand between two humans
    decisions: bool = True  # False: the game plays itself (War); the computer has no levels to choose
    history_line: Callable[[MoveRecord, list[str], str], HistoryLine] = plain_line  # (record, names, last line)
    opening_line: Callable[[Any], str] | None = None  # the history's first line, from a new deal's public view
    forced_move: Callable[[Any], Any] | None = None  # a human's move that leaves no choice, from the rules
    view_type: Any = None  # the class of `view(seat)`: what the network sends a seat
    move_type: Any = None  # the class (or union of classes) of a move: what the network accepts
    score_unit: str = "points"  # what a score counts, as the statistics say it ("cards left")
    rounds: bool = False  # played in rounds, a score sheet between them (Skyjo, Kings Corner)


_REGISTERED: dict[str, GameInfo] = {}
_built_ins_loaded = False


def register(info: GameInfo) -> GameInfo:
    """Called once by each game package with its description; ValueError for a name that is not
    a short lowercase word, or that another description holds."""
    if not NAME_FORM.fullmatch(info.name):
        raise ValueError(f"a game's name is a short lowercase word (a-z, 0-9, _), not {info.name!r}")
    if _REGISTERED.get(info.name, info) is not info:
        raise ValueError(f"another game is registered as {info.name!r}")
    _REGISTERED[info.name] = info
    return info


def unregister(name: str) -> None:
    """Forget a game registered for a while (a test's game); the built-in games stay."""
    if name in BUILT_IN:
        raise ValueError(f"{name!r} is a built-in game")
    _REGISTERED.pop(name, None)


def _load_built_ins() -> None:
    global _built_ins_loaded
    if not _built_ins_loaded:
        for name in BUILT_IN:
            importlib.import_module(f"game.{name}")  # the package registers itself
        _built_ins_loaded = True


def game_names() -> tuple[str, ...]:
    """The names of every registered game: the built-in ones in menu order, then the others in
    the order they registered."""
    _load_built_ins()
    return (*BUILT_IN, *(name for name in _REGISTERED if name not in BUILT_IN))


def game_info(name: str) -> GameInfo:
    """The description of a registered game; ValueError for a name that is not one."""
    if name in BUILT_IN and name not in _REGISTERED:
        importlib.import_module(f"game.{name}")  # the package registers itself
    info = _REGISTERED.get(name) if isinstance(name, str) else None
    if info is None:
        raise ValueError(f"unknown game: {name!r}")
    return info


def all_games() -> tuple[GameInfo, ...]:
    """Every registered game, in menu order."""
    return tuple(game_info(name) for name in game_names())


def new_game(name: str, players: list[str], seed: int, **options: Any) -> RulesGame:
    """A new game of `name` for the named players, dealt from `seed`."""
    return game_info(name).new_game(players, seed, **options)


def load_game(data: dict) -> RulesGame:
    """Rebuild a game from its `to_dict()` output; ValueError if the data is not a game."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise ValueError("not a saved game")
    try:
        return game_info(data["game"]).load_game(data)
    except DAMAGE as exc:
        raise ValueError(f"damaged saved game: {exc!r}") from exc
