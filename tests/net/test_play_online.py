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
                                               **load), 120)
    finally:
        task.cancel()


@pytest.mark.parametrize("game", game_names())
def test_two_tables_of_bots_play_to_the_end_with_no_error(game):
    tally = asyncio.run(serve_and_play(game, 2))
    assert tally.errors == [] and tally.tables_finished == 2
    assert tally.moves > 0 and len(tally.rtts) > 0


def test_bots_play_again_until_the_time_given_then_finish_their_game():
    now = time.monotonic()
    tally = asyncio.run(serve_and_play("sota", 3, start_at=now, every=0.1, until=now + 1.5))
    assert tally.errors == [] and tally.tables_finished == 3
    assert tally.games_finished > 3  # the host asked for Again, and each new game was played out
    # one a tenth of a second, give or take the loop's timer
    assert len(tally.started) == 3 and tally.started[-1] - tally.started[0] >= 0.19
    assert len(tally.moves_at) == tally.moves and len(tally.rtt_sent) == len(tally.rtts)
