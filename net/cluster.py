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
table's code; `alive:<ID>` while the process lives. Channels: `in:<CODE>`, `out:<CODE>`.

Every tick a process makes one call, whatever the number of its tables (`Cluster.tick`, one script):
it renews its leases, releases those of its freed tables, and learns which tables nobody owns, which
of the tables it relays clients to changed owner, and which of the processes relaying clients to its
tables died. The script names its keys from PREFIX: one Redis, not a Redis Cluster.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as redis
from redis.exceptions import RedisError

log = logging.getLogger("card_arcade.server")

PREFIX = "ca:"
LEASE_S = 2.0  # a silent owner's tables are taken over after this long (a killed one's at the next tick)
TICK_S = 0.25  # how often a process renews its leases and looks for tables nobody owns
CONNECT_S = 3.0  # seconds Redis has to answer at start
RETRY_S = 1.0  # pause before the subscriptions are made again after Redis went away
FINISHED_S = 600  # seconds a finished table's snapshot stays (for a Play again)
POOL = 32  # connections to Redis at most: more commands at once wait for one

TICK = """local prefix, me, ms = ARGV[1], ARGV[2], ARGV[3]
local i = 4
local function list()
  local items = {}
  for _ = 1, tonumber(ARGV[i]) do i = i + 1 items[#items + 1] = ARGV[i] end
  i = i + 1
  return items
end
local owned, freed, origins, relays = list(), list(), list(), list()
redis.call('set', prefix .. 'alive:' .. me, '1', 'PX', ms)
local lost, regained, dead, moved, orphans, owners, seen = {}, {}, {}, {}, {}, {}, {}
for _, code in ipairs(owned) do
  local key = prefix .. 'lease:' .. code
  local owner = redis.call('get', key)
  if owner == me then redis.call('pexpire', key, ms)
  elseif not owner then redis.call('set', key, me, 'PX', ms) regained[#regained + 1] = code
  else lost[#lost + 1] = code end
end
for _, code in ipairs(freed) do
  if redis.call('get', prefix .. 'lease:' .. code) == me then
    redis.call('del', prefix .. 'lease:' .. code, prefix .. 'snap:' .. code)
    redis.call('srem', prefix .. 'codes', code)
  end
end
for _, who in ipairs(origins) do
  if redis.call('exists', prefix .. 'alive:' .. who) == 0 then dead[#dead + 1] = who end
end
for n = 1, #relays, 2 do
  if redis.call('get', prefix .. 'lease:' .. relays[n]) ~= relays[n + 1] then moved[#moved + 1] = relays[n] end
end
for _, code in ipairs(redis.call('smembers', prefix .. 'codes')) do
  local owner = redis.call('get', prefix .. 'lease:' .. code)
  if not owner then orphans[#orphans + 1] = code
  elseif not seen[owner] then seen[owner] = true owners[#owners + 1] = owner end
end
return {lost, regained, dead, moved, orphans, owners}"""  # one call a tick: see the module's docstring
FREE = """local dead, freed = {}, {}
for n = 2, #ARGV do dead[ARGV[n]] = true end
for _, code in ipairs(redis.call('smembers', ARGV[1] .. 'codes')) do
  local key = ARGV[1] .. 'lease:' .. code
  local owner = redis.call('get', key)
  if owner and dead[owner] then redis.call('del', key) freed[#freed + 1] = code end
end
return freed"""  # the leases of owners whose connections to Redis are all gone (killed): theirs no longer
RELEASE = """if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0"""
SAVE = """local owner = redis.call('get', KEYS[1])
if not owner then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[4]) owner = ARGV[1] end
if owner == ARGV[1] then redis.call('set', KEYS[2], ARGV[2]) redis.call('sadd', KEYS[3], ARGV[3]) return 1 end
return 0"""  # a lease gone (expired, or Redis restarted empty) is this process's again: it still runs the table

Handler = Callable[[str, dict], Awaitable[None] | None]  # (channel's code, message)


class ClusterError(ConnectionError):
    """Redis cannot be reached at start (one line says why)."""


