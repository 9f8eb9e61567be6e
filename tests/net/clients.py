"""What the network tests share: a real server on a free loopback port, clients that keep every text
they received, tables seated by bots, and the cards a message holds."""
from __future__ import annotations

import asyncio
import base64
import contextlib
import dataclasses
import heapq
import itertools
import json
import os
import re
import selectors
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.cards import Card
from game.registry import game_info
from net import bots
from net import protocol as p
from net import server as net_server
from net.client import Client as ThreadedClient
from net.limits import Limits
from net.wire import from_wire, to_wire

HOST = "127.0.0.1"  # every test talks to loopback only
STEP_S = 5.0  # the longest wait for one expected message
THREAD_STEP_S = 10.0  # the same for a threaded client (a whole game's states may queue behind it)
MAIN = Path(__file__).resolve().parents[2] / "main.py"
LISTENING = re.compile(r"Card Arcade server listening on 127\.0\.0\.1:(\d+)( \(wss://\))?")  # `--serve`'s first line
START_S = 20.0  # the longest a `main.py --serve` process may take to say its port


LOOSE = Limits(connections_per_address=10_000, tables_per_address=10_000)  # the bots are one address


LOOSE_RATE = 10_000  # messages a second a loose server lets a connection send (and at once)


def loose_server(**limits: Any) -> net_server.Server:
    """A server whose limits bots in a hurry do not reach, unless a test sets its own."""
    return net_server.Server(**{"rate": LOOSE_RATE, "burst": LOOSE_RATE, "joins_per_minute": 10_000,
                                "limits": LOOSE, **limits})


@dataclasses.dataclass(order=True)
class FakeTimer:
    when: float
    number: int
    callback: Callable[[], object] = dataclasses.field(compare=False)
    cancelled: bool = dataclasses.field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """A server's clock (net.limits.Clock) that moves only when the test says: `advance` fires the
    timers that fall due, in order, on the test's own loop, so that no test waits on the wall clock."""

    def __init__(self) -> None:
        self.time = 1000.0
        self.timers: list[FakeTimer] = []
        self.numbers = itertools.count()

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback: Callable[[], object]) -> FakeTimer:
        timer = FakeTimer(self.time + delay, next(self.numbers), callback)
        heapq.heappush(self.timers, timer)
        return timer

    def advance(self, seconds: float) -> None:
        end = self.time + seconds
        while self.timers and self.timers[0].when <= end:
            timer = heapq.heappop(self.timers)
            if not timer.cancelled:
                self.time = max(self.time, timer.when)
                timer.callback()
        self.time = end

    def pending(self) -> int:
        """The timers set and neither fired nor cancelled."""
        return sum(not timer.cancelled for timer in self.timers)


@contextlib.asynccontextmanager
async def serving(server: net_server.Server | None = None, tls: ssl.SSLContext | None = None) -> AsyncIterator[str]:
    """A real server on a free loopback port for the duration of the block: yields its ws:// URL
    (wss:// with `tls`) and stops it however the block ends."""
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(net_server.run(HOST, 0, server or loose_server(), ready=ready.set_result, tls=tls))
    try:
        port = await asyncio.wait_for(ready, 10)
        yield f"{'ws' if tls is None else 'wss'}://{HOST}:{port}"
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(task, 15)


class Recording:
    """A client connection that keeps, in order, every text frame it received (what Bot reads through)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.texts: list[str] = []

    async def send(self, text: str) -> None:
        await self.ws.send(text)

    async def recv(self) -> str:
        text = await self.ws.recv()
        assert isinstance(text, str)
        self.texts.append(text)
        return text

    def __aiter__(self) -> AsyncIterator[str]:
        return self.frames()

    async def frames(self) -> AsyncIterator[str]:
        async for text in self.ws:
            assert isinstance(text, str)
            self.texts.append(text)
            yield text

    async def close(self) -> None:
        await self.ws.close()


class Client:
    """A test's hand-driven connection: sends what the test says (hostile too), keeps what it received."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.texts: list[str] = []
        self.next_id = 0

    @classmethod
    async def open(cls, url: str, **kwargs: Any) -> Client:
        return cls(await connect(url, max_size=p.MAX_FRAME, open_timeout=STEP_S, **kwargs))

    async def send(self, message: p.Message | str) -> None:
        await self.ws.send(message if isinstance(message, str) else p.encoder.encode(message).decode())

    async def move(self, state: int, move: Any, message_id: int | None = None) -> int:
        """Send a move chosen on `state` with the next message id (or `message_id`); returns the id."""
        message_id = self.next_id if message_id is None else message_id
        self.next_id = max(self.next_id, message_id + 1)
        await self.send(p.Move(message_id, state, move))
        return message_id

    async def receive(self, timeout: float = STEP_S) -> p.Message:
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(text, str)
        self.texts.append(text)
        return p.server_decoder.decode(text)

    async def until(self, kind: type, timeout: float = STEP_S, test: Any = None) -> Any:
        """The next message of this kind (and passing `test`), keeping those before it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            message = await self.receive(max(0.01, deadline - loop.time()))
            if isinstance(message, kind) and (test is None or test(message)):
                return message

    async def closed(self, timeout: float = STEP_S) -> tuple[int | None, str, list[p.Message]]:
        """Read until the server closes the connection: its close code, the Bye's reason (or the close
        frame's), and the messages read on the way."""
        messages: list[p.Message] = []
        with contextlib.suppress(ConnectionClosed):
            async with asyncio.timeout(timeout):
                while True:
                    messages.append(await self.receive(timeout))
        byes = [m.reason for m in messages if isinstance(m, p.Bye)]
        return self.ws.close_code, byes[-1] if byes else self.ws.close_reason or "", messages

    async def close(self) -> None:
        await self.ws.close()


