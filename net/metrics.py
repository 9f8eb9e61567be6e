"""What the server counts for whoever runs it: moves played, connections opened, refusals by reason,
tables taken over from a process that died. Plain counts in this process, kept whether or not anyone
reads them (an addition each); net/pages.py shows them as Prometheus metrics when --metrics-port
is given, with the tables by state and the connections open, read from the server when asked.

A part of the server that refuses something calls `refused(Refusal.X)`; a new kind of refusal is a
new member of `Refusal` (the metric's labels are its values, so a stranger's text never becomes one).
"""
from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol


class Refusal(enum.StrEnum):
    """Why a connection was closed or a request refused by a limit or a bad frame."""

    RATE = "rate"  # too many messages
    JOINS = "joins"  # too many tables created or joined from one address in a minute
    FRAME = "frame"  # a frame that is no message of the protocol
    VERSION = "version"  # a client of another protocol version
    UNJOINED = "unjoined"  # at no table in time
    SLOW_READER = "slow_reader"  # a client that took no message for too long, or let too many pile up
    FULL = "full"  # a connection past the limit of the server or of its network
    TABLES = "tables"  # a table past the limit of the server or of its creator's network
    IDLE = "idle"  # a spectator of a table where nothing happened for too long


@dataclass
class Counts:
    """The counts since the process started."""

    moves: int = 0
    connections: int = 0
    takeovers: int = 0
    refusals: Counter[Refusal] = field(default_factory=Counter)


COUNTS = Counts()  # the process's (one server a process, as Prometheus counts a process)


def moved() -> None:
    """A move was played at a table of this process (a person's or a computer's)."""
    COUNTS.moves += 1


def connected() -> None:
    """A client's connection was opened."""
    COUNTS.connections += 1


def refused(reason: Refusal) -> None:
    """A connection was closed, or a request refused, for `reason`."""
    COUNTS.refusals[reason] += 1


def took_over() -> None:
    """A table whose process died (or gave it up) goes on in this one."""
    COUNTS.takeovers += 1


class Game(Protocol):
    @property
    def is_over(self) -> bool: ...


class HasMatch(Protocol):
    @property
    def match(self) -> Game | None: ...


def table_states(tables: Iterable[HasMatch]) -> dict[str, int]:
    """How many tables wait in the lobby, are being played and are over (every state, zero too)."""
    states = dict.fromkeys(("lobby", "playing", "over"), 0)
    for table in tables:
        match = table.match
        states["lobby" if match is None else "over" if match.is_over else "playing"] += 1
    return states
