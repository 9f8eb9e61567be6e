"""`--serve --saves DIR`: each table kept in `DIR/table-<CODE>.json`, so that a server killed and started
again on the same folder brings its tables back with the same codes and tokens.

A file is written atomically after every change a player could lose (a seat taken, a start, a move, a
note) and removed once its match is over. Reading one is reading a stranger's file: it is bounded,
checked against these types and the game's own rules, and moved aside with the reason if it fails.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Literal

import msgspec

from game.match import Match
from game.registry import game_info, game_names
from game.seats import name_problem
from net.limits import TURN_RANGE
from storage.files import atomic_write_json, quarantine
from storage.reading import DamagedFile, read_json

log = logging.getLogger("card_arcade.server")

SAVE_VERSION = 1
SAVE_LIMIT = 1 << 20  # bytes; a table's file is tens of kilobytes at most
PREFIX, SUFFIX = "table-", ".json"
LOAD_ERRORS = (ValueError, KeyError, TypeError, IndexError)  # what Match.load raises on a damaged save
WAIT_RANGE = (5, 600)  # the seconds a table may wait for a lost player (Server.create keeps to them)


class SavedPlace(msgspec.Struct, forbid_unknown_fields=True):
    """A seat as its file keeps it: who sits there and the token that gives it back."""

    kind: Literal["human", "computer", "open"]
    name: str
    level: str
    token: str | None
    stand_in: bool
    away: bool = False  # the turn time ran out on them (a file of an earlier version: not away)
    left: bool = False  # they left on purpose (net/manners.py)
    autoplay: bool = False  # their window plays their turns


class SavedTable(msgspec.Struct, forbid_unknown_fields=True):
    """A table as its file keeps it; `match` is Match.to_dict(), None while in the lobby."""

    v: int
    code: str
    game: str
    options: dict[str, Any]
    seed: int
    wait_s: int
    host: str
    places: list[SavedPlace]
    match: dict[str, Any] | None
    turn_s: int | None = None  # 0: no turn time; None (a file of an earlier version): the server's
    locked: bool = False  # nobody new may join (net/manners.py)


def path_of(folder: Path, code: str) -> Path:
    return folder / f"{PREFIX}{code}{SUFFIX}"


def write(folder: Path, saved: SavedTable) -> None:
    """Write the table's file atomically; OSError if it cannot be (the caller says so and plays on)."""
    atomic_write_json(path_of(folder, saved.code), msgspec.to_builtins(saved))


def remove(folder: Path, code: str) -> None:
    """The table's match is over, or the table closed: nothing of it is to be brought back (OSError if
    its file cannot be removed)."""
    path_of(folder, code).unlink(missing_ok=True)


def read_all(folder: Path) -> list[tuple[SavedTable, Match | None]]:
    """Every table kept in `folder` with its match; a damaged file is logged and moved aside."""
    tables = []
    for path in sorted(folder.glob(f"{PREFIX}*{SUFFIX}")):
        try:
            tables.append(read(path))
        except DamagedFile as exc:
            log.warning("a table's file: %s", exc)
        except (msgspec.ValidationError, *LOAD_ERRORS) as exc:
            log.warning("a table's file: %s", quarantine(path, str(exc)))
    return tables


def read(path: Path) -> tuple[SavedTable, Match | None]:
    """The table kept in `path` and its match; DamagedFile, ValidationError or a LOAD_ERRORS if it is
    not one this code writes."""
    saved = msgspec.convert(read_json(path, SAVE_LIMIT), SavedTable)
    if saved.v != SAVE_VERSION:
        raise ValueError(f"version {saved.v} is not {SAVE_VERSION}")
    if path.name != path_of(path.parent, saved.code).name:
        raise ValueError(f"the code {saved.code!r} is not the file's")
    check_table(saved)
    match = None if saved.match is None else Match.load(saved.game, saved.match)
    if match is not None:
        check_match(saved, match)
    return saved, match


def check_table(saved: SavedTable) -> None:
    """ValueError unless the table is one of a known game, with its options, levels and seat count."""
    if saved.game not in game_names():
        raise ValueError(f"no game named {saved.game!r}")
    info = game_info(saved.game)
    values = {o.key: o.values for o in info.options}
    if any(key not in values or value not in values[key] for key, value in saved.options.items()):
        raise ValueError("options that are not the game's")
    if not info.min_players <= len(saved.places) <= info.max_players:
        raise ValueError(f"{len(saved.places)} seats")
    if not WAIT_RANGE[0] <= saved.wait_s <= WAIT_RANGE[1] or not saved.host:
        raise ValueError("a bad wait or host token")
    if saved.turn_s is not None and not 0 <= saved.turn_s <= TURN_RANGE[1]:
        raise ValueError("a bad turn time")
    for place in saved.places:
        problem = None if place.kind == "open" else name_problem(place.name)
        if problem or (place.kind == "computer" and place.level not in info.levels):
            raise ValueError(problem or f"the level {place.level!r}")
        if (place.kind == "human") != bool(place.token):
            raise ValueError("a seat's token")
    tokens = [place.token for place in saved.places if place.token]
    if len(set(tokens)) != len(tokens):
        raise ValueError("two seats with one token")


def check_match(saved: SavedTable, match: Match) -> None:
    """ValueError unless the match is played by the table's seats."""
    seats = [(place.name, "human" if place.kind == "human" else "computer") for place in saved.places]
    if [(seat.name, seat.kind) for seat in match.seats] != seats:
        raise ValueError("the match's seats are not the table's")
    if any(place.kind == "open" for place in saved.places):
        raise ValueError("an open seat at a started table")


def remove_leftovers(folder: Path) -> None:
    """Temporary files of writes a kill interrupted (atomic_write_json names them `<name>.<random>.tmp`)."""
    for temp in folder.glob(f"{PREFIX}*{SUFFIX}.*.tmp"):
        temp.unlink(missing_ok=True)