def token_of(client: Client) -> str:
    """The seat token of the client's last Welcome."""
    welcomes = [m for m in map(p.server_decoder.decode, client.texts) if isinstance(m, p.Welcome) and m.token]
    return welcomes[-1].token  # type: ignore[return-value]


async def autoplay(client: Client, seat: int, game: str, stop_at: int | None = None) -> p.State:
    """Answer every state in which `seat` is to move with a computer's choice from the view received;
    returns the state the game is over in, or the first one `seat` is to move in after `stop_at` moves
    (unanswered)."""
    info = game_info(game)
    computer = info.computer(info.default_level, seat)
    while True:
        message = await client.receive(timeout=30)
        if not isinstance(message, p.State) or message.over:
            if isinstance(message, p.State):
                return message
            continue
        if message.to_move == seat and stop_at is not None and message.state >= stop_at:
            return message
        if message.to_move == seat:
            move = computer.choose(from_wire(info.view_type, message.view))
            await client.move(message.state, to_wire(move))


async def poll(check: Callable[[], bool], timeout: float) -> None:
    """Until `check()` holds, polled every 10 ms; AssertionError after `timeout` (it only bounds the wait)."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    while not check():
        assert loop.time() - start < timeout, "timed out"
        await asyncio.sleep(0.01)


async def open_table(url: str, game: str, kinds: list[str], seed: int, wait_s: int = 60
                     ) -> tuple[Client, list[Client], str]:
    """A table of `game` not started yet: the host at seat 0 ("you"), a guest seated at every "open"
    seat, computers at the others. Returns the host, the guests (in seat order) and the code."""
    host = await Client.open(url)
    specs = [p.SeatSpec("you")] + [p.SeatSpec("open" if k == "open" else "computer") for k in kinds[1:]]
    await host.send(p.Create(p.VERSION, "Host", game, specs, seed=seed, wait_s=wait_s))
    code = (await host.until(p.Welcome)).code
    guests = []
    for seat, kind in enumerate(kinds):
        if kind == "open":
            guest = await Client.open(url)
            await guest.send(p.Join(p.VERSION, code, f"Guest {seat}"))
            await guest.until(p.Welcome)
            await guest.send(p.TakeSeat(seat))
            await guest.until(p.Welcome)
            guests.append(guest)
    return host, guests, code


async def bot_table(url: str, game: str, kinds: list[str], seed: int, tally: bots.Tally,
                    watchers: int = 0) -> tuple[list[bots.Bot], list[Recording], str]:
    """A started table whose human seats are bots reading through a Recording (host first, then the
    "open" seats in order), with `watchers` spectators that only read; play it with `bots_play`."""
    specs = [p.SeatSpec("you")] + [p.SeatSpec("open" if k == "open" else "computer") for k in kinds[1:]]
    host = bots.Bot(Recording(await connect(url, max_size=p.MAX_FRAME)), game, "normal", seed, tally,  # type: ignore[arg-type]
                    rate=LOOSE_RATE)  # (bots in a hurry, at a loose server)
    await host.send(p.Create(p.VERSION, "Bot 0", game, specs, seed=seed))
    await host.welcome()
    seated = [host]
    for seat, kind in enumerate(kinds):
        if kind == "open":
            guest = bots.Bot(Recording(await connect(url, max_size=p.MAX_FRAME)), game, "normal",  # type: ignore[arg-type]
                             seed * 31 + seat, tally, rate=LOOSE_RATE)
            await guest.send(p.Join(p.VERSION, host.code, f"Bot {seat}"))
            await guest.receive()
            await guest.send(p.TakeSeat(seat))
            await guest.welcome()
            seated.append(guest)
    spectators = []
    for _ in range(watchers):
        watcher = Recording(await connect(url, max_size=p.MAX_FRAME))
        await watcher.send(p.encoder.encode(p.Join(p.VERSION, host.code, "Watcher", watch=True)).decode())
        spectators.append(watcher)
    await host.send(p.Start())
    return seated, spectators, host.code


async def watch_to_the_end(watcher: Recording) -> None:
    """Read a spectator's messages until a State says the game is over."""
    async for text in watcher:
        message = p.server_decoder.decode(text)
        if isinstance(message, p.State) and message.over:
            return


