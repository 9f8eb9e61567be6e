"""A watcher's window (joined a full table, no seat) reads hints that fit a watcher: nothing to
click, "you are watching" in the lobby, and whose turn it is at the table. Real window (headless),
a real server on loopback, the host and a friend on their own connections."""
from __future__ import annotations

import pygame
import pytest

from game.registry import online_games
from net import protocol as p
from net.client import Client
from scenes.online.join import join_scene
from scenes.online.lobby import WATCHING, LobbyScene
from scenes.online.table import is_online_table
from sprites.drawn import TEXT
from tests.net.clients import loose_server, server_thread, wait_for
from tests.net.test_window import Friend, button, wait
from tests.scenes.collisions import noted_frame

WAIT_S = 20.0
GAME_S = 120.0  # the longest a game of computers may take here


def texts(driver) -> list[str]:
    """The texts of one frame drawn now."""
    driver.until(lambda: driver.app.fade == 0, 5)  # no veil over the scene
    return [n.text for n in noted_frame(driver.app) if n.kind == TEXT]


@pytest.mark.parametrize("game", online_games())
def test_a_watcher_at_a_full_table_is_told_it_watches_and_never_to_click(driver, game):
    app = driver.app
    with server_thread(loose_server()) as (url, _, _):
        host = Client(url, p.Create(p.VERSION, "Amina", game, [p.SeatSpec("you"), p.SeatSpec("open")], seed=4))
        try:
            code = wait_for(host, lambda n: isinstance(n, p.Welcome)).code
            friend = Friend(url, code, 1, game)
            app.push(join_scene(app, f"{url}/{code}"), transition=False)
            driver.click(button(driver.top, "Join").rect.center)
            assert wait(driver, lambda: isinstance(driver.top, LobbyScene) and app.online.lobby is not None, WAIT_S)
            assert wait(driver, lambda: app.online.lobby.seats[1].kind == "human", WAIT_S)
            assert app.online.seat is None
            lobby = " ".join(texts(driver))
            assert WATCHING.split(":")[0] in lobby and "Take an open seat" not in lobby

            host.send(p.Start())
            assert wait(driver, lambda: is_online_table(driver.top), WAIT_S)
            table = driver.top
            assert table.humans == []  # nobody plays at this screen
            driver.frames(30)
            shown = texts(driver)
            assert any(t.startswith("Watching") for t in shown), shown
            assert not any(t.startswith(("Click", "Turn up", "Take an open seat", "Your turn")) for t in shown), shown
            friend.client.close()
        finally:
            host.close()
            app.leave_online()
            pygame.event.clear()


def test_a_watchers_window_shows_the_result_without_the_winners_celebration(driver):
    """A table of computers watched to its end (the host gone, its seat played for it): the result
    shows here, with no cascade of cards (that is for the winner's window)."""
    from dataclasses import replace

    from scenes.result import ResultScene
    from tests.net.clients import LOOSE

    app = driver.app
    with server_thread(loose_server(limits=replace(LOOSE, pace_s=0.02))) as (url, _, _):
        create = p.Create(p.VERSION, "Amina", "sota", [p.SeatSpec("you"), p.SeatSpec("computer", "easy")], wait_s=5)
        host = Client(url, create)
        try:
            code = wait_for(host, lambda n: isinstance(n, p.Welcome)).code
            app.push(join_scene(app, f"{url}/{code}"), transition=False)
            driver.click(button(driver.top, "Join").rect.center)
            assert wait(driver, lambda: isinstance(driver.top, LobbyScene) and app.online.lobby is not None, WAIT_S)
            host.send(p.Start())
            assert wait(driver, lambda: is_online_table(driver.top), WAIT_S)
            host.close()  # the host's seat is played for it once its wait ends
            assert wait(driver, lambda: isinstance(driver.top, ResultScene), GAME_S), "the game did not end"
            assert driver.top.cascade is None
        finally:
            host.close()
            app.leave_online()
            pygame.event.clear()
