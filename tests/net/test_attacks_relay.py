"""Attacks through a second process sharing the tables on one real redis-server (loopback): a frame
nested to break a decoder, messages published on Redis by a stranger, a relayed join refused and
then another table, a relaying process killed, a subscriber Redis drops, a flood of relayed traffic.
Each must leave every process serving, every relayed client forgotten once it left, and no relayed
client silently missing messages."""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import redis.asyncio as redis
from redis.asyncio.connection import Connection
from websockets.exceptions import ConnectionClosed

from net import outbox as net_outbox
from net import protocol as p
from net import server as net_server
from net.cluster import Cluster, Tick
from net.shared import SharedTables
from tests.net.clients import MAIN, Client, listening_url, loose_server, open_table, poll, serving
from tests.net.redis_servers import redis_server

DEEP = '{"type":"move","id":1,"state":0,"move":' + "[" * 5000 + "]" * 5000 + "}"  # under MAX_FRAME
pytestmark = pytest.mark.slow  # two server processes and a Redis a test, one killed; a flood of 12 s
WAIT_S = 5.0  # the longest a process has to notice (ticks of 0.25 s, leases of 1 s)
WELCOME_S = 30.0  # the longest a relayed Welcome may take on a loaded machine (5 s failed with two busy cores)
QUIET_S = 2.0  # a flood is over once nothing came for this long
PHRASES = 200  # each flooder's
TABLES = 300  # lobbies one process holds while its ticks are counted
LONG_LEASE_S = 60.0  # a lease that does not expire while a test waits


def shared_server(url: str) -> net_server.Server:
    server = loose_server()
    server.shared = SharedTables(server, Cluster(url))
    return server


@contextlib.asynccontextmanager
async def two(url: str) -> AsyncIterator[tuple[net_server.Server, str, net_server.Server, str]]:
    """Two server processes' worth (each its own Redis connections and id) on this loop: (A, its URL,
    B, its URL)."""
    a, b = shared_server(url), shared_server(url)
    async with serving(a) as url_a, serving(b) as url_b:
        yield a, url_a, b, url_b


async def relayed_watcher(url: str, code: str) -> Client:
    """A spectator connected to `url` whose table is owned by the other process."""
    watcher = await Client.open(url)
    await watcher.send(p.Join(p.VERSION, code, "Watcher", watch=True))
    await watcher.until(p.Welcome, timeout=WELCOME_S)
    return watcher


def run_with_redis(body: Callable[[str], Awaitable[None]]) -> None:
    with redis_server() as server:
        asyncio.run(asyncio.wait_for(body(server.url), 60))


def test_a_deeply_nested_frame_through_another_process_breaks_neither():
    async def body(url: str) -> None:
        async with two(url) as (_, url_a, _, url_b):
            _, _, code = await open_table(url_a, "sota", ["you", "open"], 1)
            hostile = await Client.open(url_b)
            await hostile.send(p.Join(p.VERSION, code, "Hostile", watch=True))
            await hostile.until(p.Welcome)
            await hostile.send(DEEP)
            _, reason, _ = await hostile.closed()
            assert "nested too deeply" in reason  # refused where it is connected
            await relayed_watcher(url_b, code)  # and the owner still answers relayed joins

    run_with_redis(body)


def test_strangers_messages_on_redis_end_no_listener():
    async def body(url: str) -> None:
        async with two(url) as (_, url_a, _, url_b):
            host, _, code = await open_table(url_a, "sota", ["you", "open"], 1)
            first = await relayed_watcher(url_b, code)
            stranger = redis.Redis.from_url(url)
            try:
                for data in ("[" * 5000 + "]" * 5000, "[1]", "{", json.dumps({"conn": "x:1", "frame": DEEP}),
                             json.dumps({"conn": ["x"], "frame": "{}"}), json.dumps({"conn": "y:1", "gone": 1}),
                             json.dumps({"conn": "x:2", "text": 5, "bye": ["?"]})):
                    await stranger.publish(f"ca:in:{code}", data)
                    await stranger.publish(f"ca:out:{code}", data)
            finally:
                await stranger.aclose()
            await relayed_watcher(url_b, code)  # the owner's listener reads on ...
            await host.send(p.Start())
            assert (await first.until(p.State)).state == 0  # ... and so does the relaying process's

    run_with_redis(body)


