"""Behind a reverse proxy: a proxy the server trusts (--trusted-proxy) says whom it forwards for,
and the limits per address count players, not the proxy; deploy/nginx-card-arcade.conf itself, run
by nginx on loopback with the tests' certificate, carries whole games over wss:// to a plain server."""
from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from net import bots
from net import protocol as p
from net.forwarded import client_address
from tests.net.certs import Certificates
from tests.net.clients import HOST, STEP_S, Client, loose_server, poll, serving
from tests.net.test_operator import fetch

NGINX_SITE = Path(__file__).resolve().parents[2] / "deploy" / "nginx-card-arcade.conf"
CREATE = p.Create(p.VERSION, "Host", "sota", [p.SeatSpec("you"), p.SeatSpec("computer", "normal")])


def test_only_a_trusted_proxys_forwarded_address_is_believed():
    proxies = frozenset({"127.0.0.1", "::1"})
    assert client_address("127.0.0.1", "203.0.113.9", proxies) == "203.0.113.9"
    assert client_address("::1", "10.0.0.1, 2001:db8::7", proxies) == "2001:db8::7"  # the one the proxy added
    assert client_address("198.51.100.4", "203.0.113.9", proxies) == "198.51.100.4"  # not a proxy: its own
    assert client_address("127.0.0.1", "not an address", proxies) == "127.0.0.1"
    assert client_address("127.0.0.1", None, proxies) == "127.0.0.1"


@pytest.mark.parametrize("trusted", [True, False])
def test_the_joins_per_address_count_the_forwarded_addresses_of_a_trusted_proxy(trusted: bool):
    """One table a minute per address (its network: an IPv4 /24): two players of two networks behind
    the proxy each open one; the same player's second is refused. Without the proxy trusted, both are
    the proxy's one address."""
    server = loose_server(joins_per_minute=1)
    if trusted:
        server.proxies = frozenset({HOST})

    async def creates() -> list[str]:
        async with serving(server) as url:
            said = []
            for player in ("203.0.113.5", "192.0.2.6", "203.0.113.5"):
                client = await Client.open(url, additional_headers={"X-Forwarded-For": f"198.51.100.1, {player}"})
                await client.send(CREATE)
                first = await client.receive()
                said.append("welcome" if isinstance(first, p.Welcome) else getattr(first, "reason", "?"))
                await client.close()
            return said

    said = asyncio.run(creates())
    refused = "too many tables joined from your address: wait a minute"
    assert said == (["welcome", "welcome", refused] if trusted else ["welcome", refused, refused])


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def nginx_conf(folder: Path, certificates: Certificates, backend: int, tls_port: int, http_port: int) -> Path:
    """deploy/nginx-card-arcade.conf with loopback ports and the tests' certificate, inside an nginx.conf
    of its own (no daemon, one process, every file in `folder`)."""
    site = NGINX_SITE.read_text(encoding="utf-8")
    for old, new in {"server 127.0.0.1:8761 max_fails=0;": f"server {HOST}:{backend} max_fails=0;",
                     "server 127.0.0.1:8762 max_fails=0;": f"server {HOST}:{backend} max_fails=0;",
                     "listen 443 ssl;": f"listen {HOST}:{tls_port} ssl;", "listen [::]:443 ssl;": "",
                     "listen 80;": f"listen {HOST}:{http_port};", "listen [::]:80;": "",
                     "/etc/letsencrypt/live/games.example.org/fullchain.pem": str(certificates.good.cert),
                     "/etc/letsencrypt/live/games.example.org/privkey.pem": str(certificates.good.key)}.items():
        assert old in site, old  # what docs/running-a-server.md shows is what runs here
        site = site.replace(old, new)
    (folder / "site.conf").write_text(site, encoding="utf-8")
    temps = "".join(f"    {kind}_temp_path {folder / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi",
                                                                              "scgi"))
    conf = folder / "nginx.conf"
    conf.write_text(f"daemon off;\nmaster_process off;\npid {folder / 'nginx.pid'};\n"
                    f"error_log {folder / 'error.log'};\nevents {{}}\n"
                    f"http {{\n    access_log off;\n{temps}    include {folder / 'site.conf'};\n}}\n", encoding="utf-8")
    return conf


@contextlib.contextmanager
def nginx(conf: Path, port: int) -> Iterator[None]:
    """nginx running `conf` until the block ends (stopped then, however it ends), once it listens on `port`."""
    checked = subprocess.run([nginx_path(), "-t", "-c", str(conf), "-e", str(conf.parent / "error.log")],
                             capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    proc = subprocess.Popen([nginx_path(), "-c", str(conf), "-e", str(conf.parent / "error.log")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(200):
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            with contextlib.suppress(OSError), socket.create_connection((HOST, port), timeout=1):
                break
            time.sleep(0.05)
        yield
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(15)


def nginx_path() -> str:
    """Where nginx is; without it the test is skipped, except under CI=true, where that is a failure
    (.ci/run installs it), as the Redis tests do."""
    found = shutil.which("nginx") or next((path for path in ("/usr/sbin/nginx",) if Path(path).exists()), None)
    if found is None:
        message = "nginx is not installed (Debian: apt-get install nginx-light, as .ci/run does)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


@pytest.mark.slow
def test_nginx_with_the_documented_configuration_carries_wss_games_to_a_plain_server(trusted: Certificates,
                                                                                     tmp_path):
    nginx_path()
    server = loose_server()
    server.proxies = frozenset({HOST})
    tls_port, http_port = free_port(), free_port()
    context = ssl.create_default_context(cafile=trusted.ca)

    async def through_nginx() -> None:
        async with serving(server) as url:
            backend = int(url.rsplit(":", 1)[1])
            with nginx(nginx_conf(tmp_path, trusted, backend, tls_port, http_port), tls_port):
                front = f"wss://{HOST}:{tls_port}"
                tally = await asyncio.wait_for(bots.run(front, 2, "sota", 2, "normal", 9), 60)
                assert tally.errors == [] and tally.tables_finished == 2 and tally.moves > 0
                health = await fetch(f"https://{HOST}:{tls_port}/healthz", context)
                assert health[0] == 200 and health[2] == "ok\n"
                # a player at 127.0.0.2 (loopback too): the server, reached from nginx at 127.0.0.1, counts 127.0.0.2
                player = await Client.open(front, local_addr=("127.0.0.2", 0), ssl=context)
                await player.send(CREATE)
                await player.until(p.Welcome)
                await poll(lambda: "127.0.0.2" in {conn.address for conn in server.conns}, STEP_S)
                await player.close()

    asyncio.run(through_nginx())
