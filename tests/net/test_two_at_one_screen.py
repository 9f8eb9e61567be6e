"""Two players at one window's screen at a networked table, with a friend on another connection and a
computer: each of the two has a connection of their own, the pass screen goes between them (never
before the friend's or the computer's turns), and the table shows each only their own seat's view."""
from __future__ import annotations

import itertools
import random
import time

import pygame

from game.registry import game_info
from net import protocol as p
from net.client import Client
from net.remote import RemoteMatch
from scenes.online.lobby import LobbyScene, SitPrompt
from scenes.online.session import OnlineSession, tokens_for
from scenes.online.table import is_online_table
from scenes.table import Table
from sprites.widgets import Button
from tests.net.clients import loose_server, server_thread, wait_for
from tests.net.test_remote_match import seats_of
from tests.net.test_window import GAME_S, Friend, button, wait


def test_two_players_share_the_window_with_a_pass_screen_between_them(driver):
    app = driver.app
    app.settings.animation_speed = "fast"
    with server_thread(loose_server()) as (url, server, _):
        specs = [p.SeatSpec("you"), p.SeatSpec("open"), p.SeatSpec("open"), p.SeatSpec("computer", "easy")]
        app.online = OnlineSession(app, url, p.Create(p.VERSION, "Amina", "sota", specs, seed=5))
        app.push(LobbyScene(app, "sota"), transition=False)
        assert wait(driver, lambda: app.online.lobby is not None, 10)
        sit = min((w for w in driver.top.group.widgets if isinstance(w, Button) and w.label == "Sit here"),
                  key=lambda w: w.rect.y)  # seat 2's row
        driver.click(sit.rect.center)
        assert isinstance(driver.top, SitPrompt)
        driver.key(pygame.K_DELETE)
        driver.type("Carl")
        driver.key(pygame.K_RETURN)
        assert wait(driver, lambda: app.online.seats_here() == [0, 1] and app.online.lobby.seats[1].connected, 10)
        assert app.online.lobby.seats[1].name == "Carl"
        code = app.online.code
        friend = Friend(url, code, 2, "sota")
        assert wait(driver, lambda: app.online.lobby.seats[2].kind == "human", 10)
        driver.click(button(driver.top, "Start").rect.center)
        assert wait(driver, lambda: is_online_table(driver.top), 10)
        table = driver.top
        hosted = server.tables[code].match
        assert type(table) is Table and isinstance(table.match, RemoteMatch), "the game's own table, fed by the server"
        assert table.match.here == [0, 1] and table.seating.viewer is None

        me, passes, turns = game_info("sota").computer("easy", 5), [], []
        deadline = time.monotonic() + GAME_S
        while not table.finished and time.monotonic() < deadline:
            friend.take()
            if table.seating.pass_to is not None:
                passes.append(table.seating.pass_to)
                driver.pass_screen()
            elif driver.top is table and table.can_act() and not table.match.waiting():
                seat = table.rules.current_player
                turns.append(seat)
                assert table.seating.viewer == seat
                assert table.view() == hosted.view(seat)  # this seat's own cards, no one else's
                table.play(me.choose(table.view()))
            driver.frames(2)
        assert table.finished, "the game did not end in time"
        assert set(turns) == {0, 1} and set(passes) == {0, 1}, "a pass screen only between the two here"
        assert all(a != b for a, b in itertools.pairwise(passes))
        places = server.tables[code].places
        assert tokens_for(app.folder, code) == [places[0].token, places[1].token]

        friend.client.send(p.Again())  # the friend elsewhere asks too: it deals once every player asked
        app.online.ask_again()  # the result's Play again, for both seats here: a new deal for the same seats
        assert wait(driver, lambda: is_online_table(driver.top) and driver.top is not table, 10)
        again = driver.top
        assert again.match.here == [0, 1] and not again.match.is_over and again.match.moves_played <= 1
        friend.client.close()


def test_a_match_fed_by_several_connections_moves_on_once_all_brought_a_position():
    """A seat's States, another seat's and a spectator's, taken in a shuffled order (each connection's
    own order kept): every move is told once, in order, and each feed's view is the server's."""
    with server_thread(loose_server()) as (url, server, _):
        specs = [p.SeatSpec("you"), p.SeatSpec("open"), p.SeatSpec("computer", "easy")]
        host = Client(url, p.Create(p.VERSION, "Amina", "sota", specs, seed=8))
        code = wait_for(host, lambda n: isinstance(n, p.Welcome)).code
        other = Client(url, p.Join(p.VERSION, code, "Carl"))
        watcher = Client(url, p.Join(p.VERSION, code, "", watch=True))
        clients = {0: host, 1: other, None: watcher}
        try:
            wait_for(other, lambda n: isinstance(n, p.Welcome))
            other.send(p.TakeSeat(1))
            wait_for(other, lambda n: isinstance(n, p.Welcome) and n.seat == 1)
            lobby = wait_for(host, lambda n: isinstance(n, p.Lobby) and n.seats[1].kind == "human")
            host.send(p.Start())
            firsts = {feed: wait_for(c, lambda n: isinstance(n, p.State)) for feed, c in clients.items()}
            match = RemoteMatch("sota", seats_of(lobby), [0, 1, None], firsts[0], lambda s, n, m: clients[s].move(n, m))
            match.receive(1, firsts[1])
            match.receive(None, firsts[None])
            told: list[int] = []
            match.listen(lambda record: told.append(record.number))
            me, shuffle = game_info("sota").computer("easy", 2), random.Random(4)
            queues: dict = {feed: [] for feed in clients}
            deadline = time.monotonic() + GAME_S
            while not match.is_over and time.monotonic() < deadline:
                for feed, client in clients.items():
                    queues[feed] += [n for n in client.received() if isinstance(n, p.State)]
                feeds = [feed for feed, queue in queues.items() if queue]
                if feeds:
                    feed = shuffle.choice(feeds)
                    match.receive(feed, queues[feed].pop(0))
                elif match.to_move in match.here and not match.waiting():
                    match.submit(me.choose(match.view(match.to_move)))
                else:
                    time.sleep(0.002)
            hosted = server.tables[code].match
            assert match.is_over and match.moves_played == hosted.moves_played
            assert told == list(range(firsts[0].state + 1, hosted.moves_played + 1))
            assert [match.view(feed) for feed in (0, 1, None)] == [hosted.view(feed) for feed in (0, 1, None)]
        finally:
            for client in clients.values():
                client.close()


