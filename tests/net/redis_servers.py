"""Real `redis-server` processes for the tests: each on a free loopback port, no persistence, stopped
after the test however it ends. Without redis-server the tests that need it say why they did not
run, except under CI=true, where that is a failure (.ci/run installs it)."""
from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator

import pytest

START_S = 10.0  # the longest a redis-server may take to answer


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def need_redis() -> str:
    """The redis-server program, or the test stops here saying why."""
    program = shutil.which("redis-server")
    if program is None:
        message = "redis-server is not installed (Debian: apt-get install redis-server)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return program


class RedisServer:
    """One redis-server on a loopback port; `kill()` and `start()` again on the same port."""

    def __init__(self) -> None:
        self.program = need_redis()
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--protected-mode", "yes"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return
            time.sleep(0.02)
        raise TimeoutError("redis-server did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(START_S)


@contextlib.contextmanager
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.kill()
