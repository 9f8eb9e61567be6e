"""Friends at one table from anywhere, in the real window (headless) with real servers on loopback:
errors said at once and in words on the Join screen, what was typed kept; invites (the lobby's line,
copied; a cardarcade:// link); a table on an online server; the hosted table outliving the host's
window, and Your tables bringing the host back; a table whose server is gone said so in seconds."""
from __future__ import annotations

import contextlib
import signal
import socket
import subprocess
import sys
import types

import pygame
import pytest

from game.seats import Seat
from net import client as net_client
from net import host_process
from net import protocol as p
from net.client import Client
from net.invite import Invite, invite_line, parse_link
from scenes.online import lobby
from scenes.online.invites import invite_for, who_can_join
from scenes.online.join import JoinScene, join_scene
from scenes.online.lobby import LobbyScene
from scenes.online.table import is_online_table
from scenes.setup import SetupScene
from sprites.widgets import Button, Choice, TextField
from tests.net.clients import MAIN, listening_url, loose_server, server_thread, wait_for
from tests.net.test_window import Friend, button, wait

ANSWER_S = 5.0  # the longest a refusal may take here (a code nobody has used to wait JOIN_S, 30 s)
WAIT_S = 20.0


def field(scene, label: str) -> TextField:
    return next(w for w in scene.group.widgets if isinstance(w, TextField) and w.label == label)


def type_into(driver, scene, label: str, text: str) -> None:
    driver.click(field(scene, label).rect.center)
    driver.type(text)


def free_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def hosted_by(url: str, open_seats: int = 1) -> Client:
    """A host elsewhere: a table of Skyjo with `open_seats` open seats on the server at `url`."""
    seats = [p.SeatSpec("you")] + [p.SeatSpec("open")] * open_seats
    return Client(url, p.Create(p.VERSION, "Amina", "skyjo", seats))


def test_a_wrong_code_is_said_at_once_and_what_was_typed_stays(driver):
    app = driver.app
    with server_thread(loose_server()) as (url, _, _):
        join = JoinScene(app)
        app.push(join, transition=False)
        address = url.replace("ws://", "http://") + "/"
        type_into(driver, join, "Address", address)
        type_into(driver, join, "Code", "zz zz zz")
        driver.key(pygame.K_RETURN)  # Enter in a field joins
        assert wait(driver, lambda: join.error, ANSWER_S)
        assert join.error == "No table with code ZZZZZZ." and driver.top is join and app.online is None
        assert (field(join, "Code").text, field(join, "Address").text) == ("zz zz zz", address)


def test_an_address_where_nothing_answers_is_said_at_once_in_words(driver):
    app = driver.app
    port = free_port()
    join = join_scene(app, f"127.0.0.1:{port}/ABC234")
    app.push(join, transition=False)
    driver.click(button(join, "Join").rect.center)
    assert wait(driver, lambda: join.error, ANSWER_S)
    assert join.error == f"Nothing answers at 127.0.0.1:{port}: is the host's game open, and the port forwarded?"
    assert app.online is None and (join.code, join.address) == ("ABC234", f"127.0.0.1:{port}")


@pytest.mark.parametrize(("address", "said"), [
    ("127.0.0.1:99999", "127.0.0.1:99999 is not an address"), ("ftp://127.0.0.1", "Card Arcade does not join")])
def test_an_address_that_cannot_be_one_is_refused_before_anything_is_tried(driver, address, said):
    app = driver.app
    join = JoinScene(app, code="ABC234", address=address)
    app.push(join, transition=False)
    driver.click(button(join, "Join").rect.center)
    assert join.error.startswith(said) and app.online is None and driver.top is join


@contextlib.contextmanager
def a_hosted_table_and_the_join_screen(driver):
    """A table hosted on a loopback server, and the Join screen open: (the table's code, the server's URL,
    the screen)."""
    with server_thread(loose_server()) as (url, _, _):
        host = hosted_by(url)
        try:
            code = wait_for(host, lambda n: isinstance(n, p.Welcome)).code
            join = JoinScene(driver.app)
            driver.app.push(join, transition=False)
            yield code, url, join
        finally:
            host.close()


def test_a_code_typed_with_spaces_in_small_letters_joins_the_lobby(driver):
    app = driver.app
    with a_hosted_table_and_the_join_screen(driver) as (code, url, join):
        type_into(driver, join, "Address", url)
        type_into(driver, join, "Code", f"{code[:3].lower()} {code[3:].lower()}")
        driver.key(pygame.K_KP_ENTER)
        assert wait(driver, lambda: isinstance(driver.top, LobbyScene), WAIT_S)
        assert app.online is not None and app.online.code == code


