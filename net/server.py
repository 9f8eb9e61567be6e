"""The game server: tables of matches for players on other machines, over WebSockets (asyncio). This
module holds the `Server` (every table by its code; each connection's handler: create, join, take a
seat) and `run`; a table is net/table.py's, a connection net/conn.py's, the --record files net/record.py's.

The server holds the authoritative `Match` of each table; clients send intents (moves) and receive
only what their seat's `view()` holds, with that seat's redacted record of each move (spectators:
`view(None)`). The seat a message acts for is the connection's, set when it joined; the token a join
returns gives the seat back later. Computer seats choose on worker threads from their own view.
Every frame is a stranger's: bounded in size (protocol.MAX_FRAME) and rate, decoded against the
protocol's types, and anything else closes that one connection with a reason. What an operator bounds
(connections, tables, idle spectators, the turn time) is net/limits.py's `Limits`; every table is freed
in the end (net/table.py says when), and everything the server keeps of it goes then.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import ssl
from collections import deque
from pathlib import Path
from typing import Any, Protocol

import msgspec
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.match import MAX_LINES
from game.registry import game_info, game_names
from game.seats import clean_name
from lang.words import W_, Line, Wn_, Words, english
from net import manners, metrics
from net import protocol as p
from net import saves as table_saves
from net.conn import BURST, RATE, WRITE_LIMIT, Conn
from net.forwarded import FORWARDED_FOR, client_address
from net.limits import TURN_RANGE, Clock, Counts, Limits, LoopClock, connections_allowed, network_of
from net.manners import unique_name
from net.metrics import Refusal
from net.pages import health
from net.record import Complaint, Recorder
from net.table import Opening, Place, Table, new_seed, state_of

log = logging.getLogger("card_arcade.server")

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 6
HANDSHAKE_S = 10.0  # a connection that has not finished its WebSocket handshake by then is dropped
SEND_S = 10.0  # a client that takes no message in that long is dropped
JOIN_S = 30.0  # a connection at no table by then is closed
DRAIN_S = 10.0  # the longest a closing process sharing its tables waits for its clients to move on
FULL = W_("this server has as many connections as it can take: try again later")
FULL_HERE = W_("your network has as many connections to this server as it may: close one first")


class SharedHooks(Protocol):
    """What a process sharing its tables through Redis adds (net/shared.py SharedTables)."""

    def create(self, conn: Conn, message: p.Create) -> None: ...
    def join(self, conn: Conn, message: p.Join) -> None: ...
    async def forward(self, conn: Conn, message: p.Message) -> None: ...
    def relay_gone(self, conn: Conn) -> None: ...
    def keep(self, table: Table) -> None: ...
    def commit(self, table: Table) -> None: ...
    async def start(self) -> None: ...
    async def drain(self) -> None: ...
    async def close(self) -> None: ...


class TableListener(Protocol):
    """Told what the tables offer (net.discovery's Advertiser announces it on the local network)."""

    def offered(self, opening: Opening) -> None:
        """A table waits for players: it is new, or its open seats changed."""

    def withdrawn(self, code: str) -> None:
        """A table started (or closed): nobody takes a seat at it any more."""


class Server:
    """Every table of this process, by invite code, and the handler of each connection."""

    def __init__(self, record: Path | None = None, joins_per_minute: int = 120, rate: float = RATE,
                 burst: float = BURST, handshake_s: float = HANDSHAKE_S, send_s: float = SEND_S,
                 listener: TableListener | None = None, saves: Path | None = None, join_s: float = JOIN_S,
                 limits: Limits | None = None, clock: Clock | None = None) -> None:
        """With `saves`, every table is kept in that folder and those kept there are brought back; the
        tables' timers run on `clock` (the event loop's by default)."""
        self.tables: dict[str, Table] = {}
        self.listener = listener
        self.recorder = Recorder(record)
        self.joins_per_minute = joins_per_minute
        self.rate, self.burst = rate, burst
        self.handshake_s, self.send_s, self.join_s = handshake_s, send_s, join_s
        self.limits = limits or Limits()
        self.clock: Clock = clock or LoopClock()
        self.max_connections = connections_allowed(self.limits.max_connections)
        if self.max_connections < self.limits.max_connections:
            log.info("at most %d connections: the process may open no more files", self.max_connections)
        self.joins: dict[str, deque[float]] = {}  # by network: the times of its creates and joins this minute
        self.connected, self.created = Counts(), Counts()  # by network: its connections, the open tables it made
        self.rng = random.SystemRandom()
        self.saves = saves
        self.saves_trouble = Complaint(f"the tables' files in {saves}")
        self.shared: SharedHooks | None = None  # set by net.shared.SharedTables: tables shared through Redis
        self.conns: set[Conn] = set()  # the connections open now
        self.closing = False  # giving its tables up: the health check says so
        self.proxies: frozenset[str] = frozenset()  # the reverse proxies whose X-Forwarded-For is believed
        if saves is not None:
            self.resume(saves)

    def resume(self, folder: Path) -> None:
        """Bring back every table kept in `folder` (made if missing); OSError if it cannot be."""
        folder.mkdir(parents=True, exist_ok=True)
        table_saves.remove_leftovers(folder)
        for saved, match in table_saves.read_all(folder):
            self.tables[saved.code] = Table.from_saved(self, saved, match)
        if self.tables:
            log.info("%d tables brought back from %s", len(self.tables), folder)

    def wake(self) -> None:
        """Serving starts: the tables brought back wait for their players, or are offered again; idle
        spectators are looked for from now on."""
        for table in list(self.tables.values()):
            table.wake()
            if table.match is None and not table.freed:
                self.announce(table)
        self.clock.call_later(self.limits.sweep_s, self.sweep)

    def sweep(self) -> None:
        """Close each spectator of a table where nothing happened (and who said nothing) for
        `watcher_idle_s`, and forget the join times of networks quiet for a minute; again in `sweep_s`."""
        now = self.clock.now()
        idle = self.limits.watcher_idle_s
        for table in list(self.tables.values()):
            for conn in [c for c in table.spectators if now - max(c.heard, table.changed_at) > idle]:
                metrics.refused(Refusal.IDLE)
                conn.close(Wn_("nothing happened at the table you watch for {n} minute",
                               "nothing happened at the table you watch for {n} minutes", round(idle / 60)))
        for network in [n for n, times in self.joins.items() if not times or now - times[-1] > 60]:
            del self.joins[network]
        self.clock.call_later(self.limits.sweep_s, self.sweep)

    def free(self, table: Table, reason: Line) -> None:
        """The table ends: whoever is still there is told `reason`, and nothing of it is kept (its
        timers, its file, its place in the counts; shared, its lease and snapshot go at the next tick)."""
        if self.tables.get(table.code) is not table:
            return
        del self.tables[table.code]
        table.close(reason)
        if table.network is not None:
            self.created.give_back(table.network)
        if self.saves is not None:
            try:
                table_saves.remove(self.saves, table.code)
            except OSError as exc:
                self.saves_trouble.failed(exc)
        if self.listener is not None:
            self.listener.withdrawn(table.code)
        log.info("table %s closed: %s", table.code, english(reason))

    def new_code(self) -> str:
        while True:
            code = "".join(self.rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def may_join(self, address: str) -> bool:
        """At most `joins_per_minute` creates and joins from one network in a minute (only those let
        in are kept, so a flood of refused attempts keeps no more)."""
        now, times = self.clock.now(), self.joins.setdefault(network_of(address), deque())
        while times and now - times[0] > 60:
            times.popleft()
        if len(times) >= self.joins_per_minute:
            return False
        times.append(now)
        return True

    def announce(self, table: Table) -> None:
        """Tell the listener what a table offers: its seats while in the lobby, nothing once started or locked."""
        if self.listener is None:
            return
        if table.match is None and not table.locked:
            self.listener.offered(table.opening())
        else:
            self.listener.withdrawn(table.code)

    async def handle(self, ws: ServerConnection) -> None:
        peer = ws.remote_address[0] if ws.remote_address else "?"
        address = client_address(peer, ws.request.headers.get(FORWARDED_FOR) if ws.request else None, self.proxies)
        network = network_of(address)
        if len(self.conns) >= self.max_connections or not self.connected.take(network,
                                                                               self.limits.connections_per_address):
            metrics.refused(Refusal.FULL)
            await self.refuse(ws, FULL if len(self.conns) >= self.max_connections else FULL_HERE)
            return
        try:
            await self.talk(ws, address)
        finally:
            self.connected.give_back(network)

    async def refuse(self, ws: ServerConnection, reason: Line) -> None:
        """Say why a connection is not taken, and close it (1013: try again later). Its version is not
        known yet: the Bye carries Words, which a window of a version before p.WORDED skips (it reads
        the connection closed, and tries again)."""
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            async with asyncio.timeout(self.send_s):
                await ws.send(p.encoder.encode(p.bye(reason)).decode())
                await ws.close(1013, "full")

    async def talk(self, ws: ServerConnection, address: str) -> None:
        """A connection taken: its frames read and answered until it closes."""
        conn = Conn(ws, address, rate=self.rate, burst=self.burst, allowance=self.burst, heard=self.clock.now())
        self.conns.add(conn)
        metrics.connected()
        loop = asyncio.get_running_loop()
        sender = loop.create_task(self.send_loop(conn))
        unjoined = loop.call_later(self.join_s, self.close_unjoined, conn)
        try:
            async for frame in ws:
                # once closing, frames are read and dropped: reading on lets the client's close frame in
                message = None if conn.closed else self.decode(conn, frame)
                if message is not None and conn.relay is not None and self.shared is not None:
                    await self.shared.forward(conn, message)  # to the owner (it decodes it again)
                elif message is not None:
                    self.dispatch(conn, message)
        except ConnectionClosed:
            pass
        finally:
            unjoined.cancel()
            if conn.table is not None:
                conn.table.leave(conn)
            if conn.relay is not None and self.shared is not None:
                self.shared.relay_gone(conn)
            if not conn.closed:
                conn.closed = True
                conn.put(None)
            await asyncio.wait([sender], timeout=1)
            sender.cancel()
            self.conns.discard(conn)

    @staticmethod
    def close_unjoined(conn: Conn) -> None:
        if conn.table is None and conn.relay is None and not conn.closed:
            metrics.refused(Refusal.UNJOINED)
            conn.close(W_("you joined no table in time"))

    @staticmethod
    def decode(conn: Conn, frame: str | bytes) -> p.Message | None:
        """A frame's message; None, closing the connection with the reason, if it is a flood or no message."""
        if not conn.within_rate():
            metrics.refused(Refusal.RATE)
            conn.close(W_("too many messages"))
            return None
        if isinstance(frame, bytes):
            conn.close(W_("messages are JSON text"))
        else:
            try:
                return p.client_decoder.decode(frame)
            except msgspec.ValidationError as exc:
                conn.close(f"not a message: {exc}")
            except msgspec.DecodeError:
                conn.close(W_("not JSON"))
            except RecursionError:
                conn.close(W_("not a message: nested too deeply"))
        metrics.refused(Refusal.FRAME)
        return None

    async def send_loop(self, conn: Conn) -> None:
        """Write the connection's queue out; a client that takes nothing for `send_s` is dropped
        (`watch_writers`), as its queue would fill while it sleeps (Conn.send) and its Bye could never
        be written."""
        assert conn.ws is not None
        loop = asyncio.get_running_loop()
        try:
            while (text := await conn.next_text()) is not None:
                conn.writing_since = loop.time()  # (a timer a frame would cost more than the frame)
                await conn.ws.send(text)
                conn.writing_since = None
            await conn.ws.close(1008 if conn.table is None and conn.going == 1000 else conn.going)
        except ConnectionClosed:
            pass

    async def watch_writers(self) -> None:
        """Drop each connection whose frame has been being written for `send_s` (checked a few times
        in that time)."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(min(1.0, self.send_s / 4))
            late = loop.time() - self.send_s
            for conn in list(self.conns):
                if conn.writing_since is not None and conn.writing_since < late and conn.ws is not None:
                    log.info("a client taking no message for %.0f s is dropped", self.send_s)
                    metrics.refused(Refusal.SLOW_READER)
                    conn.closed = True
                    conn.ws.transport.abort()

    def dispatch(self, conn: Conn, message: p.Message) -> None:
        table = conn.table
        conn.heard = self.clock.now()
        if table is not None and conn.seat is not None and table.places[conn.seat].conn is conn and in_person(
                message, table.places[conn.seat]):
            table.active(conn.seat)
        if isinstance(message, p.Create | p.Join):
            if conn.table is not None:
                conn.send(p.refused(W_("you are at a table already")))
            elif message.v != p.VERSION:
                metrics.refused(Refusal.VERSION)
                conn.close(W_("this server runs another version of Card Arcade (protocol {server}, yours {yours}): "
                              "install the same version as its host", server=p.VERSION, yours=message.v),
                           worded=message.v >= p.WORDED)
            elif not self.may_join(conn.address):
                metrics.refused(Refusal.JOINS)
                conn.close(W_("too many tables joined from your address: wait a minute"))
            elif isinstance(message, p.Create):
                self.shared.create(conn, message) if self.shared is not None else self.create(conn, message)
            elif self.shared is not None and message.code.strip().upper() not in self.tables:
                self.shared.join(conn, message)
            else:
                self.join(conn, message)
        elif table is None:
            conn.send(p.refused(W_("join a table first")))
        elif isinstance(message, p.TakeSeat):
            self.take_seat(conn, table, message.seat)
        elif isinstance(message, p.Start):
            if not manners.is_host(table, conn):
                conn.send(p.refused(W_("only the host starts the game")))
            elif table.match is not None:
                conn.send(p.refused(W_("the game has started")))
            else:
                table.start()
        elif isinstance(message, manners.Manners):
            manners.handle(table, conn, message)
        elif isinstance(message, p.Move):
            table.play(conn, message)
        elif isinstance(message, p.Phrase):
            if conn.seat is None or not 0 <= message.phrase < len(p.PHRASES):
                conn.send(p.refused(W_("no such phrase, or you are watching")))
            else:
                table.tell_all(p.Said(conn.seat, message.phrase))

    def create(self, conn: Conn, message: p.Create) -> None:
        table = self.new_table(conn, message)
        if table is not None:
            self.open_table(conn, table)

    def new_table(self, conn: Conn, message: p.Create) -> Table | None:
        """The table a Create asks for (not open yet); None, the creator told why, if it is not valid
        or one more table is more than the server or the creator's network may open."""
        if len(self.tables) >= self.limits.max_tables:
            metrics.refused(Refusal.TABLES)
            conn.send(p.refused(W_("this server has as many tables as it can hold: join one, or try again later")))
            return None
        if self.created.held[network_of(conn.address)] >= self.limits.tables_per_address:
            metrics.refused(Refusal.TABLES)
            conn.send(p.refused(Wn_("your network has {n} table open here: close it first",
                                    "your network has {n} tables open here: close one first",
                                    self.limits.tables_per_address)))
            return None
        turn_s = self.limits.turn_s if message.turn_s is None else message.turn_s
        if message.turn_s and not TURN_RANGE[0] <= message.turn_s <= TURN_RANGE[1]:
            conn.send(p.refused(W_("a turn time is {least} to {most} seconds, or 0 for none", least=TURN_RANGE[0],
                                    most=TURN_RANGE[1])))
            return None
        if message.game not in game_names():
            conn.send(p.refused(W_("no game named {game}", game=repr(message.game)[:40])))
            return None
        info = game_info(message.game)
        options = {o.key: o.default_value for o in info.options}
        if not info.min_players <= len(message.seats) <= info.max_players:
            conn.send(p.refused(W_("{game} is for {least} to {most} players", game=Words(info.title),
                                    least=info.min_players, most=info.max_players)))
            return None
        if (set(message.options) - set(options) or sum(s.kind == "you" for s in message.seats) > 1
                or any(s.kind == "computer" and s.level not in info.levels for s in message.seats)
                or any(message.options[o.key] not in o.values for o in info.options if o.key in message.options)):
            conn.send(p.refused(W_("those seats or options are not this game's")))
            return None
        token = secrets.token_urlsafe(16)
        places: list[Place] = []
        for i, spec in enumerate(message.seats):
            if spec.kind == "you":
                name = clean_name(message.name, "Host")
                places.append(Place("human", unique_name(name, (pl.name for pl in places)), token=token))
            elif spec.kind == "computer":
                name = clean_name(spec.name, f"Computer {i + 1}")
                places.append(Place("computer", unique_name(name, (pl.name for pl in places)), spec.level))
            else:
                places.append(Place("open", ""))
        seed = new_seed()  # never the Create's: whoever chose it would know every hidden card
        wait_s = max(table_saves.WAIT_RANGE[0], min(message.wait_s, table_saves.WAIT_RANGE[1]))
        return Table(self, self.new_code(), message.game, places, {**options, **message.options}, seed, wait_s,
                     token, turn_s)

    def open_table(self, conn: Conn, table: Table) -> None:
        """Open a new table, its creator at the "you" seat (or watching)."""
        self.tables[table.code] = table
        table.network = network_of(conn.address)
        self.created.take(table.network, self.limits.max_tables)  # (checked in new_table)
        table.opened()
        table.save()
        log.info("table %s opened: %s, turn time %s s", table.code, table.game, table.turn_s or "none")
        token = table.host
        seat = table.seat_of_token(token)
        conn.table = table
        if seat is not None:
            table.sit(conn, seat)
        else:
            table.watch_hosting(conn)
        conn.send(p.Welcome(p.VERSION, table.code, table.game, token, seat, True))
        conn.send(table.lobby())
        conn.send(table.room())
        self.announce(table)

    def join(self, conn: Conn, message: p.Join) -> None:
        table = self.tables.get(message.code.strip().upper())
        if table is None:
            conn.send(p.refused(W_("no table with code {code}", code=message.code[:CODE_LENGTH])))
            return
        seat = table.seat_of_token(message.token) if message.token else None
        hosting = seat is None and message.token == table.host  # a host without a seat, back
        screen = message.watch and message.of is not None and table.seat_of_token(message.of) is not None
        if (message.token and seat is None and not hosting) or (message.of is not None and not screen):
            conn.send(p.refused(W_("that token holds no seat at this table")))
            return
        if table.locked and seat is None and not (screen or hosting):
            conn.send(p.refused(manners.LOCKED))
            return
        conn.name = clean_name(message.name, "Player")
        conn.table = table
        token = message.token if seat is not None or hosting else None
        if seat is not None:
            table.sit(conn, seat)
            table.tell_all(p.Back(seat))
        elif hosting:
            table.watch_hosting(conn)
        else:
            table.watch(conn, listed=not screen)
        conn.send(p.Welcome(p.VERSION, table.code, table.game, token, seat, token == table.host))
        conn.send(table.lobby())
        conn.send(table.room())
        if table.match is not None:
            table.send_to(conn, p.encoder.encode(self.state_for(table, seat)).decode())
            if (turn := table.turn_left()) is not None:
                table.send_to(conn, p.encoder.encode(turn).decode())  # (after the State, which ends a turn's clock)
            if table.match.is_over and seat is not None:
                table.result_seen.add(seat)

    def take_seat(self, conn: Conn, table: Table, seat: int) -> None:
        if conn.seat is not None:
            conn.send(p.refused(W_("you have a seat")))
        elif not 0 <= seat < len(table.places) or table.places[seat].kind != "open" or table.match is not None:
            conn.send(p.refused(W_("that seat is not open")))
        else:
            place = table.places[seat]
            place.kind, place.name = "human", unique_name(conn.name, (pl.name for pl in table.places))
            place.token = secrets.token_urlsafe(16)
            table.sit(conn, seat)
            table.save()
            conn.send(p.Welcome(p.VERSION, table.code, table.game, place.token, seat, False))
            table.tell_all(table.lobby())
            self.announce(table)

    @staticmethod
    def state_for(table: Table, seat: int | None) -> p.State:
        match = table.match
        assert match is not None
        return state_of(match, seat, match.view(seat), history=MAX_LINES)


def in_person(message: p.Message, place: Place) -> bool:
    """Whether the message shows its seat's player is here again (an away player is back): not one
    going away (Leave, Autoplay on), nor a move their window's computer chose for them."""
    return not isinstance(message, p.Leave | p.Autoplay) and not place.autoplay


async def run(host: str, port: int, server: Server | None = None, ready: Any = None,
              tls: ssl.SSLContext | None = None) -> None:
    """Serve until cancelled; `ready(port)` is called once listening (port 0 picks a free one) and the
    tables brought back from saves are awake. With `tls`, connections are encrypted (wss://). Besides
    WebSocket connections, the port answers `GET /healthz` (net/pages.py). A server sharing its
    tables through Redis starts by checking Redis (net.cluster.ClusterError if it cannot), and when
    cancelled first gives its tables up and waits (DRAIN_S at most) for its clients to move on."""
    server = server or Server()
    if server.shared is not None:
        await server.shared.start()
    watchdog = asyncio.get_running_loop().create_task(server.watch_writers())
    encryption: dict[str, Any] = {} if tls is None else {"ssl": tls}  # (its handshake also within handshake_s)
    try:
        async with serve(server.handle, host, port, max_size=p.MAX_FRAME, max_queue=16, write_limit=WRITE_LIMIT,
                         compression=None, open_timeout=server.handshake_s,
                         process_request=lambda connection, request: health(server, connection, request),
                         **encryption) as ws_server:
            bound = next(iter(ws_server.sockets)).getsockname()[1]
            server.wake()
            if ready is not None:
                ready(bound)
            try:
                await asyncio.get_running_loop().create_future()
            finally:
                server.closing = True
                if server.shared is not None:
                    ws_server.close(close_connections=False)  # nobody new: the clients go to the others
                    await drain(server)
    finally:
        watchdog.cancel()
        if server.shared is not None:
            await server.shared.close()


async def drain(server: Server) -> None:
    """Give every table up and wait until the clients have moved on (or DRAIN_S has passed)."""
    assert server.shared is not None
    await server.shared.drain()
    for conn in list(server.conns):
        conn.move_on("this server process is closing: join again")
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(DRAIN_S):
            while server.conns:
                await asyncio.sleep(0.05)
