#!/usr/bin/env python3
"""The network play's speed: a server in a process of its own on a loopback port, the bots in others.

    python bench/net.py [--tables 500] [--game sota] [--seats 4] [--think 400] [--ramp 10]
                        [--seconds 20] [--bot-processes 2] [--profile DIR]

prints one JSON line. First one table alone (net_rtt_p50_ms, net_rtt_p99_ms: a move sent to the view
it makes received, bots in this process). Then the load: `--tables` tables of `--seats` bots, spread
over `--bot-processes` processes (net/bots.py, choosing on their event loops: the normal level
decides in microseconds), open evenly over `--ramp` seconds; each bot pauses `--think` ms on average
(0.5 to 1.5 times, at random) before each of its moves. Every table plays game after game (the
host's Again) until the measured window ends, then plays its game to the end. The window starts
SETTLE_S after the ramp, when every table plays, and lasts `--seconds`: the moves a second
(net_moves_per_s_<N>_tables) count the moves sent in it, the round trips (net_rtt_p50_ms_<N>_tables,
net_rtt_p99_ms_<N>_tables) those of the moves sent in it, and the CPU a move of each side (from
/proc) its CPU time over those moves; rtt_p99_ms_all_moves takes every move of the run, the ramp and
the last games too. The server's memory per table is its resident set at the window's end less
before the tables opened, divided by N. `--profile DIR` runs the server and each bots' process under
cProfile (DIR/server.prof, DIR/bots-K.prof; the figures are then slower).
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from net import bots  # noqa: E402

SERVER = """
import asyncio, cProfile, signal, sys
from net import server
from net.limits import Limits
loose = server.Server(rate=1e9, burst=1e9, joins_per_minute=10 ** 9,  # the bots are one address
                      limits=Limits(connections_per_address=10 ** 9, tables_per_address=10 ** 9, max_tables=10 ** 9))

async def serve():
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)  # ends the run
    try:
        await server.run("127.0.0.1", 0, loose, ready=lambda port: print(port, flush=True))
    except asyncio.CancelledError:
        pass

profile = cProfile.Profile() if len(sys.argv) > 1 else None
if profile is not None:
    profile.enable()
asyncio.run(serve())
if profile is not None:
    profile.disable()
    profile.dump_stats(sys.argv[1])
"""
PROFILED_BOTS = """
import cProfile, sys
from net import bots
profile = cProfile.Profile()
code = profile.runcall(bots.main, sys.argv[2:])
profile.dump_stats(sys.argv[1])
sys.exit(code)
"""
START_S = 2.0  # from launching the bots' processes to their first table (they import the games first)
SETTLE_S = 5.0  # from the ramp's end to the window's start: the last tables start, the ramp's backlog clears


def resident_kib(pid: int) -> int:
    """The resident memory of a process, in KiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid: int) -> float:
    """The CPU time a process has used, user and system, every thread (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sleep_until(moment: float) -> None:
    time.sleep(max(0.0, moment - time.monotonic()))


def load(url: str, server_pid: int, args: argparse.Namespace) -> dict[str, Any]:
    """Run the bots' processes and measure the window (see the module docstring)."""
    every = args.ramp / args.tables
    start = time.monotonic() + START_S
    window = (start + args.ramp + SETTLE_S, start + args.ramp + SETTLE_S + args.seconds)
    count = min(args.bot_processes, args.tables)
    workers = []
    for k in range(count):
        tables = len(range(k, args.tables, count))
        bots_args = ["--server", url, "--tables", str(tables), "--game", args.game, "--seats", str(args.seats),
                     "--seed", str(100 + k * args.tables), "--think", str(args.think),
                     "--start-at", repr(start + k * every), "--every", repr(count * every), "--until", repr(window[1]),
                     "--samples", "--on-loop"]
        command = [sys.executable, "-m", "net.bots", *bots_args]
        if args.profile is not None:
            command = [sys.executable, "-c", PROFILED_BOTS, str(args.profile / f"bots-{k}.prof"), *bots_args]
        workers.append(subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT,
                                        env={**os.environ, "PYTHONPATH": str(ROOT)}))
    try:
        before = resident_kib(server_pid)
        sleep_until(window[0])
        cpu_before = cpu_s(server_pid), sum(cpu_s(w.pid) for w in workers)
        sleep_until(window[1])
        cpu_after = cpu_s(server_pid), sum(cpu_s(w.pid) for w in workers)
        kib = resident_kib(server_pid) - before
        outputs = [w.communicate()[0] for w in workers]
        finished = time.monotonic()
    finally:
        for w in workers:
            if w.poll() is None:
                w.kill()
                w.wait()
    if any(w.returncode not in (0, 1) or not out.strip() for w, out in zip(workers, outputs, strict=True)):
        raise RuntimeError(f"a bots' process failed: exit codes {[w.returncode for w in workers]}")
    tallies = [json.loads(out) for out in outputs]
    return {**merged(tallies, args, window, start, cpu_before, cpu_after, kib), "seconds": round(finished - start, 1)}


