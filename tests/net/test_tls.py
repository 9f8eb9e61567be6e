"""Encrypted connections: a server with a certificate of the tests' own authority (trustme) serves
wss://; the bots and the window's client play through it when they trust that authority, and a
certificate they cannot trust is one sentence for the player, said at once, never a retry or a hang."""
from __future__ import annotations

import asyncio
import signal
import ssl
import subprocess
import sys

import pytest
from websockets.asyncio.client import connect

from net import bots
from net import protocol as p
from net.address import server_url
from net.client import Client as ThreadedClient
from net.client import Dropped, Ended
from net.tls import CA_ENV, client_context, problem
from tests.net.certs import Certificates
from tests.net.clients import (
    HOST,
    MAIN,
    THREAD_STEP_S,
    Client,
    listening_url,
    loose_server,
    server_thread,
    serving,
    wait_for,
)

CREATE = p.Create(p.VERSION, "Host", "sota", [p.SeatSpec("you"), p.SeatSpec("computer", "normal")])


def test_bots_play_a_table_through_wss_when_they_trust_its_authority(trusted: Certificates):
    async def play() -> tuple[str, bots.Tally]:
        async with serving(tls=trusted.good.context()) as url:
            return url, await asyncio.wait_for(bots.run(url, 2, "sota", 2, "normal", 5), 60)

    url, tally = asyncio.run(play())
    assert url.startswith("wss://")
    assert tally.errors == [] and tally.tables_finished == 2 and tally.moves > 0


def test_a_plain_ws_client_gets_no_game_from_a_wss_server(certificates: Certificates):
    async def plain() -> BaseException | None:
        async with serving(tls=certificates.good.context()) as url:
            try:
                await Client.open(url.replace("wss://", "ws://"))
            except Exception as exc:  # the handshake fails, whatever the words
                return exc
            return None

    assert asyncio.run(plain()) is not None


def first_news_of(url: str, trusted_ca: str | None, monkeypatch) -> list[object]:
    """What the window's client hears first from `url`: every news up to its first Ended or Connected."""
    if trusted_ca is None:
        monkeypatch.delenv(CA_ENV, raising=False)
    else:
        monkeypatch.setenv(CA_ENV, trusted_ca)
    client = ThreadedClient(url, CREATE)
    try:
        seen: list[object] = []
        wait_for(client, lambda news: seen.append(news) or isinstance(news, Ended | p.Welcome))
        return seen
    finally:
        client.close()


@pytest.mark.parametrize("wrong", ["unknown_ca", "other_name"])
def test_a_certificate_the_window_cannot_trust_is_one_sentence_said_at_once(certificates: Certificates, wrong: str,
                                                                             monkeypatch):
    files = getattr(certificates, wrong)

    async def check() -> list[object]:
        async with serving(tls=files.context()) as url:
            return await asyncio.to_thread(first_news_of, url, str(certificates.ca), monkeypatch)

    news = asyncio.run(check())
    assert not [n for n in news if isinstance(n, Dropped)]  # not tried again: it cannot get better
    [ended] = news
    assert isinstance(ended, Ended)
    assert str(ended.reason).startswith(f"the server at {HOST}:") and "could not prove who it is" in str(ended.reason)
    assert ("IP address mismatch" if wrong == "other_name" else "unable to get local issuer") in str(ended.reason)
    assert "\n" not in str(ended.reason) and str(ended.reason).count(". ") == 0  # one sentence


def test_the_window_plays_on_through_wss_when_it_trusts_the_authority(certificates: Certificates, monkeypatch):
    async def check() -> list[object]:
        async with serving(tls=certificates.good.context()) as url:
            return await asyncio.to_thread(first_news_of, url, str(certificates.ca), monkeypatch)

    news = asyncio.run(check())
    assert isinstance(news[-1], p.Welcome) and news[-1].seat == 0


def test_without_the_authority_trusted_the_window_does_not_connect(certificates: Certificates, monkeypatch):
    async def check() -> list[object]:
        async with serving(tls=certificates.good.context()) as url:
            return await asyncio.to_thread(first_news_of, url, None, monkeypatch)

    [ended] = asyncio.run(check())
    assert isinstance(ended, Ended) and "could not prove who it is" in str(ended.reason)


def test_an_authorities_file_that_cannot_be_read_is_one_sentence(certificates: Certificates, monkeypatch,
                                                                  tmp_path):
    async def check() -> list[object]:
        async with serving(tls=certificates.good.context()) as url:
            return await asyncio.to_thread(first_news_of, url, str(tmp_path / "missing.pem"), monkeypatch)

    [ended] = asyncio.run(check())
    assert isinstance(ended, Ended)
    assert str(ended.reason).startswith(f"the certificate authorities {CA_ENV} names could not be read (")


def test_wss_to_a_server_without_encryption_says_so(monkeypatch):
    async def check() -> list[object]:
        async with serving(loose_server()) as url:
            return await asyncio.to_thread(first_news_of, url.replace("ws://", "wss://"), None, monkeypatch)

    *dropped, ended = asyncio.run(check())
    assert isinstance(ended, Ended) and all(isinstance(news, Dropped) for news in dropped)
    assert ("does not answer encrypted connections" in str(ended.reason)  # as the server answered at once ...
            or "the server's address may be ws://, not wss://" in str(ended.reason))  # ... or cut the connection


