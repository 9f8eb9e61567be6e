"""The statistics read back in SQL, a game's seats at a time: what each seat shows (its name cut and
trimmed, a computer's level from the game's details), whether it can be shown at all, whether it won,
and the rounds and hints its game recorded. Each game's details are parsed once, by `json_extract`
alone; only if one of them is not JSON (the query fails) is every one checked first (`json_valid`).
What the screens show of them (Figures, the newest games, the win-rate curve) is summed in
storage/stats_totals.py."""
from __future__ import annotations

import math
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.printable import text_problem, visible
from storage.reading import parse_json

NAME_SHOWN = 40  # characters of a name read back
LEVEL_SHOWN = 16  # characters of a computer's level read back
MAX_SCORE = 10**9  # a score beyond this (or not finite) is damage: no game of ours comes near
MAX_COUNT = 10**9 - 1  # rounds or hints beyond this are not a sensible count
CURVE_POINTS = 400  # points of the win-rate curve at most (a chart is narrower than that in pixels)
RECENT = 30  # a player's newest games shown one by one
DETAILS_LIMIT = 64 * 1024  # characters of one game's details read back
LETTERS = {"w": "win", "l": "loss", "d": "draw"}
Query = Callable[[str, dict], list[tuple]]  # a query's rows; sqlite3.Error if the file would not answer
Who = tuple[str, str, str | None]  # name, kind, a computer's level

FACTS = "json_extract(g.details, '$.levels', '$.rounds', '$.hints')"  # one parse: [levels, rounds, hints]
CHECKED_FACTS = f"CASE WHEN json_valid(g.details) THEN {FACTS} END"
DETAILS = "CASE WHEN typeof(g.details) = 'text' AND length(g.details) <= :limit THEN {facts} END"
WON = "(s.won NOT IN (0, ''))"
AT_SEAT = "'$[' || s.seat || ']'"
# A computer's level as shown, from its levels (JSON) and the path to it: cut short, "human" none. One
# holding a NUL, which json_extract would end it at, is a NUL alone, for `seat_problem` to refuse.
LEVEL = f"""CASE WHEN instr({{levels}} -> ({{path}}), '\\u0000') = 0
        THEN substr(nullif(json_extract({{levels}}, {{path}}), 'human'), 1, {LEVEL_SHOWN}) ELSE char(0) END"""
SOUND = f"""typeof(s.name) = 'text' AND instr(CAST(s.name AS BLOB), x'00') = 0  -- SQLite's text ends at a NUL
        AND s.kind IN ('human', 'computer') AND (s.score IS NULL OR
        (typeof(s.score) IN ('integer', 'real') AND abs(s.score) <= {MAX_SCORE}))"""
# Every seat of the games of :game with an id in (:after, :upto], in order: the game's id and when it
# ended (quoted), the seat's row id (NULL for a game without seats: it is numbered all the same), its
# name as shown, kind, score, a computer's level, whether it can be shown, whether it won, the rounds
# its game recorded (within bounds) and a person's hints (a whole number as JSON wrote it, not yet
# bounded: `counted` bounds it). What a game recorded is parsed once for all its seats.
SEATS = f"""
WITH facts AS MATERIALIZED (
    SELECT g.id, quote(g.finished_at) AS ended, {DETAILS} AS facts FROM games g
    WHERE g.game = :game AND g.id > :after AND g.id <= :upto
),
known AS MATERIALIZED (
    SELECT id, ended, CASE WHEN json_type(facts, '$[0]') = 'array' THEN json_extract(facts, '$[0]') END AS levels,
           CASE WHEN json_type(facts, '$[1]') = 'integer' THEN json_extract(facts, '$[1]') END AS rounds,
           json_type(facts, '$[2]') AS hints_type, json_extract(facts, '$[2]') AS hints
    FROM facts
)
SELECT k.id, k.ended, s.rowid, trim(substr(s.name, 1, {NAME_SHOWN})), s.kind, s.score,
       CASE WHEN s.kind = 'computer' AND k.levels IS NOT NULL AND typeof(s.seat) = 'integer' AND s.seat >= 0 THEN
           CASE WHEN json_type(k.levels, {AT_SEAT}) = 'text' THEN {LEVEL.format(levels="k.levels", path=AT_SEAT)}
           END END,
       {SOUND}, {WON}, CASE WHEN k.rounds BETWEEN 1 AND {MAX_COUNT} THEN k.rounds END,
       CASE WHEN s.kind = 'human' THEN CASE k.hints_type WHEN 'integer' THEN k.hints
           WHEN 'array' THEN CASE WHEN typeof(s.seat) = 'integer' AND s.seat >= 0 THEN
               CASE WHEN json_type(k.hints, {AT_SEAT}) = 'integer' THEN json_extract(k.hints, {AT_SEAT}) END END END END
FROM known k LEFT JOIN seats s ON s.game_id = k.id
ORDER BY k.id, s.rowid"""


