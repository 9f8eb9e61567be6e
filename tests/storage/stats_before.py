"""How the statistics were read before their totals were kept (the SQL of storage/stats_reading.py
as it was, every game summed at each reading; War's page from every record): what the new way must
show the same of any file. Only for tests/storage/test_stats_totals.py."""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

from game.war.summary import summarize
from scenes.stats_details import win_rate_curve
from scenes.war.records import war_records
from storage.stats import StatsStore
from storage.stats_reading import DETAILS_LIMIT, LETTERS, Figures, Recent, longest_run, seat_problem, win_rates

NAME_SHOWN = 40
LEVEL_SHOWN = 16
MAX_SCORE = 10**9
MAX_COUNT = 10**9 - 1
RECENT = 30
Query = Callable[[str, dict], list[tuple]]

FACTS = "json_extract(g.details, '$.levels', '$.rounds', '$.hints')"  # one parse: [levels, rounds, hints]
CHECKED_FACTS = f"CASE WHEN json_valid(g.details) THEN {FACTS} END"
DETAILS = "CASE WHEN typeof(g.details) = 'text' AND length(g.details) <= :limit THEN {facts} END"
WON = "(s.won NOT IN (0, ''))"
AT_SEAT = "'[' || s.seat || ']'"
LEVEL = f"""CASE WHEN s.kind = 'computer' AND typeof(s.seat) = 'integer' AND s.seat >= 0 THEN
        CASE WHEN json_type(<facts>, '$[0]' || {AT_SEAT}) = 'text' THEN
            substr(nullif(json_extract(<facts>, '$[0]' || {AT_SEAT}), 'human'), 1, {LEVEL_SHOWN}) END END"""
# Per seat of the games of :game but those in :left_out (a JSON list of ids): what it shows, whether
# it can be shown at all, its outcome, and the rounds and hints its game recorded.
SEATS = f"""
facts AS MATERIALIZED (
    SELECT g.id, {DETAILS} AS facts FROM games g
    WHERE g.game = :game AND g.id NOT IN (SELECT value FROM json_each(:left_out))
),
ties AS MATERIALIZED (  -- the games not won by exactly one seat (of every kind: fewer steps than a join)
    SELECT s.game_id AS id, total({WON}) AS winners FROM seats s GROUP BY s.game_id HAVING winners != 1
),
played AS (
    SELECT f.id, trim(substr(s.name, 1, {NAME_SHOWN})) AS name, s.kind, s.score,
           {LEVEL.replace("<facts>", "facts")} AS level,
           typeof(s.name) = 'text' AND instr(CAST(s.name AS BLOB), x'00') = 0  -- SQLite's text ends at a NUL
               AND s.kind IN ('human', 'computer') AND (s.score IS NULL OR
               (typeof(s.score) IN ('integer', 'real') AND abs(s.score) <= {MAX_SCORE})) AS sound,
           CASE WHEN {WON} THEN CASE WHEN f.id IN (SELECT id FROM ties WHERE winners > 1) THEN 'd' ELSE 'w' END
                WHEN f.id IN (SELECT id FROM ties WHERE winners = 0) THEN 'd' ELSE 'l' END AS outcome,
           CASE WHEN json_type(facts, '$[1]') = 'integer' THEN json_extract(facts, '$[1]') END AS rounds,
           CASE WHEN s.kind = 'human' THEN CASE json_type(facts, '$[2]')
               WHEN 'integer' THEN json_extract(facts, '$[2]')
               WHEN 'array' THEN CASE WHEN typeof(s.seat) = 'integer' AND s.seat >= 0 THEN
                   CASE WHEN json_type(facts, '$[2]' || {AT_SEAT}) = 'integer' THEN
                       json_extract(facts, '$[2]' || {AT_SEAT}) END END END END AS hints
    FROM facts f JOIN seats s ON s.game_id = f.id
)"""
ROUNDS = f"CASE WHEN rounds BETWEEN 1 AND {MAX_COUNT} THEN rounds END"
HINTS = f"CASE WHEN hints BETWEEN 0 AND {MAX_COUNT} THEN hints END"
SUMMARY = """WITH {seats}
SELECT name, kind, level, min(sound), count(*), total(outcome = 'w'), total(outcome = 'd'), max(score), min(score)
FROM played GROUP BY name, kind, level"""
# One player's games in order, summed up; their outcomes as one letter a game (a GROUP BY would not
# keep the order).
FIGURES = f"""WITH {{seats}}
SELECT group_concat(outcome, ''), avg(score), avg(score / ({ROUNDS})), avg({ROUNDS}), max({ROUNDS}),
       total({HINTS}), count(nullif({HINTS}, 0)), count({HINTS})
FROM (SELECT * FROM played WHERE name = :name AND kind = :kind AND level IS :level ORDER BY id)"""
# The games with a seat that is not sound, or with a name or level of :names or :levels (in hex: a
# text may hold a NUL, which JSON does not carry).
DAMAGED = """WITH {seats}
SELECT DISTINCT id FROM played WHERE NOT sound OR hex(name) IN (SELECT value FROM json_each(:names))
    OR hex(level) IN (SELECT value FROM json_each(:levels))"""
