#!/usr/bin/env python3
"""Server processes sharing their tables through Redis: throughput of two against one, and failover.

    python bench/cluster.py [--tables 200] [--kills 20]

Starts its own redis-server on a free loopback port (Debian's package), server processes with
`main.py --serve --redis`, and plays with the bots in this process. Prints one JSON line:
- cluster_moves_per_s_1_process / _2_processes: Sota tables of three bots flat out (no think
  pause), seats spread over the processes (with two, most moves cross Redis: a seat's client is on
  one process, its table on the other);
- failover_p50_s / failover_p99_s over `--kills` kills: from SIGKILL of the process that owns a
  table to the first move answered after it (its connections to Redis close with it, the other
  process sees none at two ticks, frees its leases and takes the table from its snapshot, the bots
  reconnect);
- redis_ops_per_move: Redis commands per move, from the server's INFO counters (the commands a
  script runs counted too).
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from net import bots  # noqa: E402

LISTENING = re.compile(r"listening on \S+:(\d+)")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    program = shutil.which("redis-server")
    if program is None:
        sys.exit("bench/cluster.py needs redis-server (Debian: apt-get install redis-server)")
    port = free_port()
    proc = subprocess.Popen([program, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL)
    try:
        for _ in range(200):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.1):
                break
            time.sleep(0.02)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.kill()
        proc.wait()


def server(redis: str) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--serve", "--port", "0", "--redis", redis,
                             "--joins-per-minute", "100000", "--connections-per-address", "100000",
                             "--tables-per-address", "100000"],  # the bots are one address
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    found = LISTENING.search(proc.stdout.readline())
    assert found, "the server did not start"
    return proc, f"ws://127.0.0.1:{found[1]}"


@contextlib.contextmanager
def servers(redis: str, count: int) -> Iterator[list[tuple[subprocess.Popen, str]]]:
    started = [server(redis) for _ in range(count)]
    try:
        yield started
    finally:
        for proc, _ in started:
            proc.kill()
            proc.wait()


def redis_commands(redis: str) -> int:
    import redis as redis_py

    return int(redis_py.Redis.from_url(redis).info("stats")["total_commands_processed"])


def throughput(count: int, tables: int) -> tuple[float, float]:
    """Moves a second with `count` processes, and Redis commands a move."""
    with redis_server() as redis, servers(redis, count) as procs:
        before = redis_commands(redis)
        start = time.perf_counter()
        tally = asyncio.run(bots.run([url for _, url in procs], tables, "sota", 3, "normal", 1))
        seconds = time.perf_counter() - start
        assert not tally.errors, tally.errors[:3]
        return tally.moves / seconds, (redis_commands(redis) - before) / max(1, tally.moves)


async def one_failover(procs: list, redis: str, seed: int) -> float:
    """Seconds from killing the owner of a table (seat 0 opens it there) to the next move answered."""
    tally = bots.Tally()
    game = asyncio.get_running_loop().create_task(
        bots.run([url for _, url in procs], 1, "sota", 3, "normal", seed, 0.05, tally))
    while len(tally.rtts) < 5:
        await asyncio.sleep(0.01)
    answered = len(tally.rtts)
    killed = time.perf_counter()
    procs[0][0].send_signal(signal.SIGKILL)
    while len(tally.rtts) == answered and not game.done():
        await asyncio.sleep(0.005)
    seconds = time.perf_counter() - killed
    await asyncio.wait_for(game, 120)  # the table plays on to its end on the other process
    return seconds


def failovers(kills: int) -> list[float]:
    times = []
    with redis_server() as redis:
        spare = server(redis)
        try:
            for n in range(kills):
                owner = server(redis)
                try:
                    times.append(asyncio.run(one_failover([owner, spare], redis, 2 * n)))  # even: seat 0 on owner
                finally:
                    owner[0].kill()
                    owner[0].wait()
        finally:
            spare[0].kill()
            spare[0].wait()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--kills", type=int, default=20)
    args = parser.parse_args()
    one, ops = throughput(1, args.tables)
    two, _ = throughput(2, args.tables)
    times = sorted(failovers(args.kills))
    print(json.dumps({"tables": args.tables, "cluster_moves_per_s_1_process": round(one),
                      "cluster_moves_per_s_2_processes": round(two), "redis_ops_per_move": round(ops, 1),
                      "kills": len(times), "failover_p50_s": round(statistics.median(times), 2),
                      "failover_p99_s": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