@dataclass(frozen=True, slots=True)
class Recent:
    """One of a player's newest games."""

    number: int  # 1 = the oldest game of this kind still recorded
    outcome: str  # win, loss or draw (a tie: first place shared, or nobody won)
    score: float | None


@dataclass(frozen=True, slots=True)
class Figures:
    """One player's games of one kind summed up: results, streaks, scores, rounds, hints, the newest
    games and the win rate after each game (after every n-th of many)."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    newest: str | None = None  # the newest game's outcome, ending a run of `run` such games
    run: int = 0
    best_wins: int = 0  # the longest run of wins
    worst_losses: int = 0
    average_score: float | None = None
    lowest_score: float | None = None
    highest_score: float | None = None
    per_round: float | None = None  # the average score per round, of games that recorded their rounds
    average_rounds: float | None = None
    most_rounds: int | None = None
    hints: int | None = None  # hints used in all; None if no game recorded them
    hinted_games: int = 0  # games in which hints were used
    recent: list[Recent] = field(default_factory=list)  # at most RECENT, oldest first
    curve: list[tuple[float, float]] = field(default_factory=list)  # (games so far, win rate)


def details_of(text: Any) -> dict:
    """A game's details read back: a JSON object within bounds, else {}."""
    if isinstance(text, str) and len(text) <= DETAILS_LIMIT:
        try:
            value = parse_json(text)
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}
    return {}


def seat_problem(name: Any, kind: Any, score: Any, level: Any) -> str | None:
    """Why one seat's row read back cannot be shown (a name or level with hidden characters, a
    score out of bounds); None if it can."""
    if not isinstance(name, str) or text_problem(name[:NAME_SHOWN], NAME_SHOWN) is not None \
            or not any(visible(ch) for ch in name[:NAME_SHOWN]):
        return f"the name {name!r}"
    if kind not in ("human", "computer"):
        return f"the kind {kind!r}"
    if score is not None and not (isinstance(score, (int, float)) and not isinstance(score, bool)
                                  and math.isfinite(score) and abs(score) <= MAX_SCORE):
        return f"the score {score!r}"
    if level is not None and text_problem(level, LEVEL_SHOWN) is not None:
        return f"the level {level!r}"
    return None


def seats_after(db: sqlite3.Connection, game: str, after: int, upto: int) -> sqlite3.Cursor:
    """The rows of SEATS (an open cursor, read as they come): each game's details parsed by
    json_extract alone, or checked first if one of them is not JSON."""
    params = {"game": game, "after": after, "upto": upto, "limit": DETAILS_LIMIT}
    try:
        return db.execute(SEATS.format(facts=FACTS), params)  # the facts are made before the first row
    except sqlite3.OperationalError as exc:
        if "JSON" not in str(exc):
            raise
    return db.execute(SEATS.format(facts=CHECKED_FACTS), params)


def counted(value: Any) -> int | None:
    """Hints as the statistics count them: a whole number from 0 to MAX_COUNT, else None."""
    # a whole number beyond 64 bits comes back from json_extract as a float: out of bounds too
    return value if type(value) is int and 0 <= value <= MAX_COUNT else None


def longest_run(outcomes: str, letter: str) -> int:
    """The longest run of `letter` in `outcomes` (one letter per game)."""
    return max((len(run) for run in re.findall(f"{letter}+", outcomes)), default=0)


def win_rates(outcomes: str) -> list[tuple[float, float]]:
    """The win rate after every n-th game (at most CURVE_POINTS, the last always), oldest first."""
    if not outcomes:
        return []
    step = max(1, math.ceil(len(outcomes) / CURVE_POINTS))
    ends = sorted({*range(step, len(outcomes) + 1, step), 1, len(outcomes)})
    points, wins, start = [], 0, 0
    for end in ends:
        wins += outcomes.count("w", start, end)
        start = end
        points.append((float(end), wins / end))
    return points
