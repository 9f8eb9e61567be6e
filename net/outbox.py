"""What a server process sharing its tables sends through Redis (net/shared.py): published in order,
up to BATCH messages a round trip, and bounded per relayed client and per table, so that no flood
of one table's relayed traffic grows without end or crowds the other tables out.

A relayed client's frame for the owner ("in") waits for room, and for its table's allowance, before
it is put here: its connection's reading waits with it (backpressure). A message of the owner for a
relayed client ("out") is put here only if there is room: else that client is sent on to join again.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable

log = logging.getLogger("card_arcade.server")

OUT_QUEUE = 10_000  # messages waiting for Redis at most, all tables together
CONN_IN = 16  # a relayed client's frames waiting for Redis at most (then its reading waits)
TABLE_IN = 256  # the same for all the relayed clients of one table
TABLE_IN_RATE = 200.0  # frames a second this process relays to one table at most, on average ...
TABLE_IN_BURST = 400  # ... and at once
CONN_OUT = 64  # messages for one relayed client waiting for Redis at most (then it is sent on)
TABLE_OUT = 4096  # the same for all the relayed clients of one table
RELAY_WAIT_S = 5.0  # the longest a relayed client's frame waits for room (then TimeoutError)
BATCH = 512  # messages published in one round trip at most

Item = tuple[str, str, dict, str]  # (kind: "in" or "out", the table's code, the message, the client's id)
Publish = Callable[[list[tuple[str, str, dict]]], Awaitable[None]]


class Outbox:
    """The messages waiting for Redis, in order, counted by client and by (kind, table)."""

    def __init__(self, publish: Publish, lost: Callable[[list[Item]], None]) -> None:
        self.publish = publish
        self.lost = lost  # told of the messages Redis did not take
        self.items: deque[Item] = deque()
        self.queued: Counter[str] = Counter()  # messages waiting or being published, by client id ...
        self.queued_tables: Counter[tuple[str, str]] = Counter()  # ... and by (kind, code)
        self.waiting = asyncio.Event()  # set while items wait
        self.room = asyncio.Condition()  # notified when messages have gone out
        self.allowances: dict[str, Allowance] = {}  # code: what may still be relayed to it

    def put(self, kind: str, code: str, message: dict, key: str) -> None:
        """Add a message after those waiting (no bound here: `wait_for_room_in` and `room_out` are)."""
        self.items.append((kind, code, message, key))
        self.queued[key] += 1
        self.queued_tables[kind, code] += 1
        self.waiting.set()

    async def wait_for_room_in(self, code: str, key: str) -> None:
        """Until a relayed client's frame for table `code` may be put; TimeoutError after RELAY_WAIT_S."""
        async with asyncio.timeout(RELAY_WAIT_S):
            while (pause := self.allowances.setdefault(code, Allowance()).wait()) > 0:
                await asyncio.sleep(pause)
            async with self.room:
                await self.room.wait_for(lambda: self.queued[key] < CONN_IN and len(self.items) < OUT_QUEUE
                                         and self.queued_tables["in", code] < TABLE_IN)

    def room_out(self, code: str, key: str) -> bool:
        """Whether a message for a relayed client of table `code` may be put."""
        return (self.queued[key] < CONN_OUT and self.queued_tables["out", code] < TABLE_OUT
                and len(self.items) < OUT_QUEUE)

    def forget(self, code: str) -> None:
        """Nobody is relayed to table `code` from here any more."""
        self.allowances.pop(code, None)

    async def run(self) -> None:
        """Publish what waits, in order, up to BATCH messages a round trip; a batch Redis did not
        take goes to `lost`."""
        while True:
            await self.waiting.wait()
            batch = [self.items.popleft() for _ in range(min(BATCH, len(self.items)))]
            if not self.items:
                self.waiting.clear()
            try:
                await self.publish([(kind, code, message) for kind, code, message, _ in batch])
            except Exception as exc:  # Redis away, or anything else: the publisher never ends
                log.warning("%d messages were lost (%r): their relayed clients join again", len(batch), exc)
                self.lost(batch)
            finally:
                for kind, code, _, key in batch:
                    self.queued[key] -= 1
                    self.queued_tables[kind, code] -= 1
                self.queued = +self.queued  # (the counts down to 0 go)
                self.queued_tables = +self.queued_tables
                async with self.room:
                    self.room.notify_all()


class Allowance:
    """How many frames this process may still relay to one table: TABLE_IN_RATE a second, at most
    TABLE_IN_BURST at once."""

    def __init__(self) -> None:
        self.left, self.checked = float(TABLE_IN_BURST), time.monotonic()

    def wait(self) -> float:
        """Seconds to wait before the next frame (0: it goes now, and is counted)."""
        now = time.monotonic()
        self.left = min(TABLE_IN_BURST, self.left + (now - self.checked) * TABLE_IN_RATE)
        self.checked = now
        if self.left >= 1:
            self.left -= 1
            return 0.0
        return (1 - self.left) / TABLE_IN_RATE
