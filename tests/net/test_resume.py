"""`--saves`: a table is kept in its file from the lobby to the end of its match, a server started again on
the folder brings it back with the same code, tokens and position, a damaged file is moved aside, and a
connection that joins no table is closed."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from net import protocol as p
from net import saves
from net.server import Server
from net.wire import to_wire
from tests.net.clients import Client, autoplay, loose_server, open_table, serving, token_of

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
            await host.until(p.State, test=lambda m: m.state == 0)
            assert table_file(tmp_path, code)["match"]["extra"]["moves"] == 0
            await host.close()
            await guest.close()

    asyncio.run(main())


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
