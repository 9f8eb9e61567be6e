"""War simulation speed: whole games per second through game.war.simulate (no window)."""
from __future__ import annotations

import time

BENCH_GAMES = 1000
BENCH_SEED = 2024


def run() -> list[dict]:
    """Play BENCH_GAMES default games and report the rate."""
    from game.war import simulate

    start = time.perf_counter()
    result = simulate(BENCH_GAMES, BENCH_SEED)
    elapsed = time.perf_counter() - start
    assert result["games"] == BENCH_GAMES
    return [{"bench": "war_games_per_s", "value": round(BENCH_GAMES / elapsed, 1),
             "unit": "games/s"}]


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.run import run_alone

    sys.exit(run_alone(__doc__ or "", run))
