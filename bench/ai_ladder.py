#!/usr/bin/env python3
"""The computer players' ladders: seeded games between levels through the public rules API.

Prints one JSON object per line: per ladder the subject level's win share (ties shared), and
per game and level the decision times (p50/p99/max, ms) over every `choose` call. Seats rotate
with the seed; game `k` is dealt from seed `first_deal + k` (`k` in every ladder below), computer
`i` of it is seeded `7 * k + i`. The tests play small ladders in-process through `win_share`.

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
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Ladder:
    """`subject` against `opponent` at a table of `players` seats (one subject), over `games` games,
    game `k` dealt from seed `first_deal + k`."""

    game: str
    subject: str
    opponent: str
    players: int
    games: int
    options: tuple[tuple[str, object], ...] = ()
    first_deal: int = 0


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
MAX_MOVES = 20000  # a game longer than this is reported, not played on


def play(ladder: Ladder, seed: int) -> tuple[float, dict[str, list[float]], bool]:
    """One seeded game: the subject's share of the win, decision times (s) by level, finished?"""
    from game.registry import game_info

    info = game_info(ladder.game)
    subject_seat = seed % ladder.players
    levels = [ladder.subject if i == subject_seat else ladder.opponent for i in range(ladder.players)]
    game = info.new_game([f"P{i}" for i in range(ladder.players)], ladder.first_deal + seed,
                         **dict(ladder.options))
    bots = [info.computer(level, 7 * seed + i) for i, level in enumerate(levels)]
    times: dict[str, list[float]] = defaultdict(list)
    for _ in range(MAX_MOVES):
        if game.is_over:
            break
        seat = game.current_player
        view = game.view(seat)
        start = time.perf_counter()
        move = bots[seat].choose(view)
        times[levels[seat]].append(time.perf_counter() - start)
        game.apply(move)
    else:
        return 0.0, times, False
    winners = game.result()["winners"]
    share = 1 / len(winners) if subject_seat in winners else 0.0
    return share, times, True


def play_chunk(ladder: Ladder, seeds: range) -> tuple[float, dict[str, list[float]], int]:
    total, times, unfinished = 0.0, defaultdict(list), 0
    for seed in seeds:
        share, t, done = play(ladder, seed)
        total += share
        unfinished += not done
        for level, values in t.items():
            times[level].extend(values)
    return total, dict(times), unfinished


def win_share(ladder: Ladder) -> float:
    """The subject's share of the ladder's games (ties shared), played in this process; every game
    must end within MAX_MOVES moves."""
    total, _, unfinished = play_chunk(ladder, range(ladder.games))
    if unfinished:
        raise RuntimeError(f"{unfinished} of {ladder.games} games of {ladder} did not end in {MAX_MOVES} moves")
    return total / ladder.games


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