# One player's newest games, newest first: id, outcome and score, the games of the kind after it.
NEWEST = f"""
SELECT g.id, {WON}, (SELECT total(w.won NOT IN (0, '')) FROM seats w WHERE w.game_id = g.id), s.score,
       (SELECT count(*) FROM games later WHERE later.game = :game AND later.id > g.id)
       - (SELECT count(*) FROM json_each(:left_out) WHERE value > g.id)
FROM games g JOIN seats s ON s.game_id = g.id
WHERE g.game = :game AND g.id NOT IN (SELECT value FROM json_each(:left_out))
      AND trim(substr(s.name, 1, {NAME_SHOWN})) = :name AND s.kind = :kind
      AND ({LEVEL.replace("<facts>", f"({DETAILS})")}) IS :level
ORDER BY g.id DESC LIMIT {RECENT}"""


def run_sql(query: Query, sql: str, params: dict) -> list[tuple]:
    """`sql` with each game's details parsed by json_extract alone, or checked first if one of them
    is not JSON."""
    try:
        return query(sql.format(seats=SEATS.format(facts=FACTS), facts=FACTS), params)
    except sqlite3.OperationalError as exc:
        if "JSON" not in str(exc):
            raise
    return query(sql.format(seats=SEATS.format(facts=CHECKED_FACTS), facts=CHECKED_FACTS), params)


def hexed(texts: set[Any]) -> str:
    return json.dumps(sorted(text.encode().hex().upper() for text in texts if isinstance(text, str)))


def summary(query: Query, game: str, limit: int) -> tuple[list[dict], list[int]]:
    """Per player of `game` (name, kind, level): games, wins, draws, best and lowest score, most
    games first, and their figures; details over `limit` characters are not read."""
    params: dict[str, Any] = {"game": game, "limit": limit, "left_out": "[]"}
    groups = run_sql(query, SUMMARY, params)
    names = {name for name, *_ in groups if seat_problem(name, "human", None, None)}
    levels = {level for _, _, level, *_ in groups if seat_problem("-", "human", None, level)}
    left_out: list[int] = []
    if names or levels or not all(sound for _, _, _, sound, *_ in groups):
        damaged = run_sql(query, DAMAGED, {**params, "names": hexed(names), "levels": hexed(levels)})
        left_out = [game_id for (game_id,) in damaged]
        groups = run_sql(query, SUMMARY, {**params, "left_out": json.dumps(left_out)})
    rows = [{"name": name, "kind": kind, "level": level, "games": games, "wins": int(wins), "draws": int(draws),
             "best": best, "lowest": lowest} for name, kind, level, _, games, wins, draws, best, lowest in groups]
    return sorted(rows, key=lambda row: (-row["games"], row["name"], str(row["level"]))), left_out


def figures(query: Query, game: str, row: dict, left_out: list[int], limit: int) -> Figures:
    """The figures of the player of `row` (from Summary.rows) in the games of `game` but those
    `left_out`, with their newest games."""
    params = {"game": game, "limit": limit, "left_out": json.dumps(left_out), "name": row["name"],
              "kind": row["kind"], "level": row["level"]}
    found = run_sql(query, FIGURES, params)
    if not found or not found[0][0]:
        return Figures()
    outcomes, average, per_round, rounds, most, hints, hinted, with_hints = found[0]
    return Figures(len(outcomes), outcomes.count("w"), outcomes.count("l"), outcomes.count("d"),
                   LETTERS[outcomes[-1]], len(outcomes) - len(outcomes.rstrip(outcomes[-1])),
                   longest_run(outcomes, "w"), longest_run(outcomes, "l"), average, row["lowest"], row["best"],
                   per_round, rounds, most, int(hints) if with_hints else None, hinted,
                   newest_games(query, params), win_rates(outcomes))


def newest_games(query: Query, params: dict) -> list[Recent]:
    """The RECENT newest games of the player `params` names, oldest first, numbered among all the
    games of the kind."""
    rows = run_sql(query, NEWEST, params)
    total = query("SELECT count(*) FROM games WHERE game = :game", params)[0][0] - len(json.loads(params["left_out"]))
    return [Recent(total - later, LETTERS["w" if won and winners == 1 else "d" if won or not winners else "l"],
                   score) for _, won, winners, score, later in reversed(rows)]


def shared_pages(db: sqlite3.Connection, game: str) -> tuple[list[dict], int, dict[tuple, Figures]]:
    """What the Statistics screen and the shared details page showed of `game`: the players' rows,
    the games left out, and every player's figures."""
    def query(sql: str, params: dict) -> list[tuple]:
        return db.execute(sql, params).fetchall()

    rows, left_out = summary(query, game, DETAILS_LIMIT)
    return rows, len(left_out), {(row["name"], row["kind"], row["level"]):
                                 figures(query, game, row, left_out, DETAILS_LIMIT) for row in rows}


def war_page(store: StatsStore) -> dict:
    """What War's page showed: every record (newest first), their summary, outcomes and win-rate curve."""
    records = list(reversed(war_records(store)))
    oldest_first = [record["details"] for record in reversed(records)]
    outcomes = [details["outcome"] for details in oldest_first]
    return {"records": records, "summary": summarize(oldest_first), "outcomes": outcomes,
            "curve": win_rate_curve(outcomes), "skipped": store.skipped["war"]}
