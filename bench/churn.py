#!/usr/bin/env python3
"""A server's hour of churn compressed into minutes: tables created, abandoned, left, finished, watched.

    python bench/churn.py [--minutes 10] [--hour 60]

(several processes on one Redis, one killed now and then: bench/churn_cluster.py)

prints one JSON line. A server in a process of its own (loopback, `--record` and `--saves` in a
temporary folder) whose lifecycle times (lobby, finished, unattended, idle watchers, turn time, its
sweep) are an hour's divided by `--hour`/`--minutes`; the bots of this process, for `--minutes`:
- finishers: two bots and a computer play a game to its end (every online game in turn), then leave;
- abandoners: a lobby opened and left at once (its seat and table must go by themselves);
- quitters: a game against a computer left after a few moves (its seat stood in, the table freed);
- idlers: a host who starts and never moves (the turn time makes them away, the computers play on);
- watchers: a spectator of a recent table for a few seconds.
Then nobody connects for the longest lifecycle time, and the server must hold no table. Reported:
the server's resident memory (empty, after the first minute, at the end, once drained; the growth
per hour fitted after the first minute) and its Python memory blocks (sys.getallocatedblocks: the
resident memory keeps its high-water mark, the blocks go back), its open files, tables and
connections, the errors (a bot's unexpected refusal or exception, an error in the server's log) and
whether every record is whole (each line JSON, the moves numbered from the deal on, none missing).
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.net import resident_kib  # noqa: E402
from bench.soak import slope_per_hour  # noqa: E402
from game.registry import game_info, online_games  # noqa: E402
from net import protocol as p  # noqa: E402
from net.bots import Bot, Tally  # noqa: E402
from net.limits import Limits  # noqa: E402

SERVER = """
import asyncio, gc, json, logging, signal, sys
from pathlib import Path
from net import server
from net.limits import Limits

logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
limits = Limits(**json.loads(sys.argv[1]))
served = server.Server(Path(sys.argv[2]), rate=1e9, burst=1e9, joins_per_minute=10 ** 9, saves=Path(sys.argv[3]),
                       limits=limits)
port, redis_url = (int(sys.argv[4]), sys.argv[5]) if len(sys.argv) > 5 else (0, "")
if redis_url:  # as main.py --serve --redis shares its tables
    from net.cluster import Cluster
    from net.shared import SharedTables
    served.shared = SharedTables(served, Cluster(redis_url))

async def report():
    while True:
        if not served.tables:
            gc.collect()  # (the blocks of an empty server are counted without cyclic garbage)
        print(json.dumps({"tables": len(served.tables), "conns": len(served.conns),
                          "blocks": sys.getallocatedblocks()}), flush=True)
        await asyncio.sleep(1)

async def serve():
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)
    asyncio.get_running_loop().create_task(report())
    try:
        await server.run("127.0.0.1", port, served, ready=lambda port: print(json.dumps({"port": port}), flush=True))
    except asyncio.CancelledError:
        pass

