"""The manners of a card room on the server (issue 40, items 3 and 5): leaving on purpose, standing up,
the host's seat controls and lock, the watchers' list, Play again as a vote, the turn time sent to
every window, names never shared. Real servers on loopback, time on the server's FakeClock."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path

import msgspec
import pytest

from lang.words import english, line_to_json
from net import manners, saves
from net import protocol as p
from net import server as net_server
from net.cluster import PREFIX
from net.table import ROOM_EVERY_S
from tests.net.clients import STEP_S, Client, FakeClock, autoplay, open_table, poll, token_of
from tests.net.redis_servers import redis_server
from tests.net.test_attacks_lifecycle import LIMITS, bye, run, watcher


def names(room: p.Room) -> list[str]:
    return [watcher.name for watcher in room.watchers]


def test_a_player_who_leaves_mid_game_is_left_not_lost_and_a_computer_plays_at_once_until_they_are_back():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "kings_corner", ["you", "open"], seed=6, wait_s=60)
        token = token_of(guest)
        await host.send(p.Start())
        await host.until(p.State)
        await guest.send(p.Leave())
        assert await bye(guest) == "you left the table"
        lobby = await host.until(p.Lobby, test=lambda m: m.seats[1].left)
        assert not lobby.seats[1].connected
        left = {"w": "{name} left: a computer plays for them", "f": {"name": "Guest 1"}}  # the note, as Words
        state = await host.until(p.State, test=lambda m: left in m.history)
        assert server.tables[code].places[1].stand_in  # at once: no minute's wait on the clock
        assert not any(isinstance(m, p.Lost) for m in map(p.server_decoder.decode, host.texts))
        if state.to_move == 1:
            await host.until(p.State, test=lambda m: m.state > state.state)  # the computer played
        back = await Client.open(url)
        await back.send(p.Join(p.VERSION, code, "Guest 1", token))
        assert (await back.until(p.Welcome)).seat == 1
        lobby = await host.until(p.Lobby, test=lambda m: not m.seats[1].left)
        assert lobby.seats[1].connected and not server.tables[code].places[1].stand_in

    run(body)


def test_leaving_or_standing_up_in_the_lobby_opens_the_seat_at_once_and_a_stander_watches():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [one, two], _ = await open_table(url, "sota", ["you", "open", "open"], seed=1)
        await one.send(p.Leave())
        assert await bye(one) == "you left the table"
        await host.until(p.Lobby, test=lambda m: m.seats[1].kind == "open")
        await two.send(p.StandUp())
        welcome = await two.until(p.Welcome)
        assert welcome.seat is None and welcome.token is None
        await host.until(p.Lobby, test=lambda m: m.seats[2].kind == "open")
        clock.advance(ROOM_EVERY_S)  # (Rooms to everyone come at most once in that time)
        room = await host.until(p.Room, test=lambda m: names(m) == ["Guest 2"])
        assert room.watching == 1 and not room.locked and room.turn_s == LIMITS.turn_s
        await host.send(p.StandUp())
        assert "the host keeps a seat" in (await host.until(p.Refused)).reason

    run(body)


def test_only_the_host_gives_a_seat_to_a_computer_removes_a_player_or_a_watcher_or_locks_the_table():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [one, two], code = await open_table(url, "sota", ["you", "open", "open"], seed=2)
        seen = await watcher(url, code)
        for message in (p.GiveToComputer(0), p.Remove(seat=0), p.Remove(watcher=0), p.Lock(True)):
            await one.send(message)
            assert "only the host" in (await one.until(p.Refused)).reason
        await seen.send(p.Lock(True))
        assert "only the host" in (await seen.until(p.Refused)).reason
        await host.send(p.GiveToComputer(0))
        assert "cannot go to a computer" in (await host.until(p.Refused)).reason

        await host.send(p.GiveToComputer(1))
        assert (await one.until(p.Welcome)).seat is None  # the guest watches now
        lobby = await host.until(p.Lobby, test=lambda m: m.seats[1].kind == "computer")
        assert lobby.seats[1].name == "Computer 2"
        clock.advance(ROOM_EVERY_S)
        room = await host.until(p.Room, test=lambda m: len(m.watchers) == 2)
        assert names(room) == ["Watcher", "Guest 1"]  # in the order they came
        await host.send(p.Remove(seat=2))
        assert await bye(two) == english(manners.REMOVED)
        await host.until(p.Lobby, test=lambda m: m.seats[2].kind == "open")
        await host.send(p.Remove(watcher=room.watchers[0].id))
        assert await bye(seen) == english(manners.REMOVED)
        await poll(lambda: len(server.tables[code].spectators) == 1, STEP_S)
        clock.advance(ROOM_EVERY_S)
        await host.until(p.Room, test=lambda m: names(m) == ["Guest 1"] and m.watching == 1)

        await host.send(p.Lock(True))
        await poll(lambda: server.tables[code].locked, STEP_S)
        clock.advance(ROOM_EVERY_S)
        assert (await host.until(p.Room, test=lambda m: m.locked)).locked
        stranger = await Client.open(url)
        await stranger.send(p.Join(p.VERSION, code, "Stranger", watch=True))
        assert english(manners.LOCKED) in (await stranger.until(p.Refused)).reason
        await host.send(p.Remove(watcher=5))
        assert "nobody is there" in (await host.until(p.Refused)).reason

    run(body)


def test_a_locked_table_still_takes_back_a_player_with_their_token():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=3)
        token = token_of(guest)
        await host.send(p.Lock(True))
        await poll(lambda: server.tables[code].locked, STEP_S)
        await host.send(p.Start())
        await host.until(p.State)
        await guest.close()
        await poll(lambda: server.tables[code].places[1].conn is None, STEP_S)
        back = await Client.open(url)
        await back.send(p.Join(p.VERSION, code, "Guest 1", token))
        assert (await back.until(p.Welcome)).seat == 1
        await host.send(p.GiveToComputer(1))
        assert "in the lobby" in (await host.until(p.Refused)).reason

    run(body)


def test_play_again_deals_once_every_seated_player_asked_and_shows_who_asked():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=5)
        seen = await watcher(url, code)
        await guest.send(p.Again())
        assert "not over" in (await guest.until(p.Refused)).reason
        await host.send(p.Start())
        await asyncio.wait_for(asyncio.gather(autoplay(host, 0, "sota"), autoplay(guest, 1, "sota")), 60)
        await seen.send(p.Again())
        assert "only a player" in (await seen.until(p.Refused)).reason
        await guest.send(p.Again())
        lobby = await host.until(p.Lobby, test=lambda m: m.seats[1].again)
        assert not lobby.seats[0].again and server.tables[code].match.is_over  # type: ignore[union-attr]
        await host.send(p.Again())
        state = await guest.until(p.State, test=lambda m: not m.over)
        assert state.state == 0
        lobby = await host.until(p.Lobby, test=lambda m: m.started)
        assert not any(seat.again for seat in lobby.seats)

    run(body)


def test_the_turn_time_is_sent_to_every_window_when_a_players_turn_starts():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "kings_corner", ["you", "open"], seed=6)
        seen = await watcher(url, code)
        await host.send(p.Start())
        first = await host.until(p.State, test=lambda m: m.to_move is not None)
        for client in (host, guest, seen):
            turn = await client.until(p.Turn)
            assert (turn.seat, turn.seconds) == (first.to_move, LIMITS.turn_s)

    run(body)


def test_two_players_never_share_a_name_and_the_hosts_computers_keep_theirs():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host = await Client.open(url)
        specs = [p.SeatSpec("you"), p.SeatSpec("computer", name="Hafsa"), p.SeatSpec("computer", name="Amina"),
                 p.SeatSpec("open")]
        await host.send(p.Create(p.VERSION, "Amina", "sota", specs))
        code = (await host.until(p.Welcome)).code
        guest = await Client.open(url)
        await guest.send(p.Join(p.VERSION, code, "Amina"))
        await guest.until(p.Welcome)
        await guest.send(p.TakeSeat(3))
        lobby = await guest.until(p.Lobby, test=lambda m: m.seats[3].kind == "human")
        assert [seat.name for seat in lobby.seats] == ["Amina", "Hafsa", "Amina (2)", "Amina (3)"]

    run(body)


def test_earlier_versions_read_a_lobby_nobody_left_and_skip_the_new_messages():
    class OldSeatInfo(msgspec.Struct, forbid_unknown_fields=True):
        name: str
        kind: str
        level: str
        connected: bool

    data = msgspec.json.decode(p.encoder.encode(p.SeatInfo("Ann", "human", "normal", True)))
    assert msgspec.convert(data, OldSeatInfo).name == "Ann"
    spec = msgspec.json.decode(p.encoder.encode(p.SeatSpec("computer", "easy")))
    assert spec == {"kind": "computer", "level": "easy"}  # what a server of an earlier version reads
    assert manners.unique_name("Bo", ["Bo", "Bo (2)"]) == "Bo (3)"


def test_a_crowd_of_watchers_costs_each_window_a_few_rooms_each_naming_a_bounded_few():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=4)
        crowd = [await watcher(url, code) for _ in range(p.WATCHERS_LISTED + 8)]
        clock.advance(ROOM_EVERY_S)
        room = await host.until(p.Room, test=lambda m: m.watching == len(crowd))
        ids = [seen.id for seen in room.watchers]
        assert len(ids) == p.WATCHERS_LISTED and ids == sorted(set(ids))  # the first to come, each its own id
        for client in (guest, crowd[0]):
            await client.until(p.Room, test=lambda m: m.watching == len(crowd))
        for client in (host, guest, crowd[0]):
            rooms = [m for m in map(p.server_decoder.decode, client.texts) if isinstance(m, p.Room)]
            assert len(rooms) <= 3, len(rooms)  # the first at once, then one in ROOM_EVERY_S (not one a join)

    run(body)


def test_one_who_comes_in_the_middle_of_a_turn_is_sent_the_time_left_of_it():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [_guest], code = await open_table(url, "kings_corner", ["you", "open"], seed=6)
        await host.send(p.Start())
        turn = await host.until(p.Turn)
        clock.advance(10)
        seen = await watcher(url, code)
        late = await seen.until(p.Turn)
        assert (late.seat, late.seconds) == (turn.seat, LIMITS.turn_s - 10)

    run(body)


def test_autoplay_is_told_to_everyone_as_away_refused_to_a_watcher_and_ends_with_the_game():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=7)
        seen = await watcher(url, code)
        await guest.send(p.Autoplay(True))
        assert "autoplay is for a player in a game" in (await guest.until(p.Refused)).reason  # not in the lobby
        await host.send(p.Start())
        await guest.until(p.State)
        await guest.send(p.Autoplay(True))
        lobby = await seen.until(p.Lobby, test=lambda m: m.seats[1].autoplay)
        assert not lobby.seats[0].autoplay
        await seen.send(p.Autoplay(True))
        assert "autoplay is for a player in a game" in (await seen.until(p.Refused)).reason
        server.tables[code].again()  # a new game (as when every player asked)
        assert not server.tables[code].places[1].autoplay
        lobby = await seen.until(p.Lobby, test=lambda m: m.started and not m.seats[1].autoplay)
        assert lobby.seats[1].name == "Guest 1"

    run(body)


def test_a_player_going_after_the_others_asked_for_another_game_lets_it_deal():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=8)
        await host.send(p.Start())
        await asyncio.wait_for(asyncio.gather(autoplay(host, 0, "sota"), autoplay(guest, 1, "sota")), 60)
        await host.send(p.Again())
        await host.until(p.Lobby, test=lambda m: m.seats[0].again)
        assert server.tables[code].match.is_over  # type: ignore[union-attr]
        await guest.close()  # without asking: those still here all asked
        state = await host.until(p.State, test=lambda m: not m.over)
        assert state.state == 0

    run(body)


def test_a_player_away_after_their_turn_time_is_not_back_for_stepping_away_or_leaving_only_for_acting():
    """The three-window play-through read "Amina is back" between her timed-out turn and "Amina left":
    her Leave had counted as acting. Neither Leave nor Autoplay on brings a player back; a move does."""
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "kings_corner", ["you", "open"], seed=6)
        await host.send(p.Start())
        first = await host.until(p.State, test=lambda m: m.to_move is not None)
        idle, other = (host, guest) if first.to_move == 0 else (guest, host)
        clock.advance(LIMITS.turn_s)
        await other.until(p.State, test=lambda m: m.state > first.state)  # the computer played the away turn
        table = server.tables[code]
        await idle.send(p.Autoplay(True))
        await other.until(p.Lobby, test=lambda m: m.seats[first.to_move].autoplay)
        assert table.places[first.to_move].away
        await idle.send(p.Leave())
        assert await bye(idle) == "you left the table"
        name = table.places[first.to_move].name
        left = {"w": "{name} left: a computer plays for them", "f": {"name": name}}
        await other.until(p.State, test=lambda m: left in m.history)
        back = {"w": "{name} is back", "f": {"name": name}}
        assert back not in [line_to_json(line) for line in table.match.lines]  # type: ignore[union-attr]
        histories = [m.history for m in map(p.server_decoder.decode, other.texts) if isinstance(m, p.State)]
        assert all(back not in history for history in histories)

    run(body)


async def kept(server: net_server.Server, folder: Path, code: str) -> saves.SavedTable:
    """The table as its file (no Redis) or its Redis snapshot keeps it now."""
    if server.shared is None:
        return saves.read(saves.path_of(folder, code))[0]
    snapshot = json.loads(await server.shared.cluster.client.get(f"{PREFIX}snap:{code}"))
    return msgspec.convert(snapshot["table"], saves.SavedTable)


@pytest.mark.parametrize("kept_in", ["saves", "redis"])
def test_a_locked_table_a_player_who_left_and_one_on_autoplay_stay_so_through_a_restart_or_another_process(
        tmp_path, kept_in):
    """The first server keeps the table (its file, or its Redis snapshot) and stops; the second takes it
    from there: still locked to strangers, the leaver still "left", the autoplayer still on autoplay."""
    table_code: dict[str, str] = {}

    async def first(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [one, two], code = await open_table(url, "sota", ["you", "open", "open"], seed=4)
        table_code["code"] = code
        await host.send(p.Lock(True))
        await poll(lambda: server.tables[code].locked, STEP_S)
        await host.send(p.Start())
        await one.until(p.State)
        await one.send(p.Autoplay(True))
        await two.send(p.Leave())
        await host.until(p.Lobby, test=lambda m: m.seats[1].autoplay and m.seats[2].left)
        for _ in range(int(STEP_S / 0.01)):  # the file is written after the answers, the snapshot apart
            places = (await kept(server, tmp_path, code)).places
            if places[1].autoplay and places[2].left:
                break
            await asyncio.sleep(0.01)

    async def second(server: net_server.Server, clock: FakeClock, url: str) -> None:
        code = table_code["code"]
        stranger = await Client.open(url)
        await stranger.send(p.Join(p.VERSION, code, "Stranger", watch=True))
        assert english(manners.LOCKED) in (await stranger.until(p.Refused)).reason
        table = server.tables[code]
        assert table.locked
        seats = table.lobby().seats
        assert [info.autoplay for info in seats] == [False, True, False]
        assert [info.left for info in seats] == [False, False, True]

    if kept_in == "saves":
        run(first, saves=tmp_path)
        run(second, saves=tmp_path)
        return
    with redis_server() as redis:
        run(first, redis_url=redis.url)
        run(second, redis_url=redis.url)


def test_a_screens_own_view_is_no_watcher_to_list_or_remove_and_needs_a_seated_token():
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=5)
        table = server.tables[code]
        await host.send(p.Lock(True))
        await poll(lambda: table.locked, STEP_S)
        stranger = await Client.open(url)
        await stranger.send(p.Join(p.VERSION, code, "Eve", watch=True, of="not-a-token"))
        assert "holds no seat" in (await stranger.until(p.Refused)).reason
        screen = await Client.open(url)
        await screen.send(p.Join(p.VERSION, code, "Guest 1", watch=True, of=token_of(guest)))
        welcome = await screen.until(p.Welcome)  # in, though the table is locked: it is a player's own screen
        assert welcome.seat is None and welcome.token is None
        [number] = table.spectators.values()
        clock.advance(ROOM_EVERY_S)
        room = await host.until(p.Room, test=lambda m: m.locked)
        assert room.watchers == [] and room.watching == 0
        await host.send(p.Remove(watcher=number))
        assert "nobody is there" in (await host.until(p.Refused)).reason
        assert len(table.screens) == len(table.spectators) == 1  # still there

    run(body)


def test_a_player_back_on_a_new_connection_is_off_autoplay_until_their_window_says_it_plays_for_them():
    """Autoplay is the window's: kept for a player not back yet (a restart keeps it), it ends when they
    come back on a new connection, whose window says again if it plays for them."""
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=9)
        token = token_of(guest)
        await host.send(p.Start())
        await guest.until(p.State)
        await guest.send(p.Autoplay(True))
        await host.until(p.Lobby, test=lambda m: m.seats[1].autoplay)
        await guest.close()
        await host.until(p.Lobby, test=lambda m: not m.seats[1].connected)
        assert server.tables[code].places[1].autoplay  # (kept while they are not back)
        back = await Client.open(url)
        await back.send(p.Join(p.VERSION, code, "Guest 1", token))
        assert (await back.until(p.Welcome)).seat == 1
        lobby = await host.until(p.Lobby, test=lambda m: m.seats[1].connected)
        assert not lobby.seats[1].autoplay and not server.tables[code].places[1].autoplay
        await back.send(p.Autoplay(True))
        await host.until(p.Lobby, test=lambda m: m.seats[1].autoplay)

    run(body)


def test_a_host_without_a_seat_watches_unlisted_starts_the_game_and_comes_back_as_the_host():
    """Every seat a computer's: the host watches their table, is no stranger in the watchers' list, may
    lock and start it, and coming back with their token is the host again (it was "Player", a
    watcher anyone could remove, and "only the host starts the game")."""
    async def body(server: net_server.Server, clock: FakeClock, url: str) -> None:
        host = await Client.open(url)
        await host.send(p.Create(p.VERSION, "Amina", "sota", [p.SeatSpec("computer"), p.SeatSpec("computer")]))
        welcome = await host.until(p.Welcome)
        assert welcome.seat is None and welcome.host and welcome.token is not None
        room = await host.until(p.Room)
        assert room.watchers == [] and room.watching == 0
        await host.close()
        table = server.tables[welcome.code]
        await poll(lambda: table.host_watching is None, STEP_S)
        back = await Client.open(url)
        await back.send(p.Join(p.VERSION, welcome.code, "Amina", welcome.token))
        again = await back.until(p.Welcome)
        assert again.host and again.seat is None and again.token == welcome.token
        await back.send(p.Lock(True))
        await poll(lambda: table.locked, STEP_S)
        await back.send(p.Start())
        assert (await back.until(p.State)).state == 0
        seen = await Client.open(url)
        await seen.send(p.Join(p.VERSION, welcome.code, "Eve", welcome.token[:-1] + "x"))
        assert "holds no seat" in (await seen.until(p.Refused)).reason

    run(body)
