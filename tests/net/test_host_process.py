"""The server a hosting window runs beside itself: it ends with the window, and a window that
leaves while its server is still starting leaves no server behind."""
from __future__ import annotations

import os
import signal
import subprocess
import sys

from net.host_process import HostServer
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
    assert host.args[host.args.index("--parent") + 1] == str(os.getpid())
    host.stop()  # at once: the process is not started yet, or has not said its port
    host.thread.join(WAIT_S)
    assert host.process is None or host.process.wait(WAIT_S) is not None  # no server left running


def test_a_started_server_stops_when_asked(tmp_path):
    host = HostServer("off", "127.0.0.1", 0, tmp_path)
    host.thread.join(WAIT_S)
    assert host.port is not None and host.process is not None and host.process.poll() is None
    host.stop()
    assert host.process.poll() is not None and host.gone()