def test_a_client_refused_through_a_relay_then_watching_another_table_is_forgotten_when_it_leaves():
    async def body(url: str) -> None:
        async with two(url) as (_, url_a, b, url_b):
            _, _, far = await open_table(url_a, "sota", ["you", "open"], 1)
            _, _, near = await open_table(url_b, "sota", ["you", "open"], 2)
            client = await Client.open(url_b)
            await client.send(p.Join(p.VERSION, far, "Ghost", token="not-a-token"))
            await client.until(p.Refused)
            await client.send(p.Join(p.VERSION, near, "Ghost", watch=True))
            await client.until(p.Welcome)
            assert len(b.tables[near].spectators) == 1
            await client.close()
            await poll(lambda: not b.tables[near].spectators, WAIT_S)

    run_with_redis(body)


def test_the_clients_a_killed_process_relayed_are_forgotten_by_the_owner():
    async def body(url: str) -> None:
        proc = subprocess.Popen([sys.executable, str(MAIN), "--serve", "--port", "0", "--redis", url],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url_b = listening_url(proc)
            a = shared_server(url)
            async with serving(a) as url_a:
                _, _, code = await open_table(url_a, "sota", ["you", "open"], 1)
                for _ in range(3):
                    await relayed_watcher(url_b, code)
                assert len(a.tables[code].spectators) == 3
                proc.send_signal(signal.SIGKILL)
                await poll(lambda: not a.tables[code].spectators, WAIT_S)
        finally:
            proc.kill()
            proc.wait(10)

    run_with_redis(body)


def test_a_subscriber_redis_dropped_sends_the_relayed_clients_on_to_join_again():
    async def body(url: str) -> None:
        async with two(url) as (_, url_a, _, url_b):
            host, _, code = await open_table(url_a, "sota", ["you", "open"], 1)
            watcher = await relayed_watcher(url_b, code)
            admin = redis.Redis.from_url(url)
            try:
                assert await admin.client_kill_filter(_type="pubsub") >= 2  # as for an output buffer overflow
            finally:
                await admin.aclose()
            close_code, _, _ = await watcher.closed(WAIT_S)
            assert close_code == 1012  # sent on: it joins again and gets the table as it is
            again = await relayed_watcher(url_b, code)
            await host.send(p.Start())
            state = await again.until(p.State)
            assert state.state == 0

    run_with_redis(body)


async def read_saids(client: Client) -> tuple[int, int | None]:
    """The Said messages a client reads until QUIET_S pass without a message, and its close code."""
    saids = 0
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        while True:
            saids += isinstance(await client.receive(QUIET_S), p.Said)
    return saids, client.ws.close_code


def test_a_flood_of_relayed_traffic_waits_its_turn_and_no_relayed_client_silently_misses_a_message(monkeypatch):
    monkeypatch.setattr(net_outbox, "TABLE_OUT", 256)  # the flood reaches the bound soon

    async def body(url: str) -> None:
        async with two(url) as (a, url_a, b, url_b):
            host = await Client.open(url_a)
            await host.send(p.Create(p.VERSION, "Host", "sota", [p.SeatSpec("you")] + [p.SeatSpec("open")] * 3))
            flooded = (await host.until(p.Welcome)).code
            direct = await Client.open(url_a)
            await direct.send(p.Join(p.VERSION, flooded, "Watcher", watch=True))
            await direct.until(p.Welcome)
            amplifiers = [await relayed_watcher(url_b, flooded) for _ in range(20)]
            flooders = []
            for seat in (1, 2, 3):
                flooder = await Client.open(url_b)
                await flooder.send(p.Join(p.VERSION, flooded, f"Flooder {seat}"))
                await flooder.until(p.Welcome)
                await flooder.send(p.TakeSeat(seat))
                await flooder.until(p.Welcome, test=lambda m: m.seat is not None)
                flooders.append(flooder)
            calm_host, _, calm = await open_table(url_a, "sota", ["you", "open"], 2)
            calm_watcher = await relayed_watcher(url_b, calm)
            readers = [asyncio.create_task(read_saids(c)) for c in [direct, *amplifiers, *flooders]]
            most = [0, 0]

            async def measure() -> None:
                assert a.shared is not None and b.shared is not None
                while True:
                    most[0] = max(most[0], max(b.shared.outbox.queued.values(), default=0))
                    tables = b.shared.outbox.queued_tables["in", flooded], a.shared.outbox.queued_tables["out", flooded]
                    most[1] = max(most[1], *tables)
                    await asyncio.sleep(0.002)

            async def flood(client: Client) -> None:
                with contextlib.suppress(ConnectionClosed):  # (sent on)
                    for _ in range(PHRASES):
                        await client.send(p.Phrase(0))

            meter = asyncio.create_task(measure())
            floods = [asyncio.create_task(flood(c)) for c in flooders]
            await calm_host.send(p.Start())
            assert (await calm_watcher.until(p.State)).state == 0  # the other table's clients hear it meanwhile
            await asyncio.gather(*floods)
            (said, _), *relayed = await asyncio.gather(*readers)
            meter.cancel()
        # every relayed client heard every phrase said at the table, or was sent on to join again
        assert said > 0 and all(count == said or close == 1012 for count, close in relayed), (said, relayed)
        assert most[0] <= net_outbox.CONN_IN and most[1] <= 256 + 20 + 3  # (+ each client's last word)

    run_with_redis(body)


def test_one_round_trip_to_redis_a_tick_whatever_the_number_of_tables_and_freed_tables_release_their_lease(
        monkeypatch):
    async def body(url: str) -> None:
        a = shared_server(url)
        async with serving(a) as url_a:
            assert a.shared is not None
            cluster = a.shared.cluster
            codes = []
            for _ in range(TABLES):
                host = await Client.open(url_a)
                await host.send(p.Create(p.VERSION, "Host", "sota", [p.SeatSpec("you"), p.SeatSpec("open")]))
                codes.append((await host.until(p.Welcome)).code)
                await host.close()
            sends: list[bytes] = []  # what is written to Redis: one write a round trip (a pipeline's too)
            ticks: list[int] = []  # how many writes there had been when each tick began
            write, tick = Connection.send_packed_command, cluster.tick

            async def counted_write(connection: Connection, command: Any, check_health: bool = True) -> None:
                sends.append(command if isinstance(command, bytes) else b"".join(command))
                await write(connection, command, check_health)

            async def counted_tick(*args: Any) -> Tick:
                ticks.append(len(sends))
                return await tick(*args)

            admin = redis.Redis.from_url(url, decode_responses=True)
            try:
                monkeypatch.setattr(Connection, "send_packed_command", counted_write)
                cluster.tick = counted_tick  # type: ignore[method-assign]
                await poll(lambda: len(ticks) > 10, WAIT_S)
                monkeypatch.undo()
                assert {later - earlier for earlier, later in itertools.pairwise(ticks)} == {1}  # one a tick
                freed = a.tables.pop(codes[0])  # the table's lifecycle ended: it goes
                await poll(lambda: freed.code not in cluster.owned, WAIT_S)
                assert not await admin.exists(f"ca:lease:{freed.code}", f"ca:snap:{freed.code}")
                assert await admin.exists(f"ca:lease:{codes[-1]}")
            finally:
                await admin.aclose()

    run_with_redis(body)


def test_a_killed_owners_tables_are_taken_at_the_next_tick_not_when_its_lease_expires():
    async def body(url: str) -> None:
        owner = loose_server()
        owner.shared = SharedTables(owner, Cluster(url, lease_s=LONG_LEASE_S))
        survivor = shared_server(url)
        async with serving(owner) as url_a, serving(survivor):
            host, _, code = await open_table(url_a, "sota", ["you", "open"], 1)
            await owner.shared.close()  # its ticks stop and its connections to Redis close, as in a kill
            await poll(lambda: code in survivor.tables, WAIT_S)  # long before the lease would expire
            assert survivor.tables[code].places[0].token == owner.tables[code].places[0].token
            await host.close()

    run_with_redis(body)
