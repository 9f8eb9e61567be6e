"""Discovery's scenario, run by tests/net/test_discovery.py inside a network namespace of its own
(`ip netns exec NS python -m tests.net.discovery_worker SCENARIO`): it refuses to start unless
loopback is the only interface, so no mDNS packet can leave for a real network. Prints one JSON line
of what the Browser saw and when (seconds since the scenario began).

Scenarios: "lobby" (a server in this process: a table is created, a guest takes its open seat, the
host starts it) and "serve" (`main.py --serve --discovery loopback`, a table created, SIGTERM).
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from net import protocol as p
from net.discovery import Advertiser, Browser
from tests.net.clients import Client, loose_server, serving

WAIT_S = 10.0  # the longest the Browser may take to see one change
MAIN = Path(__file__).resolve().parents[2] / "main.py"
LISTENING = re.compile(r"Card Arcade server listening on 127\.0\.0\.1:(\d+)")


def alone_on_loopback() -> bool:
    return sorted(os.listdir("/sys/class/net")) == ["lo"]


async def seen(browser: Browser, test: Any) -> list[dict]:
    """The Browser's list once it passes `test`; raises TimeoutError after WAIT_S."""
    deadline = time.monotonic() + WAIT_S
    while True:
        tables = await asyncio.to_thread(browser.tables)
        if test(tables):
            return [asdict(t) for t in tables]
        if time.monotonic() > deadline:
            raise TimeoutError(f"the Browser did not see it in {WAIT_S} s: {tables}")
        await asyncio.sleep(0.05)


def has(code: str, open_seats: int) -> Any:
    return lambda tables: any(t.code == code and t.open_seats == open_seats for t in tables)


def without(code: str) -> Any:
    return lambda tables: all(t.code != code for t in tables)


async def create(url: str) -> tuple[Client, str]:
    """A Sota table of three: the host, one open seat, a computer."""
    host = await Client.open(url)
    seats = [p.SeatSpec("you"), p.SeatSpec("open"), p.SeatSpec("computer")]
    await host.send(p.Create(p.VERSION, "Hafsa", "sota", seats, seed=5))
    return host, (await host.until(p.Welcome)).code


async def lobby(browser: Browser) -> dict:
    advertiser = Advertiser("loopback")
    async with advertiser, serving(loose_server(listener=advertiser)) as url:
        advertiser.port = int(url.rsplit(":", 1)[1])
        host, code = await create(url)
        found = await seen(browser, has(code, 1))
        guest = await Client.open(url)
        await guest.send(p.Join(p.VERSION, code, "Guest"))
        await guest.until(p.Welcome)
        await guest.send(p.TakeSeat(1))
        await guest.until(p.Welcome)
        seated = await seen(browser, has(code, 0))
        await host.send(p.Start())
        started = await seen(browser, without(code))
        await host.close()
        await guest.close()
    return {"code": code, "port": advertiser.port, "found": found, "seated": seated, "started": started}


async def serve(browser: Browser) -> dict:
    proc = await asyncio.create_subprocess_exec(sys.executable, str(MAIN), "--serve", "--port", "0",
                                                "--discovery", "loopback", stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 20)).decode().strip()
        listening = LISTENING.fullmatch(line)
        assert listening, line
        host, code = await create(f"ws://127.0.0.1:{listening[1]}")
        found = await seen(browser, has(code, 1))
        proc.send_signal(signal.SIGTERM)
        stopped = await seen(browser, without(code))
        returncode = await asyncio.wait_for(proc.wait(), 15)
        await host.close()
        return {"code": code, "port": int(listening[1]), "found": found, "stopped": stopped, "returncode": returncode}
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def scenario(name: str) -> dict:
    browser = await asyncio.to_thread(Browser, "loopback")  # zeroconf's own thread: outside this loop
    try:
        return await asyncio.wait_for(lobby(browser) if name == "lobby" else serve(browser), 60)
    finally:
        await asyncio.to_thread(browser.close)


def main() -> int:
    if not alone_on_loopback():
        print(f"refused: interfaces other than lo here: {os.listdir('/sys/class/net')}", file=sys.stderr)
        return 3
    print(json.dumps(asyncio.run(scenario(sys.argv[1]))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

