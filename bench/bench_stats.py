"""The statistics screens with 200k recorded games of one kind: seconds from opening the Statistics
screen, and its "More details" page, to their first frame drawn (the file opened beforehand)."""
from __future__ import annotations

import os
import sqlite3
import tempfile
import time
from pathlib import Path

GAMES = 200_000
GAME = "sota"  # the first tab, and a game without a page of its own


def fill(folder: Path, games: int = GAMES) -> None:
    """A statistics file of `games` finished games: a person against a hard computer, in one transaction."""
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
    db.close()


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
        os.environ["CARD_ARCADE_HOME"] = home
        from scenes.app import App
        from scenes.stats import StatsScene
        from scenes.stats_details import StatsDetailsScene

        app = App(folder=Path(home))
        assert app.stats.count(GAME) == GAMES
        opened = first_frame_s(app, lambda: StatsScene(app))
        details = first_frame_s(app, lambda: StatsDetailsScene(app, GAME))
        app.stats.close()
    return [{"bench": "stats_open_200k_s", "value": round(opened, 3), "unit": "s"},
            {"bench": "stats_details_200k_s", "value": round(details, 3), "unit": "s"}]


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from bench.run import run_alone

    sys.exit(run_alone(__doc__ or "", run))
