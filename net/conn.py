"""A client's connection to the server: its seat (or none: watching), its queue of messages to send,
and its limits (how fast it may send, how much may wait for it)."""
from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection

from net import protocol as p

if TYPE_CHECKING:
    from net.table import Table

log = logging.getLogger("card_arcade.server")

RATE = 20.0  # messages a second a connection may send on average ...
BURST = 60  # ... and at once (more than a person can click; bots in a test may be given more)
SEND_QUEUE = 64  # messages waiting for a client that does not read: more closes it


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
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    relay: str | None = None
    relay_id: str = ""
    going: int = 1000  # the close code once its queue is written: 1012 sends it on to join again

    def send(self, message: p.Message | str) -> None:
        """Queue a message; a client that lets SEND_QUEUE pile up is closed (never buffered without bound)."""
        if self.closed:
            return
        text = message if isinstance(message, str) else p.encoder.encode(message).decode()
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close("you do not read your messages")

    def close(self, reason: str) -> None:
        """Say why, then close (whatever was still to send is dropped)."""
        if self.closed:
            return
        self.closed = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(p.encoder.encode(p.Bye(reason)).decode())
        self.queue.put_nowait(None)

    def move_on(self, reason: str) -> None:
        """Close without a Bye (no error): the table went to another process, the client joins again."""
        if self.closed:
            return
        log.info("a client is sent on: %s", reason)
        self.closed, self.going = True, 1012
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)

    def within_rate(self) -> bool:
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.checked) * self.rate)
        self.checked = now
        self.allowance -= 1
        return self.allowance >= 0
