"""The real window (headless) playing online: the lobby, Start, the game's own table drawn from the
States its seat receives, a friend's seat on another connection, phrases, a lost friend's notice,
the result, statistics kept here and no save written here. The server runs on a loopback port."""
from __future__ import annotations

import dataclasses
import time

import pygame
import pytest

from game.registry import game_info, online_games
from game.seats import Seat
from net import protocol as p
from net.client import Client
from net.remote import RemoteMatch
from scenes.online.lobby import LobbyScene
from scenes.online.session import OnlineSession
from scenes.online.table import is_online_table
from scenes.sheet import ScoreSheet
from scenes.skyjo.table import SkyjoParts
from sprites.widgets import Button
from tests.net.clients import LOOSE, FakeClock, loose_server, mover, server_thread, wait_for

GAME_S = 120.0  # the longest a whole game may take here


def wait(driver, condition, seconds: float) -> bool:
    """Step the window until `condition()` holds, for at most `seconds` of real time (the server and
    the connection run on their own clocks, not the test's frames)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        driver.frames()
        time.sleep(0.002)
    return True


def button(scene, label: str) -> Button:
    return next(w for w in scene.group.widgets if isinstance(w, Button) and w.label == label)


class Friend:
    """A friend on another machine: a Client at an open seat and the RemoteMatch it feeds, playing
    its moves with a computer's choice."""

    def __init__(self, url: str, code: str, seat: int, game: str = "skyjo") -> None:
        self.game = game
        self.client = Client(url, p.Join(p.VERSION, code, "Bilal"))
        wait_for(self.client, lambda n: isinstance(n, p.Welcome))
        self.client.send(p.TakeSeat(seat))
        self.welcome = wait_for(self.client, lambda n: isinstance(n, p.Welcome))
        self.match: RemoteMatch | None = None
        self.computer = game_info(game).computer(game_info(game).levels[0], 11)
        self.said: list[p.Said] = []

    def take(self) -> None:
        """What arrived: states for its match (and its move when it is to choose), phrases."""
        backlog = self.client.__dict__.setdefault("backlog", [])
        backlog += self.client.received()
        while backlog:
            news = backlog.pop(0)
            if isinstance(news, p.Said):
                self.said.append(news)
            elif isinstance(news, p.Lobby):
                self.lobby = news
            elif isinstance(news, p.State):
                if self.match is None:
                    seats = [Seat(s.name, "human" if s.kind == "human" else "computer", s.level)
                             for s in self.lobby.seats]
                    self.match = RemoteMatch(self.game, seats, [self.welcome.seat], news, mover(self.client))
                else:
                    self.match.receive(self.welcome.seat, news)
        match = self.match
        if match is not None and not match.is_over and match.to_move in match.here and not match.waiting():
            match.submit(self.computer.choose(match.view(match.to_move)))


def test_a_window_hosts_skyjo_and_plays_it_to_the_end_with_a_friend_and_a_computer(driver):
    app = driver.app
    with server_thread(loose_server()) as (url, server, _):
        specs = [p.SeatSpec("you"), p.SeatSpec("open"), p.SeatSpec("computer", "easy")]
        app.online = OnlineSession(app, url, p.Create(p.VERSION, "Amina", "skyjo", specs, seed=21))
        app.push(LobbyScene(app, "skyjo"), transition=False)
        assert wait(driver, lambda: app.online.lobby is not None and app.online.code, 10)
        friend = Friend(url, app.online.code, 1)
        assert wait(driver, lambda: app.online.lobby.seats[1].name == "Bilal", 10)
        driver.click(button(driver.top, "Start").rect.center)
        assert wait(driver, lambda: is_online_table(driver.top), 10)
        table = driver.top
        assert isinstance(table.game, SkyjoParts) and table.network is not None and table.seating.viewer == 0

        driver.key(pygame.K_F1)  # "Good game!" to everyone
        deadline = time.monotonic() + 10
        while not friend.said and time.monotonic() < deadline:
            friend.take()
            time.sleep(0.01)
        assert [(s.seat, s.phrase) for s in friend.said] == [(0, 0)]

        me = game_info("skyjo").computer("easy", 5)
        deadline = time.monotonic() + GAME_S
        while not (table.finished and driver.top is not table) and time.monotonic() < deadline:
            friend.take()
            if driver.top is table and table.can_act():
                table.play(me.choose(table.view()))
            elif driver.top is not table and not table.match.is_over:
                driver.top.close()  # the round's score sheet: the next round is the mover's to deal
            if table.between_rounds() and table.match.to_move == 0 and driver.top is table:
                table.next_round()
            driver.frames(3)
        assert table.finished and driver.top is not table, "the game did not end in time"
        assert [label for label, _ in table.network.end_buttons(table)] == ["Play again", "Menu"]  # this window hosts
        hosted = server.tables[app.online.code].match
        # the fanfare plays at this window if its player, and only its player, won; never on a loss or a tie
        assert isinstance(driver.top, ScoreSheet)
        assert driver.top.sound == ("win" if hosted.rules.result()["winners"] == [0] else "score")
        assert table.match.view(0) == hosted.view(0)
        assert table.history == hosted.history[-len(table.history):]
        assert not app.saves.exists("skyjo")  # the server keeps the game, not this window
        [row] = app.stats.games("skyjo")
        assert [s["name"] for s in row["seats"]] == ["Amina", "Bilal", "Computer 3"]


