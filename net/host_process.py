"""The server a hosting window runs beside itself: `main.py --serve` in its own process (frames never
wait on it), started from a thread; the window then joins it over loopback like any client."""
from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import ifaddr

log = logging.getLogger("card_arcade.online")

MAIN = Path(__file__).resolve().parent.parent / "main.py"
LISTENING = re.compile(r"listening on (\S+):(\d+)")
STOP_S = 3.0  # seconds the server has to stop after SIGTERM before it is killed


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
                     "--parent", str(os.getpid())]  # it stops when this window's process ends
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
        again on any free one)."""
        for port in self.ports:
            try:
                process = subprocess.Popen([*self.args, "--port", str(port)], stdout=subprocess.PIPE,
                                           stderr=subprocess.PIPE, text=True)
            except OSError as exc:
                self.error = f"The table's server could not start: {exc}"
                return
            with self.lock:
                if self.stopping:  # stopped while it started
                    process.terminate()
                    return
                self.process = process
            assert process.stdout is not None and process.stderr is not None
            found = LISTENING.search(process.stdout.readline())
            if found is not None:
                self.port = int(found.group(2))
                log.info("the table's server listens on port %d", self.port)
                return
            problem = process.stderr.read().strip().splitlines()
            process.wait()
            self.error = f"The table's server did not start: {problem[-1] if problem else 'no reason given'}"

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
        """What friends on other machines type to join: this machine's addresses with the port."""
        if self.port is None or self.local_only():
            return []
        return [f"{ip}:{self.port}" for ip in local_addresses()]

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
