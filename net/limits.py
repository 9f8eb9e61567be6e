"""What an operator may bound on a server (`main.py --serve --help` lists them), with safe defaults, and
the clock every table's timer runs on (a test gives its own, so that no test waits on the wall clock).

Per-address limits count by network, not by address: an IPv4 address's /24 and an IPv6 address's /64
(an IPv4-mapped IPv6 address is its IPv4 one), so that the addresses of one machine or one provider's
block share a limit; the overall limits bound whatever many networks add up to.
"""
from __future__ import annotations

import argparse
import asyncio
import ipaddress
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

FILES_KEPT = 64  # file descriptors kept back from the connections (saves, records, Redis, logs)
MAX_CONNECTIONS = 4000
CONNECTIONS_PER_ADDRESS = 200
MAX_TABLES = 2000
TABLES_PER_ADDRESS = 20
TURN_S = 90
TURN_RANGE = (10, 3600)  # the turn times a host may choose (0: none)


def file_limit() -> int:
    """The process's limit of open files (RLIMIT_NOFILE's soft limit; Windows has none to read)."""
    try:
        import resource  # (not on Windows)
    except ImportError:
        return 1 << 16
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def connections_allowed(wanted: int, files: int | None = None) -> int:
    """`wanted` connections, or fewer if the file limit would be reached first (each is a file)."""
    return max(1, min(wanted, (file_limit() if files is None else files) - FILES_KEPT))


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds of one server process; every duration in seconds, 0 for a turn time is none."""

    max_connections: int = MAX_CONNECTIONS
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    max_tables: int = MAX_TABLES
    tables_per_address: int = TABLES_PER_ADDRESS
    turn_s: int = TURN_S  # a table's turn time unless its host chose another
    away_turn_s: float = 10.0  # an away player's turn: time to play it (and be back) before their computer does
    watcher_idle_s: float = 600.0  # a spectator of a table where nothing happened that long is closed
    lobby_s: float = 1800.0  # a table nobody started by then is closed
    finished_s: float = 600.0  # a finished table stays that long for Play again (less once nobody is there)
    unattended_s: float = 900.0  # a table nobody is connected to that long is closed
    pace_s: float = 1.0  # the least time between moves the server chooses while no player is there to wait for
    sweep_s: float = 30.0  # how often idle spectators and spent address counts are looked for


OPTIONS = ("max_connections", "connections_per_address", "max_tables", "tables_per_address", "turn_s",
           "watcher_idle_s", "lobby_s")


def add_options(parser: argparse.ArgumentParser, whole: Callable[[str], int]) -> None:
    """The operator's options of `--serve` (parsed by `whole`, a function refusing what is not a whole number)."""
    default = Limits()
    parser.add_argument("--max-connections", metavar="N", type=whole,
                        help=f"with --serve: connections at once; more are refused with a sentence (default "
                             f"{default.max_connections}, and always {FILES_KEPT} below the process's open-files "
                             "limit, ulimit -n)")
    parser.add_argument("--connections-per-address", metavar="N", type=whole,
                        help="with --serve: connections at once from one network (an IPv4 /24, an IPv6 /64; "
                             f"default {default.connections_per_address})")
    parser.add_argument("--max-tables", metavar="N", type=whole,
                        help=f"with --serve: tables open at once (default {default.max_tables})")
    parser.add_argument("--tables-per-address", metavar="N", type=whole,
                        help="with --serve: tables open at once that were created from one network (default "
                             f"{default.tables_per_address})")
    parser.add_argument("--turn-s", metavar="SECONDS", type=whole,
                        help=f"with --serve: a table's turn time unless its host chooses another (default "
                             f"{default.turn_s}; 0: none); when it runs out a computer plays the turn and the "
                             "player is shown as away until they act again")
    parser.add_argument("--watcher-idle-s", metavar="SECONDS", type=whole,
                        help="with --serve: a spectator of a table where nothing happened for that long is "
                             f"closed (default {default.watcher_idle_s:.0f})")
    parser.add_argument("--lobby-s", metavar="SECONDS", type=whole,
                        help=f"with --serve: a table nobody started for that long is closed (default "
                             f"{default.lobby_s:.0f})")


def limits_of(args: argparse.Namespace) -> Limits:
    """The Limits the parsed options set (the defaults for those not given); ValueError for a bound
    below what a server can run with."""
    given = {name: getattr(args, name) for name in OPTIONS if getattr(args, name, None) is not None}
    for name, value in given.items():
        if value < (0 if name == "turn_s" else 1):
            raise ValueError(f"--{name.replace('_', '-')} must be at least {0 if name == 'turn_s' else 1}")
    return Limits(**given)


def network_of(address: str) -> str:
    """The network an address counts in: its /24 (IPv4) or /64 (IPv6); the text itself if it is no address."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


class Counts:
    """How many of a thing each network holds now (a network at 0 is forgotten)."""

    def __init__(self) -> None:
        self.held: Counter[str] = Counter()

    def take(self, network: str, most: int) -> bool:
        """One more for `network` if it holds fewer than `most`; False (nothing counted) otherwise."""
        if self.held[network] >= most:
            return False
        self.held[network] += 1
        return True

    def give_back(self, network: str) -> None:
        self.held[network] -= 1
        if self.held[network] <= 0:
            del self.held[network]

    def total(self) -> int:
        return sum(self.held.values())


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """Where the tables' timers run: the event loop's clock, or a test's."""

    def now(self) -> float: ...
    def call_later(self, delay: float, callback: Callable[[], object]) -> Timer: ...


class LoopClock:
    """The event loop's clock (time.monotonic, as asyncio's default loop's) and timers."""

    def now(self) -> float:
        return time.monotonic()

    def call_later(self, delay: float, callback: Callable[[], object]) -> Timer:
        return asyncio.get_running_loop().call_later(delay, callback)
