"""The computer players' ladders: seeded games between levels through the public rules API, each
game's subject seat rotating with its seed (bench/ai_ladder.py plays the full-size ones)."""
from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass

MAX_MOVES = 20000  # a game longer than this is reported, not played on


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
