"""`--saves`: a table is kept in its file from the lobby to the end of its match, a server started again on
the folder brings it back with the same code, tokens and position (also after SIGKILL), a damaged file is
moved aside, and a connection that joins no table is closed."""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from net import protocol as p
from net import saves
from net.server import Server
from net.wire import to_wire
from tests.net.clients import MAIN, Client, autoplay, listening_url, loose_server, open_table, serving, token_of

MOVES = 6  # moves played before the server goes


def table_file(folder: Path, code: str) -> dict:
    return json.loads(saves.path_of(folder, code).read_text(encoding="utf-8"))


async def play_moves(server: Server, code: str, clients: list[Client], moves: int) -> None:
    """Play the first legal move of whoever is to move until `moves` are played, the last state read."""
    def now(message: p.State) -> bool:
        match = server.tables[code].match
        return match is not None and message.state == match.moves_played and message.to_move is not None

    while (state := await clients[0].until(p.State, test=now)).state < moves:
        match = server.tables[code].match
        assert match is not None
        await clients[state.to_move].move(state.state, to_wire(match.rules.legal_moves()[0]))


def test_a_second_server_on_the_saves_brings_the_table_back_at_the_same_position(tmp_path):
    async def main() -> None:
        first = loose_server(saves=tmp_path)
        async with serving(first) as url:
            host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=21)
            assert table_file(tmp_path, code)["match"] is None and table_file(tmp_path, code)["places"][1]["token"]
            await host.send(p.Start())
            await play_moves(first, code, [host, guest], MOVES)
            token = token_of(guest)
            await host.close()
            await guest.close()
        table = first.tables[code]
        second = loose_server(saves=tmp_path)
        again = second.tables[code]
        assert again.match is not None and table.match is not None
        assert again.match.to_dict() == table.match.to_dict() and again.match.moves_played == MOVES
        assert [(pl.kind, pl.name, pl.token, pl.conn) for pl in again.places] == [
            (pl.kind, pl.name, pl.token, None) for pl in table.places]
        assert (again.seed, again.options, again.wait_s, again.host) == (table.seed, table.options, table.wait_s,
                                                                          table.host)
        assert all(place.lost_task is None for place in again.places)  # no loop ran yet
        async with serving(second) as url:
            assert [place.lost_task is not None for place in again.places] == [True, True]  # the wait is on
            stranger = await Client.open(url)
            await stranger.send(p.Join(p.VERSION, code, "Stranger", token="not-a-token"))
            assert "no seat" in (await stranger.until(p.Refused)).reason
            back = await Client.open(url)
            await back.send(p.Join(p.VERSION, code, "Guest", token=token))
            welcome = await back.until(p.Welcome)
            assert (welcome.seat, welcome.token, welcome.host) == (1, token, False)
            await back.until(p.State)
            assert back.texts[-1] == p.encoder.encode(Server.state_for(table, 1)).decode()
            assert [type(m) for m in map(p.server_decoder.decode, stranger.texts)] == [p.Refused]
            await stranger.close()
            await back.close()

    asyncio.run(main())


def test_the_file_goes_when_the_match_is_over_and_comes_back_when_played_again(tmp_path):
    async def main() -> None:
        async with serving(loose_server(saves=tmp_path)) as url:
            host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=5)
            await host.send(p.Start())
            await asyncio.wait_for(asyncio.gather(autoplay(host, 0, "sota"), autoplay(guest, 1, "sota")), 60)
            assert not saves.path_of(tmp_path, code).exists()
            await host.send(p.Again())
            await guest.send(p.Again())  # (dealt once both asked)
            await host.until(p.State, test=lambda m: m.state == 0)
            assert table_file(tmp_path, code)["match"]["extra"]["moves"] == 0
            await host.close()
            await guest.close()

    asyncio.run(main())


