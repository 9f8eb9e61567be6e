"""Several server processes sharing their tables through Redis (`--serve --redis redis://HOST:PORT/DB`).

Each table is run by one process at a time, its owner, which holds the table's lease: a key set if
absent with an expiry and renewed while the owner lives. The owner keeps the table's snapshot (the
`net.saves` form and the sequence number of its last move) in Redis, written before it answers a
move, and only while it still holds the lease. A client may connect to any process with any code: a
process that does not own the table passes the client's messages to the owner on the table's
"in" channel, and the owner publishes the messages for that client, already filtered for its seat,
on the table's "out" channel. When an owner dies its leases expire and another process takes each
table from its snapshot.

Keys (PREFIX "ca:"): `lease:<CODE>` the owner's id; `snap:<CODE>` {"seq", "table"}; `codes` every
table's code. Channels: `in:<CODE>`, `out:<CODE>`.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis
from redis.exceptions import RedisError

log = logging.getLogger("card_arcade.server")

PREFIX = "ca:"
LEASE_S = 3.0  # a dead owner's tables are taken over after this long
RENEW_S = 1.0  # how often an owner renews its leases
CONNECT_S = 3.0  # seconds Redis has to answer at start
RETRY_S = 1.0  # pause before the subscriptions are made again after Redis went away
FINISHED_S = 600  # seconds a finished table's snapshot stays (for a Play again)
POOL = 32  # connections to Redis at most: more commands at once wait for one

RENEW = """if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
return 0"""
RELEASE = """if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0"""
SAVE = """local owner = redis.call('get', KEYS[1])
if not owner then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[4]) owner = ARGV[1] end
if owner == ARGV[1] then redis.call('set', KEYS[2], ARGV[2]) redis.call('sadd', KEYS[3], ARGV[3]) return 1 end
return 0"""  # a lease gone (expired, or Redis restarted empty) is this process's again: it still runs the table

Handler = Callable[[str, dict], Awaitable[None] | None]  # (channel's code, message)


class ClusterError(ConnectionError):
    """Redis cannot be reached at start (one line says why)."""


class Cluster:
    """This process's view of the shared tables: its leases, the snapshots, the channels."""

    def __init__(self, url: str, lease_s: float = LEASE_S) -> None:
        self.url = url
        self.me = secrets.token_hex(8)
        self.lease_ms = int(lease_s * 1000)
        self.renew_s = min(RENEW_S, lease_s / 3)
        pool = redis.BlockingConnectionPool.from_url(url, max_connections=POOL, timeout=CONNECT_S,
                                                     decode_responses=True, socket_connect_timeout=CONNECT_S,
                                                     socket_timeout=CONNECT_S)
        self.client = redis.Redis(connection_pool=pool)
        self.owned: set[str] = set()
        self.channels: dict[str, Handler] = {}  # channel: what its messages go to
        self.pubsub: Any = None
        self.listener: asyncio.Task | None = None
        self.lost: Callable[[str], None] = lambda code: None  # told when a lease is found lost
        self.regained: Callable[[str], None] = lambda code: None  # told when Redis lost a lease it had
        self.back: Callable[[], None] = lambda: None  # told when Redis answers again after it went away
        self.healthy = True

    # -- start and stop --------------------------------------------------------------------------
    async def start(self) -> None:
        """Check that Redis answers (ClusterError with one line if not) and start listening."""
        try:
            await self.client.ping()
        except (RedisError, OSError) as exc:
            raise ClusterError(f"Redis at {self.url} cannot be reached: {exc}") from None
        self.listener = asyncio.get_running_loop().create_task(self.listen())

    async def close(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.listener
        with contextlib.suppress(RedisError, OSError):
            await self.client.aclose()

    # -- leases ----------------------------------------------------------------------------------
    @staticmethod
    def key(kind: str, code: str) -> str:
        return f"{PREFIX}{kind}:{code}"

    async def claim(self, code: str, table: dict) -> bool:
        """A new table's code for this process: True if nobody had it (its lease and snapshot are set)."""
        if not await self.client.set(self.key("lease", code), self.me, nx=True, px=self.lease_ms):
            return False
        if not await self.client.set(self.key("snap", code), json.dumps({"seq": 0, "table": table}), nx=True):
            await self.client.eval(RELEASE, 1, self.key("lease", code), self.me)
            return False
        await self.client.sadd(f"{PREFIX}codes", code)
        self.owned.add(code)
        return True

    async def take(self, code: str) -> dict | None:
        """Take a table nobody owns: its snapshot {"seq", "table"}, or None (another owner, or no such table)."""
        if not await self.client.exists(self.key("snap", code)):
            return None
        if not await self.client.set(self.key("lease", code), self.me, nx=True, px=self.lease_ms):
            return None
        text = await self.client.get(self.key("snap", code))
        if text is None:
            await self.release(code)
            return None
        self.owned.add(code)
        return json.loads(text)

    async def owner(self, code: str) -> str | None:
        owner = await self.client.get(self.key("lease", code))
        return None if owner is None else str(owner)

    async def release(self, code: str) -> None:
        """Give the table up (its snapshot stays for the next owner)."""
        self.owned.discard(code)
        await self.client.eval(RELEASE, 1, self.key("lease", code), self.me)

    async def finished(self, code: str) -> None:
        """The table's game is over: its snapshot expires after FINISHED_S (Play again writes it anew)
        and no process takes it over meanwhile."""
        await self.client.expire(self.key("snap", code), FINISHED_S)
        await self.client.srem(f"{PREFIX}codes", code)

    async def renew(self) -> tuple[list[str], list[str]]:
        """Renew every lease this process holds. Returns the codes whose lease it no longer holds
        (taken over while Redis could not be reached: given up), and those it had to set again
        (Redis restarted empty: their snapshots must be written again)."""
        lost, regained = [], []
        for code in list(self.owned):
            if await self.client.eval(RENEW, 1, self.key("lease", code), self.me, self.lease_ms):
                continue
            if await self.client.set(self.key("lease", code), self.me, nx=True, px=self.lease_ms):
                regained.append(code)
            else:
                self.owned.discard(code)
                lost.append(code)
        return lost, regained

    async def keep_leases(self) -> None:
        """Renew the leases while this process runs; say once when Redis goes away and comes back."""
        while True:
            try:
                lost, regained = await self.renew()
                for code in lost:
                    log.warning("table %s was taken over by another process", code)
                    self.lost(code)
                for code in regained:
                    self.regained(code)
                if not self.healthy:
                    log.warning("Redis is back: the tables are shared again")
                    self.healthy = True
                    self.back()
            except (RedisError, OSError) as exc:
                if self.healthy:
                    log.warning("Redis cannot be reached (%s): this process's %d tables play on, unshared",
                                exc, len(self.owned))
                self.healthy = False
            await asyncio.sleep(self.renew_s)

    async def orphans(self) -> list[str]:
        """Codes of tables whose owner is gone (no lease)."""
        codes = [str(code) for code in await self.client.smembers(f"{PREFIX}codes")]
        leases = await self.client.mget([self.key("lease", code) for code in codes]) if codes else []
        return [code for code, lease in zip(codes, leases, strict=True) if lease is None]

    # -- snapshots -------------------------------------------------------------------------------
    async def save(self, code: str, seq: int, table: dict) -> bool:
        """Write the table's snapshot if this process still owns it (or nobody does: the lease is
        set again); False if another process took it."""
        text = json.dumps({"seq": seq, "table": table})
        return bool(await self.client.eval(SAVE, 3, self.key("lease", code), self.key("snap", code), f"{PREFIX}codes",
                                           self.me, text, code, self.lease_ms))

    # -- channels --------------------------------------------------------------------------------
    async def publish(self, kind: str, code: str, message: dict) -> None:
        await self.client.publish(self.key(kind, code), json.dumps(message))

    async def subscribe(self, kind: str, code: str, handler: Handler) -> None:
        channel = self.key(kind, code)
        self.channels[channel] = handler
        if self.pubsub is not None:
            await self.pubsub.subscribe(channel)

    async def unsubscribe(self, kind: str, code: str) -> None:
        channel = self.key(kind, code)
        if self.channels.pop(channel, None) is not None and self.pubsub is not None:
            with contextlib.suppress(RedisError, OSError):
                await self.pubsub.unsubscribe(channel)

    async def listen(self) -> None:
        """Pass each message of the subscribed channels to its handler; after Redis went away,
        subscribe again once it is back."""
        while True:
            try:
                self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
                await self.pubsub.subscribe(f"{PREFIX}none", *self.channels)  # one, so that listen() waits
                async for message in self.pubsub.listen():
                    await self.deliver(message)
            except (RedisError, OSError):
                await asyncio.sleep(RETRY_S)
            finally:
                pubsub, self.pubsub = self.pubsub, None
                if pubsub is not None:
                    with contextlib.suppress(RedisError, OSError):
                        await pubsub.aclose()

    async def deliver(self, message: dict) -> None:
        handler = self.channels.get(message.get("channel", ""))
        if handler is None or message.get("type") != "message":
            return
        try:
            data = json.loads(message["data"])
        except (ValueError, TypeError):
            return  # nobody but these processes publishes here: a stranger's message is dropped
        code = message["channel"].rsplit(":", 1)[1]
        result = handler(code, data)
        if asyncio.iscoroutine(result):
            await result
