"""Attacks on a table's lifecycle and on the server's limits (issue 38, items 3 to 6), against a real
server on loopback: lobbies nobody starts, seats left empty, players who never move, tables only
computers play, crowds from one network, a failing disk. Time is the server's injected clock
(tests/net/clients.py FakeClock): no test waits on the wall clock for a timer."""
from __future__ import annotations

import asyncio
import dataclasses
import gc
import json
import logging
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path

import msgspec
import pytest

from game.match import Match
from net import protocol as p
from net import saves
from net import server as net_server
from net.cluster import PREFIX, Cluster
from net.limits import Limits, connections_allowed, network_of
from net.shared import SharedTables
from net.table import Table
from storage.logs import LOGGER
from tests.net.clients import (
    STEP_S,
    Client,
    FakeClock,
    autoplay,
    loose_server,
    open_table,
    poll,
    serving,
)
from tests.net.redis_servers import redis_server

LIMITS = Limits(connections_per_address=10_000, tables_per_address=10_000, turn_s=30, lobby_s=600,
                finished_s=300, unattended_s=900, watcher_idle_s=120, pace_s=1.0, sweep_s=10)


def run(body: Callable[[net_server.Server, FakeClock, str], Awaitable[None]], limits: Limits = LIMITS,
        redis_url: str | None = None, **server: object) -> None:
    """Serve on loopback with a FakeClock (sharing its tables on `redis_url` if given), run the body,
    stop the server however it ends."""
    clock = FakeClock()
    instance = loose_server(limits=limits, clock=clock, **server)
    if redis_url is not None:
        instance.shared = SharedTables(instance, Cluster(redis_url))

    async def main() -> None:
        async with serving(instance) as url:
            await body(instance, clock, url)

    asyncio.run(main())


async def watcher(url: str, code: str) -> Client:
    client = await Client.open(url)
    await client.send(p.Join(p.VERSION, code, "Watcher", watch=True))
    await client.until(p.Welcome)
    return client


async def bye(client: Client) -> str:
    code, reason, _ = await client.closed()
    assert code is not None
    return reason


def away_seats(lobby: p.Lobby) -> list[int]:
    return [seat for seat, info in enumerate(lobby.seats) if info.away]


# -- lifecycles (item 3) ---------------------------------------------------------------------------
def test_a_lobby_nobody_starts_closes_with_a_sentence_to_everyone_in_it_and_is_freed():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=1)
        spectator = await watcher(url, code)
        clock.advance(LIMITS.lobby_s - 1)
        assert code in server.tables
        clock.advance(2)
        for client in (host, guest, spectator):
            assert "nobody started this table in 10 minutes" in await bye(client)
        assert server.tables == {} and server.created.held == {}

    run(body, limits=dataclasses.replace(LIMITS, watcher_idle_s=10_000))


def test_a_finished_table_is_freed_once_everyone_saw_its_result_with_its_file(tmp_path: Path):
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, _, code = await open_table(url, "sota", ["you", "computer"], seed=2)
        await host.send(p.Start())
        await autoplay(host, 0, "sota")
        assert code in server.tables and (tmp_path / f"table-{code}.json").exists() is False
        await host.close()
        await poll(lambda: code not in server.tables, STEP_S)
        assert server.created.held == {}

    run(body, saves=tmp_path)


def test_a_finished_table_somebody_stays_at_is_closed_after_the_time_for_play_again():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, _, code = await open_table(url, "sota", ["you", "computer"], seed=3)
        await host.send(p.Start())
        await autoplay(host, 0, "sota")
        clock.advance(LIMITS.finished_s - 1)
        assert code in server.tables
        clock.advance(2)
        assert "this game is over" in await bye(host)
        assert code not in server.tables

    run(body)


def test_a_table_nobody_is_connected_to_is_freed_after_a_while():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, _, code = await open_table(url, "kings_corner", ["you", "computer"], seed=4)
        await host.send(p.Start())
        await host.until(p.State, test=lambda m: m.to_move == 0)
        await host.close()
        await poll(lambda: server.tables[code].places[0].conn is None, STEP_S)
        clock.advance(LIMITS.unattended_s + 1)
        assert code not in server.tables
        assert clock.pending() == 1  # the server's sweep alone: the table's timers went with it

    run(body)


