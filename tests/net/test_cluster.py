"""net.cluster against a real redis-server: leases, snapshots fenced by the lease, channels."""
from __future__ import annotations

import asyncio

import pytest
from redis.exceptions import RedisError

from net.cluster import Cluster, ClusterError
from tests.net.redis_servers import free_port, redis_server

LEASE_S = 30.0  # longer than any test here: a lease expires only when the test makes it


def test_redis_unreachable_at_start_is_one_clear_error():
    async def start() -> None:
        await Cluster(f"redis://127.0.0.1:{free_port()}/0").start()

    with pytest.raises(ClusterError, match=r"^Redis at redis://127\.0\.0\.1:\d+/0 cannot be reached: "):
        asyncio.run(start())


def test_one_owner_a_table_and_its_snapshot_only_from_the_owner():
    async def run(url: str) -> None:
        a, b = Cluster(url, lease_s=LEASE_S), Cluster(url, lease_s=LEASE_S)
        await a.start()
        await b.start()
        try:
            assert await a.claim("ABCDEF", {"n": 1})
            assert not await b.claim("ABCDEF", {"n": 2})  # the code is taken
            assert await b.take("ABCDEF") is None  # its owner lives
            assert await a.save("ABCDEF", 1, {"n": 3})
            assert not await b.save("ABCDEF", 2, {"n": 4})  # not b's to write
            lease = a.key("lease", "ABCDEF")
            assert 0 < await a.client.pttl(lease) <= LEASE_S * 1000  # it expires unless renewed
            await a.client.delete(lease)  # a stops renewing: its lease expires
            assert (await b.tick()).orphans == ["ABCDEF"]
            assert await b.take("ABCDEF") == {"seq": 1, "table": {"n": 3}}
            news = await a.tick()
            assert (news.lost, news.regained) == (["ABCDEF"], []) and "ABCDEF" not in a.owned  # a learns it lost it
            assert not await a.save("ABCDEF", 2, {"n": 5})
            await b.release("ABCDEF")
            assert await a.owner("ABCDEF") is None and await a.client.exists("ca:snap:ABCDEF")
            assert await b.save("ABCDEF", 2, {"n": 6}) and await a.owner("ABCDEF") == b.me  # nobody's: b's again
            await b.release("ABCDEF")
            await a.finished("ABCDEF")
            assert 0 < await a.client.ttl("ca:snap:ABCDEF") <= 600 and (await a.tick()).orphans == []
        finally:
            await a.close()
            await b.close()

    with redis_server() as server:
        asyncio.run(run(server.url))


def test_messages_reach_the_subscribed_process_and_subscriptions_come_back_after_redis_restarts():
    async def run(server) -> None:
        a, b = Cluster(server.url), Cluster(server.url)
        await a.start()
        await b.start()
        got: list = []
        try:
            await a.subscribe("in", "ABCDEF", lambda code, message: got.append((code, message)))
            await b.publish("in", "ABCDEF", {"conn": 1})
            await wait_for(lambda: got == [("ABCDEF", {"conn": 1})])
            server.kill()
            server.start()
            for _ in range(60):  # until a's subscription is made again
                await asyncio.sleep(0.1)
                try:
                    await b.publish("in", "ABCDEF", {"conn": 2})
                except (RedisError, OSError):  # the first command after the restart meets the closed connection
                    continue
                if len(got) > 1:
                    break
            assert got[-1] == ("ABCDEF", {"conn": 2})
        finally:
            await a.close()
            await b.close()

    with redis_server() as server:
        asyncio.run(run(server))


async def wait_for(condition, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the condition never held")


@pytest.mark.parametrize("yields", [0, 1, 2, 5])
def test_a_subscription_is_in_effect_once_subscribe_returns_even_as_the_listener_starts(yields: int):
    """A process subscribes as it starts (a table created at once): what is published the moment
    `subscribe` returns reaches it, whether its listener has not run yet or is connecting meanwhile (two
    connections made at once by the listener and by `subscribe` lost the subscription on a loaded machine)."""
    async def run(url: str) -> None:
        b = Cluster(url)
        await b.start()
        got: list = []
        try:
            for attempt in range(10):
                a = Cluster(url)
                await a.start()
                try:
                    for _ in range(yields):
                        await asyncio.sleep(0)
                    code = f"CODE{attempt:02d}"
                    await a.subscribe("in", code, lambda came_to, message: got.append(came_to))
                    await b.publish("in", code, {"conn": attempt})
                    await wait_for(lambda expected=code: expected in got)
                finally:
                    await a.close()
        finally:
            await b.close()

    with redis_server() as server:
        asyncio.run(run(server.url))
