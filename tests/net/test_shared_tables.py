"""Several `main.py --serve --redis URL` processes on one real redis-server (each on a loopback port,
started and stopped here): bots spread each table's seats over them, and the tables go on when a
process is killed, stopped, or Redis itself restarts."""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.match import Match
from net import bots
from tests.net.clients import MAIN, listening_url
from tests.net.redis_servers import RedisServer, redis_server

pytestmark = pytest.mark.slow  # whole processes, killed and started again
TABLES = 6
THINK_S = 0.05  # the bots' pause before a move: the games last long enough to be cut in the middle
GAME_S = 120.0


@contextlib.contextmanager
def processes(redis: RedisServer, count: int, record: Path | None = None) -> Iterator[list]:
    """`count` server processes sharing `redis`: [(process, url)], all killed however the block ends."""
    started: list[tuple[subprocess.Popen, str]] = []
    try:
        for _ in range(count):
            args = [sys.executable, str(MAIN), "--serve", "--port", "0", "--redis", redis.url]
            if record is not None:
                args += ["--record", str(record)]
            proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            started.append((proc, ""))
            started[-1] = (proc, listening_url(proc))
        yield started
    finally:
        for proc, _ in started:
            if proc.poll() is None:
                proc.kill()
            proc.wait(10)


def play(urls: list[str], seed: int = 1, tally: bots.Tally | None = None) -> asyncio.Task:
    """Sota tables of three bots through `urls` (the moves are counted in `tally` as they go)."""
    return asyncio.get_running_loop().create_task(bots.run(urls, TABLES, "sota", 3, "normal", seed, THINK_S, tally))


async def mid_game(tally: bots.Tally) -> None:
    """Until every table has played a few moves and none has finished (the cut comes in the middle)."""
    for _ in range(int(GAME_S / 0.02)):  # bounded: a game that never moves fails here
        if tally.moves >= TABLES * 5:
            break
        await asyncio.sleep(0.02)
    assert tally.moves >= TABLES * 5 and tally.tables_finished == 0


def record_lines(folder: Path) -> dict[str, list[dict]]:
    return {path.name: [json.loads(line) for line in path.read_text().splitlines()]
            for path in sorted(folder.glob("*.jsonl"))}


def follows(before: dict, after: dict) -> bool:
    """Whether one legal move takes the Sota match saved as `before` to the one saved as `after` (its
    shuffles' generator included)."""
    for move in Match.load("sota", before).rules.legal_moves():
        match = Match.load("sota", before)
        match.play(move)
        if match.rules.to_dict() == after["rules"]:
            return True
    return False


@pytest.mark.parametrize("count", [2, 3])
def test_tables_spread_over_processes_play_to_the_end(count):
    with redis_server() as redis, processes(redis, count) as procs:
        async def run() -> bots.Tally:
            return await asyncio.wait_for(play([url for _, url in procs]), GAME_S)

        tally = asyncio.run(run())
    assert (tally.tables_finished, tally.errors, tally.reconnects) == (TABLES, [], 0)


def test_a_killed_process_loses_no_move_and_its_tables_go_on_elsewhere(tmp_path):
    killed = tmp_path / "killed"
    with redis_server() as redis, processes(redis, 2, killed) as procs:
        async def run() -> bots.Tally:
            tally = bots.Tally()
            game = play([url for _, url in procs], tally=tally)
            await mid_game(tally)
            procs[0][0].send_signal(signal.SIGKILL)
            return await asyncio.wait_for(game, GAME_S)

        tally = asyncio.run(run())
    assert (tally.tables_finished, tally.errors) == (TABLES, []) and tally.reconnects > 0
    for name, lines in record_lines(killed).items():
        assert [line["seq"] for line in lines] == list(range(len(lines))), name  # no gap, no repeat
        # each move, before the kill and after the takeover, goes on from the position before it
        assert all(follows(a["state"], b["state"]) for a, b in itertools.pairwise(lines)), name
        assert Match.load("sota", lines[-1]["state"]).is_over, name


def test_a_stopped_process_hands_its_tables_over_without_an_error(tmp_path):
    with redis_server() as redis, processes(redis, 2, tmp_path) as procs:
        async def run() -> bots.Tally:
            tally = bots.Tally()
            game = play([url for _, url in procs], seed=7, tally=tally)
            await mid_game(tally)
            procs[0][0].send_signal(signal.SIGTERM)
            return await asyncio.wait_for(game, GAME_S)

        tally = asyncio.run(run())
        assert procs[0][0].wait(15) == 128 + signal.SIGTERM
    assert (tally.tables_finished, tally.errors) == (TABLES, []) and tally.reconnects > 0
    for name, lines in record_lines(tmp_path).items():
        assert [line["seq"] for line in lines] == list(range(len(lines))), name


def test_the_tables_go_on_while_redis_restarts():
    with redis_server() as redis, processes(redis, 2) as procs:
        async def run() -> bots.Tally:
            tally = bots.Tally()
            game = play([url for _, url in procs], seed=11, tally=tally)
            await mid_game(tally)
            redis.kill()
            await asyncio.sleep(1.0)
            redis.start()
            return await asyncio.wait_for(game, GAME_S)

        tally = asyncio.run(run())
    assert (tally.tables_finished, tally.errors) == (TABLES, [])


def test_redis_unreachable_at_start_is_one_line():
    done = subprocess.run([sys.executable, str(MAIN), "--serve", "--port", "0", "--redis", "redis://127.0.0.1:1/0"],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert "Redis at redis://127.0.0.1:1/0 cannot be reached" in line