def test_a_table_of_only_computers_plays_no_faster_than_a_person_could_watch():
    """The only player's turn time runs out (away): from then on the computers' moves come one per
    `pace_s` of the server's clock, however fast they are chosen."""
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, _, code = await open_table(url, "skyjo", ["you", "computer", "computer"], seed=5)
        await host.send(p.Start())
        await host.until(p.State, test=lambda m: m.to_move == 0)
        match = server.tables[code].match
        assert match is not None
        clock.advance(LIMITS.turn_s)
        played = match.moves_played
        await poll(lambda: match.moves_played == played + 1, STEP_S)  # the turn that ran out
        for paced in range(1, 4):
            await asyncio.sleep(0.2)  # time enough for many moves: none comes before the clock moves
            assert match.moves_played == played + paced and not match.is_over
            clock.advance(LIMITS.pace_s)
            await poll(lambda n=paced: match.moves_played == played + n + 1, STEP_S)

    run(body, limits=dataclasses.replace(LIMITS, away_turn_s=LIMITS.pace_s))


def test_a_table_nobody_is_connected_to_waits_and_plays_on_when_someone_comes():
    """Its only player walks away (their turn time runs out), then disconnects: the computers play
    no move while nobody is there, however long, and play on (paced) once a spectator comes."""
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, _, code = await open_table(url, "skyjo", ["you", "computer", "computer"], seed=14)
        await host.send(p.Start())
        await host.until(p.State, test=lambda m: m.to_move == 0)
        match = server.tables[code].match
        assert match is not None
        clock.advance(LIMITS.turn_s)
        await host.close()
        await poll(lambda: server.tables[code].places[0].conn is None and server.tables[code].thinking is None,
                   STEP_S)
        played = match.moves_played
        for _ in range(5):
            clock.advance(LIMITS.away_turn_s)
            await asyncio.sleep(0.05)
        assert match.moves_played == played and code in server.tables
        await watcher(url, code)
        clock.advance(LIMITS.away_turn_s)
        await poll(lambda: match.moves_played > played, STEP_S)

    run(body)


# -- the turn timer (item 4) -----------------------------------------------------------------------
def test_a_player_who_does_not_move_in_the_turn_time_is_shown_away_to_everyone_until_they_act():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "kings_corner", ["you", "open"], seed=6)
        await host.send(p.Start())
        first = await host.until(p.State, test=lambda m: m.to_move is not None)
        idle, other = (host, guest) if first.to_move == 0 else (guest, host)
        clock.advance(LIMITS.turn_s - 1)
        await asyncio.sleep(0.1)
        assert server.tables[code].match.moves_played == first.state  # type: ignore[union-attr]
        clock.advance(1)
        for client in (host, guest):
            lobby = await client.until(p.Lobby, test=lambda m: bool(away_seats(m)))
            assert away_seats(lobby) == [first.to_move]
        await other.until(p.State, test=lambda m: m.state > first.state)  # the computer played that turn
        await idle.send(p.Phrase(0))
        lobby = await other.until(p.Lobby)
        assert away_seats(lobby) == [] and lobby.seats[first.to_move].connected

    run(body)


@pytest.mark.parametrize("kept_in", ["saves", "redis"])
def test_an_away_player_is_kept_away_in_the_saves_file_and_the_redis_snapshot_and_brought_back_so(tmp_path, kept_in):
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [_guest], code = await open_table(url, "kings_corner", ["you", "open"], seed=6)
        await host.send(p.Start())
        first = await host.until(p.State, test=lambda m: m.to_move is not None)
        clock.advance(LIMITS.turn_s)
        await host.until(p.State, test=lambda m: m.state > first.state)  # the computer played the away seat's turn
        if server.shared is None:  # the file is written after the answers; the snapshot before them
            await poll(lambda: saves.read(saves.path_of(tmp_path, code))[0].places[first.to_move].away, 5)
            saved, match = saves.read(saves.path_of(tmp_path, code))
        else:
            snapshot = json.loads(await server.shared.cluster.client.get(f"{PREFIX}snap:{code}"))
            saved = msgspec.convert(snapshot["table"], saves.SavedTable)  # as net/shared.py takes a table over
            match = Match.load(saved.game, saved.match)
        away = [seat == first.to_move for seat in range(2)]
        assert [place.away for place in saved.places] == away
        assert [info.away for info in Table.from_saved(server, saved, match).lobby().seats] == away

    if kept_in == "saves":
        run(body, saves=tmp_path)
        return
    with redis_server() as redis:
        run(body, redis_url=redis.url)


