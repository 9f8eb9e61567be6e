"""Hostile clients against a real loopback server: each is refused or closed with a reason, nothing at
its table changes, and another table plays on meanwhile."""
from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.sota.moves import Keep, Pass, TakeSkip
from net import bots
from net import conn as net_conn
from net import protocol as p
from net import server as net_server
from net import table as net_table
from net.limits import network_of
from net.wire import to_wire
from tests.matrix import first_fast
from tests.net.clients import (
    HOST,
    Client,
    bot_table,
    loose_server,
    open_table,
    play_to_the_end,
    serving,
    sleepy_socket,
)

Run = Callable[[net_server.Server, str, "Seated"], Awaitable[None]]


class Seated:
    """Table A: a started Sota game of two human seats, each a test client, and what the server holds."""

    def __init__(self, server: net_server.Server, host: Client, guest: Client, code: str) -> None:
        self.server, self.host, self.guest, self.code = server, host, guest, code
        self.clients = [host, guest]
        self.state: p.State  # the table waits for this state's choice when the body starts

    @property
    def table(self) -> net_table.Table:
        return self.server.tables[self.code]

    @property
    def match(self) -> Any:
        assert self.table.match is not None
        return self.table.match

    def snapshot(self) -> tuple:
        """Everything a hostile message must leave as it was: the match and every seat."""
        places = [(pl.kind, pl.name, pl.token, pl.conn, pl.stand_in) for pl in self.table.places]
        return json.dumps(self.match.to_dict(), sort_keys=True), places

    async def waiting(self) -> p.State:
        """The newest state once the table waits for a seat's choice (both clients read up to it)."""
        states = [await c.until(p.State, test=lambda m: m.to_move is not None and m.state == self.match.moves_played)
                  for c in self.clients]
        return states[0]

    async def still_served(self) -> None:
        """Both seats still hear the table: a phrase reaches them."""
        await self.host.send(p.Phrase(2))
        for client in self.clients:
            said = await client.until(p.Said)
            assert (said.seat, said.phrase) == (0, 2)


@contextlib.asynccontextmanager
async def other_table_plays(url: str, game: str) -> AsyncIterator[None]:
    """Table B: two bots play `game` through the block, to the end with no error."""
    tally = bots.Tally()
    seated, watchers, _ = await bot_table(url, game, ["you", "open"], 11, tally)
    game = asyncio.create_task(play_to_the_end(seated, watchers))
    try:
        yield
        await asyncio.wait_for(game, 60)
    finally:
        game.cancel()
    assert tally.errors == [] and all(bot.over.is_set() for bot in seated)


def play(body: Run, server: net_server.Server | None = None, other_game: str = "kings_corner") -> None:
    """Serve, seat table A and start it, run the body while table B plays `other_game`, then stop the
    server."""
    server = server or loose_server()

    async def main() -> None:
        async with serving(server) as url, other_table_plays(url, other_game):
            host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=5)
            try:
                await host.send(p.Start())
                seated = Seated(server, host, guest, code)
                seated.state = await seated.waiting()
                await body(server, url, seated)
            finally:
                for client in (host, guest):
                    await client.close()

    asyncio.run(main())


def test_moves_out_of_turn_illegal_stale_or_replayed_are_refused_and_change_nothing():
    async def body(server: net_server.Server, url: str, t: Seated) -> None:
        state = t.state
        mover, other = t.clients[state.to_move], t.clients[1 - state.to_move]
        legal = t.match.rules.legal_moves()
        illegal = next(m for m in (Pass(), Keep(), TakeSkip()) if m not in legal)
        before = t.snapshot()
        tries = [(other, state.state, to_wire(legal[0]), "not your turn"),
                 (mover, state.state, to_wire(illegal), ""),
                 (mover, state.state, {"@": "Flip", "index": 0}, "not a move of this game"),
                 (mover, state.state + 1, to_wire(legal[0]), "changed before your move"),
                 (mover, state.state - 1, to_wire(legal[0]), "changed before your move")]
        for client, state_id, move, reason in tries:
            sent = await client.move(state_id, move)
            refused = await client.until(p.Refused)
            assert refused.id == sent and reason in refused.reason and refused.reason
            assert t.snapshot() == before, (move, refused.reason)

        played = await mover.move(state.state, to_wire(legal[0]))
        await mover.until(p.State, test=lambda m: m.state > state.state)
        after = t.snapshot()
        assert after != before
        await mover.move(state.state, to_wire(legal[0]), played)  # the same message again
        refused = await mover.until(p.Refused)
        assert refused.id == played and "sent before" in refused.reason
        assert t.snapshot() == after
        await t.still_served()

    play(body)


