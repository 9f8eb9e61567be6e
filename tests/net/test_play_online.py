"""Whole games of every game over a real server on a loopback port, every seat a bot connection."""
import asyncio
import time

import pytest

from game.registry import game_info, game_names
from net import bots, server


async def serve_and_play(game: str, tables: int, **load: float) -> bots.Tally:
    ready = asyncio.get_running_loop().create_future()
    loose = server.Server(rate=10_000, burst=10_000, joins_per_minute=10_000)  # bots move at once
    task = asyncio.create_task(server.run("127.0.0.1", 0, loose, ready=ready.set_result))
    try:
        port = await asyncio.wait_for(ready, 10)
        seats = game_info(game).min_players
        return await asyncio.wait_for(bots.run(f"ws://127.0.0.1:{port}", tables, game, seats, "normal", 3,
                                               rate=loose.rate, **load), 120)
    finally:
        task.cancel()


@pytest.mark.parametrize("game", game_names())
def test_two_tables_of_bots_play_to_the_end_with_no_error(game):
    tally = asyncio.run(serve_and_play(game, 2))
    assert tally.errors == [] and tally.tables_finished == 2
    assert tally.moves > 0 and len(tally.rtts) > 0


def test_bots_open_their_tables_in_turn_play_again_while_told_then_finish_their_game(monkeypatch):
    opened_at: list[float] = []

    async def sleep_until(when: float) -> None:  # the tables' times, kept instead of waited for
        opened_at.append(when)

    monkeypatch.setattr(bots, "sleep_until", sleep_until)
    monkeypatch.setattr(bots.Games, "again", lambda self, games_over: games_over < 3)  # three games a table
    tally = asyncio.run(serve_and_play("sota", 3, start_at=1000.0, every=0.1))
    assert tally.errors == [] and tally.tables_finished == 3
    assert tally.games_finished == 9, "the host asked for Again twice, and each new game was played out"
    assert opened_at == pytest.approx([1000.0, 1000.1, 1000.2]), "one table a tenth of a second after another"
    assert len(tally.started) == 3 and len(tally.moves_at) == tally.moves and len(tally.rtt_sent) == len(tally.rtts)


def test_a_table_plays_again_until_its_time_decided_once_a_game():
    games = bots.Games(until=time.monotonic() + 3600)
    assert games.again(1) and games.again(1)
    games.until = time.monotonic() - 3600  # the time is over
    assert games.again(1), "the answer for a game is given once, the same to every bot of the table"
    assert not games.again(2)
    assert not bots.Games().again(1), "no time given: one game only"