def test_a_saved_table_of_an_earlier_version_without_away_still_loads(tmp_path):
    host = "h" * 22
    data = {"v": saves.SAVE_VERSION, "code": "ABCD", "game": "sota", "options": {}, "seed": 1, "wait_s": 60,
            "host": host, "match": None, "places": [
                {"kind": "human", "name": "Ann", "level": "normal", "token": host, "stand_in": False},
                {"kind": "open", "name": "", "level": "normal", "token": None, "stand_in": False}]}
    (tmp_path / "table-ABCD.json").write_text(json.dumps(data), encoding="utf-8")
    [(saved, match)] = saves.read_all(tmp_path)
    assert match is None and [place.away for place in saved.places] == [False, False]


def test_an_away_players_new_turn_waits_a_while_for_them_and_playing_it_brings_them_back():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, _, code = await open_table(url, "kings_corner", ["you", "computer"], seed=13)
        table = server.tables[code]
        await host.send(p.Start())
        first = await host.until(p.State, test=lambda m: m.to_move == 0)
        clock.advance(LIMITS.turn_s)
        assert table.places[0].away
        await poll(lambda: table.match.current_player == 0 and table.last_mover == 1, STEP_S)  # type: ignore[union-attr]
        waiting = table.match.moves_played  # type: ignore[union-attr]
        await asyncio.sleep(0.2)
        clock.advance(LIMITS.away_turn_s - 1)
        await asyncio.sleep(0.2)
        assert table.match.moves_played == waiting and waiting > first.state  # type: ignore[union-attr]
        state = await host.until(p.State, test=lambda m: m.state == waiting and m.to_move == 0)
        await host.move(state.state, state.legal[0])
        lobby = await host.until(p.Lobby)
        assert away_seats(lobby) == []
        assert (await host.until(p.State)).state == waiting + 1

    run(body, limits=dataclasses.replace(LIMITS, pace_s=0))


def test_a_host_may_choose_no_turn_time_or_their_own():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host = await Client.open(url)
        specs = [p.SeatSpec("you"), p.SeatSpec("computer")]
        await host.send(p.Create(p.VERSION, "Host", "kings_corner", specs, turn_s=0))
        code = (await host.until(p.Welcome)).code
        assert server.tables[code].turn_s == 0
        await host.send(p.Start())
        state = await host.until(p.State, test=lambda m: m.to_move == 0)
        clock.advance(100_000)
        await asyncio.sleep(0.1)
        assert server.tables[code].match.moves_played == state.state  # type: ignore[union-attr]
        other = await Client.open(url)
        await other.send(p.Create(p.VERSION, "Other", "sota", specs, turn_s=5))
        assert "a turn time is 10 to 3600 seconds" in (await other.until(p.Refused)).reason

    run(body)


def test_earlier_versions_read_the_new_fields_when_unused_a_lobby_nobody_is_away_at_a_create_with_no_turn_time():
    class OldSeatInfo(msgspec.Struct, forbid_unknown_fields=True):
        name: str
        kind: str
        level: str
        connected: bool

    lobby = p.Lobby([p.SeatInfo("Ann", "human", "normal", True), p.SeatInfo("Bo", "computer", "easy", False)], False)
    data = msgspec.json.decode(p.encoder.encode(lobby))
    assert [msgspec.convert(seat, OldSeatInfo).name for seat in data["seats"]] == ["Ann", "Bo"]
    away = msgspec.json.decode(p.encoder.encode(p.SeatInfo("Ann", "human", "normal", True, away=True)))
    assert away["away"] is True
    create = msgspec.json.decode(p.encoder.encode(p.Create(p.VERSION, "Ann", "sota", [p.SeatSpec("you")])))
    assert set(create) == {"type", "v", "name", "game", "seats"}  # what a server of an earlier version reads
    assert msgspec.json.decode(p.encoder.encode(p.Create(p.VERSION, "Ann", "sota", [], turn_s=0)))["turn_s"] == 0


# -- no seat waits on nobody (item 5) ----------------------------------------------------------------
@pytest.mark.parametrize("when", ["before start", "between games"])
def test_a_seat_whose_player_left_is_played_by_a_computer_and_the_table_reaches_its_end(when: str):
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=7)
        if when == "between games":
            await host.send(p.Start())
            await asyncio.wait_for(asyncio.gather(autoplay(host, 0, "sota"), autoplay(guest, 1, "sota")), 60)
        await guest.close()
        await poll(lambda: server.tables[code].places[1].conn is None, STEP_S)
        await host.send(p.Again() if when == "between games" else p.Start())
        over = await asyncio.wait_for(autoplay(host, 0, "sota"), 30)
        assert over.over

    run(body)