def test_the_whole_invite_line_pasted_in_a_field_joins_the_lobby(driver):
    """A friend pastes (Ctrl+V) the whole line the host sent, words and all, into the Address field:
    Enter reads the link in it and joins."""
    app = driver.app
    with a_hosted_table_and_the_join_screen(driver) as (code, url, join):
        pygame.scrap.put_text(invite_line(Invite(code, url)))
        driver.click(field(join, "Address").rect.center)
        driver.key(pygame.K_v, pygame.KMOD_LCTRL)
        assert field(join, "Address").text == invite_line(Invite(code, url))
        driver.key(pygame.K_RETURN)
        assert wait(driver, lambda: isinstance(driver.top, LobbyScene), WAIT_S)
        assert app.online is not None and app.online.code == code


def test_a_table_on_the_online_server_is_joined_by_its_invite(driver):
    """Settings name an online server: Host online opens the table there, the lobby says friends
    anywhere join with the code, and Copy invite puts the line with its link on the clipboard; a
    friend joins with the code alone; the link opens the Join screen filled in."""
    app = driver.app
    with server_thread(loose_server()) as (url, server, _):
        app.settings.online_server = url
        app.push(lobby.host_lobby(app, "skyjo", [Seat("Amina"), Seat("Bilal")], {}), transition=False)
        assert wait(driver, lambda: app.online is not None and app.online.lobby is not None, WAIT_S)
        code = app.online.code
        assert app.online.server is None and code in server.tables  # no server of this window's
        driver.click(button(driver.top, "Copy invite").rect.center)
        line = pygame.scrap.get_text()
        assert line == invite_line(Invite(code, url))
        link = line.rsplit(" ", 1)[1]
        assert parse_link(link) == Invite(code, url)
        friend = Friend(url, code, 1)
        assert wait(driver, lambda: app.online.lobby.seats[1].name == "Bilal", WAIT_S)
        friend.client.close()
        app.leave_online()
        join = join_scene(app, link)
        assert (join.code, join.address, join.error) == (code, url, "")
        by_code = JoinScene(app, code=code)  # the code alone: the table is on the server Settings name
        app.push(by_code, transition=False)
        driver.click(button(by_code, "Join").rect.center)
        assert wait(driver, lambda: isinstance(driver.top, LobbyScene), WAIT_S) and app.online.code == code
        app.leave_online()


@pytest.mark.parametrize(("clicks", "turn_s"), [(0, 90), (2, 300), (3, 0)])
def test_the_host_chooses_the_turn_time_on_the_setup_screen_and_the_table_has_it(driver, clicks, turn_s):
    """The setup screen's Turn time online (90 s unless changed; each click on its value the next
    choice, round to Off): Host online opens the table on the server with that turn time."""
    app = driver.app
    with server_thread(loose_server()) as (url, server, _):
        app.settings.online_server = url
        setup = SetupScene(app, "skyjo")
        app.push(setup, transition=False)
        turn = next(w for w in setup.group.widgets if isinstance(w, Choice) and w.label == "Turn time online")
        for _ in range(clicks):
            driver.click((turn.rect.right - 16, turn.rect.centery))
        driver.click(button(setup, "Host online").rect.center)
        assert wait(driver, lambda: app.online is not None and app.online.lobby is not None, WAIT_S)
        assert server.tables[app.online.code].turn_s == turn_s
        assert app.settings.setups["skyjo"]["turn_s"] == turn_s  # the next setup of this game starts from it
        app.leave_online()


def test_the_table_outlives_the_hosts_window_and_your_tables_bring_the_host_back(driver, monkeypatch):
    """The host leaves mid-game: the window's server goes on for the friend (who reads that the host
    is gone from the table); the Join screen lists the table, one click takes the seat back; once
    everyone has left, the server ends by itself."""
    monkeypatch.setattr(lobby, "SERVE_PORT", 0)  # a free loopback port
    monkeypatch.setattr(host_process, "EMPTY_S", 2)
    app = driver.app
    app.push(lobby.host_lobby(app, "skyjo", [Seat("Amina"), Seat("Bilal")], {}), transition=False)
    server = None
    try:
        assert wait(driver, lambda: app.online is not None and app.online.lobby is not None, 30)
        server, code = app.online.server, app.online.code
        friend = Friend(app.online.url, code, 1)
        assert wait(driver, lambda: app.online.lobby.seats[1].kind == "human", WAIT_S)
        driver.click(button(driver.top, "Start").rect.center)
        assert wait(driver, lambda: is_online_table(driver.top), WAIT_S)
        app.to_menu()  # as Leave the table or closing the window does
        assert wait_for(friend.client, lambda n: isinstance(n, p.Lobby) and n.seats[0].left)  # "left", not "lost"
        assert server.process.poll() is None  # the friend's table goes on

        join = JoinScene(app)
        app.push(join, transition=False)
        [row] = [w for w in join.group.widgets if isinstance(w, Button) and w.label.startswith(f"Skyjo {code}: ")]
        driver.click(row.rect.center)
        assert wait(driver, lambda: is_online_table(driver.top), WAIT_S)
        assert app.online.seat == 0 and app.online.hosting
        assert wait_for(friend.client, lambda n: isinstance(n, p.Back)).seat == 0

        app.leave_online()
        friend.client.close()
        assert server.process.wait(WAIT_S) == 128 + signal.SIGTERM  # nobody left: it ended by itself
    finally:
        app.leave_online()
        if server is not None:
            server.stop()


