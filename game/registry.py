"""The game registry: each game package registers one `GameInfo` describing itself."""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.core import RulesGame
from game.record import HistoryLine, MoveRecord, plain_line
from game.validate import DAMAGE

GAME_NAMES = ("sota", "memory_match", "war", "skyjo", "kings_corner")


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
    options: tuple[Option, ...] = ()
    default_level: str = "normal"
    low_score_wins: bool = False  # statistics show the lowest score as the best
    secret_hands: bool = False  # pass-and-play hides every hand between two humans
    decisions: bool = True  # False: the game plays itself (War); the computer has no levels to choose
    history_line: Callable[[MoveRecord, list[str], str], HistoryLine] = plain_line  # (record, names, last line)
    forced_move: Callable[[Any], Any] | None = None  # a human's move that leaves no choice, from the rules


_REGISTERED: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Called once by each game package with its description."""
    if info.name not in GAME_NAMES:
        raise ValueError(f"{info.name!r} is not in GAME_NAMES")
    _REGISTERED[info.name] = info
    return info


def game_info(name: str) -> GameInfo:
    """The description of a registered game; ValueError for a name that is not one."""
    if name not in GAME_NAMES:
        raise ValueError(f"unknown game: {name!r}")
    if name not in _REGISTERED:
        importlib.import_module(f"game.{name}")  # the package registers itself
    return _REGISTERED[name]


def all_games() -> tuple[GameInfo, ...]:
    """Every registered game, in menu order."""
    return tuple(game_info(name) for name in GAME_NAMES)


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