def test_a_seat_left_in_the_lobby_opens_again_after_the_wait():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=8, wait_s=20)
        await guest.close()
        await poll(lambda: server.tables[code].places[1].conn is None, STEP_S)
        clock.advance(19)
        assert server.tables[code].places[1].kind == "human"
        clock.advance(1)
        lobby = await host.until(p.Lobby, test=lambda m: m.seats[1].kind == "open")
        assert lobby.seats[1].name == "" and not lobby.started
        newcomer = await Client.open(url)
        await newcomer.send(p.Join(p.VERSION, code, "New"))
        await newcomer.until(p.Welcome)
        await newcomer.send(p.TakeSeat(1))
        assert (await newcomer.until(p.Welcome)).seat == 1

    run(body)


# -- limits an operator sets (item 4) --------------------------------------------------------------
def test_connections_past_the_limit_are_refused_with_a_sentence():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        held = [await Client.open(url) for _ in range(3)]
        refused = await Client.open(url)
        assert "as many connections as it can take" in await bye(refused)
        await held[0].close()
        await poll(lambda: len(server.conns) == 2, STEP_S)
        again = await Client.open(url)
        await again.send(p.Join(p.VERSION, "NOSUCH", "x"))
        assert isinstance(await again.receive(), p.Refused)  # let in: the connection went back

    run(body, limits=Limits(max_connections=3, connections_per_address=10_000))


def test_many_addresses_of_one_network_share_its_limits():
    """Connections from 127.0.0.1 to 127.0.0.19 are one /24: their connections and tables count
    together (19 addresses were 19 allowances)."""
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        clients = [await Client.open(url, local_addr=(f"127.0.0.{i}", 0)) for i in range(1, 5)]
        assert {c.ws.local_address[0] for c in clients} == {"127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"}
        specs = [p.SeatSpec("you"), p.SeatSpec("computer")]
        for client in clients[:2]:
            await client.send(p.Create(p.VERSION, "Host", "sota", specs))
            await client.until(p.Welcome)
        await clients[2].send(p.Create(p.VERSION, "Host", "sota", specs))
        assert "your network has 2 tables open" in (await clients[2].until(p.Refused)).reason
        assert "your network has as many connections" in await bye(await Client.open(url, local_addr=("127.0.0.19", 0)))
        assert len(server.tables) == 2

    run(body, limits=Limits(connections_per_address=4, tables_per_address=2))


def test_tables_past_the_overall_limit_are_refused():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        specs = [p.SeatSpec("you"), p.SeatSpec("computer")]
        for i in range(3):
            client = await Client.open(url)
            await client.send(p.Create(p.VERSION, "Host", "sota", specs))
            message = await client.until(p.Welcome | p.Refused)
            assert isinstance(message, p.Welcome if i < 2 else p.Refused)
        assert len(server.tables) == 2

    run(body, limits=Limits(max_tables=2, connections_per_address=10_000, tables_per_address=10_000))


def test_a_spectator_of_a_table_where_nothing_happens_is_timed_out_not_one_of_a_live_game():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        _, _, quiet = await open_table(url, "sota", ["you", "computer"], seed=9)
        idle = await watcher(url, quiet)
        clock.advance(LIMITS.watcher_idle_s + LIMITS.sweep_s)
        assert "nothing happened at the table you watch" in await bye(idle)
        assert server.tables[quiet].places[0].conn is not None  # the seated host stays

    run(body)


def test_the_connection_limit_stays_below_the_open_files_limit():
    assert connections_allowed(10_000, files=1024) == 1024 - 64
    assert connections_allowed(100, files=1024) == 100
    assert network_of("::ffff:10.1.2.3") == network_of("10.1.2.200") == "10.1.2.0/24"
    assert network_of("2001:db8::1") == network_of("2001:db8::ffff:1") == "2001:db8::/64"


# -- a failing disk never costs a move (item 6) -----------------------------------------------------
def test_a_record_that_cannot_be_written_is_said_once_and_the_game_plays_to_its_end(tmp_path: Path, caplog):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")

    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], _ = await open_table(url, "sota", ["you", "open"], seed=10)
        await host.send(p.Start())
        ends = await asyncio.wait_for(asyncio.gather(autoplay(host, 0, "sota"), autoplay(guest, 1, "sota")), 60)
        assert all(state.over for state in ends)

    with caplog.at_level(logging.WARNING, logger="card_arcade.server"):
        run(body, record=blocker / "records")
    complaints = [r.getMessage() for r in caplog.records if "cannot write" in r.getMessage()]
    assert len(complaints) == 1 and complaints[0].startswith("cannot write the record of the tables")


