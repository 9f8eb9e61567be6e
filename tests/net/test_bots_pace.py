"""A bot with no time to think keeps within the server's message rate (a long game's moves once came faster
than a connection may send, and the server sent both bots away: "too many messages")."""
from __future__ import annotations

import asyncio

from net import conn as net_conn
from net.bots import Pacer


class Clock:
    """Time that moves only when a pacer sleeps (or the test says so)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_a_bot_answering_at_once_is_never_refused_by_the_servers_rate(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(net_conn.time, "monotonic", clock)
    server_side = net_conn.Conn(ws=None, address="127.0.0.1", checked=clock())  # its bucket, on the same clock
    pacer = Pacer(clock=clock, sleep=clock.sleep)

    async def flood() -> list[bool]:
        allowed = []
        for i in range(600):  # a long game's moves, answered the moment each state comes
            await pacer.wait()
            allowed.append(server_side.within_rate())
            clock.now += 0.001 if i % 7 else 0.0  # the server's answer takes a moment, or none
        return allowed

    allowed = asyncio.run(flood())
    assert all(allowed)
    assert clock.now - 1000.0 > 600 / net_conn.RATE - net_conn.BURST / net_conn.RATE  # it did have to wait


def test_without_pacing_the_same_flood_is_refused(monkeypatch):
    """(The check above can fail: the server's bucket refuses what comes faster.)"""
    clock = Clock()
    monkeypatch.setattr(net_conn.time, "monotonic", clock)
    server_side = net_conn.Conn(ws=None, address="127.0.0.1", checked=clock())
    allowed = []
    for _ in range(600):
        allowed.append(server_side.within_rate())
        clock.now += 0.001
    assert all(allowed[:net_conn.BURST]) and not all(allowed)
