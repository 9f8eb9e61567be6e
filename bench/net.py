#!/usr/bin/env python3
"""The network play's speed: a server in a process of its own on a loopback port, bots in this one.

    python bench/net.py [--tables 500] [--game sota] [--seats 4] [--think 400]

prints one JSON line: the round trip of one table alone (net_rtt_p50_ms, net_rtt_p99_ms), then, with
--tables N at once, the moves a second in all (net_moves_per_s_<N>_tables), their round trips, the
tables finished, the errors, and the server's memory per table (its resident set before and after
the tables opened, from /proc, divided by N).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from net import bots  # noqa: E402

SERVER = """
import asyncio, sys
from net import server
loose = server.Server(rate=1e9, burst=1e9, joins_per_minute=10 ** 9)  # the bots are one address
asyncio.run(server.run("127.0.0.1", 0, loose, ready=lambda port: print(port, flush=True)))
"""


def resident_kib(pid: int) -> int:
    """The resident memory of a process, in KiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def measure(url: str, pid: int, tables: int, game: str, seats: int, think: float) -> dict:
    alone = asyncio.run(bots.run(url, 1, game, seats, "normal", 1)).report()
    before = resident_kib(pid)
    start = time.perf_counter()
    tally = asyncio.run(bots.run(url, tables, game, seats, "normal", 100, think))
    seconds = time.perf_counter() - start
    report = tally.report()
    return {"game": game, "seats": seats, "net_rtt_p50_ms": alone["rtt_p50_ms"], "net_rtt_p99_ms": alone["rtt_p99_ms"],
            f"net_moves_per_s_{tables}_tables": round(tally.moves / seconds), "tables": tables,
            "tables_finished": report["tables_finished"], "errors": report["errors"],
            "rtt_p50_ms": report["rtt_p50_ms"], "rtt_p99_ms": report["rtt_p99_ms"], "rtt_max_ms": report["rtt_max_ms"],
            "think_ms": round(think * 1000), "seconds": round(seconds, 1),
            "server_kib_per_table": round((resident_kib(pid) - before) / tables, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--game", default="sota")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--think", type=float, default=400.0,
                        help="milliseconds each bot waits before a move, about (default 400: a quick player; "
                             "0 keeps every table moving flat out, and the round trip is then the queue)")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        print(json.dumps(measure(f"ws://127.0.0.1:{port}", server.pid, args.tables, args.game, args.seats,
                                 args.think / 1000)))
    finally:
        server.terminate()
        server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
