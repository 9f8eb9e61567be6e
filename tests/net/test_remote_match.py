"""The window's side of online play, without a window: the threaded Client and the RemoteMatch it
feeds, against a real server on a loopback port (its own thread), played to the end."""
from __future__ import annotations

import time

import pytest

from game.registry import game_info, online_games
from game.seats import Seat
from net import protocol as p
from net.address import server_url
from net.client import Client, Connected, Dropped
from net.remote import RemoteMatch
from tests.net.clients import mover, server_thread, wait_for


def seats_of(lobby: p.Lobby) -> list[Seat]:
    return [Seat(s.name, "human" if s.kind == "human" else "computer", s.level) for s in lobby.seats]


@pytest.mark.parametrize("game", online_games())
def test_a_remote_match_plays_a_whole_game_and_ends_as_the_servers(game):
    """The window's match follows the server's move by move: its records come in order, its view
    is the server's view of its seat, its history the server's."""
    info = game_info(game)
    specs = [p.SeatSpec("you")] + [p.SeatSpec("computer", info.levels[0])] * (info.min_players - 1)
    with server_thread() as (url, server, _):
        client = Client(url, p.Create(p.VERSION, "Amina", game, specs, seed=7))
        try:
            welcome = wait_for(client, lambda n: isinstance(n, p.Welcome))
            lobby = wait_for(client, lambda n: isinstance(n, p.Lobby))
            client.send(p.Start())
            state = wait_for(client, lambda n: isinstance(n, p.State))
            match = RemoteMatch(game, seats_of(lobby), [welcome.seat], state, mover(client))
            numbers: list[int] = []
            match.listen(lambda record: numbers.append(record.number))
            me = info.computer(info.levels[0], 3)
            deadline = time.monotonic() + 60
            while not match.is_over and time.monotonic() < deadline:
                if match.to_move in match.here and not match.waiting():
                    match.submit(me.choose(match.view(match.to_move)))
                news = wait_for(client, lambda n: isinstance(n, p.State | p.Refused))
                assert not isinstance(news, p.Refused), news.reason
                match.receive(welcome.seat, news)
            table = server.tables[welcome.code]
            assert match.is_over and table.match is not None and table.match.is_over
            assert numbers == list(range(state.state + 1, table.match.moves_played + 1))
            assert match.view(welcome.seat) == table.match.view(welcome.seat)
            assert match.history == table.match.history[-len(match.history):]
            assert match.rules.result() == table.match.rules.result()
        finally:
            client.close()


def test_a_move_not_legal_here_is_refused_before_it_is_sent():
    with server_thread() as (url, _, _):
        client = Client(url, p.Create(p.VERSION, "Amina", "skyjo", [p.SeatSpec("you"), p.SeatSpec("computer")], seed=3))
        try:
            welcome = wait_for(client, lambda n: isinstance(n, p.Welcome))
            lobby = wait_for(client, lambda n: isinstance(n, p.Lobby))
            client.send(p.Start())
            state = wait_for(client, lambda n: isinstance(n, p.State) and n.to_move == welcome.seat)
            match = RemoteMatch("skyjo", seats_of(lobby), [welcome.seat], state, mover(client))
            from game.core import IllegalMove
            from game.skyjo.moves import TurnUp

            with pytest.raises(IllegalMove):
                match.submit(TurnUp(99))
            assert not match.waiting() and client.next_id == 0  # nothing went out
            match.submit(match.rules.legal_moves()[0])
            with pytest.raises(IllegalMove, match="on its way"):
                match.submit(match.rules.legal_moves()[0])
            assert client.next_id == 1
        finally:
            client.close()


def test_a_dropped_connection_comes_back_by_itself_to_the_same_seat():
    with server_thread() as (url, server, loop):
        client = Client(url, p.Create(p.VERSION, "Amina", "skyjo", [p.SeatSpec("you"), p.SeatSpec("open")], seed=5))
        try:
            welcome = wait_for(client, lambda n: isinstance(n, p.Welcome))
            table = server.tables[welcome.code]
            conn = table.places[0].conn
            assert conn is not None
            loop.call_soon_threadsafe(conn.ws.transport.abort)  # the network goes away under it
            dropped = wait_for(client, lambda n: isinstance(n, Dropped))
            assert dropped.retry_s == 0.5
            wait_for(client, lambda n: isinstance(n, Connected) and n.again)
            back = wait_for(client, lambda n: isinstance(n, p.Welcome))
            assert (back.code, back.seat, back.token) == (welcome.code, welcome.seat, welcome.token)
            assert table.places[0].conn is not None and table.places[0].conn is not conn
        finally:
            client.close()


@pytest.mark.parametrize(("typed", "url"), [
    ("192.0.2.7", "ws://192.0.2.7:8765"), ("host.lan:9000", "ws://host.lan:9000"), ("ws://a:1", "ws://a:1"),
    ("fd00::2", "ws://[fd00::2]:8765"), ("[fd00::2]:99", "ws://[fd00::2]:99")])
def test_a_typed_address_becomes_a_server_url(typed, url):
    assert server_url(typed, 8765) == url
