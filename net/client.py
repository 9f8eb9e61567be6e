"""A window's connection to a game server, on a thread of its own: the frame loop never waits on it.

The frame loop sends with `send()` and takes what arrived with `received()`: the server's messages
and this connection's own news (`Connected`, `Dropped`, `Ended`). A dropped connection is tried
again by itself with growing pauses; once the server has welcomed this window, it comes back with
its seat's token (`Join(code, token)`), which gives the seat back at the exact position. A server
that stops answering altogether (nothing listens there any more) ends the connection within seconds.
"""
from __future__ import annotations

import asyncio
import queue
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from lang.words import W_, Line, reason_from
from net import protocol as p
from net import tls

FROM_SERVER = 4 * 1024 * 1024  # bytes: a State holding a long game's whole history is the largest
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)  # seconds before each try again; the last repeats
OPEN_S = 5.0  # seconds a connection may take to open
FIRST_TRIES = 3  # a server never reached in that many tries is given up
GONE_TRIES = 4  # a server that refused that many tries in a row (7.5 s) is gone: its machine or its process


@dataclass(frozen=True, slots=True)
class Connected:
    """The connection is open (again); `again` once it had dropped."""

    again: bool


@dataclass(frozen=True, slots=True)
class Dropped:
    """The connection dropped: the next try is in `retry_s` seconds."""

    reason: Line
    retry_s: float


@dataclass(frozen=True, slots=True)
class Ended:
    """The connection is over for good: the server said goodbye, or could not be reached; `gone`: the
    table this window was at can no longer be reached."""

    reason: Line
    gone: bool = False


News = p.ServerMessage | Connected | Dropped | Ended
# the version refusal of a server before p.WORDED, which sends it without Words: worded here all the same
EARLIER_REFUSAL = re.compile(r"this server runs another version of Card Arcade \(protocol (\d{1,6}), yours (\d{1,6})\)")


def said(message: p.Bye | p.Refused) -> Line:
    """What a server's Bye or Refused says, in this window's language where it can be read."""
    earlier = EARLIER_REFUSAL.match(message.reason) if message.words is None else None
    if earlier is not None:
        return W_("this server runs another version of Card Arcade (protocol {server}, yours {yours}): "
                  "install the same version as its host", server=int(earlier[1]), yours=int(earlier[2]))
    return reason_from(message.reason, message.words)


