"""The game registry: each game package registers one `GameInfo` describing itself.

The games are found, not listed: the first time anyone asks, every package inside game/ is imported
(each registers itself), and every entry point of the group `card_arcade.games` is loaded (a GameInfo
of another distribution). A game living elsewhere (a test's) may also register by hand before it is
used. Whatever registers is a game (`game_names()`, `all_games()`), in menu order (`menu_place`).
"""
from __future__ import annotations

import importlib
import importlib.metadata
import logging
import pkgutil
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.cards import Card
from game.core import RulesGame
from game.record import HistoryLine, MoveRecord, plain_line
from game.validate import DAMAGE
from lang import N_, n_
from lang.words import Line

GROUP = "card_arcade.games"  # entry points naming another distribution's GameInfo, by the game's name
NAME_FORM = re.compile(r"[a-z][a-z0-9_]{0,31}")  # a name is part of file names (save-<name>.json)


class ComputerPlayer(Protocol):
    """A computer seat: picks a legal move from what its seat may see."""

    def choose(self, view: Any) -> Any: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Option:
    """One option of a game: `values[i]` is passed to `new_game`, `labels[i]` is shown."""

    key: str
    label: str  # a message (marked N_), as are the labels
    values: tuple[Any, ...]
    labels: tuple[str, ...]
    default: int = 0

    @property
    def default_value(self) -> Any:
        return self.values[self.default]


def _points(n: int) -> str:
    return n_("{n} point", "{n} points", n)


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreWords:
    """What a game's score counts, each place's words a whole message (marked with `N_` where a game
    defines them, translated where they are shown), so no sentence is built around a unit."""

    unit: str  # a chart's axis caption: "cards left"
    best: str  # the statistics table's best-score heading: "Fewest cards left"
    goal: str  # the setup screen's note: "The fewest cards left win"
    amount: Callable[[int], str]  # a score with its unit, in the language's plural form: "1 card left"


POINTS = ScoreWords(unit=N_("points"), best=N_("Most points"), goal=N_("The most points win"), amount=_points)


@dataclass(frozen=True, slots=True, kw_only=True)
class GameInfo:
    """What the menu, setup, statistics and the shared tests know of a game (as OpenSpiel's GameType)."""

    name: str
    title: str  # a message (marked N_), translated where shown
    min_players: int
    max_players: int
    levels: tuple[str, ...]  # computer levels, weakest first
    new_game: Callable[..., RulesGame]  # (player names, seed, **options)
    load_game: Callable[[dict], RulesGame]  # from to_dict()
    computer: Callable[[str, int], ComputerPlayer]  # (level, seed)
    rules_text: str  # paragraphs parted by blank lines, each a message of the catalogue (its sections marked N_)
    deck: Callable[[], Sequence[Card]]  # every card the game deals: a table paints their faces ahead
    tile_card: Card  # the card on the game's menu tile
    options: tuple[Option, ...] = ()
    default_level: str = "normal"
    low_score_wins: bool = False  # statistics show the lowest score as the best
    secret_hands: bool = False  # pass-and-play hides every hand between two humans
    decisions: bool = True  # False: the game plays itself (War); the computer has no levels to choose
    history_line: Callable[[MoveRecord, list[str], str], HistoryLine] = plain_line  # (record, names, last line)
    opening_line: Callable[[Any], Line] | None = None  # the history's first line, from a new deal's public view
    forced_move: Callable[[Any], Any] | None = None  # a human's move that leaves no choice, from the rules
    view_type: Any = None  # the class of `view(seat)`: what the network sends a seat
    move_type: Any = None  # the class (or union of classes) of a move: what the network accepts
    score: ScoreWords = POINTS  # what a score counts, as the setup and statistics screens say it
    rounds: bool = False  # played in rounds, a score sheet between them (Skyjo, Kings Corner)
    menu_place: int = 100  # where its tile goes: lower first (the built-in games 10 to 50), then in registering order


log = logging.getLogger("card_arcade.games")
_REGISTERED: dict[str, GameInfo] = {}
_built_in: frozenset[str] | None = None  # the packages inside game/, once found
_found = False


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
    if name in built_in_games():
        raise ValueError(f"{name!r} is a built-in game")
    _REGISTERED.pop(name, None)


def built_in_games() -> frozenset[str]:
    """The games shipped with the program: the names of the packages inside game/."""
    global _built_in
    if _built_in is None:
        package = importlib.import_module(__package__ or "game")
        _built_in = frozenset(found.name for found in pkgutil.iter_modules(package.__path__) if found.ispkg)
    return _built_in


def find_games() -> None:
    """Register every game there is: import each built-in game's package (it registers itself) and
    load each entry point of GROUP not registered yet. Done the first time anyone asks; again by
    whoever puts another distribution on sys.path (a test). A distribution's game that fails to load
    is left out, and logged."""
    global _found
    for name in sorted(built_in_games()):
        importlib.import_module(f"game.{name}")
    for entry in importlib.metadata.entry_points(group=GROUP):
        if entry.name in _REGISTERED:
            continue
        try:
            info = entry.load()
            if not isinstance(info, GameInfo) or info.name != entry.name:
                raise ValueError(f"{entry.value} is not the GameInfo of {entry.name!r}")
            register(info)
        except Exception:  # another distribution's code: the built-in games play on without it
            log.exception("the game %r of the entry point %s is left out", entry.name, entry.value)
    _found = True


def game_names() -> tuple[str, ...]:
    """The names of every registered game, in menu order: by `menu_place`, then in registering order."""
    if not _found:
        find_games()
    return tuple(sorted(_REGISTERED, key=lambda name: _REGISTERED[name].menu_place))


def game_info(name: str) -> GameInfo:
    """The description of a registered game; ValueError for a name that is not one."""
    if not _found and isinstance(name, str) and name not in _REGISTERED:
        find_games()
    info = _REGISTERED.get(name) if isinstance(name, str) else None
    if info is None:
        raise ValueError(f"unknown game: {name!r}")
    return info


def online_games() -> tuple[str, ...]:
    """The games played on other machines, in menu order: those with decisions to make whose views and
    moves the network knows how to send (`view_type`, `move_type`)."""
    return tuple(info.name for info in all_games()
                 if info.decisions and info.view_type is not None and info.move_type is not None)


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
