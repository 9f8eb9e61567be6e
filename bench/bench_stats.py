"""The statistics screens with 200k recorded games of one kind and 200k of War: seconds from opening
the Statistics screen, its "More details" page and War's page to their first frame drawn (the file
opened, its totals summed and the games imported beforehand, as at any start after the first, from
the menu); and the seconds the first reading of such a file written by an earlier version takes,
once, to sum the totals it keeps."""
from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import time
from pathlib import Path

GAMES = 200_000
GAME = "sota"  # the first tab, and a game without a page of its own
WAR_OPTIONS = {"variant": "classic", "ace": "high", "pickup": "random", "deck": "standard"}


def war_details(i: int) -> str:
    """What War's table records of a game (scenes/war/table.py stats_details), varied a little."""
    outcome = "draw" if i % 11 == 0 else ("win", "loss")[i % 2]
    return json.dumps({"seed": i, "seat": 0, "players": ["Amina", "Computer"], "options": WAR_OPTIONS,
                       "hand": {"percent": 50.0 + i % 9, "face_cards": i % 7}, "outcome": outcome,
                       "reason": "endless" if outcome == "draw" else "cards", "battles": 100 + i % 400,
                       "battles_won": 50 + i % 40, "wars": 6 + i % 5, "wars_won": 3, "double_wars": i % 2,
                       "triple_wars": 0, "quadruple_wars": 0, "deeper_wars": 0, "longest_war": 1 + i % 2,
                       "war_depths": {"1": 5, "2": 1 + i % 2}, "play_time_s": 216.0 + i % 10, "hints": [0, 0],
                       "levels": ["human", "normal"]})


def fill(folder: Path, games: int = GAMES) -> None:
    """A statistics file of `games` finished games of GAME (a person against a hard computer) and as
    many of War, in one transaction, as a fast writer or an earlier version leaves it: no totals kept."""
    from storage.stats import STATS_FILE, StatsStore

    StatsStore(folder).close()
    db = sqlite3.connect(folder / STATS_FILE)
    with db:
        db.executemany("INSERT INTO games (id, game, finished_at, details, game_key) VALUES (?, ?, ?, ?, ?)",
                       ((i, GAME, 1.7e9 + i, f'{{"seed": {i}, "rounds": {1 + i % 7}, "hints": [{i % 3}, 0], '
                        '"levels": ["human", "hard"]}', f"k{i}") for i in range(1, games + 1)))
        db.executemany("INSERT INTO seats (game_id, seat, name, kind, score, won) VALUES (?, ?, ?, ?, ?, ?)",
                       (row for i in range(1, games + 1) for row in ((i, 0, "Amina", "human", i % 40, i % 5 < 3),
                                                                     (i, 1, "Computer", "computer", 20, i % 5 >= 3))))
        war = range(games + 1, 2 * games + 1)
        db.executemany("INSERT INTO games (id, game, finished_at, details, game_key) VALUES (?, 'war', ?, ?, ?)",
                       ((i, 1.7e9 + i, war_details(i), f"k{i}") for i in war))
        db.executemany("INSERT INTO seats (game_id, seat, name, kind, score, won) VALUES (?, ?, ?, ?, NULL, ?)",
                       (row for i in war for row in ((i, 0, "Amina", "human", i % 2 == 1),
                                                     (i, 1, "Computer", "computer", i % 2 == 0))))
    db.close()


def sum_once(folder: Path) -> tuple[float, float]:
    """Seconds the first reading of the file takes to sum its totals: of GAME's players, of War's page."""
    from scenes.war.records import war_totals
    from storage.stats import StatsStore

    stats = StatsStore(folder)
    start = time.perf_counter()
    assert stats.player_summary(GAME)
    shared = time.perf_counter() - start
    start = time.perf_counter()
    assert war_totals(stats) is not None
    war = time.perf_counter() - start
    stats.close()
    return shared, war


def first_frame_s(app, make) -> float:
    """Seconds from making a scene to its first frame drawn."""
    start = time.perf_counter()
    app.push(make(), transition=False)
    app.draw()
    elapsed = time.perf_counter() - start
    app.pop()
    return elapsed


def run() -> list[dict]:
    with tempfile.TemporaryDirectory() as home:
        fill(Path(home))
        first_shared, first_war = sum_once(Path(home))
        os.environ["CARD_ARCADE_HOME"] = home
        from scenes.app import App
        from scenes.plugins import playable_games
        from scenes.stats import StatsScene
        from scenes.stats_details import StatsDetailsScene
        from scenes.war.stats import WarStatsScene

        app = App(folder=Path(home))
        assert app.stats.count(GAME) == GAMES and app.stats.count("war") == GAMES
        playable_games()  # every game imported, as the menu the Statistics screen is opened from did
        opened = first_frame_s(app, lambda: StatsScene(app))
        details = first_frame_s(app, lambda: StatsDetailsScene(app, GAME))
        war = first_frame_s(app, lambda: WarStatsScene(app))
        app.stats.close()
    return [{"bench": "stats_open_200k_s", "value": round(opened, 3), "unit": "s"},
            {"bench": "stats_details_200k_s", "value": round(details, 3), "unit": "s"},
            {"bench": "stats_war_200k_s", "value": round(war, 3), "unit": "s"},
            {"bench": "stats_first_sum_200k_s", "value": round(first_shared, 3), "unit": "s"},
            {"bench": "stats_war_first_sum_200k_s", "value": round(first_war, 3), "unit": "s"}]


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from bench.run import run_alone

    sys.exit(run_alone(__doc__ or "", run))