def merged(tallies: list[dict], args: argparse.Namespace, window: tuple[float, float], start: float,
           cpu_before: tuple[float, float], cpu_after: tuple[float, float], kib: int) -> dict[str, Any]:
    """The figures of the bots' processes taken together."""
    def in_window(moment: float) -> bool:
        return window[0] <= moment < window[1]

    moves = sum(in_window(t) for tally in tallies for t in tally["moves_at"])
    rtts = [rtt for tally in tallies for rtt, sent in zip(tally["rtts"], tally["rtt_sent"], strict=True)
            if in_window(sent)]
    every_rtt = [rtt for tally in tallies for rtt in tally["rtts"]]
    started = [t for tally in tallies for t in tally["started"]]
    n, window_ms = args.tables, bots.percentiles_ms(rtts)
    errors = [text for tally in tallies for text in tally["error_texts"]]
    return {f"net_moves_per_s_{n}_tables": round(moves / args.seconds),
            f"net_rtt_p50_ms_{n}_tables": window_ms["rtt_p50_ms"],
            f"net_rtt_p99_ms_{n}_tables": window_ms["rtt_p99_ms"], "rtt_max_ms": window_ms["rtt_max_ms"],
            "rtt_p99_ms_all_moves": bots.percentiles_ms(every_rtt)["rtt_p99_ms"],
            "tables": n, "tables_playing_in_window": sum(t < window[0] for t in started),
            "tables_finished": sum(t["tables_finished"] for t in tallies),
            "games_finished": sum(t["games_finished"] for t in tallies),
            "errors": sum(t["errors"] for t in tallies), "error_texts": errors[:5],
            "moves_in_window": moves, "moves": sum(t["moves"] for t in tallies),
            "server_cpu_ms_per_move": round(1000 * (cpu_after[0] - cpu_before[0]) / max(1, moves), 3),
            "bots_cpu_ms_per_move": round(1000 * (cpu_after[1] - cpu_before[1]) / max(1, moves), 3),
            "server_kib_per_table": round(kib / n, 1),
            "load": {"think_ms": args.think, "think_each": "0.5-1.5x at random", "ramp_s": args.ramp,
                     "window_from_s": round(window[0] - start, 1), "window_s": args.seconds,
                     "bot_processes": len(tallies), "bots_choose": "on their event loop (normal level)",
                     "profiled": args.profile is not None}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--game", default="sota")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--think", type=float, default=400.0,
                        help="milliseconds each bot waits before a move, on average (default 400: a quick player; "
                             "0 keeps every table moving flat out, and the round trip is then the queue)")
    parser.add_argument("--ramp", type=float, default=10.0, help="seconds over which the tables open (default 10)")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="seconds measured, every table playing (default 20)")
    parser.add_argument("--bot-processes", type=int, default=2, help="processes the bots run in (default 2)")
    parser.add_argument("--profile", type=Path, help="folder for the cProfile statistics of every process")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    profile = [] if args.profile is None else [str(args.profile / "server.prof")]
    server = subprocess.Popen([sys.executable, "-c", SERVER, *profile], stdout=subprocess.PIPE, text=True, cwd=ROOT,
                              env=env)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        url = f"ws://127.0.0.1:{port}"
        alone = asyncio.run(bots.run(url, 1, args.game, args.seats, "normal", 1)).report()
        loadavg = os.getloadavg()[0]
        figures = {"game": args.game, "seats": args.seats, "net_rtt_p50_ms": alone["rtt_p50_ms"],
                   "net_rtt_p99_ms": alone["rtt_p99_ms"], **load(url, server.pid, args),
                   "loadavg_1m_before": round(loadavg, 2)}
        print(json.dumps(figures))
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