class Client:
    """The connection, its thread and its two queues. `hello` is the first message (a Create or a
    Join); `wake()` is called from the thread when something arrives (the window posts an event)."""

    def __init__(self, url: str, hello: p.Create | p.Join, wake: Callable[[], None] = lambda: None) -> None:
        self.url = url
        self.hello = hello
        self.wake = wake
        self.code: str | None = None
        self.token: str | None = None
        self.next_id = 0
        self.inbox: queue.SimpleQueue[News] = queue.SimpleQueue()
        self.loop = asyncio.new_event_loop()
        self.outbox: asyncio.Queue[p.Message | None] = asyncio.Queue()  # sent once the connection is open
        self.stopping = False
        self.refused = False  # the last try found nothing listening at the address
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self.session(),),
                                       name="card-arcade-net", daemon=True)
        self.thread.start()

    # -- the frame loop's side -----------------------------------------------------------------
    def send(self, message: p.Message) -> None:
        """Queue a message for the server (dropped while the connection is down)."""
        if not self.stopping:
            self.loop.call_soon_threadsafe(self._queue, message)

    def move(self, state: int, move: object) -> None:
        """Send a move chosen on state number `state` (already in wire form)."""
        self.send(p.Move(self.next_id, state, move))
        self.next_id += 1

    def received(self) -> list[News]:
        """Everything that arrived since the last call, oldest first."""
        news = []
        while True:
            try:
                news.append(self.inbox.get_nowait())
            except queue.Empty:
                return news

    def close(self) -> None:
        """Close the connection and end its thread (waits at most a second)."""
        if self.stopping:
            return
        self.stopping = True
        self.loop.call_soon_threadsafe(self._queue, None)
        self.thread.join(timeout=1.0)

    # -- the thread's side -----------------------------------------------------------------------
    def _queue(self, message: p.Message | None) -> None:
        self.outbox.put_nowait(message)  # None stops the writer

    def _tell(self, news: News) -> None:
        self.inbox.put(news)
        self.wake()

    def greeting(self) -> p.Message:
        """The first message of a connection: the hello, or once welcomed, the seat's token back."""
        if self.code is None:
            return self.hello
        name = self.hello.name if isinstance(self.hello, p.Join | p.Create) else ""
        of = self.hello.of if isinstance(self.hello, p.Join) else None  # (a screen's own view stays one)
        return p.Join(p.VERSION, self.code, name, self.token, watch=of is not None, of=of)

    async def session(self) -> None:
        """Connect, talk, and when the connection drops try again after a pause, until closed or ended."""
        tries = refused = 0
        while not self.stopping:
            reason = await self.connection(again=tries > 0)
            if reason is None or self.stopping:
                return
            tries += 1
            refused = refused + 1 if self.refused else 0
            if (self.code is None and tries >= FIRST_TRIES) or refused >= GONE_TRIES:
                self._tell(Ended(reason, gone=self.code is not None))
                return
            pause = BACKOFF[min(tries - 1, len(BACKOFF) - 1)]
            self._tell(Dropped(reason, pause))
            await asyncio.sleep(pause)

    async def connection(self, again: bool) -> Line | None:
        """One connection from open to close: the reason it dropped, or None if it ended for good.
        What was sent while the connection was down is dropped (it was chosen on a table since gone)."""
        self.refused = False
        while again and not self.outbox.empty():
            if self.outbox.get_nowait() is None:
                return None
        try:
            options = tls.connect_options(self.url)
        except OSError as exc:  # ssl.SSLError too: the file of authorities to trust is missing or not PEM
            self._tell(Ended(W_("the certificate authorities {variable} names could not be read ({problem})",
                                variable=tls.CA_ENV, problem=str(exc)[:200])))
            return None
        try:
            async with connect(self.url, max_size=FROM_SERVER, open_timeout=OPEN_S, compression=None,
                               **options) as ws:
                await ws.send(p.encoder.encode(self.greeting()).decode())
                self._tell(Connected(again))
                return await self.talk(ws)
        except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed) as exc:
            lasting = tls.problem(exc, self.url)  # a certificate not trusted is not tried again
            if lasting is not None:
                self._tell(Ended(lasting))
                return None
            self.refused = isinstance(exc, ConnectionRefusedError)
            return tls.described(exc, self.url)
        except (InvalidURI, ValueError):  # a port out of range, a broken IPv6 address
            self._tell(Ended(W_("That is not a server address.")))
            return None

    async def talk(self, ws: ClientConnection) -> Line | None:
        reader = asyncio.create_task(self.read(ws))
        writer = asyncio.create_task(self.write(ws))
        done, _ = await asyncio.wait([reader, writer], return_when=asyncio.FIRST_COMPLETED)
        for task in (reader, writer):
            task.cancel()
        if reader in done and not reader.cancelled() and reader.exception() is None:
            return reader.result()
        if self.stopping:
            return None
        return W_("The connection was lost.")

    async def read(self, ws: ClientConnection) -> Line | None:
        """Pass the server's messages on; None once it said goodbye (nothing to come back to)."""
        async for frame in ws:
            try:
                message = p.server_decoder.decode(frame)
            except (msgspec.ValidationError, msgspec.DecodeError):
                continue  # a server of another version: its message is not understood, the rest may be
            if isinstance(message, p.Welcome):
                self.code, self.token = message.code, message.token or self.token
            if isinstance(message, p.Bye):
                self._tell(Ended(said(message)))
                return None
            self._tell(message)
        return W_("The server closed the connection.")

    async def write(self, ws: ClientConnection) -> None:
        while (message := await self.outbox.get()) is not None:
            await ws.send(p.encoder.encode(message).decode())
        await ws.close()