def test_a_move_naming_a_seat_is_refused_by_the_protocol_and_closes_that_connection():
    async def body(server: net_server.Server, url: str, t: Seated) -> None:
        state = t.state
        other_seat = 1 - state.to_move
        legal = to_wire(t.match.rules.legal_moves()[0])
        before = t.snapshot()[0]
        frame = {"type": "move", "id": 50, "state": state.state, "move": legal, "seat": state.to_move}
        await t.clients[other_seat].send(json.dumps(frame))
        code, reason, _ = await t.clients[other_seat].closed()
        assert "seat" in reason and code == 1000
        assert t.snapshot()[0] == before
        lost = await t.clients[state.to_move].until(p.Lost)
        assert lost.seat == other_seat  # its seat is kept for it, as for any lost connection
        assert t.table.places[other_seat].kind == "human" and t.table.places[other_seat].token is not None

    play(body)


def test_a_window_of_another_protocol_version_is_told_in_words_and_sits_nowhere():
    """Version 2 sends history as Words: a version-1 window would skip every State and freeze."""
    async def body(server: net_server.Server, url: str, t: Seated) -> None:
        before = [place.token for place in t.table.places]
        old = await Client.open(url)
        await old.send(p.Join(p.VERSION - 1, t.code, "Old"))
        _, reason, messages = await old.closed()
        assert "another version of Card Arcade" in reason and f"protocol {p.VERSION}" in reason
        assert not any(isinstance(m, p.Welcome | p.State) for m in messages)
        assert [place.token for place in t.table.places] == before

    play(body)


def test_a_wrong_or_stolen_token_never_takes_or_alters_a_seat():
    async def body(server: net_server.Server, url: str, t: Seated) -> None:
        elsewhere, _, other_code = await open_table(url, "sota", ["you", "open"], seed=9)
        other_token = next(m.token for m in map(p.server_decoder.decode, elsewhere.texts) if isinstance(m, p.Welcome))
        assert other_token
        host_token = t.table.places[0].token
        before = t.snapshot()
        attempts = [(t.code, "x" * 22, "holds no seat"), (t.code, other_token, "holds no seat"),
                    (t.code, host_token[:-1] + ("A" if host_token[-1] != "A" else "B"), "holds no seat"),
                    ("ZZZZZZ", host_token, "no table"), (other_code, host_token, "holds no seat")]
        thief = await Client.open(url)
        for code, token, reason in attempts:
            await thief.send(p.Join(p.VERSION, code, "Thief", token=token))
            refused = await thief.until(p.Refused)
            assert reason in refused.reason
            assert t.snapshot() == before
        await thief.move(t.state.state, to_wire(t.match.rules.legal_moves()[0]))
        assert "join a table first" in (await thief.until(p.Refused)).reason
        assert t.snapshot() == before and not t.table.spectators
        await thief.send(p.Join(99, t.code, "Thief"))
        code, reason, _ = await thief.closed()
        assert code == 1008 and f"protocol {p.VERSION}" in reason
        await t.still_served()
        await elsewhere.close()

    play(body)


HOSTILE_FRAMES: dict[str, tuple[Any, bool | None, int, str]] = {
    # name: (frame, sent as text?, close code, words of the reason)
    "over 64 KiB": ("x" * (p.MAX_FRAME + 1), None, 1009, "exceeds limit"),
    "invalid UTF-8": (b'{"type": "phrase", "phrase": "\xff\xfe"}', True, 1007, "invalid start byte"),
    "malformed JSON": ('{"type": "phrase", "phrase": ', None, 1000, "not JSON"),
    "unknown type": ('{"type": "deal_me_aces"}', None, 1000, "not a message"),
    "unknown field": ('{"type": "phrase", "phrase": 1, "as": "host"}', None, 1000, "unknown field"),
    "binary frame": (b"\x00\x01", None, 1000, "JSON text"),
}


@pytest.mark.parametrize("name", HOSTILE_FRAMES)
def test_a_hostile_frame_closes_only_its_connection_with_a_reason(name):
    frame, text, close_code, reason_words = HOSTILE_FRAMES[name]

    async def body(server: net_server.Server, url: str, t: Seated) -> None:
        watcher = await Client.open(url)
        await watcher.send(p.Join(p.VERSION, t.code, "Watcher"))
        await watcher.until(p.State)
        assert len(t.table.spectators) == 1
        before = t.snapshot()
        await watcher.ws.send(frame, text=text)
        code, reason, _ = await watcher.closed()
        assert reason_words in reason and code == close_code
        for _ in range(100):  # the server forgets the connection as soon as it is closed
            if not t.table.spectators:
                break
            await asyncio.sleep(0.01)
        assert not t.table.spectators and t.snapshot() == before
        await t.still_served()

    play(body)