def test_joining_again_brings_both_players_of_the_screen_back_to_their_seats(driver):
    """The window leaves the table mid-game; joining again with its code gives back this window's seat
    and, on their own connection, the other player's at its screen (their tokens kept here)."""
    from scenes.online.session import token_for

    app = driver.app
    with server_thread(loose_server()) as (url, server, _):
        specs = [p.SeatSpec("you"), p.SeatSpec("open"), p.SeatSpec("computer", "easy")]
        app.online = OnlineSession(app, url, p.Create(p.VERSION, "Amina", "sota", specs, seed=6))
        app.push(LobbyScene(app, "sota"), transition=False)
        assert wait(driver, lambda: app.online.lobby is not None, 10)
        app.online.sit_here(1, "Carl")
        assert wait(driver, lambda: app.online.seats_here() == [0, 1], 10)
        driver.click(button(driver.top, "Start").rect.center)
        assert wait(driver, lambda: is_online_table(driver.top), 10)
        code, places = app.online.code, server.tables[app.online.code].places
        app.to_menu()
        assert app.online is None and wait(driver, lambda: places[0].conn is None and places[1].conn is None, 5)

        app.online = OnlineSession(app, url, p.Join(p.VERSION, code, "Amina", token_for(app, code)))
        app.push(LobbyScene(app, ""), transition=False)
        assert wait(driver, lambda: is_online_table(driver.top) and driver.top.match.here == [0, 1], 10)
        assert places[0].conn is not None and places[1].conn is not None and places[1].name == "Carl"
        assert server.tables[code].spectators, "the spectator's view shows the table between their turns"


def test_the_hosts_second_seat_at_its_screen_may_stand_up_not_be_removed_and_its_view_is_no_watcher(driver):
    """The host seats a second player at the window: that seat's row offers Stand up, never Computer or
    Remove (those are for guests elsewhere); the screen's own view is not listed as a watcher; Stand up
    opens the seat, closes that player's connection and forgets their token."""
    app = driver.app
    app.canvas.inspect()
    with server_thread(loose_server()) as (url, server, _):
        specs = [p.SeatSpec("you"), p.SeatSpec("open"), p.SeatSpec("open")]
        app.online = OnlineSession(app, url, p.Create(p.VERSION, "Amina", "sota", specs))
        app.push(LobbyScene(app, "sota"), transition=False)
        assert wait(driver, lambda: app.online.lobby is not None, 10)
        code = app.online.code
        driver.click(button(driver.top, "Sit here").rect.center)  # seat 2's row, the first open one
        driver.key(pygame.K_RETURN)  # the name suggested
        assert wait(driver, lambda: app.online.seats_here() == [0, 1] and app.online.lobby.seats[1].connected, 10)
        assert wait(driver, lambda: len(server.tables[code].spectators) == 1, 10)  # the screen's own view
        friend = Client(url, p.Join(p.VERSION, code, "Dana", watch=True))
        assert wait(driver, lambda: [w.name for w in app.online.room.watchers] == ["Dana"], 10)
        assert app.online.room.watching == 1
        driver.frames()
        labels = [(w.label, w.rect.y) for w in driver.top.group.widgets if isinstance(w, Button)]
        row = next(y for label, y in labels if label == "Stand up")
        assert [label for label, y in labels if y == row] == ["Stand up"]  # no Computer, no Remove at seat 2
        assert [label for label, _ in labels].count("Remove") == 1  # Dana's only
        assert len(tokens_for(app.folder, code)) == 2

        driver.click(button(driver.top, "Stand up").rect.center)
        assert wait(driver, lambda: app.online.lobby.seats[1].kind == "open", 10)
        assert app.online.seats_here() == [0] and not app.online.companions
        assert tokens_for(app.folder, code) == [server.tables[code].places[0].token]
        assert wait(driver, lambda: list(server.tables[code].spectators) and not server.tables[code].screens
                    and len(server.tables[code].spectators) == 1, 10)  # Dana alone watches now
        assert not app.online.refused
        friend.close()
