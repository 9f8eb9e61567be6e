"""The table outlives the host's window: the host leaves mid-game (as closing the window does) and
the friend plays the game to its end, the host's seat played by a computer; when the host's machine
is really gone (its server killed), the friend at the table reads that the table is gone within
seconds, never a frozen table. A real server process on loopback, the real window (headless)."""
from __future__ import annotations

import signal
import time

import pygame

from net import host_process
from net import protocol as p
from net.client import Client
from scenes.online.join import join_scene
from scenes.online.lobby import LobbyScene
from scenes.online.table import is_online_table
from sprites.drawn import TEXT
from tests.net.clients import server_process, wait_for
from tests.net.test_window import Friend, button, wait
from tests.scenes.collisions import noted_frame

WAIT_S = 20.0
GAME_S = 120.0  # the longest the rest of a game may take here
GONE_S = 15.0  # the longest the window may take to say the table is gone


def test_the_host_leaves_mid_game_and_the_friend_finishes_it(driver, monkeypatch, tmp_path):
    monkeypatch.setattr(host_process, "EMPTY_S", 2)
    app = driver.app
    server = host_process.HostServer("off", "127.0.0.1", 0, tmp_path)
    create = p.Create(p.VERSION, "Amina", "sota", [p.SeatSpec("you"), p.SeatSpec("open")], wait_s=5)
    app.push(LobbyScene(app, "sota", (server, create)), transition=False)
    try:
        assert wait(driver, lambda: app.online is not None and app.online.lobby is not None, WAIT_S)
        friend = Friend(app.online.url, app.online.code, 1, "sota")
        assert wait(driver, lambda: app.online.lobby.seats[1].kind == "human", WAIT_S)
        driver.click(button(driver.top, "Start").rect.center)
        assert wait(driver, lambda: is_online_table(driver.top), WAIT_S)
        app.to_menu()  # the host leaves mid-game, as closing the window does
        assert app.online is None and server.process is not None and server.process.poll() is None

        deadline = time.monotonic() + GAME_S
        while not (friend.match is not None and friend.match.is_over) and time.monotonic() < deadline:
            friend.take()
            time.sleep(0.01)
        assert friend.match is not None and friend.match.is_over, "the game did not end: a frozen table"
        assert server.process.poll() is None  # it served the game to its end
        friend.client.close()
        assert server.process.wait(WAIT_S) == 128 + signal.SIGTERM  # nobody left: it ended by itself
    finally:
        app.leave_online()
        server.stop()
        pygame.event.clear()


def test_a_friend_at_the_table_reads_that_it_is_gone_when_the_hosts_machine_is(driver):
    app = driver.app
    with server_process() as (process, url):
        host = Client(url, p.Create(p.VERSION, "Amina", "skyjo", [p.SeatSpec("you"), p.SeatSpec("open")]))
        try:
            code = wait_for(host, lambda n: isinstance(n, p.Welcome)).code
            app.settings.online_name = "Bilal"
            app.push(join_scene(app, f"{url}/{code}"), transition=False)
            driver.click(button(driver.top, "Join").rect.center)
            assert wait(driver, lambda: isinstance(driver.top, LobbyScene) and app.online.lobby is not None, WAIT_S)
            driver.click(button(driver.top, "Sit here").rect.center)
            assert wait(driver, lambda: app.online.seat == 1, WAIT_S)
            host.send(p.Start())
            assert wait(driver, lambda: is_online_table(driver.top), WAIT_S)
            process.send_signal(signal.SIGKILL)  # the host's machine is gone: nothing says goodbye
            process.wait(WAIT_S)
            assert wait(driver, lambda: bool(app.online.ended), GONE_S), "a frozen table"
            shown = [n.text for n in noted_frame(app) if n.kind == TEXT]
            assert any(t.startswith("The table is gone") for t in shown), shown
        finally:
            host.close()
            app.leave_online()
            pygame.event.clear()
