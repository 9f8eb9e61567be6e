"""What someone running a server looks at: `GET /healthz` on the game's port (plain and wss://), and
on the operator port the Prometheus metrics (parsed: they move when a game is played and a frame
refused) and the health check; `main.py --serve --metrics-port` serves them, and only then imports
prometheus_client."""
from __future__ import annotations

import asyncio
import signal
import ssl
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from prometheus_client.parser import text_string_to_metric_families

import main
from net import bots
from net.pages import operator_port
from tests.net.certs import Certificates
from tests.net.clients import HOST, MAIN, STEP_S, Client, listening_url, loose_server, serving
from tests.net.redis_servers import redis_server

OPENMETRICS = "application/openmetrics-text; version=1.0.0"  # what a Prometheus asks for first
Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def get(url: str, context: ssl.SSLContext | None = None, accept: str | None = None) -> tuple[int, str, str]:
    """(status, Content-Type, body) of a GET (urllib's: a real HTTP client), at most STEP_S long."""
    request = urllib.request.Request(url, headers={} if accept is None else {"Accept": accept})
    try:
        with urllib.request.urlopen(request, timeout=STEP_S, context=context) as answer:
            return answer.status, answer.headers["Content-Type"], answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read().decode()


async def fetch(url: str, context: ssl.SSLContext | None = None) -> tuple[int, str, str]:
    return await asyncio.to_thread(get, url, context)


def samples(page: str) -> Samples:
    """Every sample of a metrics page, by name and labels (the page parsed as Prometheus does)."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(page) for s in family.samples}


def http(url: str) -> str:
    """The http:// address of a ws:// server's port."""
    return f"http://{urlsplit(url).netloc}"


def test_the_game_port_answers_healthz_and_still_plays_games():
    async def check() -> tuple[tuple[int, str, str], tuple[int, str, str], bots.Tally]:
        async with serving() as url:
            health, other = await fetch(f"{http(url)}/healthz"), await fetch(f"{http(url)}/")
            return health, other, await asyncio.wait_for(bots.run(url, 1, "sota", 2, "normal", 2), 60)

    (status, kind, body), (other, _, _), tally = asyncio.run(check())
    assert (status, body) == (200, "ok\n") and kind.startswith("text/plain")
    assert other == 426  # any other plain request: websockets' "Upgrade Required"
    assert tally.errors == [] and tally.tables_finished == 1


def test_a_wss_port_answers_healthz_over_https(certificates: Certificates):
    async def check() -> tuple[int, str, str]:
        async with serving(tls=certificates.good.context()) as url:
            address = url.replace("wss://", "https://")
            return await fetch(f"{address}/healthz", ssl.create_default_context(cafile=certificates.ca))

    status, _, body = asyncio.run(check())
    assert (status, body) == (200, "ok\n")


def test_the_metrics_move_after_a_game_and_a_refused_frame():
    server = loose_server()

    async def check() -> tuple[Samples, Samples, bots.Tally, tuple[int, str, str]]:
        async with serving(server) as url, operator_port(server, HOST, 0) as port:
            page = f"http://{HOST}:{port}/metrics"
            before = samples((await fetch(page))[2])
            tally = await asyncio.wait_for(bots.run(url, 2, "sota", 2, "normal", 6), 60)
            hostile = await Client.open(url)
            await hostile.send("not JSON")
            await hostile.closed()
            answer = await fetch(page)
            return before, samples(answer[2]), tally, answer

    before, after, tally, (status, kind, _) = asyncio.run(check())
    assert status == 200 and kind == "text/plain; version=0.0.4; charset=utf-8"  # the format every Prometheus reads
    assert tally.errors == [] and tally.tables_finished == 2

    def grew(name: str, **labels: str) -> float:
        key = (name, tuple(sorted(labels.items())))
        return after[key] - before[key]

    assert grew("card_arcade_moves_total") >= tally.moves > 0  # the bots' moves, and forced ones the server plays
    assert grew("card_arcade_connections_opened_total") == 2 * 2 + 1  # two seats a table, and the hostile client
    assert grew("card_arcade_refusals_total", reason="frame") == 1
    assert grew("card_arcade_refusals_total", reason="rate") == 0
    tables = {state: after[("card_arcade_tables", (("state", state),))] for state in ("lobby", "playing", "over")}
    assert sum(tables.values()) == len(server.tables) and tables["playing"] == 0
    assert after[("card_arcade_connections", ())] >= 0
    assert after[("card_arcade_takeovers_total", ())] >= 0
    assert after[("process_resident_memory_bytes", ())] > 0


def test_the_operator_port_says_closing_and_nothing_else():
    server = loose_server()

    async def check() -> list[tuple[int, str, str]]:
        async with serving(server), operator_port(server, HOST, 0) as port:
            base = f"http://{HOST}:{port}"
            answers = [await fetch(f"{base}/healthz"), await fetch(f"{base}/other")]
            openmetrics = await asyncio.to_thread(get, f"{base}/metrics", None, OPENMETRICS)
            assert openmetrics[1].startswith("application/openmetrics-text") and openmetrics[2].endswith("# EOF\n")
            server.closing = True  # as run() sets it when it starts giving its tables up
            return [*answers, await fetch(f"{base}/healthz")]

    [(ok, _, body), (missing, _, _), (closing, _, said)] = asyncio.run(check())
    assert (ok, body) == (200, "ok\n") and missing == 404 and (closing, said) == (503, "closing\n")


