"""The manners of a card room in the real window (headless), its server on a loopback port: the lobby
lists who watches; the host gives a seat to a computer, removes a player and a watcher, locks the
table; a guest stands up; each by the mouse, and by the keyboard alone."""
from __future__ import annotations

import pygame

from lang.words import english
from net import manners
from net import protocol as p
from net.client import Client, Ended
from scenes.online.join import JoinScene
from scenes.online.lobby import LobbyScene
from scenes.online.session import OnlineSession
from scenes.online.table import is_online_table
from sprites.drawn import TEXT
from sprites.widgets import Button
from tests.net.clients import loose_server, server_process, server_thread, wait_for
from tests.net.test_friends import field, type_into
from tests.net.test_window import button, wait

WAIT_S = 10


def buttons(scene, label: str) -> list[Button]:
    return [w for w in scene.group.widgets if isinstance(w, Button) and w.label == label]


def texts(driver) -> list[str]:
    return [d.text for d in driver.app.canvas.drawn if d.kind == TEXT]


def press_by_keyboard(driver, target: Button) -> None:
    """Tab until `target` has the focus (bounded by the number of widgets), then Enter."""
    scene = driver.top
    for _ in range(len(scene.group.widgets)):
        if scene.group.focused is target:
            break
        driver.key(pygame.K_TAB)
    assert scene.group.focused is target
    driver.key(pygame.K_RETURN)


def guest(url: str, code: str, name: str, seat: int | None) -> Client:
    """Another machine's connection: at `seat`, or watching (None)."""
    client = Client(url, p.Join(p.VERSION, code, name, watch=seat is None))
    wait_for(client, lambda n: isinstance(n, p.Welcome))
    if seat is not None:
        client.send(p.TakeSeat(seat))
        wait_for(client, lambda n: isinstance(n, p.Welcome) and n.seat == seat)
    return client


def hosting(driver, url: str, seats: int = 3) -> OnlineSession:
    app = driver.app
    specs = [p.SeatSpec("you")] + [p.SeatSpec("open")] * (seats - 1)
    app.online = OnlineSession(app, url, p.Create(p.VERSION, "Amina", "sota", specs))
    app.push(LobbyScene(app, "sota"), transition=False)
    assert wait(driver, lambda: app.online.lobby is not None and bool(app.online.code), WAIT_S)
    return app.online


def test_the_host_lists_watchers_gives_a_seat_to_a_computer_removes_a_player_and_a_watcher_and_locks(driver):
    app = driver.app
    app.canvas.inspect()
    with server_thread(loose_server()) as (url, server, _):
        online = hosting(driver, url)
        code = online.code
        bilal, chen = guest(url, code, "Bilal", 1), guest(url, code, "Chen", 2)
        dana = guest(url, code, "Dana", None)
        assert wait(driver, lambda: [w.name for w in online.room.watchers] == ["Dana"], WAIT_S)
        assert wait(driver, lambda: online.lobby.seats[2].kind == "human", WAIT_S)
        driver.frames()
        shown = texts(driver)
        assert "Watching (1)" in shown and "Dana" in shown
        assert len(buttons(driver.top, "Remove")) == 3  # Bilal's, Chen's and Dana's
        assert len(buttons(driver.top, "Computer")) == 2  # not at the host's own seat

        driver.click(buttons(driver.top, "Computer")[0].rect.center)  # Bilal's seat (the first guest's)
        assert wait(driver, lambda: online.lobby.seats[1].kind == "computer", WAIT_S)
        assert wait_for(bilal, lambda n: isinstance(n, p.Welcome)).seat is None  # Bilal watches now
        assert server.tables[code].places[1].name == "Computer 2"

        chen_remove = buttons(driver.top, "Remove")[0]  # the only guest seated now
        press_by_keyboard(driver, chen_remove)
        assert wait_for(chen, lambda n: isinstance(n, Ended)).reason == manners.REMOVED
        assert wait(driver, lambda: online.lobby.seats[2].kind == "open", WAIT_S)

        assert wait(driver, lambda: [w.name for w in online.room.watchers] == ["Dana", "Bilal"], WAIT_S)
        driver.frames()
        driver.click(buttons(driver.top, "Remove")[0].rect.center)  # Dana, the first watcher listed
        assert wait_for(dana, lambda n: isinstance(n, Ended)).reason == manners.REMOVED
        assert wait(driver, lambda: [w.name for w in online.room.watchers] == ["Bilal"], WAIT_S)

        press_by_keyboard(driver, button(driver.top, "Lock table"))
        assert wait(driver, lambda: online.room.locked and bool(buttons(driver.top, "Open table")), WAIT_S)
        assert server.tables[code].locked
        driver.frames()
        assert any("Locked" in line for line in texts(driver))
        stranger = Client(url, p.Join(p.VERSION, code, "Eve", watch=True))
        assert english(manners.LOCKED) in wait_for(stranger, lambda n: isinstance(n, p.Refused)).reason
        driver.click(button(driver.top, "Open table").rect.center)
        assert wait(driver, lambda: not server.tables[code].locked and not online.room.locked, WAIT_S)
        for client in (bilal, chen, dana, stranger):
            client.close()


