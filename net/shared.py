"""A server process among several sharing their tables through Redis (net/cluster.py): how this
process opens, takes over, relays, keeps and gives up tables.

- A new table's code is claimed in Redis (unique across the processes); this process owns it.
- A Join for a code this process does not hold: if nobody owns that table (its owner died or gave it
  up), this process takes it from its snapshot; if another process owns it, this process relays the
  client: its frames go to the owner on the table's "in" channel, where a `ProxyConn` stands for it
  (net/relayed.py),
  and what the owner sends that connection (already filtered for its seat) comes back on "out".
- After every move the owner writes the snapshot (and its sequence number) before it answers: the
  table's messages wait in `Table.held` until Redis has it. A snapshot refused (the lease was lost)
  gives the table up: its players are sent on to join again, wherever the table now is.
- Every tick (one call to Redis, net/cluster.py) the process renews its leases, releases those of
  the tables it freed, takes the tables nobody owns, sends on the relayed clients of a table whose
  owner changed, and forgets the clients relayed by a process that died. `drain()` (SIGTERM) gives
  every table up.
- What comes through Redis is a stranger's too: a relayed client's frames are decoded where it is
  connected and again by the owner; what waits to be published is bounded per client and per table
  (net/outbox.py); a message lost on the way (Redis away, or this subscriber dropped for reading too
  slowly) sends the relayed clients on, and joining again gives them the table as it is.
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from typing import Any

import msgspec
from redis.exceptions import RedisError

from game.match import Match
from lang.words import W_, Line, reason_from
from net import metrics
from net import protocol as p
from net import saves as table_saves
from net.cluster import Cluster
from net.conn import Conn
from net.outbox import Item, Outbox
from net.relayed import MOVE_ON, RelayedClients
from net.server import CODE_LENGTH, Server
from net.table import Table

log = logging.getLogger("card_arcade.server")


CLOSING = W_("this server process is closing: join again")


class SharedTables:
    """The Redis side of one server process."""

    def __init__(self, server: Server, cluster: Cluster) -> None:
        self.server = server
        self.cluster = cluster
        cluster.back = self.resync
        self.ids = itertools.count()
        self.relayed: dict[str, Conn] = {}  # this process's clients of tables owned elsewhere, by id
        self.relay_owner: dict[str, str] = {}  # code: the owner the relayed clients were sent to
        self.opening: set[str] = set()  # codes claimed for tables not open yet
        self.outbox = Outbox(cluster.publish_all, self.lost)
        self.relayed_here = RelayedClients(server, self.outbox)  # clients of its tables connected elsewhere
        self.tasks: set[asyncio.Task] = set()
        self.taking: asyncio.Task | None = None  # taking the tables nobody owns (the ticks go on meanwhile)
        self.draining = False

    # -- start, the tick, stop -----------------------------------------------------------------
    async def start(self) -> None:
        await self.cluster.start()
        await self.cluster.tick()  # this process is alive for the others from now on
        self.spawn(self.outbox.run())
        self.spawn(self.tick())

    def spawn(self, work: Any) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def tick(self) -> None:
        """Every tick: see `tick_once`; Redis away is said once in the log, anything else each time,
        and the ticks go on."""
        while True:
            await asyncio.sleep(self.cluster.tick_s)
            try:
                await self.tick_once()
            except (RedisError, OSError) as exc:
                self.cluster.said(exc)
            except Exception:  # the ticks keep the leases: they never end
                log.exception("a tick failed")

    async def tick_once(self) -> None:
        """Renew the leases and release the freed tables' in one call; then give up the tables taken
        by another process, send on the relayed clients of tables whose owner changed, forget the
        clients of processes that died, and take the tables nobody owns."""
        freed = self.cluster.owned - set(self.server.tables) - self.opening
        origins = self.relayed_here.origins()
        news = await self.cluster.tick(freed, origins, [] if self.draining else list(self.relay_owner.items()))
        self.cluster.said(None)
        for code in freed:
            await self.cluster.unsubscribe("in", code)
        for code in news.lost:
            log.warning("table %s was taken over by another process", code)
            self.lose(code)
        for code in news.regained:
            self.rewrite(code)
        for origin in news.dead:
            self.relayed_here.drop_all(origin)
        for code in news.moved:
            self.end_relay(code)
        if news.orphans and not self.draining and (self.taking is None or self.taking.done()):
            self.taking = self.spawn(self.take_all(news.orphans))

    async def take_all(self, codes: list[str]) -> None:
        """Take the tables nobody owns, one after the other (a dead process's thousands take a while:
        the leases are renewed meanwhile)."""
        for code in codes:
            if self.draining:
                return
            try:
                await self.take(code)
            except (RedisError, OSError) as exc:
                self.cluster.said(exc)
                return

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
            self.opening.add(table.code)
            while not await self.cluster.claim(table.code, self.snapshot_of(table)):
                self.opening.discard(table.code)
                table.code = self.server.new_code()
                self.opening.add(table.code)
            await self.cluster.subscribe("in", table.code, self.relayed_here.from_elsewhere)
        except (RedisError, OSError) as exc:
            conn.send(p.refused(W_("tables cannot be opened now: {problem}", problem=str(exc)[:200])))
            return
        finally:
            self.opening.discard(table.code)
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
            conn.send(p.refused(W_("no table with code {code}", code=message.code[:CODE_LENGTH])))
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
        if code in self.relay_owner:
            self.end_relay(code)  # the clients relayed to its last owner join again: here
        await self.cluster.subscribe("in", code, self.relayed_here.from_elsewhere)
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
        table plays on unshared (True), as the ticks say in the log."""
        try:
            return await self.cluster.save(table.code, self.seq_of(table), self.snapshot_of(table))
        except (RedisError, OSError):
            return True

    def resync(self) -> None:
        """What was published meanwhile may be lost (Redis went away, or dropped this process's
        subscriber): every relayed client, here and of this process's tables elsewhere, joins again
        and gets its table as it is now."""
        for code in list(self.relay_owner):
            self.end_relay(code)
        self.relayed_here.drop_all()

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

    async def give_up(self, table: Table, reason: Line) -> None:
        """The table leaves this process: its players are sent on (not an error: they join again)."""
        self.cluster.owned.discard(table.code)  # given up, not freed: its snapshot stays for the next owner
        self.server.tables.pop(table.code, None)
        if table.thinking is not None:
            table.thinking.cancel()
        for place in table.places:
            if place.lost_task is not None:
                place.lost_task.cancel()
        for conn in list(table.everyone()):
            conn.table = None  # its leaving is not a lost connection here
            conn.move_on(reason)
        table.close(reason)  # its timers end here (its new owner has its own)
        await self.cluster.unsubscribe("in", table.code)
        with contextlib.suppress(RedisError, OSError):
            await self.cluster.release(table.code)

    # -- relaying: this process's side -------------------------------------------------------------
    async def relay(self, conn: Conn, code: str, owner: str, first: p.Join) -> None:
        """Pass this client to the table's owner from now on, starting with its Join."""
        conn.relay, conn.relay_id, conn.relay_joined = code, f"{self.cluster.me}:{next(self.ids)}", False
        self.relayed[conn.relay_id] = conn
        if code not in self.relay_owner:
            self.relay_owner[code] = owner
            await self.cluster.subscribe("out", code, self.to_relayed)
        await self.pass_on(conn, first)

    async def forward(self, conn: Conn, message: p.Message) -> None:
        """A relayed client's message (decoded here), to the owner; a Create or Join before the owner
        welcomed the client (its join was refused) starts it anew here, and the owner forgets it."""
        if isinstance(message, p.Create | p.Join) and not conn.relay_joined:
            self.relay_gone(conn)
            self.server.dispatch(conn, message)
        else:
            await self.pass_on(conn, message)

    async def pass_on(self, conn: Conn, message: p.Message) -> None:
        """Publish a relayed client's message for the owner, which decodes and checks it as its own
        client's, once there is room among what waits for Redis (the client's reading waits with it)."""
        code = conn.relay
        if code is None:
            return
        try:
            await self.outbox.wait_for_room_in(code, conn.relay_id)
        except TimeoutError:
            self.relay_gone(conn)
            conn.move_on(MOVE_ON)
            return
        if conn.relay == code and not conn.closed:
            frame = p.encoder.encode(message).decode()
            self.outbox.put("in", code, {"conn": conn.relay_id, "address": conn.address, "frame": frame}, conn.relay_id)

    def relay_gone(self, conn: Conn) -> None:
        """The relayed client left (or starts anew): the owner forgets it, and so does this process
        the table, once it relays nobody else there."""
        self.relayed.pop(conn.relay_id, None)
        code, conn.relay = conn.relay, None
        if code is None:
            return
        self.outbox.put("in", code, {"conn": conn.relay_id, "gone": True}, conn.relay_id)
        if code in self.relay_owner and not any(c.relay == code for c in self.relayed.values()):
            self.relay_owner.pop(code)
            self.outbox.forget(code)
            self.spawn(self.cluster.unsubscribe("out", code))

    def to_relayed(self, code: str, message: dict) -> None:
        """What the owner sends one of this process's relayed clients."""
        conn = self.relayed.get(str(message.get("conn")))
        if conn is None or conn.relay != code:
            return
        if isinstance(message.get("text"), str):
            if not conn.relay_joined:
                conn.relay_joined = welcomes(message["text"])
            conn.send(message["text"])
        elif isinstance(message.get("bye"), str):
            self.relayed.pop(conn.relay_id, None)
            conn.close(reason_from(message["bye"][:200], message.get("words")))
        elif isinstance(message.get("move_on"), str):
            self.relayed.pop(conn.relay_id, None)
            conn.move_on(message["move_on"][:200])

    def end_relay(self, code: str) -> None:
        """The table's owner changed (it died, or gave the table up): its relayed clients join again."""
        self.relay_owner.pop(code, None)
        self.outbox.forget(code)
        self.spawn(self.cluster.unsubscribe("out", code))
        for conn in [c for c in self.relayed.values() if c.relay == code]:
            self.relayed.pop(conn.relay_id, None)
            conn.move_on(MOVE_ON)

    # -- what Redis did not take -------------------------------------------------------------------
    def lost(self, batch: list[Item]) -> None:
        """Messages Redis did not take: their relayed clients, on either side, join again."""
        for kind, _, _, key in batch:
            if kind == "in" and (conn := self.relayed.pop(key, None)) is not None:
                conn.move_on(MOVE_ON)
            elif kind == "out" and (proxy := self.relayed_here.by_key.get(key)) is not None:
                self.relayed_here.drop(proxy, notify=False)  # (what it would be told cannot reach it either)


def welcomes(text: str) -> bool:
    """Whether a text the owner sent is a Welcome (read until a relayed client has been welcomed)."""
    try:
        return isinstance(p.server_decoder.decode(text), p.Welcome)
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return False


