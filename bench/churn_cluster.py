"""bench/churn.py's churn on server processes sharing their tables through Redis, one killed every few minutes.

    python bench/churn_cluster.py [--processes 3] [--kill-every 120] [--minutes 10] [--hour 60]

Its own redis-server (loopback, a free port, no persistence) and `--processes` servers on it, wired as
`main.py --serve --redis` wires them (bench/churn.py's server, its lifecycle times compressed), one
`--record` folder for all (a table's lines join up across an owner's death). The bots of each actor
connect to a process chosen at random among those up, and come back through the others. Every
`--kill-every` seconds of the churn, one process other than the first is SIGKILLed in turn and started
again on its port; what an actor was doing when a kill came is counted as cut, not as an error. The
first process lives through the run: its memory is the one fitted for growth; every process's
resident memory at its start (after the warm-up for the first) and at the end is reported too.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import churn  # noqa: E402
from bench.churn import SAMPLE_S, SERVER, WARM_UP_S, Churn, records_whole, scaled  # noqa: E402
from bench.cluster import free_port, redis_server  # noqa: E402
from bench.net import resident_kib  # noqa: E402
from bench.soak import slope_per_hour  # noqa: E402
from net.limits import Limits  # noqa: E402


class Process:
    """One server process of the cluster, on its own port; killed and started again there."""

    def __init__(self, slot: int, folder: Path, redis: str, limits: Limits) -> None:
        self.slot, self.folder, self.redis, self.limits = slot, folder, redis, limits
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        self.log = folder / f"server-{slot}.log"
        self.proc: asyncio.subprocess.Process | None = None
        self.status: dict[str, int] = {}
        self.lives: list[dict[str, float]] = []  # per start: resident MB then, and at its end
        self.reader: asyncio.Task | None = None

    async def start(self) -> None:
        self.status = {}
        with self.log.open("a") as log_file:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-c", SERVER, json.dumps({k: getattr(self.limits, k) for k in self.limits.__slots__}),
                str(self.folder / "records"), str(self.folder / f"saves-{self.slot}"), str(self.port), self.redis,
                stdout=asyncio.subprocess.PIPE, stderr=log_file, cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)})
        self.reader = asyncio.create_task(self.read_status(self.proc))
        async with asyncio.timeout(30):
            while "port" not in self.status:
                await asyncio.sleep(0.05)
        self.lives.append({"rss_start_mb": self.rss()})

    async def read_status(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdout is not None
        async for line in proc.stdout:
            self.status.update(json.loads(line))

    def rss(self) -> float:
        return resident_kib(self.proc.pid) / 1024 if self.proc and self.proc.returncode is None else 0.0

    async def stop(self, how: signal.Signals) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.lives[-1]["rss_end_mb"] = self.rss()
            self.proc.send_signal(how)
            await self.proc.wait()
        if self.reader is not None:
            self.reader.cancel()


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    limits = scaled(args.hour / args.minutes)
    folder = Path(tempfile.mkdtemp(prefix="card-arcade-churn-cluster-"))
    (folder / "records").mkdir()
    with redis_server() as redis:
        procs = [Process(slot, folder, redis, limits) for slot in range(args.processes)]
        try:
            for proc in procs:
                await proc.start()
            return await churn_with_kills(args, limits, folder, procs)
        finally:
            for proc in procs:
                await proc.stop(signal.SIGKILL)


async def churn_with_kills(args: argparse.Namespace, limits: Limits, folder: Path,
                           procs: list[Process]) -> dict[str, Any]:
    first = procs[0]
    urls = [proc.url for proc in procs]  # those up: a killed process's is out until it is started again

    async def phase(seconds: float, kill_every: float | None) -> tuple[Churn, list[tuple[float, float]], int]:
        start = time.monotonic()
        churn = Churn(urls, start + seconds)
        actors = ([churn.finisher] * 4 + [churn.abandoner] * 2 + [churn.quitter] * 2 + [churn.idler]
                  + [churn.watcher] * 3)
        work = asyncio.gather(*(churn.loop(actor) for actor in actors))
        samples: list[tuple[float, float]] = []
        peak_tables, next_kill, victim = 0, start + (kill_every or seconds * 2), 1
        while not work.done():
            await asyncio.sleep(SAMPLE_S)
            samples.append((time.monotonic() - start, first.rss()))
            peak_tables = max(peak_tables, sum(proc.status.get("tables", 0) for proc in procs))
            if kill_every and time.monotonic() >= next_kill and time.monotonic() < churn.until:
                dead = procs[victim]
                urls.remove(dead.url)
                churn.kills.append(time.monotonic())
                await dead.stop(signal.SIGKILL)
                await dead.start()
                urls.append(dead.url)
                next_kill += kill_every
                victim = victim % (len(procs) - 1) + 1
        await work
        return churn, samples, peak_tables

    async def drained() -> float:
        start = time.monotonic()
        longest = max(limits.lobby_s, limits.finished_s, limits.unattended_s) + 3 * limits.sweep_s + 10
        while time.monotonic() < start + longest and any(
                proc.status.get("tables") or proc.status.get("conns") for proc in procs):
            await asyncio.sleep(0.5)
        await asyncio.sleep(2)
        return round(time.monotonic() - start, 1)

    await phase(WARM_UP_S, None)
    report: dict[str, Any] = {"processes": len(procs), "minutes": args.minutes, "compressed_hour_minutes": args.hour,
                              "kill_every_s": args.kill_every, "warm_up_drain_s": await drained()}
    for proc in procs:
        proc.lives[-1]["rss_warm_empty_mb"] = proc.rss()
    report["first_rss_warm_empty_mb"] = first.rss()
    report["first_blocks_warm_empty"] = first.status.get("blocks")
    churn, samples, peak_tables = await phase(args.minutes * 60, args.kill_every)
    warm = [s for s in samples if s[0] >= 60] or samples
    report.update({"kills": len(churn.kills), "actors_cut_by_a_kill": churn.cut, **churn.done,
                   "reconnects": churn.tally.reconnects, "peak_tables": peak_tables,
                   "first_rss_after_first_minute_mb": warm[0][1], "first_rss_end_mb": samples[-1][1],
                   "first_rss_growth_mb_per_hour_after_first_minute": round(slope_per_hour(warm), 1),
                   "drain_s": await drained()})
    files, lines, problems = records_whole(folder / "records")
    server_errors = [line for proc in procs for line in proc.log.read_text().splitlines()
                     if "Traceback" in line or line.startswith(("ERROR", "CRITICAL"))]
    for proc in procs:
        proc.lives[-1]["rss_drained_mb"] = proc.rss()
    report.update({
        "first_blocks_drained": first.status.get("blocks"),
        "drained": [dict(proc.status) for proc in procs],
        "memory_mb_per_process": [[{k: round(v, 1) for k, v in life.items()} for life in proc.lives]
                                  for proc in procs],
        "saves_left": len(list(folder.glob("saves-*/*.json"))),
        "records": files, "record_lines": lines, "record_problems": problems[:5],
        "errors": len(churn.tally.errors) + len(server_errors),
        "error_texts": (churn.tally.errors + server_errors)[:10]})
    return report


def main(argv: list[str] | None = None) -> int:
    parser = churn.arguments(__doc__)
    parser.add_argument("--processes", type=int, default=3, help="processes sharing their tables through Redis")
    parser.add_argument("--kill-every", type=float, default=120.0, help="seconds of the churn between two SIGKILLs")
    return churn.report_and_status(asyncio.run(main_async(parser.parse_args(argv))))


if __name__ == "__main__":
    sys.exit(main())
