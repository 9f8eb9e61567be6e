"""A client's connection to the server: its seat (or none: watching), its queue of messages to send,
and its limits (how fast it may send, how much may wait for it)."""
from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

from lang.words import W_, Line, english
from net import metrics
from net import protocol as p

if TYPE_CHECKING:
    from net.table import Table

log = logging.getLogger("card_arcade.server")

RATE = 20.0  # messages a second a connection may send on average ...
BURST = 60  # ... and at once (more than a person can click; bots in a test may be given more)
SEND_QUEUE = 64  # messages waiting for a client that does not read: more closes it
WRITE_LIMIT = 64 * 1024  # bytes the server's side of a connection buffers before its writer waits


@dataclass(eq=False)
class Conn:
    """One client connection: its seat (None: watching or not seated yet), and its limits. `relay`
    is the code of a table another process owns, which this connection's frames are passed to."""

    ws: ServerConnection | None
    address: str
    name: str = "Player"
    closed: bool = False
    table: Table | None = None
    seat: int | None = None
    last_id: int = -1
    rate: float = RATE
    burst: float = BURST
    allowance: float = BURST
    checked: float = field(default_factory=time.monotonic)
    heard: float = 0.0  # the server clock's time of this client's last message (or of its connecting)
    queue: deque[str | None] = field(default_factory=deque)  # texts to write; None: then close
    writer: asyncio.Future[None] | None = None  # set while the writer waits for the queue to fill
    writing_since: float | None = None  # the loop's time the frame being written was begun at
    relay: str | None = None
    relay_id: str = ""
    relay_joined: bool = False  # the owner welcomed this relayed client (until then it may try another table)
    going: int = 1000  # the close code once its queue is written: 1012 sends it on to join again

    def send(self, message: p.Message | str) -> None:
        """Send a message: written at once if nothing waits before it and the client reads, else queued
        for the writer; a client that lets SEND_QUEUE pile up is closed (never buffered without bound)."""
        if self.closed:
            return
        text = message if isinstance(message, str) else p.encoder.encode(message).decode()
        if self.writer is not None and not self.queue and self.write_now(text):
            return
        if len(self.queue) >= SEND_QUEUE:
            metrics.refused(metrics.Refusal.SLOW_READER)
            self.close(W_("you do not read your messages"))
            return
        self.put(text)

    def write_now(self, text: str) -> bool:
        """Write a text frame as the writer's `ws.send` would, without waking it (the server's busiest
        path); False, writing nothing, unless the connection is open and its buffer below WRITE_LIMIT
        (a client that reads slowly has its messages queued, and its writer waits for it)."""
        ws = self.ws
        if (ws is None or ws.protocol.state is not State.OPEN or ws.transport.is_closing()
                or ws.transport.get_write_buffer_size() >= WRITE_LIMIT):
            return False
        ws.protocol.send_text(text.encode())
        for data in ws.protocol.data_to_send():
            ws.transport.write(data)
        return True

    def put(self, text: str | None) -> None:
        """Add to the queue (no check: `send` checks), waking the writer."""
        self.queue.append(text)
        if self.writer is not None and not self.writer.done():
            self.writer.set_result(None)

    async def next_text(self) -> str | None:
        """The writer's next text, once there is one (None: close)."""
        while not self.queue:
            self.writer = asyncio.get_running_loop().create_future()
            try:
                await self.writer
            finally:
                self.writer = None
        return self.queue.popleft()

    def close(self, reason: Line, worded: bool = True) -> None:
        """Say why, then close (whatever was still to send is dropped); `worded`: with the reason's
        Words (p.bye)."""
        if self.closed:
            return
        self.closed = True
        self.queue.clear()
        self.put(p.encoder.encode(p.bye(reason, worded)).decode())
        self.put(None)

    def move_on(self, reason: Line) -> None:
        """Close without a Bye (no error): the table went to another process, the client joins again."""
        if self.closed:
            return
        log.info("a client is sent on: %s", english(reason))
        self.closed, self.going = True, 1012
        self.queue.clear()
        self.put(None)

    def within_rate(self) -> bool:
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.checked) * self.rate)
        self.checked = now
        self.allowance -= 1
        return self.allowance >= 0