@dataclass
class Tick:
    """What one tick learnt (see `Cluster.tick`)."""

    lost: list[str] = field(default_factory=list)  # this process's tables another process took meanwhile
    regained: list[str] = field(default_factory=list)  # leases Redis had lost (restarted empty): set again
    dead: list[str] = field(default_factory=list)  # processes relaying clients here that are gone
    moved: list[str] = field(default_factory=list)  # tables relayed to whose owner changed
    orphans: list[str] = field(default_factory=list)  # tables nobody owns


class Cluster:
    """This process's view of the shared tables: its leases, the snapshots, the channels."""

    def __init__(self, url: str, lease_s: float = LEASE_S) -> None:
        self.url = url
        self.me = secrets.token_hex(8)
        self.lease_ms = int(lease_s * 1000)
        self.tick_s = min(TICK_S, lease_s / 4)
        pool = redis.BlockingConnectionPool.from_url(url, max_connections=POOL, timeout=CONNECT_S,
                                                     client_name=f"{PREFIX}{self.me}",  # (see `tick`)
                                                     decode_responses=True, socket_connect_timeout=CONNECT_S,
                                                     socket_timeout=CONNECT_S)
        self.client = redis.Redis(connection_pool=pool)
        self.owned: set[str] = set()
        self.missing: set[str] = set()  # owners without a connection to Redis at the last tick
        self.channels: dict[str, Handler] = {}  # channel: what its messages go to
        self.pubsub: Any = None
        self.subscribing = asyncio.Lock()  # one subscriber connection, made or changed by one task at a time
        self.confirming: dict[str, asyncio.Event] = {}  # channels subscribed to, not yet confirmed by Redis
        self.listener: asyncio.Task | None = None
        self.back: Callable[[], None] = lambda: None  # told when what was published meanwhile may be lost
        self.healthy = True

    # -- start and stop --------------------------------------------------------------------------
    async def start(self) -> None:
        """Check that Redis answers (ClusterError with one line if not) and start listening."""
        try:
            await self.client.ping()
        except (RedisError, OSError) as exc:
            raise ClusterError(f"Redis at {self.url} cannot be reached: {exc}") from None
        try:
            await self.subscribe_all()
        except (RedisError, OSError) as exc:
            raise ClusterError(f"Redis at {self.url} took no subscription: {exc}") from None
        self.listener = asyncio.get_running_loop().create_task(self.listen())

    async def close(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.listener
        with contextlib.suppress(RedisError, OSError):
            await self.client.aclose()
            await self.client.connection_pool.disconnect()  # (aclose leaves a pool it was given open)

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

    async def tick(self, freed: Iterable[str] = (), origins: Iterable[str] = (),
                   relays: Iterable[tuple[str, str]] = ()) -> Tick:
        """One round trip to Redis: renew this process's leases and its `alive` key; release the
        leases and snapshots of its `freed` tables; say which `origins` (processes) are gone, which
        `relays` (code, owner the clients were sent to) changed owner, and which tables nobody owns.
        The same round trip lists the connections to Redis, each named after its process: an owner
        with none left at two ticks in a row was killed (its sockets closed with it; one tick without
        may be a process connecting again), and its leases are freed at once (one more call), without
        waiting for them to expire. Where Redis refuses CLIENT LIST, leases expire as they would."""
        freed = [code for code in freed if code in self.owned]
        self.owned.difference_update(freed)
        owned, origins, relays = list(self.owned), list(origins), list(relays)
        args: list[Any] = [PREFIX, self.me, self.lease_ms]
        for items in (owned, freed, origins, [part for pair in relays for part in pair]):
            args += [len(items), *items]
        async with self.client.pipeline(transaction=False) as pipe:
            pipe.eval(TICK, 0, *args)
            pipe.client_list()
            answer, clients = await pipe.execute(raise_on_error=False)
        if isinstance(answer, Exception):
            raise answer
        lost, regained, dead, moved, orphans, owners = ([str(item) for item in items] for items in answer)
        self.owned.difference_update(lost)
        news = Tick(lost, regained, dead, moved, orphans)
        if not isinstance(clients, Exception):
            living = {str(client.get("name", ""))[len(PREFIX):] for client in clients}
            news.dead = sorted(set(news.dead) | (set(origins) - living))
            missing = {owner for owner in owners if owner not in living and owner != self.me}
            killed, self.missing = sorted(missing & self.missing), missing
            if killed:
                news.orphans += [str(code) for code in await self.client.eval(FREE, 0, PREFIX, *killed)]
        return news

    def said(self, failed: BaseException | None) -> None:
        """Say once in the log when Redis goes away, and when it answers again (then `back` is told)."""
        if failed is not None and self.healthy:
            log.warning("Redis cannot be reached (%s): this process's %d tables play on, unshared",
                        failed, len(self.owned))
            self.healthy = False
        elif failed is None and not self.healthy:
            log.warning("Redis is back: the tables are shared again")
            self.healthy = True
            self.back()

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

    async def publish_all(self, messages: list[tuple[str, str, dict]]) -> None:
        """Publish (kind, code, message) in order, in one round trip."""
        async with self.client.pipeline(transaction=False) as pipe:
            for kind, code, message in messages:
                pipe.publish(self.key(kind, code), json.dumps(message))
            await pipe.execute()

    async def subscribe(self, kind: str, code: str, handler: Handler) -> None:
        """Subscribe, and return once Redis confirmed it (what is published from then on arrives), or
        after CONNECT_S if Redis is away (the subscription is made again when it answers: `back`)."""
        channel = self.key(kind, code)
        self.channels[channel] = handler
        confirmed = self.confirming.setdefault(channel, asyncio.Event())
        async with self.subscribing:
            if self.pubsub is not None:
                await self.pubsub.subscribe(channel)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(confirmed.wait(), CONNECT_S)

    async def unsubscribe(self, kind: str, code: str) -> None:
        channel = self.key(kind, code)
        self.confirming.pop(channel, None)
        if self.channels.pop(channel, None) is None:
            return
        async with self.subscribing:
            if self.pubsub is not None:
                with contextlib.suppress(RedisError, OSError):
                    await self.pubsub.unsubscribe(channel)

    async def subscribe_all(self) -> None:
        """A new subscriber connection, subscribed to every channel (one at least, so that listen()
        waits)."""
        async with self.subscribing:
            self.pubsub = self.client.pubsub()
            await self.pubsub.subscribe(f"{PREFIX}none", *self.channels)

    async def listen(self) -> None:
        """Pass each message of the subscribed channels to its handler. Whenever the subscriptions
        are made again (Redis went away, or dropped this subscriber for reading too slowly), what was
        published meanwhile is lost: `back` is told."""
        while True:
            try:
                if self.pubsub is None:
                    await self.subscribe_all()
                    self.back()
                async for message in self.pubsub.listen():
                    await self.deliver(message)
            except Exception as exc:  # Redis away, or anything else: the listener never ends
                log.warning("the subscriptions to Redis are made again: %r", exc)
                await asyncio.sleep(RETRY_S)
            finally:
                pubsub, self.pubsub = self.pubsub, None
                if pubsub is not None:
                    with contextlib.suppress(RedisError, OSError):
                        await pubsub.aclose()

    async def deliver(self, message: dict) -> None:
        """One message to its handler; whatever the message or the handler raises is said in the log
        and the next message is read (anything may come through Redis: a stranger's message too)."""
        try:
            if message.get("type") == "subscribe" and (confirmed := self.confirming.pop(message["channel"], None)):
                confirmed.set()
            handler = self.channels.get(message.get("channel", ""))
            if handler is None or message.get("type") != "message":
                return
            data = json.loads(message["data"])
            if not isinstance(data, dict):
                raise TypeError(f"a {type(data).__name__}, not an object")
            result = handler(message["channel"].rsplit(":", 1)[1], data)
            if asyncio.iscoroutine(result):
                await result
        except Exception as exc:  # a message must never end the listener
            log.warning("a message on %s was dropped: %s", str(message.get("channel"))[:80], repr(exc)[:200])
