#!/usr/bin/env python3
"""The computer players' ladders: seeded games between levels through the public rules API.

Prints one JSON object per line: per ladder the subject level's win share (ties shared), and
per game and level the decision times (p50/p99/max, ms) over every `choose` call. Seats rotate
with the seed; game `k` is dealt from seed `first_deal + k` (`k` in every ladder below), computer
`i` of it is seeded `7 * k + i`. The tests play small ladders in-process through `win_share` (harness/ladder.py).

    python bench/ai_ladder.py                      # every ladder, full size, 2 worker processes
    python bench/ai_ladder.py --game sota --scale 0.25 --workers 1
    python bench/ai_ladder.py --game sota --players 4 --subject hard --scale 0.25 --workers 1
Run by hand, never as a timed test.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness.ladder import Ladder, play_chunk  # noqa: E402

LADDERS = (
    Ladder("sota", "normal", "easy", 2, 400),
    Ladder("sota", "hard", "normal", 2, 400),
    Ladder("sota", "hard", "normal", 4, 400),
    Ladder("memory_match", "hard", "easy", 2, 400),
    Ladder("memory_match", "hard", "normal", 2, 400),
    Ladder("memory_match", "normal", "easy", 2, 400),
    Ladder("skyjo", "normal", "easy", 2, 200),
    Ladder("skyjo", "hard", "normal", 2, 300),
    Ladder("kings_corner", "hard", "normal", 2, 400),
)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timing(values: list[float]) -> dict[str, float]:
    ms = [v * 1000 for v in values]
    return {"decisions": len(ms), "p50_ms": round(percentile(ms, 0.5), 2),
            "p99_ms": round(percentile(ms, 0.99), 2), "max_ms": round(max(ms), 2)}


def run_ladder(ladder: Ladder, pool: ProcessPoolExecutor, chunk: int) -> tuple[dict, dict[str, list[float]]]:
    """The ladder's JSON row and its decision times by level."""
    start = time.perf_counter()
    parts = [pool.submit(play_chunk, ladder, range(lo, min(lo + chunk, ladder.games)))
             for lo in range(0, ladder.games, chunk)]
    total, times, unfinished = 0.0, defaultdict(list), 0
    for part in parts:
        share, t, stuck = part.result()
        total += share
        unfinished += stuck
        for level, values in t.items():
            times[level].extend(values)
    row = {"ladder": ladder.game, "subject": ladder.subject, "opponent": ladder.opponent,
           "players": ladder.players, "games": ladder.games, "win_share": round(total / ladder.games, 4),
           "chance": round(1 / ladder.players, 4), "unfinished": unfinished,
           "seconds": round(time.perf_counter() - start, 1)}
    return row, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only this game's ladders (repeatable)")
    parser.add_argument("--players", type=int, help="only the ladders at this many seats")
    parser.add_argument("--subject", help="only the ladders of this subject level")
    parser.add_argument("--scale", type=float, default=1.0, help="games = full size x scale")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=10, help="games per task")
    args = parser.parse_args(argv)
    from game.registry import game_info

    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for full in LADDERS:
            if ((args.game and full.game not in args.game) or args.players not in (None, full.players)
                    or args.subject not in (None, full.subject)):
                continue
            levels = game_info(full.game).levels
            ladder = replace(full, games=max(1, round(full.games * args.scale)))
            missing = [lv for lv in (ladder.subject, ladder.opponent) if lv not in levels]
            if missing:
                print(json.dumps({"ladder": ladder.game, "subject": ladder.subject, "opponent": ladder.opponent,
                                  "players": ladder.players, "skipped": f"no level {missing[0]!r}"}), flush=True)
                continue
            row, t = run_ladder(ladder, pool, args.chunk)
            print(json.dumps(row), flush=True)
            for level, values in t.items():
                times[(ladder.game, level)].extend(values)
    for (game, level), values in sorted(times.items()):
        print(json.dumps({"timing": game, "level": level, **timing(values)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