def serve_process(folder: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, str(MAIN), "--serve", "--port", "0", "--saves", str(folder)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        return proc, listening_url(proc)
    except BaseException:
        proc.kill()
        proc.wait(15)
        raise


async def host_plays_until(url: str, moves: int) -> tuple[str, str, int]:
    """A table of Sota, the host against a computer, played until the host is to move after `moves`
    moves; returns its code, the host's token and the state's number."""
    host, _, code = await open_table(url, "sota", ["you", "computer"], seed=9)
    await host.send(p.Start())
    state = await asyncio.wait_for(autoplay(host, 0, "sota", stop_at=moves), 30)
    await host.close()
    return code, token_of(host), state.state


async def host_comes_back(url: str, code: str, token: str) -> p.State:
    """The host back with its token, playing to the end; returns the first state it was sent."""
    host = await Client.open(url)
    await host.send(p.Join(p.VERSION, code, "Host", token=token))
    assert (await host.until(p.Welcome)).seat == 0
    first = await host.until(p.State)
    assert not first.over and first.to_move == 0
    await host.move(first.state, first.legal[0])
    assert (await asyncio.wait_for(autoplay(host, 0, "sota"), 60)).over
    await host.close()
    return first


def test_a_server_killed_and_started_again_on_its_saves_goes_on_to_the_end(tmp_path):
    procs = []
    try:
        proc, url = serve_process(tmp_path)
        procs.append(proc)
        code, token, played = asyncio.run(host_plays_until(url, MOVES))
        proc.kill()  # SIGKILL: nothing is written on the way out
        proc.wait(15)
        proc, url = serve_process(tmp_path)
        procs.append(proc)
        first = asyncio.run(host_comes_back(url, code, token))
        assert first.state == played
        assert not saves.path_of(tmp_path, code).exists()  # the match is over
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait(15)


def saved_table(code: str, game: str = "sota") -> saves.SavedTable:
    places = [saves.SavedPlace("human", "Host", "normal", "token", False), saves.SavedPlace("open", "", "normal",
                                                                                              None, False)]
    return saves.SavedTable(saves.SAVE_VERSION, code, game, {}, 7, 60, "token", places, None)


@pytest.mark.parametrize("damage", ["not json", "unknown game", "wrong code", "no token", "no match"])
def test_a_damaged_file_is_moved_aside_and_the_server_serves(tmp_path, damage):
    saves.write(tmp_path, saved_table("GOODGG"))
    leftover = tmp_path / "table-GOODGG.json.x1y2.tmp"  # a write the kill cut short
    leftover.write_text("{", encoding="utf-8")
    path = saves.path_of(tmp_path, "BADBAD")
    if damage == "not json":
        path.write_text("{not json", encoding="utf-8")
    else:
        saved = saved_table("WRONGG" if damage == "wrong code" else "BADBAD",
                            "poker" if damage == "unknown game" else "sota")
        if damage == "no token":
            saved.places[0].token = None
        if damage == "no match":
            saved.match = {"rules": {"game": "sota"}, "seats": []}
        saves.write(tmp_path, saved)
        saves.path_of(tmp_path, saved.code).replace(path)
    server = loose_server(saves=tmp_path)
    assert list(server.tables) == ["GOODGG"]
    assert not path.exists() and len(list(tmp_path.glob("table-BADBAD.json.damaged-*"))) == 1
    assert not leftover.exists()

    async def main() -> None:
        async with serving(server) as url:
            host = await Client.open(url)
            await host.send(p.Join(p.VERSION, "GOODGG", "Host", token="token"))
            assert (await host.until(p.Welcome)).seat == 0
            await host.close()

    asyncio.run(main())


def test_a_connection_that_joins_no_table_in_time_is_closed(tmp_path):
    async def main() -> None:
        async with serving(loose_server(join_s=0.3)) as url:
            idle = await Client.open(url)
            host, _, _ = await open_table(url, "sota", ["you", "computer"], seed=3)
            code, reason, _ = await idle.closed()
            assert (code, reason) == (1008, "you joined no table in time")
            await host.send(p.Phrase(0))
            assert (await host.until(p.Said)).phrase == 0  # the one at a table stays
            await host.close()

    asyncio.run(main())