asyncio.run(serve())
"""
JOIN_AGAIN = 1012  # the close code that sends a client on to join again (net/conn.py)
GAMES = online_games()  # every game that plays online, as the registry finds them
SAMPLE_S = 2.0
WARM_UP_S = 20.0  # a first churn, drained before the figures start


def scaled(speed: float) -> Limits:
    """An hour's lifecycle times divided by `speed` (the pace of computers alone stays a person's)."""
    hour = Limits()
    return Limits(connections_per_address=10 ** 6, tables_per_address=10 ** 6, max_tables=10 ** 6,
                  turn_s=max(1, round(hour.turn_s / speed)), watcher_idle_s=hour.watcher_idle_s / speed,
                  lobby_s=hour.lobby_s / speed, finished_s=hour.finished_s / speed,
                  unattended_s=hour.unattended_s / speed, sweep_s=hour.sweep_s / speed)


class Churn:
    """The bots of this process and what they saw."""

    def __init__(self, urls: list[str], until: float) -> None:
        self.urls, self.until = urls, until  # (bench/churn_cluster.py takes a killed process's out while it is down)
        self.kills: list[float] = []  # when a server process was killed: what an actor lost to one is no error
        self.cut = 0  # actors cut by a kill
        self.tally = Tally()
        self.codes: list[str] = []  # recent tables, for the watchers
        self.done = {"finished": 0, "abandoned": 0, "quit": 0, "idled": 0, "watched": 0}
        self.seeds = itertools.count(1)

    async def bot(self, game: str) -> Bot:
        url = random.choice(self.urls)
        others = [u for u in self.urls if u != url]  # where a player comes back after a kill
        bot = Bot(await connect(url, max_size=p.MAX_FRAME), game, "normal", next(self.seeds), self.tally,
                  urls=[url, *others] if others else None, on_loop=True)
        bot.name = "Bot"
        return bot

    async def create(self, game: str, kinds: list[str]) -> Bot:
        host = await self.bot(game)
        try:
            await host.send(p.Create(p.VERSION, "Host", game, [p.SeatSpec(k) for k in kinds]))  # type: ignore[arg-type]
            await host.welcome()
        except BaseException:
            await host.ws.close()
            raise
        self.codes = [*self.codes[-20:], host.code]
        return host

    async def finisher(self, n: int) -> None:
        game = GAMES[n % len(GAMES)]
        kinds = ["you", "open", "computer"][:min(3, game_info(game).max_players)]
        host = await self.create(game, kinds)
        guest = await self.bot(game)
        try:
            await guest.send(p.Join(p.VERSION, host.code, "Guest"))
            await guest.welcome()
            await guest.send(p.TakeSeat(1))
            await guest.welcome()
            await host.send(p.Start())
            await asyncio.wait_for(asyncio.gather(host.play(), guest.play()), 120)
            self.done["finished"] += 1
        finally:
            await host.ws.close()
            await guest.ws.close()

    async def abandoner(self, n: int) -> None:
        host = await self.create(GAMES[n % len(GAMES)], ["you", "open"])
        await host.ws.close()
        self.done["abandoned"] += 1

    async def quitter(self, n: int) -> None:
        game = GAMES[n % len(GAMES)]
        host = await self.create(game, ["you", "computer"])
        try:
            await host.send(p.Start())
            with contextlib.suppress(TimeoutError):  # a few moves, then the host goes
                await asyncio.wait_for(host.play(), random.uniform(0.2, 1.0))
        finally:
            await host.ws.close()
        self.done["quit"] += 1

    async def idler(self, n: int) -> None:
        host = await self.create(GAMES[n % len(GAMES)], ["you", "computer"])
        try:
            await host.send(p.Start())
            with_away = False
            async with asyncio.timeout(60):
                while not with_away:  # the turn time runs out: the host is shown away
                    message = await host.receive()
                    with_away = isinstance(message, p.Lobby) and message.seats[0].away
        finally:
            await host.ws.close()
        self.done["idled"] += 1

    async def watcher(self, n: int) -> None:
        if not self.codes:
            await asyncio.sleep(1)
            return
        code, watched = random.choice(self.codes), False
        for _ in range(3):  # told to join again (1012: the table moved to another process), it does, as a window does
            try:
                await self.watch(code)
                watched = True
                break
            except ConnectionClosed as closed:
                if closed.rcvd is None or closed.rcvd.code != JOIN_AGAIN:
                    raise
        if not watched:
            raise RuntimeError(f"told to join {code} again three times")
        self.done["watched"] += 1

    async def watch(self, code: str) -> None:
        """Watch table `code` a few seconds through one of the processes."""
        async with connect(random.choice(self.urls), max_size=p.MAX_FRAME) as ws:
            await ws.send(p.encoder.encode(p.Join(p.VERSION, code, "Watcher", watch=True)).decode())
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(random.uniform(2, 8)):
                    async for _ in ws:
                        pass

    async def loop(self, actor: Any) -> None:
        """One actor over and over until the time is up; an exception is an error (unless a server process
        was killed while it acted), and it goes on."""
        for n in itertools.count():
            started = time.monotonic()
            if started >= self.until:
                return
            try:
                await actor(n)
            except Exception as exc:  # a bench counts what fails, and goes on
                if any(kill >= started for kill in self.kills):
                    self.cut += 1
                else:
                    self.tally.errors.append(f"{actor.__name__}: {exc!r}")
                await asyncio.sleep(0.5)


def records_whole(folder: Path) -> tuple[int, int, list[str]]:
    """The record files, their lines, and what is wrong with them: a line that is not JSON, moves not
    numbered one after another from the deal."""
    files = lines = 0
    problems: list[str] = []
    for path in sorted(folder.glob("*.jsonl")):
        files += 1
        seqs = []
        for text in path.read_text(encoding="utf-8").splitlines():
            lines += 1
            try:
                seqs.append(json.loads(text)["seq"])
            except (ValueError, KeyError):
                problems.append(f"{path.name}: a line that is no record")
        if seqs != list(range(len(seqs))):
            problems.append(f"{path.name}: moves {seqs[:5]}... not one after another from the deal")
    return files, lines, problems


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    speed = args.hour / args.minutes
    limits = scaled(speed)
    folder = Path(tempfile.mkdtemp(prefix="card-arcade-churn-"))
    (folder / "records").mkdir()
    log_path = folder / "server.log"
    with log_path.open("w") as log_file:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", SERVER, json.dumps({k: getattr(limits, k) for k in limits.__slots__}),
            str(folder / "records"), str(folder / "saves"), stdout=asyncio.subprocess.PIPE, stderr=log_file,
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None
    status: dict[str, int] = {}

    async def read_status() -> None:
        assert proc.stdout is not None
        async for line in proc.stdout:
            status.update(json.loads(line))

    reader = asyncio.create_task(read_status())
    url = ""

    async def phase(seconds: float) -> tuple[Churn, list[tuple[float, float]], dict[str, int]]:
        """Churn for `seconds`: the bots' tally, (seconds, resident MB) every SAMPLE_S, the peak counts."""
        start = time.monotonic()
        churn = Churn([url], start + seconds)
        actors = ([churn.finisher] * 4 + [churn.abandoner] * 2 + [churn.quitter] * 2 + [churn.idler]
                  + [churn.watcher] * 3)
        work = asyncio.gather(*(churn.loop(actor) for actor in actors))
        samples: list[tuple[float, float]] = []
        peak = {"tables": 0, "conns": 0}
        while not work.done():
            await asyncio.sleep(SAMPLE_S)
            samples.append((time.monotonic() - start, resident_kib(proc.pid) / 1024))
            peak = {k: max(peak[k], status.get(k, 0)) for k in peak}
        await work
        return churn, samples, peak

    async def drained() -> float:
        """Seconds until the server holds no table and no connection (at most its longest lifecycle time)."""
        start = time.monotonic()
        longest = max(limits.lobby_s, limits.finished_s, limits.unattended_s) + 3 * limits.sweep_s + 5
        while time.monotonic() < start + longest and (status.get("tables") or status.get("conns")):
            await asyncio.sleep(0.5)
        await asyncio.sleep(2)  # a status line after the last table went
        return round(time.monotonic() - start, 1)

    try:
        while "port" not in status:
            await asyncio.sleep(0.05)
        url = f"ws://127.0.0.1:{status['port']}"
        report: dict[str, Any] = {"minutes": args.minutes, "compressed_hour_minutes": args.hour,
                                  "limits": {k: getattr(limits, k) for k in ("turn_s", "lobby_s", "finished_s",
                                                                             "unattended_s", "watcher_idle_s")},
                                  "rss_empty_mb": resident_kib(proc.pid) / 1024, "blocks_empty": status.get("blocks")}
        await phase(WARM_UP_S)  # every game's modules and the server's caches loaded
        report.update({"warm_up_drain_s": await drained(), "rss_warm_empty_mb": resident_kib(proc.pid) / 1024,
                       "blocks_warm_empty": status.get("blocks")})
        churn, samples, peak = await phase(args.minutes * 60)
        warm = [s for s in samples if s[0] >= 60] or samples
        report.update({"rss_after_first_minute_mb": warm[0][1], "rss_end_mb": samples[-1][1],
                       "rss_growth_mb_per_hour_after_first_minute": round(slope_per_hour(warm), 1),
                       "peak": peak, "at_end": dict(status), **churn.done, "drain_s": await drained()})
        files, lines, problems = records_whole(folder / "records")
        server_errors = [line for line in log_path.read_text().splitlines() if "Traceback" in line
                         or line.startswith(("ERROR", "CRITICAL"))]
        report.update({"drained": dict(status), "rss_drained_mb": resident_kib(proc.pid) / 1024,
                       "open_files_drained": len(os.listdir(f"/proc/{proc.pid}/fd")),
                       "saves_left": len(list((folder / "saves").glob("*.json"))),
                       "records": files, "record_lines": lines, "record_problems": problems[:5],
                       "errors": len(churn.tally.errors) + len(server_errors),
                       "error_texts": (churn.tally.errors + server_errors)[:10]})
        return report
    finally:
        reader.cancel()
        if proc.returncode is None:
            proc.terminate()
            await proc.wait()


def arguments(description: str | None = __doc__) -> argparse.ArgumentParser:
    """The options of a churn, which bench/churn_cluster.py extends."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10.0, help="how long the churn lasts")
    parser.add_argument("--hour", type=float, default=60.0, help="the minutes of a server's life it stands for")
    return parser


def report_and_status(report: dict[str, Any]) -> int:
    """Print the report as one JSON line; 0 when the churn had no error and every record is whole."""
    print(json.dumps(report))
    return 0 if report["errors"] == 0 and not report["record_problems"] else 1


def main(argv: list[str] | None = None) -> int:
    return report_and_status(asyncio.run(main_async(arguments().parse_args(argv))))

if __name__ == "__main__":
    sys.exit(main())