def test_a_friend_who_drops_is_shown_waiting_with_a_countdown(driver):
    app = driver.app
    with server_thread(loose_server()) as (url, _, _):
        friend = started_with_a_friend(driver, url, wait_s=30)
        friend.client.close()
        assert wait(driver, lambda: 1 in app.online.lost, 10)
        [notice] = app.online.notices()
        assert notice.startswith("Bilal lost connection, waiting 0:") and int(notice[-2:]) in range(15, 31)  # of 30 s


def test_leaving_for_the_menu_closes_the_connection(driver):
    app = driver.app
    with server_thread(loose_server()) as (url, server, _):
        app.online = OnlineSession(app, url, p.Create(p.VERSION, "Amina", "skyjo", [p.SeatSpec("you")] * 1
                                                      + [p.SeatSpec("computer")], seed=4))
        app.push(LobbyScene(app, "skyjo"), transition=False)
        assert wait(driver, lambda: bool(app.online.code), 10)
        code, client = app.online.code, app.online.client
        driver.click(button(driver.top, "Leave").rect.center)
        assert app.online is None and not client.thread.is_alive()
        assert wait(driver, lambda: server.tables[code].places[0].conn is None, 5)


def test_a_friend_joins_from_the_join_screen_by_code_and_address_and_sits(driver):
    """The join screen (code and address typed) opens the lobby before the game is known, and Sit here
    takes the open seat; the token is kept here, so joining again gives the seat back."""
    from scenes.online.join import join_scene
    from scenes.online.session import token_for

    app = driver.app
    with server_thread(loose_server()) as (url, server, _):
        host = Client(url, p.Create(p.VERSION, "Amina", "skyjo", [p.SeatSpec("you"), p.SeatSpec("open")], seed=4))
        try:
            code = wait_for(host, lambda n: isinstance(n, p.Welcome)).code
            app.push(join_scene(app, f"{url.removeprefix('ws://')}/{code}"), transition=False)
            driver.click(button(driver.top, "Join").rect.center)
            assert wait(driver, lambda: isinstance(driver.top, LobbyScene), 10)
            assert wait(driver, lambda: app.online.lobby is not None, 10)
            driver.click(button(driver.top, "Sit here").rect.center)
            assert wait(driver, lambda: app.online.seat == 1, 10)
            assert server.tables[code].places[1].name == "Player"
            assert token_for(app, code) == server.tables[code].places[1].token
        finally:
            host.close()


def test_a_hosted_table_comes_back_after_its_server_stopped(driver, monkeypatch):
    """The window's own server (a `main.py --serve` process on 127.0.0.1) keeps the table in its
    folder; once it has stopped, the join screen offers the table back: the server starts again on it,
    and the seat returns where it was."""
    from scenes.online import lobby
    from scenes.online.join import JoinScene

    monkeypatch.setattr(lobby, "SERVE_PORT", 0)  # a free loopback port
    app = driver.app
    seats = [Seat("Amina"), Seat("Omar", "computer", "easy")]
    app.push(lobby.host_lobby(app, "skyjo", seats, {}), transition=False)
    try:
        assert wait(driver, lambda: app.online is not None and app.online.lobby is not None, 30)
        assert app.online.server.bind == "127.0.0.1" and app.online.server.addresses() == []
        driver.click(button(driver.top, "Start").rect.center)
        assert wait(driver, lambda: is_online_table(driver.top), 10)
        table, code = driver.top, app.online.code
        for _ in range(2):  # Amina turns two cards up
            assert wait(driver, table.can_act, 10)
            table.play(table.rules.legal_moves()[0])
            assert wait(driver, lambda: not table.match.waiting(), 10)
        seen, server = list(table.history), app.online.server
        app.to_menu()
        assert not server.gone() and app.online is None  # it goes on while the game does
        server.stop()  # as it does by itself once nobody has been connected for a while
        join = JoinScene(app)
        app.push(join, transition=False)
        [row] = [w for w in join.group.widgets if isinstance(w, Button) and w.label.startswith(f"Skyjo {code}: ")]
        driver.click(row.rect.center)  # nothing answers there now: the server starts again on its save
        assert wait(driver, lambda: is_online_table(driver.top), 30)
        back = driver.top  # the computer's turn-ups may have come meanwhile: the game goes on from there
        # the newest line seen may be a turn half played, rewritten when it ends ("Omar draws an 11" goes on
        # ", throws it away and turns up ..."): the lines before it stay as they were
        assert back.history[:len(seen) - 1] == seen[:-1] and back.history[len(seen) - 1].startswith(seen[-1])
        assert back.match.moves_played >= 2
        assert app.online.seat == 0 and app.online.hosting
    finally:
        server = app.online.server if app.online is not None else None
        app.leave_online()
        if server is not None:  # left mid-game, it would go on by itself for a while
            server.stop()


