"""The statistics' totals kept up to date: summed once from every game of a kind, then only the games
written since are added ("folded in"), by this copy, another copy or an older version alike. Before
totals are used they are checked against the file: the games of the kind up to the newest one added
must be as many as were added, and that newest game the same (its end time), else the kind was reset
or changed by another program and is summed again from its first game. Rows changed in place by
another program are not noticed (the program itself never changes a row).

The totals are kept in TOTALS_FILE beside the statistics file (JSON, written whole and renamed into
place), so that a start of the program sums nothing again; it is derived from the statistics file
alone, so one that is missing, damaged, foreign or unwritable is only summed again (logged, never
said to the player). The statistics file itself is left as every version made it: an older version
keeps reading and writing it."""
from __future__ import annotations

import logging
import sqlite3
from collections import deque
from dataclasses import replace
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Any

from storage.files import atomic_write_json
from storage.reading import parse_json, read_bytes
from storage.stats_reading import LETTERS, RECENT, Recent, Who, counted, details_of, seat_problem, seats_after
from storage.stats_totals import (
    DetailsReader,
    DetailsTotals,
    Folded,
    GameTotals,
    PlayerTotals,
    details_from_data,
    game_from_data,
)

TOTALS_FILE = "statistics-totals.json"
TOTALS_VERSION = 1
TOTALS_LIMIT = 64 << 20  # bytes of the totals file read back (about a letter per player per game)
# What the file holds of one kind now: its games up to an id, how that game's end is quoted, the newest id.
CHECK = """SELECT (SELECT count(*) FROM games WHERE game = :game AND id <= :upto),
                  (SELECT quote(finished_at) FROM games WHERE id = :upto AND game = :game),
                  (SELECT max(id) FROM games WHERE game = :game)"""
DETAILS = "SELECT id, quote(finished_at), details FROM games WHERE game = :game AND id > :after AND id <= :upto " \
          "ORDER BY id"

log = logging.getLogger("card_arcade.storage")


