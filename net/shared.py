"""A server process among several sharing their tables through Redis (net/cluster.py): how this
process opens, takes over, relays, keeps and gives up tables.

- A new table's code is claimed in Redis (unique across the processes); this process owns it.
- A Join for a code this process does not hold: if nobody owns that table (its owner died or gave it
  up), this process takes it from its snapshot; if another process owns it, this process relays the
  client: its frames go to the owner on the table's "in" channel, where a `ProxyConn` stands for it,
  and what the owner sends that connection (already filtered for its seat) comes back on "out".
- After every move the owner writes the snapshot (and its sequence number) before it answers: the
  table's messages wait in `Table.held` until Redis has it. A snapshot refused (the lease was lost)
  gives the table up: its players are sent on to join again, wherever the table now is.
- Every `TICK_S` the process renews its leases, takes the tables nobody owns, and sends on the
  relayed clients of a table whose owner changed. `drain()` (SIGTERM) gives every table up.
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from dataclasses import dataclass
from typing import Any

import msgspec
from redis.exceptions import RedisError

from game.match import Match
from net import metrics
from net import protocol as p
from net import saves as table_saves
from net.cluster import Cluster
from net.conn import Conn
from net.server import Server
from net.table import Table

log = logging.getLogger("card_arcade.server")

MOVE_ON = "this table moved to another server process: join again"
CLOSING = "this server process is closing: join again"
OUT_QUEUE = 10_000  # messages waiting for Redis at most; past that the oldest are dropped (Redis is away)


class SharedTables:
    """The Redis side of one server process."""

    def __init__(self, server: Server, cluster: Cluster) -> None:
        self.server = server
        self.cluster = cluster
        cluster.lost = self.lose
        cluster.regained = self.rewrite
        cluster.back = self.resync
        self.ids = itertools.count()
        self.relayed: dict[str, Conn] = {}  # this process's clients of tables owned elsewhere, by id
        self.relay_owner: dict[str, str] = {}  # code: the owner the relayed clients were sent to
        self.proxies: dict[str, Conn] = {}  # the clients of this process's tables connected elsewhere, by id
        self.outbox: asyncio.Queue[tuple[str, str, dict]] = asyncio.Queue(OUT_QUEUE)
        self.tasks: set[asyncio.Task] = set()
        self.draining = False

    # -- start, the tick, stop -----------------------------------------------------------------
    async def start(self) -> None:
        await self.cluster.start()
        self.spawn(self.publisher())
        self.spawn(self.cluster.keep_leases())
        self.spawn(self.tick())

    def spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def tick(self) -> None:
        """Take the tables nobody owns; send on the relayed clients of a table whose owner changed."""
        while True:
            await asyncio.sleep(self.cluster.renew_s)
            if self.draining:
                continue
            try:
                for code in await self.cluster.orphans():
                    await self.take(code)
                for code, owner in list(self.relay_owner.items()):
                    if await self.cluster.owner(code) != owner:
                        self.end_relay(code)
            except (RedisError, OSError):
                continue  # keep_leases says so in the log

    async def drain(self) -> None:
        """Take no new table; give every table up (its snapshot stays), sending its players on."""
        self.draining = True
        for table in list(self.server.tables.values()):
            await self.give_up(table, CLOSING)
        for code in list(self.relay_owner):
            self.end_relay(code)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await self.cluster.close()

    # -- opening and taking tables ---------------------------------------------------------------
    def create(self, conn: Conn, message: p.Create) -> None:
        if self.draining:
            conn.move_on(CLOSING)
            return
        self.spawn(self.claim(conn, message))

    async def claim(self, conn: Conn, message: p.Create) -> None:
        """Open the table once its code is claimed in Redis (another code if a process has that one)."""
        table = self.server.new_table(conn, message)
        if table is None:
            return
        try:
            while not await self.cluster.claim(table.code, self.snapshot_of(table)):
                table.code = self.server.new_code()
        except (RedisError, OSError) as exc:
            conn.send(p.Refused(f"tables cannot be opened now: {exc}"))
            return
        await self.cluster.subscribe("in", table.code, self.from_elsewhere)
        self.server.open_table(conn, table)

    def join(self, conn: Conn, message: p.Join) -> None:
        self.spawn(self.find(conn, message))

    async def find(self, conn: Conn, message: p.Join) -> None:
        """The table of a code this process does not hold: taken over if nobody owns it, else relayed."""
        code = message.code.strip().upper()
        try:
            owner = await self.cluster.owner(code)
            if owner is None and not self.draining:
                await self.take(code)
                owner = await self.cluster.owner(code)
        except (RedisError, OSError):
            owner = None
        if code in self.server.tables:
            self.server.join(conn, message)
        elif owner is None or owner == self.cluster.me:
            conn.send(p.Refused("no table has that code"))
        else:
            await self.relay(conn, code, owner, message)

    async def take(self, code: str) -> None:
        """Run a table nobody owns, from its snapshot; one that will not load is left to the others."""
        snapshot = await self.cluster.take(code)
        if snapshot is None:
            return
        try:
            saved = msgspec.convert(snapshot["table"], table_saves.SavedTable)
            table_saves.check_table(saved)
            match = None if saved.match is None else Match.load(saved.game, saved.match)
        except (msgspec.ValidationError, *table_saves.LOAD_ERRORS) as exc:
            log.warning("table %s's snapshot would not load (%s): given up", code, exc)
            await self.cluster.release(code)
            return
        table = Table.from_saved(self.server, saved, match)
        self.server.recorder.resume(table, snapshot["seq"])
        self.server.tables[code] = table
        await self.cluster.subscribe("in", code, self.from_elsewhere)
        log.info("table %s taken over at move %s", code, snapshot["seq"])
        metrics.took_over()
        table.wake()
        self.server.announce(table)

    # -- keeping tables --------------------------------------------------------------------------
    @staticmethod
    def snapshot_of(table: Table) -> dict:
        return msgspec.to_builtins(table.saved())

    @staticmethod
    def seq_of(table: Table) -> int:
        return 0 if table.match is None else table.match.moves_played

    def keep(self, table: Table) -> None:
        """Write the table's snapshot (a change that answers nobody: a seat taken, a note)."""
        self.spawn(self.write(table))

    def commit(self, table: Table) -> None:
        """After a move (or a deal): the snapshot first, then the answers held meanwhile, and the
        next turn."""
        self.spawn(self.commit_then_answer(table))

    async def commit_then_answer(self, table: Table) -> None:
        kept = await self.write(table)
        held, table.held = table.held or [], None
        if not kept:
            await self.give_up(table, MOVE_ON)
            return
        for conn, text in held:
            conn.send(text)
        if table.match is not None and table.match.is_over:
            with contextlib.suppress(RedisError, OSError):
                await self.cluster.finished(table.code)
        table.next_turn()

    async def write(self, table: Table) -> bool:
        """The snapshot written; False if this process no longer owns the table. Redis away: the
        table plays on unshared (True), as keep_leases says in the log."""
        try:
            return await self.cluster.save(table.code, self.seq_of(table), self.snapshot_of(table))
        except (RedisError, OSError):
            return True

    def resync(self) -> None:
        """Redis is back: what was published meanwhile is lost, so the relayed clients join again
        (and get the table as it is now)."""
        for code in list(self.relay_owner):
            self.end_relay(code)

    def rewrite(self, code: str) -> None:
        """Redis came back empty: the table's snapshot is written again."""
        table = self.server.tables.get(code)
        if table is not None:
            self.keep(table)

    def lose(self, code: str) -> None:
        """Another process took the table while Redis was away: this copy goes."""
        table = self.server.tables.get(code)
        if table is not None:
            self.spawn(self.give_up(table, MOVE_ON))

    async def give_up(self, table: Table, reason: str) -> None:
        """The table leaves this process: its players are sent on (not an error: they join again)."""
        self.server.tables.pop(table.code, None)
        if table.thinking is not None:
            table.thinking.cancel()
        for place in table.places:
            if place.lost_task is not None:
                place.lost_task.cancel()
        for conn in list(table.everyone()):
            conn.table = None  # its leaving is not a lost connection here
            conn.move_on(reason)
        await self.cluster.unsubscribe("in", table.code)
        with contextlib.suppress(RedisError, OSError):
            await self.cluster.release(table.code)

    # -- relaying --------------------------------------------------------------------------------
    async def relay(self, conn: Conn, code: str, owner: str, first: p.Message) -> None:
        """Pass this client to the table's owner from now on, starting with its Join."""
        conn.relay, conn.relay_id = code, f"{self.cluster.me}:{next(self.ids)}"
        self.relayed[conn.relay_id] = conn
        if code not in self.relay_owner:
            self.relay_owner[code] = owner
            await self.cluster.subscribe("out", code, self.to_relayed)
        self.forward(conn, p.encoder.encode(first).decode())

    def forward(self, conn: Conn, frame: str) -> None:
        """A relayed client's frame, to the owner (it decodes and checks it as its own client's)."""
        self.send_out("in", conn.relay or "", {"conn": conn.relay_id, "address": conn.address, "frame": frame})

    def relay_gone(self, conn: Conn) -> None:
        self.relayed.pop(conn.relay_id, None)
        self.send_out("in", conn.relay or "", {"conn": conn.relay_id, "gone": True})

    def to_relayed(self, code: str, message: dict) -> None:
        """What the owner sends one of this process's relayed clients."""
        conn = self.relayed.get(str(message.get("conn")))
        if conn is None:
            return
        if isinstance(message.get("text"), str):
            conn.send(message["text"])
        elif isinstance(message.get("bye"), str):
            conn.close(message["bye"])
        elif isinstance(message.get("move_on"), str):
            conn.move_on(message["move_on"])

    def end_relay(self, code: str) -> None:
        """The table's owner changed (it died, or gave the table up): its relayed clients join again."""
        self.relay_owner.pop(code, None)
        self.spawn(self.cluster.unsubscribe("out", code))
        for conn in [c for c in self.relayed.values() if c.relay == code]:
            self.relayed.pop(conn.relay_id, None)
            conn.move_on(MOVE_ON)

    def from_elsewhere(self, code: str, message: dict) -> None:
        """A frame of a client connected to another process, for a table of this one."""
        table, key = self.server.tables.get(code), str(message.get("conn"))
        proxy = self.proxies.get(key)
        if message.get("gone"):
            if proxy is not None and proxy.table is not None:
                proxy.table.leave(proxy)
            self.proxies.pop(key, None)
            return
        if table is None or not isinstance(message.get("frame"), str):
            return
        if proxy is None:
            proxy = self.proxies[key] = ProxyConn(None, str(message.get("address", "?"))[:64], shared=self,
                                                  code=code, key=key, rate=self.server.rate, burst=self.server.burst,
                                                  allowance=self.server.burst)
        decoded = self.server.decode(proxy, message["frame"])
        if decoded is not None:
            self.server.dispatch(proxy, decoded)

    # -- publishing, in order --------------------------------------------------------------------
    def send_out(self, kind: str, code: str, message: dict) -> None:
        if self.outbox.full():
            self.outbox.get_nowait()  # Redis is away: the oldest goes
        self.outbox.put_nowait((kind, code, message))

    async def publisher(self) -> None:
        """Publish what waits, one at a time, so a client's messages keep their order."""
        while True:
            kind, code, message = await self.outbox.get()
            try:
                await self.cluster.publish(kind, code, message)
            except (RedisError, OSError):
                log.warning("a message for table %s was lost: Redis cannot be reached", code)


@dataclass(eq=False)
class ProxyConn(Conn):
    """Stands, at the owner, for a client connected to another process: what it is sent goes out on
    the table's "out" channel, addressed to that client (`key`)."""

    shared: SharedTables | None = None
    code: str = ""
    key: str = ""

    def send(self, message: p.Message | str) -> None:
        if not self.closed and self.shared is not None:
            text = message if isinstance(message, str) else p.encoder.encode(message).decode()
            self.shared.send_out("out", self.code, {"conn": self.key, "text": text})

    def close(self, reason: str) -> None:
        self.end("bye", reason)

    def move_on(self, reason: str) -> None:
        self.end("move_on", reason)

    def end(self, how: str, reason: str) -> None:
        if self.closed or self.shared is None:
            return
        self.closed = True
        self.shared.proxies.pop(self.key, None)
        self.shared.send_out("out", self.code, {"conn": self.key, how: reason})