async def play_to_the_end(seated: list[bots.Bot], spectators: list[Recording], timeout: float = 60) -> None:
    """Every bot and spectator of a `bot_table` until the game is over (at most `timeout` seconds),
    then their connections closed."""
    try:
        await asyncio.wait_for(asyncio.gather(*(bot.play() for bot in seated),
                                              *(watch_to_the_end(w) for w in spectators)), timeout)
    finally:
        for conn in [*(bot.ws for bot in seated), *spectators]:
            await conn.close()


def cards_in_json(data: Any) -> set[Card]:
    """Every card anywhere in decoded JSON, found by its save form [deck, rank, suit, copy], whatever
    the field it is in."""
    found: set[Card] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            if (len(item) == 4 and isinstance(item[0], str) and type(item[1]) is int and isinstance(item[2], str)
                    and type(item[3]) is int):
                found.add(Card.from_json(item))
            else:
                stack.extend(item)
    return found


def decoded(texts: list[str]) -> list[dict]:
    return [json.loads(text) for text in texts]


def masked_text_frame(text: str) -> bytes:
    """One WebSocket text frame as a client sends it (masked), for a socket driven by hand."""
    payload, mask = text.encode(), os.urandom(4)
    size = bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    return b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def sleepy_socket(port: int, first: p.Message) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A WebSocket connection driven by hand with small receive buffers: it completes the handshake,
    sends `first`, and reads nothing more unless the test does."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (HOST, port))
    reader, writer = await asyncio.open_connection(sock=sock, limit=1024)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(f"GET / HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    response = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), STEP_S)
    assert response.startswith(b"HTTP/1.1 101"), response
    writer.write(masked_text_frame(p.encoder.encode(first).decode()))
    await writer.drain()
    return reader, writer


# -- a server on a thread, for the window's side (its Client is threaded) ---------------------------
@contextlib.contextmanager
def server_thread(server: net_server.Server | None = None, tls: ssl.SSLContext | None = None
                  ) -> Iterator[tuple[str, net_server.Server, Any]]:
    """A real server on a free loopback port (wss:// with `tls`), on a thread of its own: (its URL, the
    server, its loop); stopped however the block ends."""
    server = server or loose_server()
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    port: list[int] = []

    def serve() -> None:
        task = loop.create_task(net_server.run(HOST, 0, server, ready=lambda bound: (port.append(bound), ready.set()),
                                               tls=tls))
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(task)
        rest = asyncio.all_tasks(loop)  # those begun while it stopped too (a lost seat's wait), as asyncio.run does
        for other in rest:
            other.cancel()
        if rest:
            loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        assert ready.wait(THREAD_STEP_S), "the server did not start"
        yield f"{'ws' if tls is None else 'wss'}://{HOST}:{port[0]}", server, loop
    finally:
        for task in asyncio.all_tasks(loop):
            loop.call_soon_threadsafe(task.cancel)
        thread.join(THREAD_STEP_S)
        loop.close()


def mover(client: ThreadedClient) -> Callable[[int, int, Any], None]:
    """A RemoteMatch's `send_move` for a match fed by `client` alone."""
    return lambda seat, state, move: client.move(state, move)


def wait_for(client: ThreadedClient, wanted: Callable[[Any], bool]) -> Any:
    """The first news that is `wanted`, in order; what is passed over is dropped, what came after it kept."""
    backlog = client.__dict__.setdefault("backlog", [])  # what arrived and no wait_for has taken yet
    deadline = time.monotonic() + THREAD_STEP_S
    while time.monotonic() < deadline:
        backlog += client.received()
        while backlog:
            news = backlog.pop(0)
            if wanted(news):
                return news
        time.sleep(0.005)
    raise AssertionError("nothing wanted arrived in time")
def first_line(proc: subprocess.Popen, timeout: float) -> str:
    """The process's first line on stdout, waiting at most `timeout` seconds."""
    assert proc.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdout, selectors.EVENT_READ)
        if not selector.select(timeout):
            raise TimeoutError(f"no line from the server in {timeout} s")
    return proc.stdout.readline()


def listening_url(proc: subprocess.Popen) -> str:
    """The ws:// (or wss://) URL a `main.py --serve` process says it listens on, in its first line."""
    line = first_line(proc, START_S)
    found = LISTENING.fullmatch(line.strip())
    assert found, line
    return f"{'wss' if found[2] else 'ws'}://{HOST}:{found[1]}"


@contextlib.contextmanager
def server_process() -> Iterator[tuple[subprocess.Popen, str]]:
    """A `main.py --serve` process on a free loopback port (discovery off) and its URL; killed and
    waited for however the test ends."""
    process = subprocess.Popen([sys.executable, str(MAIN), "--serve", "--port", "0",
                                "--discovery", "off"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        yield process, listening_url(process)
    finally:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        process.wait(START_S)
        if process.stdout is not None:
            process.stdout.close()