def test_a_table_whose_server_is_gone_is_said_gone_within_seconds(driver, monkeypatch):
    """Within seconds: GONE_TRIES refused tries, BACKOFF's pauses between them (3.5 s on the real pauses,
    checked below); here the pauses are short, so that the test waits on the refusals, not on a clock."""
    assert sum(net_client.BACKOFF[:net_client.GONE_TRIES - 1]) <= 4.0
    monkeypatch.setattr(net_client, "BACKOFF", (0.05,))
    app = driver.app
    process = subprocess.Popen([sys.executable, str(MAIN), "--serve", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    host = None
    try:
        url = listening_url(process)
        host = hosted_by(url)
        code = wait_for(host, lambda n: isinstance(n, p.Welcome)).code
        join = join_scene(app, f"{url}/{code}")
        app.push(join, transition=False)
        driver.click(button(join, "Join").rect.center)
        assert wait(driver, lambda: isinstance(driver.top, LobbyScene), WAIT_S)
        process.kill()  # the host's machine is gone
        process.wait(WAIT_S)
        assert wait(driver, lambda: app.online.ended, WAIT_S)
        port = url.rsplit(":", 1)[1]
        assert app.online.ended == (f"The table is gone: nothing answers at 127.0.0.1:{port}: is the host's game "
                                    "open, and the port forwarded?")
    finally:
        if host is not None:
            host.close()
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        process.wait(WAIT_S)


class FakeServer:
    """A hosting window's server as the lobby reads it, listening on `addresses` (none: this computer only)."""

    def __init__(self, addresses: list[str]) -> None:
        self.port, self.found = 8765, addresses
        self.url = "ws://127.0.0.1:8765"

    def local_only(self) -> bool:
        return not self.found

    def addresses(self) -> list[str]:
        return [f"{ip}:{self.port}" for ip in self.found]


@pytest.mark.parametrize(("addresses", "said", "server"), [
    ([], "Only this computer can join", "ws://127.0.0.1:8765"),
    (["192.168.1.5"], "only if your router forwards port 8765 to 192.168.1.5:8765", "ws://192.168.1.5:8765"),
    (["8.8.4.4", "192.168.1.5"], "friends type 8.8.4.4:8765 as the address", "ws://8.8.4.4:8765")])
def test_the_lobby_says_who_can_join_from_where_and_what_cannot_be_known(addresses, said, server):
    online = types.SimpleNamespace(code="ABC234", url="ws://127.0.0.1:8765", server=FakeServer(addresses))
    lines = who_can_join(online)
    assert any(said in line for line in lines)
    assert addresses == [] or "cannot be known from here" in lines[-1]
    assert invite_for(online) == Invite("ABC234", server)


def test_settings_name_the_online_server(driver):
    from scenes.settings import SettingsScene

    app = driver.app
    settings = SettingsScene(app)
    app.push(settings, transition=False)
    type_into(driver, settings, "Online server", "wss://cards.example.org")
    assert app.settings.online_server == "wss://cards.example.org"


def test_leaving_the_join_screen_before_the_table_answers_closes_the_connection(driver, monkeypatch):
    monkeypatch.setattr(net_client, "OPEN_S", 0.5)  # the handshake the server never answers gives up sooner
    app = driver.app
    with socket.socket() as silent:  # takes the connection and never answers the handshake
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        join = JoinScene(app, code="ABC234", address=f"127.0.0.1:{silent.getsockname()[1]}")
        app.push(join, transition=False)
        driver.click(button(join, "Join").rect.center)
        assert join.asking is not None and app.online is not None
        client = app.online.client
        driver.key(pygame.K_ESCAPE)
        assert app.online is None and join.asking is None and client.stopping
        client.thread.join(WAIT_S)  # its opening handshake gives up after OPEN_S
        assert not client.thread.is_alive()


def test_a_seat_the_server_took_back_leaves_no_token_to_be_refused_with(tmp_path):
    from scenes.online.session import forget_tokens, remember_token, tokens_for

    remember_token(tmp_path, "ABC234", "tok-a")
    remember_token(tmp_path, "XYZ789", "tok-b")
    forget_tokens(tmp_path, "ABC234")
    assert tokens_for(tmp_path, "ABC234") == []
    assert tokens_for(tmp_path, "XYZ789") == ["tok-b"]