def test_a_flood_of_messages_closes_the_flooder_only():
    async def body(server: net_server.Server, url: str, t: Seated) -> None:
        flooder = await Client.open(url)
        await flooder.send(p.Join(p.VERSION, t.code, "Flooder"))
        await flooder.until(p.State)
        before = t.snapshot()
        reading = asyncio.create_task(flooder.closed())
        with contextlib.suppress(ConnectionClosed):
            for _ in range(500):
                await flooder.send(p.Phrase(0))  # refused: a spectator says no phrase
        _, reason, messages = await reading
        assert "too many messages" in reason
        assert sum(isinstance(m, p.Refused) for m in messages) <= 40  # the burst, then closed
        assert t.snapshot() == before
        await t.still_served()

    play(body, loose_server(rate=20, burst=40), other_game="sota")  # a short game: its bots keep to the rate


def test_half_open_connections_are_dropped_after_the_handshake_time():
    async def body(server: net_server.Server, url: str, t: Seated) -> None:
        port = int(url.rsplit(":", 1)[1])
        half_open = []
        for i in range(40):
            reader, writer = await asyncio.open_connection(HOST, port)
            if i % 2:  # half a handshake, never finished
                writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n")
            half_open.append((reader, writer))
        await t.still_served()
        for reader, writer in half_open:
            with contextlib.suppress(ConnectionError):
                await asyncio.wait_for(reader.read(), 5)  # the server closes it: end of stream (5 s bounds it)
            writer.close()
        await t.still_served()

    play(body, loose_server(handshake_s=1))


BATCH, BATCHES = 32, 200  # at most 6,400 phrases (about 220 KB) for the client that never reads


def test_a_client_that_never_reads_is_closed_not_buffered():
    async def body(server: net_server.Server, url: str, t: Seated) -> None:
        port = int(url.rsplit(":", 1)[1])
        _, sleeper = await sleepy_socket(port, p.Join(p.VERSION, t.code, "Sleeper"))
        for _ in range(100):
            if t.table.spectators:
                break
            await asyncio.sleep(0.01)
        [conn] = t.table.spectators
        # a small kernel buffer on the server's side too, so that kilobytes, not megabytes, fill it
        conn.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        before = t.snapshot()
        for _ in range(BATCHES):  # phrases in batches the seated players read as they come
            if conn.closed:
                break
            for _ in range(BATCH - 1):
                await t.host.send(p.Phrase(1))
            await t.host.send(p.Phrase(3))
            for client in t.clients:
                await client.until(p.Said, test=lambda m: m.phrase == 3)
            assert len(conn.queue) <= net_conn.SEND_QUEUE
        for _ in range(500):
            if not t.table.spectators:
                break
            assert len(conn.queue) <= net_conn.SEND_QUEUE + 2
            await asyncio.sleep(0.01)
        assert conn.closed and not t.table.spectators
        assert t.snapshot() == before
        await t.still_served()
        sleeper.close()

    play(body, loose_server(send_s=1))


AT_ONCE = 25


@pytest.mark.parametrize("attempts", first_fast([400, 2000]))  # ten times the limit; thousands in the full suite
def test_thousands_of_connection_attempts_are_bounded_by_the_joins_per_minute(attempts):
    async def body(server: net_server.Server, url: str, t: Seated) -> None:
        before, tables = t.snapshot(), set(server.tables)
        let_in = server.joins_per_minute - len(server.joins[network_of(HOST)])  # tables A's and B's joins first
        outcomes: list[str] = []

        async def connections(count: int) -> None:
            for _ in range(count):
                async with connect(url, max_size=p.MAX_FRAME, open_timeout=5) as ws:
                    await ws.send(p.encoder.encode(p.Join(p.VERSION, t.code, "Crowd")).decode())
                    message = p.server_decoder.decode(await asyncio.wait_for(ws.recv(), 5))
                    outcomes.append(type(message).__name__ + ":" + getattr(message, "reason", ""))

        await asyncio.gather(*(connections(attempts // AT_ONCE) for _ in range(AT_ONCE)))
        assert len(outcomes) == attempts
        assert outcomes.count("Welcome:") == let_in
        assert outcomes.count("Bye:too many tables joined from your address: wait a minute") == attempts - let_in
        assert len(server.joins[network_of(HOST)]) == server.joins_per_minute  # refused attempts are not kept
        assert t.snapshot() == before and set(server.tables) <= tables  # none made (table B may end and be freed)
        for _ in range(200):
            if not t.table.spectators:
                break
            await asyncio.sleep(0.01)
        assert not t.table.spectators
        await t.still_served()

    play(body, loose_server(joins_per_minute=40))
