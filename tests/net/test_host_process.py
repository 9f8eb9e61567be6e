"""The server a hosting window runs beside itself: it ends by itself once nobody has been connected
for a while (it outlives the window while the game is on), and a window that leaves while its server
is still starting leaves no server behind."""
from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import sys

from net.host_process import EMPTY_S, HostServer, watch_empty
from tests.net.clients import MAIN, listening_url

WAIT_S = 15.0


def test_a_server_started_for_a_window_stops_when_the_window_is_gone():
    window = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    server = subprocess.Popen([sys.executable, str(MAIN), "--serve", "--port", "0", "--parent", str(window.pid)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        listening_url(server)
        window.kill()  # as a crash would
        window.wait(WAIT_S)
        assert server.wait(WAIT_S) == 128 + signal.SIGTERM
    finally:
        for proc in (window, server):
            if proc.poll() is None:
                proc.kill()
                proc.wait(WAIT_S)


def test_a_server_stopped_while_it_starts_is_not_left_running(tmp_path):
    host = HostServer("off", "127.0.0.1", 0, tmp_path)
    assert host.args[host.args.index("--until-empty") + 1] == str(EMPTY_S)  # it outlives the window, not a game
    host.stop()  # at once: the process is not started yet, or has not said its port
    host.thread.join(WAIT_S)
    assert host.process is None or host.process.wait(WAIT_S) is not None  # no server left running


def test_a_busy_port_is_no_error_when_a_free_one_is_taken_instead(tmp_path):
    """Another program holds the port asked for: the server listens on a free one, and the window is
    told no error (it would show it and never join its own table)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        host = HostServer("off", "127.0.0.1", busy, tmp_path)
        host.thread.join(WAIT_S)
        try:
            assert (host.error, host.port is not None, host.port != busy) == ("", True, True)
        finally:
            host.stop()


def test_a_started_server_stops_when_asked(tmp_path):
    host = HostServer("off", "127.0.0.1", 0, tmp_path)
    host.thread.join(WAIT_S)
    assert host.port is not None and host.process is not None and host.process.poll() is None
    host.stop()
    assert host.process.poll() is not None and host.gone()


class Connections:
    """A server whose connections are open for the first `busy` looks, then none."""

    def __init__(self, busy: int) -> None:
        self.busy, self.looks = busy, 0

    @property
    def conns(self) -> set:
        self.looks += 1
        return {"a connection"} if self.looks <= self.busy else set()


def test_a_hosting_server_stops_once_nobody_has_been_connected_for_its_time():
    server, stopped = Connections(busy=7), []
    asyncio.run(asyncio.wait_for(watch_empty(server, lambda: stopped.append(server.looks), 4 / 1024, 1 / 1024), WAIT_S))
    assert stopped == [7 + 4]  # connected at each of the first 7 looks, then 4 empty ones


def test_a_server_serving_until_empty_ends_by_itself_with_nobody_connected():
    server = subprocess.Popen([sys.executable, str(MAIN), "--serve", "--port", "0", "--until-empty", "1"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        listening_url(server)
        assert server.wait(WAIT_S) == 128 + signal.SIGTERM
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(WAIT_S)