def test_table_files_that_cannot_be_written_are_said_once_and_nobody_is_disconnected(tmp_path: Path, caplog):
    saves = tmp_path / "saves"

    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], _ = await open_table(url, "kings_corner", ["you", "open"], seed=11)
        saves.rename(tmp_path / "gone")
        saves.write_text("a file where the folder was")
        await host.send(p.Start())
        ends = await asyncio.wait_for(asyncio.gather(autoplay(host, 0, "kings_corner"),
                                                     autoplay(guest, 1, "kings_corner")), 60)
        assert all(state.over for state in ends)

    with caplog.at_level(logging.WARNING, logger="card_arcade.server"):
        run(body, saves=saves)
    assert sum("cannot write" in r.getMessage() for r in caplog.records) == 1



# -- nothing grows forever (item 3) ----------------------------------------------------------------
CHURN, WARM_UP, AT_ONCE = 2000, 100, 10
KEPT_PER_TABLE = 100  # bytes: what the standard library and websockets keep of a connection (about 60);
# a lobby's table alone is 2.5 KB, a finished one 50 KB


async def come_and_go(url: str, number: int) -> None:
    """One table's life, one of four: abandoned in its lobby, watched then left, left in the middle of
    its game, played to its end."""
    host = await Client.open(url)
    seats = [p.SeatSpec("you"), p.SeatSpec("computer")]
    await host.send(p.Create(p.VERSION, "Host", "sota", seats))
    code = (await host.until(p.Welcome)).code
    life = number % 4
    if life == 1:
        await (await watcher(url, code)).close()
    if life >= 2:
        await host.send(p.Start())
        await (autoplay(host, 0, "sota", stop_at=1) if life == 2 else autoplay(host, 0, "sota"))
    await host.close()


@pytest.mark.slow
def test_memory_after_2000_tables_have_come_and_gone_returns_to_the_empty_servers(caplog):
    """What the server allocated (tracemalloc, after a warm-up) is back to within a few bytes a table
    once 2,000 tables came and went: nothing of a table is kept. (The whole process's figures, resident
    memory and memory blocks, are bench/churn.py's.)"""
    # The server's info lines off: after any App in this process (storage.logs sets the program's logger to
    # INFO), each table's "opened" and "closed" were kept by pytest's log capture, 5 MB the server never held.
    caplog.set_level(logging.WARNING, logger=LOGGER)
    async def churn(server: net_server.Server, clock: FakeClock, url: str, tables: int) -> None:
        numbers, standing = iter(range(tables)), len(asyncio.all_tasks())

        async def worker() -> None:
            for number in numbers:
                await come_and_go(url, number)

        await asyncio.wait_for(asyncio.gather(*(worker() for _ in range(AT_ONCE))), 600)
        await poll(lambda: not server.conns, STEP_S)
        clock.advance(LIMITS.lobby_s + LIMITS.unattended_s + LIMITS.finished_s)  # every table's time runs out
        assert server.tables == {} and server.created.held == {} and server.joins == {}
        assert clock.pending() == 1  # the sweep alone
        await poll(lambda: len(asyncio.all_tasks()) <= standing, STEP_S)  # the cancelled computers' thoughts end

    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        await churn(server, clock, url, WARM_UP)  # the caches of a server that served fill
        gc.collect()
        empty = tracemalloc.get_traced_memory()[0]
        await churn(server, clock, url, CHURN)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        assert after - empty <= CHURN * KEPT_PER_TABLE, f"{empty:,} bytes, after {CHURN:,} tables {after:,}"

    tracemalloc.start()
    try:
        run(body)
    finally:
        tracemalloc.stop()


def test_a_freed_table_of_a_process_sharing_its_tables_leaves_nothing_in_redis():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, _, code = await open_table(url, "sota", ["you", "computer"], seed=12)
        cluster = server.shared.cluster  # type: ignore[union-attr]
        assert await cluster.client.exists(f"{PREFIX}lease:{code}", f"{PREFIX}snap:{code}") == 2
        await host.close()
        await poll(lambda: server.tables[code].places[0].conn is None, STEP_S)
        clock.advance(LIMITS.unattended_s)
        assert code not in server.tables
        for _ in range(100):  # the keys go on the process's own tasks
            if not await cluster.client.exists(f"{PREFIX}lease:{code}", f"{PREFIX}snap:{code}"):
                break
            await asyncio.sleep(0.02)
        assert await cluster.client.exists(f"{PREFIX}lease:{code}", f"{PREFIX}snap:{code}") == 0
        assert not await cluster.client.sismember(f"{PREFIX}codes", code)

    with redis_server() as redis:
        run(body, redis_url=redis.url)