def test_a_typed_https_address_is_a_wss_url():
    assert server_url("https://games.example.org", 8765) == "wss://games.example.org"
    assert server_url("http://games.example.org:80/", 8765) == "ws://games.example.org:80/"
    assert server_url("WSS://games.example.org:8443", 8765) == "wss://games.example.org:8443"
    assert server_url("games.example.org", 8765) == "ws://games.example.org:8765"


def test_only_failures_no_retry_can_cure_are_lasting():
    assert problem(ssl.SSLEOFError(8, "EOF occurred in violation of protocol"), "wss://h:1") is None
    assert problem(ConnectionRefusedError(111, "refused"), "wss://h:1") is None


def test_the_extra_authority_file_is_read_and_a_missing_one_is_an_error(certificates: Certificates, monkeypatch,
                                                                         tmp_path):
    monkeypatch.setenv(CA_ENV, str(certificates.ca))
    assert any(c["subject"] for c in client_context().get_ca_certs())
    monkeypatch.setenv(CA_ENV, str(tmp_path / "missing.pem"))
    with pytest.raises(OSError):
        client_context()


def test_serve_with_cert_and_key_and_sighup_reads_a_renewed_certificate(certificates: Certificates, tmp_path,
                                                                         monkeypatch):
    """A real `main.py --serve --cert --key`: bots play through it; its certificate files replaced by
    ones of another authority and SIGHUP sent, new connections get the new certificate."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert.write_bytes(certificates.good.cert.read_bytes())
    key.write_bytes(certificates.good.key.read_bytes())
    proc = subprocess.Popen([sys.executable, str(MAIN), "--serve", "--port", "0", "--joins-per-minute", "1000",
                             "--cert", str(cert), "--key", str(key)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        url = listening_url(proc)
        assert url.startswith("wss://")
        monkeypatch.setenv(CA_ENV, str(certificates.ca))
        tally = asyncio.run(asyncio.wait_for(bots.run(url, 1, "sota", 2, "normal", 3), 60))
        assert tally.errors == [] and tally.tables_finished == 1

        async def new_authority_accepted() -> bool:
            """Whether a client trusting only the stranger authority gets in (tried for a few seconds)."""
            context = ssl.create_default_context(cafile=certificates.stranger)
            for _ in range(50):
                try:
                    async with connect(url, ssl=context, open_timeout=THREAD_STEP_S):
                        return True
                except ssl.SSLCertVerificationError:
                    await asyncio.sleep(0.05)
            return False

        cert.write_bytes(certificates.unknown_ca.cert.read_bytes())
        key.write_bytes(certificates.unknown_ca.key.read_bytes())
        assert not asyncio.run(new_authority_accepted())  # the files alone change nothing ...
        proc.send_signal(signal.SIGHUP)
        assert asyncio.run(new_authority_accepted())  # ... SIGHUP has them read again
        assert proc.poll() is None
    finally:
        proc.terminate()
        _, stderr = proc.communicate(timeout=15)
    assert proc.returncode == 128 + signal.SIGTERM, stderr


def test_serve_with_a_key_that_is_not_the_certificates_says_so_in_one_line(certificates: Certificates):
    done = subprocess.run([sys.executable, str(MAIN), "--serve", "--port", "0", "--cert", str(certificates.good.cert),
                           "--key", str(certificates.unknown_ca.key)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 1 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith(f"Card Arcade could not read the certificate {certificates.good.cert} and its key")


def test_the_join_screen_says_in_one_sentence_that_a_wss_server_could_not_be_trusted(driver, certificates: Certificates,
                                                                                      monkeypatch):
    """The real window (headless): a wss:// address typed on the join screen, a server whose authority it
    does not know; the lobby says why at once, and nothing is tried again."""
    from scenes.online.join import join_scene
    from tests.net.test_window import button, wait

    monkeypatch.delenv(CA_ENV, raising=False)
    app = driver.app
    with server_thread(loose_server(), certificates.good.context()) as (url, server, _):
        join = join_scene(app, f"{url}/ABCDEF")
        app.push(join, transition=False)
        driver.click(button(driver.top, "Join").rect.center)
        assert wait(driver, lambda: join.error, 10)
        assert join.error == (f"The server at {url.removeprefix('wss://')} could not prove who it is (unable to get "
                              "local issuer certificate), so Card Arcade did not talk to it.")
        assert app.online is None and not server.conns  # not tried again, nobody let in


@pytest.mark.parametrize(("typed", "address", "code"), [
    ("wss://games.example.org", "wss://games.example.org", ""),
    ("wss://games.example.org/", "wss://games.example.org", ""),
    ("wss://games.example.org:8443/ABC234", "wss://games.example.org:8443", "ABC234"),
    ("games.example.org:8765/abc234", "games.example.org:8765", "ABC234"),
    ("ABC234", "", "ABC234"),
])
def test_join_on_the_command_line_takes_a_wss_address_with_or_without_a_code(driver, typed, address, code):
    from scenes.online.join import join_scene

    scene = join_scene(driver.app, typed)
    assert (scene.address, scene.code) == (address, code)


def test_a_connection_that_never_begins_its_tls_handshake_is_dropped(certificates: Certificates):
    """A client that opens the port and sends nothing holds it no longer than the server's handshake time."""
    async def silent() -> bytes:
        async with serving(loose_server(handshake_s=0.5), tls=certificates.good.context()) as url:
            port = int(url.rsplit(":", 1)[1])
            reader, writer = await asyncio.open_connection(HOST, port)
            try:
                return await asyncio.wait_for(reader.read(), THREAD_STEP_S)  # b"" once the server closed it
            finally:
                writer.close()

    assert asyncio.run(silent()) == b""
