"""Tables on the local network, by mDNS/DNS-SD (the `zeroconf` library): the `Advertiser` announces
a server's tables waiting for players as `_cardarcade._tcp.local.` services, the `Browser` lists
them for a join screen. Typing a code or an address stays the way in when nothing is found.

Where it runs is a setting (`--discovery`): "off" (nothing is imported, nothing is sent),
"loopback" (127.0.0.1 only: tests and manual runs) or "all" (every interface: a player's default).
A service's TXT record holds the protocol version, the game, the open and all seats, the invite code
and the host's name; whatever another machine announces is a stranger's: a record that does not
decode to exactly that, within bounds, is left out of the list.
"""
from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import re
import secrets
import threading
from dataclasses import dataclass
from types import TracebackType

from zeroconf import (
    InterfaceChoice,
    InterfacesType,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
    get_all_addresses,
)
from zeroconf.asyncio import AsyncZeroconf

from game.registry import game_names
from game.seats import clean_name
from net import protocol as p
from net.server import CODE_ALPHABET, CODE_LENGTH
from net.table import Opening

log = logging.getLogger("card_arcade.discovery")

SERVICE = "_cardarcade._tcp.local."
WHERE = ("off", "loopback", "all")
PLAYER_DEFAULT = "all"  # a player hosting from the window; --serve and tests use off or loopback
LOOPBACK = "127.0.0.1"
MAX_SEATS = 16  # more than any game seats: a record saying more is not ours
MAX_VALUE = 64  # bytes of one TXT value (a name is 16 characters, at most 4 bytes each)
LOOKUP_MS = 3000  # the longest the Browser waits for a service's records
CLOSE_S = 5.0  # the longest the Advertiser takes to say goodbye
CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
NUMBER = re.compile(r"[0-9]{1,3}")


@dataclass(frozen=True, slots=True)
class Found(Opening):
    """A table announced on the network, and where its server listens."""

    address: str
    port: int


def where_to(where: str) -> tuple[InterfacesType, list[str]]:
    """zeroconf's `interfaces` for a setting, and the addresses announced for the server there."""
    if where == "loopback":
        return [LOOPBACK], [LOOPBACK]
    if where == "all":
        return InterfaceChoice.All, [a for a in get_all_addresses() if not ipaddress.ip_address(a).is_loopback]
    raise ValueError(f"discovery is {where!r}: nothing to announce or browse")


def encode_txt(opening: Opening) -> dict[str, str]:
    """The TXT record of a table's service."""
    return {"v": str(p.VERSION), "game": opening.game, "open": str(opening.open_seats),
            "seats": str(opening.seats), "code": opening.code, "host": opening.host}


def decode_txt(properties: dict[bytes, bytes | None]) -> Opening | None:
    """A TXT record's table; None for one of another protocol version, or not exactly ours."""
    text: dict[str, str] = {}
    for key, value in properties.items():
        if value is None or len(value) > MAX_VALUE:
            return None
        try:
            text[key.decode("ascii")] = value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if set(text) != {"v", "game", "open", "seats", "code", "host"} or text["v"] != str(p.VERSION):
        return None
    if not (NUMBER.fullmatch(text["open"]) and NUMBER.fullmatch(text["seats"]) and CODE.fullmatch(text["code"])):
        return None
    open_seats, seats = int(text["open"]), int(text["seats"])
    if not 0 <= open_seats <= seats <= MAX_SEATS or text["game"] not in game_names():
        return None
    if not text["host"] or clean_name(text["host"], "") != text["host"]:  # blank, unprintable or too long
        return None
    return Opening(text["code"], text["game"], text["host"], open_seats, seats)


def found_in(info: ServiceInfo) -> Found | None:
    """What a resolved service announces, or None if it is not a table this program can join."""
    opening = decode_txt(info.properties)
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if opening is None or not addresses or info.port is None or not 0 < info.port < 65536:
        return None
    return Found(opening.code, opening.game, opening.host, opening.open_seats, opening.seats, addresses[0], info.port)