def test_a_guest_stands_up_in_the_lobby_and_watches_then_sits_again(driver):
    app = driver.app
    with server_thread(loose_server()) as (url, server, _):
        host = Client(url, p.Create(p.VERSION, "Amina", "sota", [p.SeatSpec("you"), p.SeatSpec("open")]))
        code = wait_for(host, lambda n: isinstance(n, p.Welcome)).code
        app.online = OnlineSession(app, url, p.Join(p.VERSION, code, "Bilal"))
        app.push(LobbyScene(app, "sota"), transition=False)
        assert wait(driver, lambda: app.online.lobby is not None and bool(buttons(driver.top, "Sit here")), WAIT_S)
        assert not buttons(driver.top, "Computer") and not buttons(driver.top, "Remove")  # the host's, not a guest's
        driver.click(button(driver.top, "Sit here").rect.center)
        assert wait(driver, lambda: app.online.seat == 1 and bool(buttons(driver.top, "Stand up")), WAIT_S)

        press_by_keyboard(driver, button(driver.top, "Stand up"))
        assert wait(driver, lambda: app.online.seat is None and app.online.room.watching == 1, WAIT_S)
        assert wait(driver, lambda: server.tables[code].places[1].kind == "open", WAIT_S)  # (the server's thread)
        assert wait_for(host, lambda n: isinstance(n, p.Lobby) and n.seats[1].kind == "open")
        assert wait(driver, lambda: bool(buttons(driver.top, "Sit here")), WAIT_S)  # the open seat's Lobby came
        assert not buttons(driver.top, "Stand up")
        driver.click(button(driver.top, "Sit here").rect.center)
        assert wait(driver, lambda: app.online.seat == 1, WAIT_S)
        host.close()


def test_a_guest_the_host_removes_reads_it_at_once_on_the_join_screen_and_joins_the_same_table_again(driver):
    """Against a `main.py --serve` process: the removed window no longer shows the stale lobby until Esc;
    it is back on the Join screen at once, told why, the code and address typed still there; joining
    again is not refused (its old token was forgotten), and it sits at the same table."""
    app = driver.app
    app.canvas.inspect()
    with server_process() as (_, url):
        host = Client(url, p.Create(p.VERSION, "Amina", "sota", [p.SeatSpec("you"), p.SeatSpec("open")]))
        try:
            code = wait_for(host, lambda n: isinstance(n, p.Welcome)).code
            address = url.removeprefix("ws://")
            join = JoinScene(app)
            app.push(join, transition=False)
            type_into(driver, join, "Code", code.lower())
            type_into(driver, join, "Address", address)
            driver.key(pygame.K_RETURN)
            assert wait(driver, lambda: isinstance(driver.top, LobbyScene) and bool(buttons(driver.top, "Sit here")),
                        WAIT_S)
            driver.click(button(driver.top, "Sit here").rect.center)
            assert wait(driver, lambda: app.online.seat == 1, WAIT_S)

            host.send(p.Remove(seat=1))
            assert wait(driver, lambda: isinstance(driver.top, JoinScene), WAIT_S)
            again = driver.top
            assert app.online is None and again.error == "The host removed you from this table."
            assert (field(again, "Code").text, field(again, "Address").text) == (code, address)
            assert wait(driver, lambda: again.error in texts(driver), WAIT_S)  # (once its transition ends)

            driver.click(button(again, "Join").rect.center)
            assert wait(driver, lambda: isinstance(driver.top, LobbyScene) and bool(buttons(driver.top, "Sit here")),
                        WAIT_S)
            driver.click(button(driver.top, "Sit here").rect.center)
            assert wait(driver, lambda: app.online.seat == 1 and not app.online.refused, WAIT_S)
            lobby = wait_for(host, lambda n: isinstance(n, p.Lobby) and n.seats[1].kind == "human"
                             and n.seats[1].connected)
            assert lobby.seats[1].name == "Player"
        finally:
            host.close()


def test_a_host_without_a_seat_starts_a_table_of_computers_from_the_lobby_and_watches_it(driver):
    app = driver.app
    app.canvas.inspect()
    with server_thread(loose_server()) as (url, server, _):
        specs = [p.SeatSpec("computer"), p.SeatSpec("computer")]
        app.online = OnlineSession(app, url, p.Create(p.VERSION, "Amina", "sota", specs))
        app.push(LobbyScene(app, "sota"), transition=False)
        assert wait(driver, lambda: app.online.lobby is not None and app.online.hosting, WAIT_S)
        driver.frames()
        shown = texts(driver)
        assert "Nobody is watching" in shown and not any("you are watching" in line for line in shown)
        assert buttons(driver.top, "Copy invite") and not buttons(driver.top, "Remove")
        driver.click(button(driver.top, "Start").rect.center)
        assert wait(driver, lambda: is_online_table(driver.top), WAIT_S)
        assert server.tables[app.online.code].match is not None and app.online.seat is None