def test_a_server_stopping_says_it_is_closing():
    server = loose_server()

    async def check() -> bool:
        async with serving(server):
            assert not server.closing
        return server.closing

    assert asyncio.run(check())


def stopped(proc: subprocess.Popen, check: Callable[[], None]) -> str:
    """Run `check` while `proc` serves, then stop it with SIGTERM however the check ends; its stderr."""
    try:
        check()
    finally:
        proc.terminate()
        _, stderr = proc.communicate(timeout=15)
    assert proc.returncode == 128 + signal.SIGTERM, stderr
    return stderr


def metrics_line(proc: subprocess.Popen) -> str:
    """The line after the first: written with it, in one write (read with it into the pipe's buffer)."""
    assert proc.stdout is not None
    return proc.stdout.readline().strip()


def test_serve_with_metrics_port_serves_the_metrics_and_the_health_check():
    proc = subprocess.Popen([sys.executable, "-X", "importtime", str(MAIN), "--serve", "--port", "0",
                             "--metrics-port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def check() -> None:
        url = listening_url(proc)
        line = metrics_line(proc)
        assert line.startswith(f"Card Arcade metrics on http://{HOST}:") and line.endswith("/metrics"), line
        status, _, page = get(line.rsplit(" ", 1)[1])
        assert status == 200 and ("card_arcade_moves_total", ()) in samples(page)
        assert get(f"{http(url)}/healthz")[:1] == (200,)

    stderr = stopped(proc, check)
    assert "prometheus_client" in stderr  # imported (by -X importtime's count) with --metrics-port


def test_a_taken_metrics_port_is_one_line():
    with subprocess.Popen([sys.executable, str(MAIN), "--serve", "--port", "0", "--metrics-port", "0"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as first:
        def check() -> None:
            listening_url(first)
            taken = int(metrics_line(first).rsplit(":", 1)[1].split("/")[0])
            done = subprocess.run([sys.executable, str(MAIN), "--serve", "--port", "0", "--metrics-port", str(taken)],
                                  capture_output=True, text=True, timeout=30)
            assert done.returncode == 1, done.stderr
            [said] = done.stderr.splitlines()
            assert said.startswith(f"Card Arcade could not serve its metrics on {HOST} port {taken}: ")

        stopped(first, check)


@pytest.mark.parametrize(("argv", "said"), [
    (["--serve", "--cert", "c.pem"], "--cert and --key go together"),
    (["--serve", "--metrics-bind", "0.0.0.0"], "--metrics-bind only goes with --metrics-port"),
    (["--serve", "--metrics-port", "70000"], "--metrics-port must be from 0 to 65535"),
    (["--metrics-port", "9100"], "--metrics-port only goes with --serve"),
])
def test_operator_options_that_do_not_go_together_are_one_line(argv: list[str], said: str, capsys):
    with pytest.raises(SystemExit) as stop:
        main.parse_args(argv)
    assert stop.value.code == 2 and said in capsys.readouterr().err


@pytest.mark.slow
def test_the_takeovers_of_a_killed_processs_tables_are_counted_by_the_one_that_took_them():
    """Two `--serve --redis --metrics-port` processes: bots play through both, one is killed mid-game,
    and the survivor's metrics count the tables it took over and the moves played there."""
    with redis_server() as redis:
        procs = [subprocess.Popen([sys.executable, str(MAIN), "--serve", "--port", "0", "--redis", redis.url,
                                   "--metrics-port", "0", "--joins-per-minute", "10000"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
        try:
            urls, pages = [], []
            for proc in procs:  # each one's metrics line comes with its first
                urls.append(listening_url(proc))
                pages.append(metrics_line(proc).rsplit(" ", 1)[1])

            async def play() -> bots.Tally:
                tally = bots.Tally()
                game = asyncio.create_task(bots.run(urls, 4, "sota", 3, "normal", 1, 0.05, tally))
                async with asyncio.timeout(60):
                    while tally.moves < 20:
                        await asyncio.sleep(0.02)
                procs[0].kill()
                return await asyncio.wait_for(game, 120)

            before = samples(get(pages[1])[2])
            tally = asyncio.run(play())
            after = samples(get(pages[1])[2])
        finally:
            for proc in procs:
                if proc.poll() is None:
                    proc.kill()
                proc.communicate(timeout=15)
    assert tally.errors == [] and tally.tables_finished == 4 and tally.reconnects > 0
    assert after[("card_arcade_takeovers_total", ())] - before[("card_arcade_takeovers_total", ())] >= 1
    assert after[("card_arcade_moves_total", ())] > before[("card_arcade_moves_total", ())]