def test_the_menu_of_a_networked_table_says_a_phrase_and_lets_a_computer_play(driver):
    """Esc at a networked table: Say... sends a phrase with the mouse, Computer plays for me turns
    the computer on (A does too), Leave the table closes the connection."""
    app = driver.app
    with server_thread(loose_server()) as (url, _, _):
        friend = started_with_a_friend(driver, url)
        driver.key(pygame.K_ESCAPE)
        driver.click(button(driver.top, "Say...").rect.center)
        driver.click(button(driver.top, "F3  Nice one").rect.center)
        assert is_online_table(driver.top)
        deadline = time.monotonic() + 10
        while not friend.said and time.monotonic() < deadline:
            friend.take()
            time.sleep(0.01)
        assert [(s.seat, s.phrase) for s in friend.said] == [(0, 2)]
        driver.key(pygame.K_ESCAPE)
        driver.click(button(driver.top, "Computer plays for me").rect.center)
        assert app.online.autoplay and "A computer plays for you (A: play yourself)" in app.online.notices()
        assert wait(driver, lambda: any(line.startswith("Amina turns up") for line in driver.top.history), 10)
        driver.key(pygame.K_a)
        assert not app.online.autoplay
        driver.key(pygame.K_ESCAPE)
        client = app.online.client
        driver.click(button(driver.top, "Leave the table").rect.center)
        assert app.online is None and not client.thread.is_alive()
        friend.client.close()


def started_with_a_friend(driver, url: str, wait_s: int = 60, game: str = "skyjo") -> Friend:
    """The window hosts `game` for itself and a friend (seat 1, another connection), started: the
    window shows its table."""
    app = driver.app
    specs = [p.SeatSpec("you"), p.SeatSpec("open")]
    app.online = OnlineSession(app, url, p.Create(p.VERSION, "Amina", game, specs, seed=4, wait_s=wait_s))
    app.push(LobbyScene(app, game), transition=False)
    assert wait(driver, lambda: bool(app.online.code), 10)
    friend = Friend(url, app.online.code, 1, game)
    # the code comes with Welcome, the seats with the Lobby after it
    assert wait(driver, lambda: app.online.lobby is not None and app.online.lobby.seats[1].kind == "human", 10)
    driver.click(button(driver.top, "Start").rect.center)
    assert wait(driver, lambda: is_online_table(driver.top), 10)
    return friend


@pytest.mark.slow  # a whole game of each online game (the Skyjo game above stays in the fast loop)
@pytest.mark.parametrize("game", online_games())
def test_each_online_game_plays_to_its_result_in_the_window(driver, game):
    """The game's own table, fed by its seat's States (hidden cards redacted to nothing), animates
    every move of a whole game against a computer, with a computer playing this seat's turns too,
    and shows its result; no screen fails on the way."""
    from scenes.error import ErrorScene

    app = driver.app
    app.settings.animation_speed = "fast"
    info = game_info(game)
    with server_thread(loose_server()) as (url, server, _):
        specs = [p.SeatSpec("you")] + [p.SeatSpec("computer", info.levels[0])] * (info.min_players - 1)
        app.online = OnlineSession(app, url, p.Create(p.VERSION, "Amina", game, specs, seed=12))
        app.push(LobbyScene(app, game), transition=False)
        assert wait(driver, lambda: app.online.lobby is not None, 10)
        driver.click(button(driver.top, "Start").rect.center)
        assert wait(driver, lambda: is_online_table(driver.top), 10)
        table = driver.top
        app.online.toggle_autoplay()
        deadline = time.monotonic() + GAME_S
        while not (table.finished and driver.top is not table) and time.monotonic() < deadline:
            assert not any(isinstance(scene, ErrorScene) for scene in app.scenes)
            if driver.top is not table and not table.match.is_over:
                driver.top.close()  # a round's score sheet: the next round is dealt from the table
            driver.frames(2)
        assert table.finished, f"{game} did not end in time"
        assert table.match.view(0) == server.tables[app.online.code].match.view(0)
        app.leave_online()


def test_a_seat_away_after_its_turn_time_is_said_in_the_notices(driver):
    """The player to move lets the turn time run out (the server's clock is the test's): the window
    says who is away, in its own words when it is this window's seat."""
    clock = FakeClock()
    with server_thread(loose_server(limits=dataclasses.replace(LOOSE, turn_s=30), clock=clock)) as (url, server, loop):
        friend = started_with_a_friend(driver, url)
        [table] = server.tables.values()
        assert wait(driver, lambda: table.match is not None and "turn" in table.timers, 10)
        seat = table.match.current_player
        loop.call_soon_threadsafe(clock.advance, 30)
        said = ("You are away: a computer plays for you until you play your turn" if seat == 0
                else "Bilal is away: a computer plays for them")
        assert wait(driver, lambda: said in driver.app.online.notices(), 10)
        friend.client.close()
