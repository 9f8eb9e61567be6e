"""The server a hosting window runs beside itself: `main.py --serve --until-empty` in a process and
session of its own (frames never wait on it; closing the window or its terminal does not stop it),
started from a thread; the window then joins it over loopback like any client. While a game is on,
the server outlives the window, for the others at the table; it ends by itself once nobody has been
connected to it for `EMPTY_S`."""
from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import IO, Protocol

import ifaddr

from lang import _

log = logging.getLogger("card_arcade.online")

MAIN = Path(__file__).resolve().parent.parent / "main.py"
LISTENING = re.compile(r"listening on (\S+):(\d+)")
STOP_S = 3.0  # seconds the server has to stop after SIGTERM before it is killed
EMPTY_S = 60  # seconds a hosting window's server runs on with nobody connected


class Connections(Protocol):
    """What `watch_empty` needs of a server (net.server.Server): its open connections."""

    @property
    def conns(self) -> set: ...


async def watch_empty(server: Connections, stop: Callable[[], None], empty_s: float, step_s: float = 1.0) -> None:
    """Call `stop` once `server` has had no connection for `empty_s` seconds (looked at every `step_s`)."""
    quiet = 0.0
    while quiet < empty_s:
        await asyncio.sleep(step_s)
        quiet = 0.0 if server.conns else quiet + step_s
    log.info("nobody has been connected for %g s: the server stops", empty_s)
    stop()


def fresh_saves(root: Path) -> Path:
    """A new, empty folder under `root` for the tables of a server started to host anew: a table left
    there by an earlier server is not brought back with it (the Join screen offers it, `kept_files`).
    Empty folders of earlier servers go."""
    root.mkdir(parents=True, exist_ok=True)
    for old in root.glob("run-*"):
        if old.is_dir():
            with contextlib.suppress(OSError):  # not empty: a table is kept there
                old.rmdir()
    return Path(tempfile.mkdtemp(prefix="run-", dir=root))


def kept_files(root: Path) -> list[Path]:
    """The tables' files kept under `root` by every earlier server (in its own folder, or in `root`
    itself for a server of an earlier version), newest first."""
    def written(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:  # gone meanwhile: its match ended
            return 0.0

    paths = [*root.glob("table-*.json"), *root.glob("run-*/table-*.json")]
    return sorted(paths, key=written, reverse=True)


def is_public(address: str) -> bool:
    """The address can be reached from the internet (not a private, shared or link-local one)."""
    return ipaddress.ip_address(address).is_global


def local_addresses() -> list[str]:
    """This machine's addresses a friend may type (IPv4, not loopback), read from the interfaces."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith(("127.", "169.254.")):
                found.append(ip.ip)
    return found


class HostServer:
    """`main.py --serve` in a process of its own: `port` once it listens, `error` if it could not."""

    def __init__(self, discovery: str, bind: str, port: int, saves: Path | None = None) -> None:
        self.discovery, self.bind, self.saves = discovery, bind, saves
        self.ports = [port] if port == 0 else [port, 0]  # a busy port: any free one
        self.args = [sys.executable, str(MAIN), "--serve", "--discovery", discovery, "--bind", bind,
                     "--until-empty", str(EMPTY_S), "--log-level", "warning"]  # (as quiet as the window)
        if saves is not None:
            self.args += ["--saves", str(saves)]
        self.port: int | None = None
        self.error = ""
        self.process: subprocess.Popen[str] | None = None
        self.stopping = False
        self.lock = threading.Lock()  # between the starting thread and stop()
        self.thread = threading.Thread(target=self.start, name="card-arcade-host", daemon=True)
        self.thread.start()

    def start(self) -> None:
        """Start the process and read its first line for the port it listens on (on a busy port, try
        again on any free one); `error` is set only once every try failed, with the last one's reason."""
        problem = ""
        for port in self.ports:
            with tempfile.TemporaryFile("w+") as errors:  # not a pipe: nobody reads it once the window is gone
                problem = self.started(port, errors)
                if not problem:
                    return
        self.error = problem

    def started(self, port: int, errors: IO[str]) -> str:
        """Start the process on `port`: "" if it listens (or will not be: stopped), else why it did not
        start (the last line of `errors` if it stopped at once)."""
        try:
            process = subprocess.Popen([*self.args, "--port", str(port)], stdout=subprocess.PIPE, stderr=errors,
                                       stdin=subprocess.DEVNULL, text=True, start_new_session=True)
        except OSError as exc:
            return _("The table's server could not start: {problem}", problem=exc)
        with self.lock:
            if self.stopping:  # stopped while it started
                process.terminate()
                return ""
            self.process = process
        assert process.stdout is not None
        found = LISTENING.search(process.stdout.readline())
        process.stdout.close()  # nothing more is read: the server writes nothing else there
        if found is not None:
            self.port = int(found.group(2))
            log.info("the table's server listens on port %d", self.port)
            return ""
        process.wait()
        errors.seek(0)
        problem = errors.read().strip().splitlines()
        return _("The table's server did not start: {problem}",
                 problem=problem[-1] if problem else _("no reason given"))

    def gone(self) -> bool:
        """The server was running and has stopped (killed, crashed)."""
        return self.port is not None and self.process is not None and self.process.poll() is not None

    def restarted(self) -> HostServer:
        """The same server started again on the same port and saves: its tables come back as they were
        saved, and the players' windows reconnect by themselves."""
        assert self.port is not None
        return HostServer(self.discovery, self.bind, self.port, self.saves)

    @property
    def url(self) -> str:
        """Where this window joins its server."""
        return f"ws://127.0.0.1:{self.port}"

    def local_only(self) -> bool:
        return self.bind.startswith("127.")

    def addresses(self) -> list[str]:
        """What friends on other machines type to join: this machine's addresses with the port (those
        the internet can reach first)."""
        if self.port is None or self.local_only():
            return []
        return [f"{ip}:{self.port}" for ip in sorted(local_addresses(), key=lambda ip: not is_public(ip))]

    def stop(self) -> None:
        """Stop the server, even one still starting (SIGTERM, then killed if it lingers)."""
        with self.lock:
            self.stopping = True
            process = self.process
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(STOP_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(STOP_S)