class Totals:
    """Every kind's totals and the game pages' own, for one statistics file (`path`: its totals file;
    None for the in-memory stand-in, whose totals are kept in memory only)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.games: dict[str, GameTotals] = {}
        self.details: dict[str, DetailsTotals] = {}
        self.readers: dict[str, DetailsReader] = {}  # per game page, the reader of its totals
        self.kept: dict[str, Any] = {}  # what the file holds that was not needed yet: "game:<name>", "details:<name>"
        self.loaded = path is None
        self.unwritable = False  # the file could not be written: said once in the log

    def game(self, db: sqlite3.Connection, game: str) -> GameTotals:
        """The totals of every game of `game` in `db`."""
        self.load()
        totals = self.games.get(game) or game_from_data(self.kept.pop(f"game:{game}", None)) or GameTotals()
        same, newest = added_since(db, game, totals.folded)
        if not same:
            totals = GameTotals()  # reset or changed since: summed again
            same, newest = added_since(db, game, totals.folded)
        self.games[game] = totals
        if newest is not None:
            self.games[game] = fold_seats(db, game, totals, newest)  # `totals` stay if it fails
            self.save()
        return self.games[game]

    def details_of_game(self, db: sqlite3.Connection, game: str, reader: DetailsReader) -> DetailsTotals:
        """What `reader` keeps of every game of `game` in `db`."""
        self.load()
        self.readers[game] = reader
        totals = self.details.get(game)
        if totals is None or totals.key != reader.key:
            totals = details_from_data(self.kept.pop(f"details:{game}", None), reader) \
                or DetailsTotals(reader.key, reader.start())
        same, newest = added_since(db, game, totals.folded)
        if not same:
            totals = DetailsTotals(reader.key, reader.start())
            same, newest = added_since(db, game, totals.folded)
        self.details[game] = totals
        if newest is not None:
            del self.details[game]  # the reader changes its state as it adds: one cut short is summed again
            self.details[game] = fold_details(db, game, totals, reader, newest)
            self.save()
        return self.details[game]

    def forget(self, game: str | None) -> None:
        """Drop the totals of one kind (every kind if None): its games were deleted."""
        self.load()
        for name in list(self.games) if game is None else [game]:
            self.games.pop(name, None)
        for name in list(self.details) if game is None else [game]:
            self.details.pop(name, None)
        self.kept = {key: data for key, data in self.kept.items()
                     if game is not None and key.split(":", 1)[1] != game}
        self.save()

    # -- the file ----------------------------------------------------------------------------------
    def load(self) -> None:
        """Read the totals file once (each kind's totals are read back when first used)."""
        if self.loaded or self.path is None:
            return
        self.loaded = True
        try:
            data = read_bytes(self.path, TOTALS_LIMIT)
            if data is None:
                return
            found = parse_json(data)
        except (OSError, ValueError) as exc:
            log.warning("the statistics' totals in %s are summed again: %s", self.path, exc)
            return
        if not (isinstance(found, dict) and found.get("version") == TOTALS_VERSION
                and isinstance(found.get("kept"), dict)):
            log.warning("the statistics' totals in %s are summed again: not of version %d", self.path,
                        TOTALS_VERSION)
            return
        self.kept = {key: value for key, value in found["kept"].items() if key.startswith(("game:", "details:"))}

    def save(self) -> None:
        """Write every kind's totals and the pages' own (those not needed yet as they were read)."""
        if self.path is None:
            return
        kept = dict(self.kept)
        kept.update({f"game:{game}": totals.to_data() for game, totals in self.games.items()})
        kept.update({f"details:{game}": totals.to_data(self.readers[game]) for game, totals in self.details.items()})
        try:
            atomic_write_json(self.path, {"version": TOTALS_VERSION, "kept": kept})
        except OSError as exc:
            if not self.unwritable:
                log.warning("the statistics' totals cannot be kept in %s (%s): they are summed again at the "
                            "next start", self.path, exc)
            self.unwritable = True
        else:
            self.unwritable = False


def added_since(db: sqlite3.Connection, game: str, folded: Folded) -> tuple[bool, int | None]:
    """Whether the games of `game` up to `folded` are still those added (not reset, deleted or written
    under an old id since), and the newest game id if games were written after them (else None)."""
    games, ended, newest = db.execute(CHECK, {"game": game, "upto": folded.upto}).fetchone()
    same = games == folded.games and ended == folded.ended
    return same, newest if newest is not None and newest > folded.upto else None


# -- adding games ----------------------------------------------------------------------------------
def fold_seats(db: sqlite3.Connection, game: str, totals: GameTotals, upto: int) -> GameTotals:
    """`totals` with the games of `game` after them up to `upto` added, oldest first: a new object,
    `totals` are left as they were. A game with a seat that cannot be shown is left out."""
    players = dict(totals.players)
    adding: dict[Who, tuple[PlayerTotals, list[str], deque[Recent]]] = {}
    shown, left_out, ended = totals.shown, totals.left_out, totals.folded.ended
    unshown = Unshown()
    for _, game_rows in groupby(seats_after(db, game, totals.folded.upto, upto), key=itemgetter(0)):
        seats = list(game_rows)
        ended = seats[0][1]
        if seats[0][2] is None:  # a game without seats
            shown += 1
            continue
        if any(not sound or unshown.name(name) or unshown.level(level)
               for *_, name, _, _, level, sound, _, _, _ in seats):
            left_out += 1
            continue
        shown += 1
        winners = sum(bool(won) for *_, won, _, _ in seats)
        newest: list[tuple[deque[Recent], Recent]] = []
        for *_, name, kind, score, level, _, won, rounds, hints in seats:
            letter = ("w" if winners == 1 else "d") if won else ("l" if winners else "d")
            who = (name, kind, level)
            found = adding.get(who)
            if found is None:
                player = players[who] = replace(players.get(who) or PlayerTotals())
                found = adding[who] = (player, [], deque(player.recent, maxlen=RECENT))
            found[0].add(score, rounds, counted(hints))
            found[1].append(letter)
            newest.append((found[2], Recent(shown, LETTERS[letter], score)))
        for recent, game_seen in reversed(newest):  # one player in two seats: the later seat first, as it was read
            recent.append(game_seen)
    for player, letters, recent in adding.values():
        player.outcomes += "".join(letters)
        player.recent = list(recent)
    return GameTotals(Folded(upto, ended, shown + left_out), shown, left_out, players)


class Unshown:
    """Whether a name or a computer's level read back cannot be shown (`seat_problem`), each text
    checked once."""

    def __init__(self) -> None:
        self.names: dict[Any, bool] = {}
        self.levels: dict[Any, bool] = {}

    def name(self, name: Any) -> bool:
        found = self.names.get(name)
        if found is None:
            found = self.names[name] = seat_problem(name, "human", None, None) is not None
        return found

    def level(self, level: Any) -> bool:
        found = self.levels.get(level)
        if found is None:
            found = self.levels[level] = seat_problem("-", "human", None, level) is not None
        return found


def fold_details(db: sqlite3.Connection, game: str, totals: DetailsTotals, reader: DetailsReader,
                 upto: int) -> DetailsTotals:
    """`totals` with the details of the games of `game` after it up to `upto` added by `reader`, oldest
    first (its state is changed: on an error it must be dropped)."""
    shown, left_out, ended = totals.shown, list(totals.left_out), totals.folded.ended
    for game_id, game_ended, details in db.execute(DETAILS, {"game": game, "after": totals.folded.upto,
                                                             "upto": upto}):
        ended = game_ended
        if reader.add(totals.state, details_of(details)):
            shown += 1
        else:
            left_out.append(game_id)
    return DetailsTotals(totals.key, totals.state, Folded(upto, ended, shown + len(left_out)), shown, left_out)
