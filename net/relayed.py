"""The owner's side of relaying (net/shared.py): a `ProxyConn` stands for each client of this
process's tables connected to another process, and `RelayedClients` reads their frames off the tables'
"in" channels, anything there a stranger's: a frame is decoded as a direct client's, a relayed
client is never relayed on, and one that was sent on, left, or whose process died is forgotten.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lang.words import W_, Line, english, words_json
from net import protocol as p
from net.conn import Conn
from net.outbox import Outbox

if TYPE_CHECKING:
    from net.server import Server

MOVE_ON = "this table moved to another server process: join again"
KEY_CHARS = 80  # a relayed client's id is no longer (anything longer is a stranger's)
ENDED = 10_000  # ids of relayed clients sent on whose last frames may still come, kept at most


class RelayedClients:
    """The relayed clients of this process's tables, by id ("<process>:<number>")."""

    def __init__(self, server: Server, outbox: Outbox) -> None:
        self.server = server
        self.outbox = outbox
        self.by_key: dict[str, ProxyConn] = {}
        self.ended: dict[str, None] = {}  # ids of proxies ended here: their frames still on the way are dropped

    def origins(self) -> set[str]:
        """The processes relaying clients to this one."""
        return {key.rsplit(":", 1)[0] for key in self.by_key}

    def drop_all(self, origin: str | None = None) -> None:
        """Send on every relayed client (of the process `origin` only, if given)."""
        for key, proxy in list(self.by_key.items()):
            if origin is None or key.rsplit(":", 1)[0] == origin:
                self.drop(proxy)

    def from_elsewhere(self, code: str, message: dict) -> None:
        """A frame of a client connected to another process, for a table of this one. Its Create, or
        a Join for another table, is refused: a relayed client is never relayed on."""
        table, key = self.server.tables.get(code), message.get("conn")
        if not isinstance(key, str) or len(key) > KEY_CHARS:
            return
        proxy = self.by_key.get(key)
        if proxy is not None and proxy.code != code:
            return
        if message.get("gone"):
            if proxy is not None:
                self.drop(proxy, notify=False)
            self.ended.pop(key, None)  # (its process sends nothing more for it)
            return
        if table is None or not isinstance(message.get("frame"), str) or key in self.ended:
            return
        if proxy is None:
            proxy = self.by_key[key] = ProxyConn(None, str(message.get("address", "?"))[:64], relayed=self,
                                                  code=code, key=key, rate=self.server.rate, burst=self.server.burst,
                                                  allowance=self.server.burst)
        decoded = self.server.decode(proxy, message["frame"])
        if isinstance(decoded, p.Create) or (isinstance(decoded, p.Join) and decoded.code.strip().upper() != code):
            proxy.send(p.refused(W_("join that table through the server you are connected to")))
        elif decoded is not None:
            self.server.dispatch(proxy, decoded)

    def drop(self, proxy: ProxyConn, notify: bool = True) -> None:
        """Forget a relayed client of this process's table; if `notify`, it is sent on to join again."""
        if notify:
            proxy.move_on(MOVE_ON)
        elif not proxy.closed:
            proxy.closed = True
            self.forget(proxy)

    def forget(self, proxy: ProxyConn) -> None:
        """An ended proxy: gone from the relayed clients, its frames still on the way dropped, and it leaves its
        table once the message being sent to everyone there is sent (its seat waits for it, as for any
        lost connection)."""
        self.by_key.pop(proxy.key, None)
        self.ended[proxy.key] = None
        while len(self.ended) > ENDED:
            del self.ended[next(iter(self.ended))]
        if proxy.table is not None:
            asyncio.get_running_loop().call_soon(self.leave, proxy)

    @staticmethod
    def leave(proxy: ProxyConn) -> None:
        if proxy.table is not None:
            proxy.table.leave(proxy)


@dataclass(eq=False)
class ProxyConn(Conn):
    """Stands, at the owner, for a client connected to another process: what it is sent goes out on
    the table's "out" channel, addressed to that client (`key`); one whose messages pile up waiting
    for Redis is sent on to join again."""

    relayed: RelayedClients | None = None
    code: str = ""
    key: str = ""

    def send(self, message: p.Message | str) -> None:
        if self.closed or self.relayed is None:
            return
        if not self.relayed.outbox.room_out(self.code, self.key):
            self.move_on(MOVE_ON)
            return
        text = message if isinstance(message, str) else p.encoder.encode(message).decode()
        self.relayed.outbox.put("out", self.code, {"conn": self.key, "text": text}, self.key)

    def close(self, reason: Line, worded: bool = True) -> None:
        self.end("bye", reason, worded)

    def move_on(self, reason: Line) -> None:
        self.end("move_on", reason)

    def end(self, how: str, reason: Line, worded: bool = True) -> None:
        if self.closed or self.relayed is None:
            return
        self.closed = True
        self.relayed.forget(self)
        words = words_json(reason) if worded else None  # the owner's Bye as this process would send it
        self.relayed.outbox.put("out", self.code, {"conn": self.key, how: english(reason), "words": words}, self.key)
