"""Connection faults on a real loopback server: a killed client comes back to the exact position, a lost
seat is played by a computer after the table's wait until its player is back, a slow reader slows nobody."""
from __future__ import annotations

import asyncio
import contextlib
import socket

from game.registry import game_info
from net import bots
from net import protocol as p
from net.wire import from_wire, to_wire
from tests.net.clients import (
    Client,
    autoplay,
    bot_table,
    loose_server,
    open_table,
    play_to_the_end,
    poll,
    serving,
    sleepy_socket,
    token_of,
)

WAIT_S = 5  # the shortest wait a table may ask for before a computer plays a lost seat


def test_a_killed_client_reconnects_with_its_token_to_the_exact_position():
    async def main() -> None:
        server = loose_server()
        async with serving(server) as url:
            host, [guest], code = await open_table(url, "sota", ["you", "open"], seed=21)
            await host.send(p.Start())
            match = None
            for _ in range(6):  # a few moves, whoever is to move
                state = await host.until(p.State, test=lambda m: m.to_move is not None
                                         and m.state == server.tables[code].match.moves_played)
                match = server.tables[code].match
                mover = [host, guest][state.to_move]
                await mover.move(state.state, to_wire(match.rules.legal_moves()[0]))
            await host.until(p.State, test=lambda m: m.state == match.moves_played and m.to_move is not None)
            token = token_of(guest)
            guest.ws.transport.abort()  # killed: no close frame
            lost = await host.until(p.Lost)
            assert (lost.seat, lost.seconds) == (1, 60)

            back = await Client.open(url)
            await back.send(p.Join(p.VERSION, code, "Guest", token=token))
            welcome = await back.until(p.Welcome)
            assert (welcome.seat, welcome.token, welcome.host) == (1, token, False)
            state = await back.until(p.State)
            assert state.state == match.moves_played and state.over is False
            assert from_wire(match.info.view_type, state.view) == match.view(1)
            assert state.view == to_wire(match.view(1))
            assert state.to_move == match.current_player
            assert (await host.until(p.Back)).seat == 1
            assert server.tables[code].places[1].conn is not None and not server.tables[code].places[1].stand_in
            await host.close()
            await back.close()

    asyncio.run(main())


def test_a_lost_seat_is_played_by_a_computer_after_the_wait_until_its_player_comes_back():
    async def main() -> None:
        server = loose_server()
        async with serving(server) as url:
            host, [guest], code = await open_table(url, "kings_corner", ["you", "open"], seed=3, wait_s=WAIT_S)
            table = server.tables[code]
            await host.send(p.Start())
            hosting = asyncio.create_task(autoplay(host, 0, "kings_corner"))
            try:
                await guest.until(p.State)
                token = token_of(guest)
                guest.ws.transport.abort()
                note = "A computer plays for Guest 1 until they come back"
                await poll(lambda: table.places[1].lost_task is not None, 5)
                assert not table.places[1].stand_in and note not in table.match.history, "the seat waits"
                await poll(lambda: note in table.match.history, WAIT_S + 10)
                noted = table.match.history.index(note)
                await poll(lambda: any(line.startswith("Guest 1") for line in table.match.history[noted:]), 10)

                back = await Client.open(url)
                await back.send(p.Join(p.VERSION, code, "Guest", token=token))
                assert (await back.until(p.Welcome)).seat == 1
                assert "Guest 1 is back and plays again" in table.match.history[noted:]
                state = await back.until(p.State, timeout=20, test=lambda m: m.to_move == 1 and not m.over)
                await asyncio.sleep(0.5)  # the computer no longer plays this seat
                assert table.match.moves_played == state.state and table.match.current_player == 1
                info = game_info("kings_corner")
                move = info.computer("normal", 1).choose(from_wire(info.view_type, state.view))
                await back.move(state.state, to_wire(move))
                await back.until(p.State, test=lambda m: m.state == state.state + 1)
                await back.close()
            finally:
                hosting.cancel()
                with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                    await hosting
            said = list(map(p.server_decoder.decode, host.texts))
            assert [(m.seat, m.seconds) for m in said if isinstance(m, p.Lost)][:1] == [(1, WAIT_S)]  # (then
            # maybe another: the guest left at the end)
            assert [m.seat for m in said if isinstance(m, p.Back)] == [1]
            await host.close()

    asyncio.run(main())


def test_a_slow_reader_does_not_slow_the_others_down():
    """A spectator that reads nothing while the game plays: the game is played to its end all the
    same, and the server left that reader behind (its messages queued, or it was closed)."""
    async def main() -> tuple[bots.Tally, bool, bool]:
        server = loose_server()
        async with serving(server) as url:
            tally = bots.Tally()
            seated, _, code = await bot_table(url, "kings_corner", ["you", "open"], 13, tally)
            port = int(url.rsplit(":", 1)[1])
            _, slow = await sleepy_socket(port, p.Join(p.VERSION, code, "Slow"))
            await poll(lambda: len(server.tables[code].spectators) == 1, 5)
            [conn] = server.tables[code].spectators  # small kernel buffers both ways: kilobytes fill them
            conn.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            await play_to_the_end(seated, [], timeout=60)  # bounds the wait only
            behind = conn.closed or bool(conn.queue) or conn.ws.transport.get_write_buffer_size() > 0
            slow.close()
            return tally, all(bot.over.is_set() for bot in seated), behind

    tally, finished, behind = asyncio.run(main())
    assert tally.errors == [] and finished and tally.moves > 50
    assert behind, "the reader was behind the game: it was left behind, never waited for"