class Advertiser:
    """Announces the tables of a server listening on `port` (a net.server TableListener), from the
    server's event loop: `async with Advertiser(where) as advertiser:`, its port set once listening."""

    def __init__(self, where: str, port: int = 0) -> None:
        self.interfaces, self.addresses = where_to(where)
        self.port = port
        self.host_name = f"card-arcade-{secrets.token_hex(4)}.local."
        self.wanted: dict[str, Opening | None] = {}  # by code: what to announce next (None: withdraw)
        self.shown: dict[str, ServiceInfo] = {}
        self.wake = asyncio.Event()
        self.zeroconf: AsyncZeroconf | None = None
        self.worker: asyncio.Task | None = None

    async def __aenter__(self) -> Advertiser:
        self.zeroconf = AsyncZeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
        self.worker = asyncio.get_running_loop().create_task(self.publish())
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self.close()

    def offered(self, opening: Opening) -> None:
        self.wanted[opening.code] = opening
        self.wake.set()

    def withdrawn(self, code: str) -> None:
        self.wanted[code] = None  # even if not shown yet: it may be being announced right now
        self.wake.set()

    async def publish(self) -> None:
        """Announce, update and withdraw one service at a time, each table's newest state only."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.wanted:
                code = next(iter(self.wanted))
                opening = self.wanted.pop(code)
                try:
                    await self.show(code, opening)
                except Exception:  # the network's trouble must not stop the server
                    log.exception("could not announce table %s", code)

    async def show(self, code: str, opening: Opening | None) -> None:
        assert self.zeroconf is not None and self.port
        old = self.shown.pop(code, None)
        if opening is None:
            if old is not None:
                await (await self.zeroconf.async_unregister_service(old))
            return
        info = ServiceInfo(SERVICE, old.name if old else f"Card Arcade {code}.{SERVICE}", self.port,
                           properties=encode_txt(opening), server=self.host_name,
                           parsed_addresses=self.addresses)
        if old is None:
            await (await self.zeroconf.async_register_service(info, allow_name_change=True))
        else:
            await (await self.zeroconf.async_update_service(info))
        self.shown[code] = info

    async def close(self) -> None:
        """Withdraw every table (goodbye packets) and stop."""
        if self.worker is not None:
            self.worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.worker
            self.worker = None
        if self.zeroconf is not None:
            try:
                await asyncio.wait_for(self.zeroconf.async_close(), CLOSE_S)  # unregisters all first
            except TimeoutError:
                log.warning("discovery took more than %s s to close", CLOSE_S)
            self.zeroconf = None
            self.shown.clear()


class Browser:
    """The tables announced where `where` says, for a join screen to poll with `tables()`. zeroconf
    runs on its own thread: make and close a Browser outside any asyncio event loop."""

    def __init__(self, where: str) -> None:
        interfaces, _ = where_to(where)
        self.lock = threading.Lock()
        self.found: dict[str, Found] = {}  # by service name
        self.zeroconf = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        self.browser = ServiceBrowser(self.zeroconf, SERVICE, handlers=[self.changed])

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        """ServiceBrowser's handler (on its thread): look the service up, keep it if it is a table."""
        found = None
        if state_change is not ServiceStateChange.Removed:
            info = ServiceInfo(service_type, name)
            try:
                if info.request(zeroconf, LOOKUP_MS):
                    found = found_in(info)
            except Exception:  # a stranger's records must never stop the list
                log.exception("could not read the service %r", name)
        with self.lock:
            if found is None:
                self.found.pop(name, None)
            else:
                self.found[name] = found

    def tables(self) -> list[Found]:
        """What is announced now, by game, host and code."""
        with self.lock:
            return sorted(self.found.values(), key=lambda f: (f.game, f.host, f.code))

    def close(self) -> None:
        self.browser.cancel()
        self.zeroconf.close()
