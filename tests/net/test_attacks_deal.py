"""Attacks on the deal, as a player at a server's table would make them: a seed the host sends, the
next deal worked out from the last, the seed searched for from what a seat sees, a forced move that
tells every seat what a player holds. Each would give away hidden cards."""
from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator

import msgspec
import pytest

from game.match import Match
from game.seats import Seat
from net import bots
from net import protocol as p
from net import saves as table_saves
from net import server as net_server
from net.shared import SharedTables
from net.wire import to_wire
from tests.net.clients import Client, bot_table, loose_server, open_table, play_to_the_end, serving

SEED = 5  # what a hostile host puts in its Create
TABLES = 40  # tables whose seeds are looked at together
SEED_BITS = 128  # the least a deal's seed must vary over


async def host_hand(url: str) -> list:
    """The host's first State's hand at a new Sota table it opened with seed SEED (two computers)."""
    host, _, _ = await open_table(url, "sota", ["you", "computer", "computer"], SEED)
    await host.send(p.Start())
    state = await host.until(p.State)
    await host.close()
    return state.view["hand"]


def test_a_seed_the_host_sends_deals_no_table():
    def as_dealt(seed: int) -> list:
        seats = [Seat("Host"), Seat("Computer 2", "computer"), Seat("Computer 3", "computer")]
        return to_wire(Match.new("sota", seats, {}, seed).view(0))["hand"]

    async def run() -> list[list]:
        async with serving() as url:
            return [await host_hand(url), await host_hand(url)]

    first, second = asyncio.run(run())
    assert first != as_dealt(SEED) and second != as_dealt(SEED)  # the host cannot know the others' cards
    assert first != second  # two tables never share a deal, whatever their hosts sent


def test_every_deal_has_its_own_128_bit_seed_and_play_again_draws_a_new_one():
    async def run(server: net_server.Server) -> tuple[list[int], int, int]:
        async with serving(server) as url:
            codes = []
            for _ in range(TABLES):
                host = await Client.open(url)
                await host.send(p.Create(p.VERSION, "Host", "sota", [p.SeatSpec("you"), p.SeatSpec("computer")],
                                         seed=SEED))
                codes.append((await host.until(p.Welcome)).code)
                await host.close()
            tally = bots.Tally()
            seated, spectators, code = await bot_table(url, "sota", ["you", "open"], SEED, tally)
            first = server.tables[code].seed
            seated[0].games = bots.Games(until=float("inf"))  # the host asks for another game ...
            seated[0].games.decided[2] = False  # ... once
            seated[1].games = seated[0].games
            await play_to_the_end(seated, spectators)
            assert tally.errors == [] and seated[0].games_over == 2
            return [server.tables[c].seed for c in codes], first, server.tables[code].seed

    seeds, first, again = asyncio.run(run(loose_server()))
    seeds += [first, again]
    assert len(set(seeds)) == len(seeds) and all(0 <= seed < 2 ** SEED_BITS for seed in seeds)
    for bit in range(SEED_BITS):  # every one of the 128 bits varies from deal to deal: none is fixed
        assert {seed >> bit & 1 for seed in seeds} == {0, 1}, bit
    assert again != random.Random(first).randrange(1, 10 ** 9)  # the next deal does not follow from the last


def test_no_frame_carries_the_seed_or_the_shuffles_state():
    async def run(server: net_server.Server) -> tuple[list[str], int, dict]:
        async with serving(server) as url:
            seated, spectators, code = await bot_table(url, "sota", ["you", "open", "open"], SEED, bots.Tally(),
                                                       watchers=1)
            table = server.tables[code]
            await play_to_the_end(seated, spectators)
            assert table.match is not None
            texts = [text for bot in seated for text in bot.ws.texts] + spectators[0].texts
            return texts, table.seed, table.match.to_dict()["rules"]["rng"]

    texts, seed, rng = asyncio.run(run(loose_server()))
    words = {str(seed)[:12], *(str(word) for word in rng[1][1:6])}  # (the generator's first word is fixed)
    assert seed.bit_length() > 64 and not [text for text in texts if any(word in text for word in words)]


def sota_seeds() -> Iterator[int]:
    """Deals in which some seat meets skips and penalty draws it cannot answer (fixed, so that the test
    sees the same games every time)."""
    yield from range(100, 10_000)


def test_a_move_without_choice_is_the_players_and_tells_nobody_that_it_had_none(monkeypatch):
    deals = sota_seeds()
    monkeypatch.setattr(net_server, "new_seed", lambda: next(deals))

    async def run() -> tuple[list[p.State], list[p.State]]:
        async with serving() as url:
            watched: list[p.State] = []
            seats: list[p.State] = []
            for table in range(3):
                seated, spectators, _ = await bot_table(url, "sota", ["you", "open", "open"], 40 + table,
                                                        bots.Tally(), watchers=1)
                await play_to_the_end(seated, spectators)
                watched += [m for m in map(p.server_decoder.decode, spectators[0].texts) if isinstance(m, p.State)]
                for bot in seated:
                    seats += [m for m in map(p.server_decoder.decode, bot.ws.texts) if isinstance(m, p.State)]
            return watched, seats

    watched, seats = asyncio.run(run())
    without_choice = [s for s in seats if s.to_move is not None and len(s.legal) == 1 and s.legal[0]["@"]
                      in ("TakeSkip", "Draw") and (s.view["pending_skips"] or s.view["pending_draw"])]
    assert without_choice  # the games met the case: a seat facing a skip or a penalty with nothing to answer it
    assert [s.state for s in watched if s.to_move is None] == [s.state for s in watched if s.over]
    assert all(s.to_move == s.view["current_player"] for s in watched if not s.over)


@pytest.mark.parametrize("game", ["sota", "memory_match", "war", "skyjo", "kings_corner"])
def test_a_seed_the_host_sends_deals_no_game(game):
    def cards(match: Match | None) -> dict:
        assert match is not None
        return {key: value for key, value in match.to_dict()["rules"].items() if key != "rng"}

    async def run(server: net_server.Server) -> list[dict]:
        async with serving(server) as url:
            deals = []
            for _ in range(2):
                host, _, code = await open_table(url, game, ["you", "computer"], SEED)
                await host.send(p.Start())
                await host.until(p.State)
                deals.append(cards(server.tables[code].match))
                await host.close()
            return deals

    first, second = asyncio.run(run(loose_server()))
    chosen = cards(Match.new(game, [Seat("Host"), Seat("Computer 2", "computer")], {}, SEED))
    assert first != second and chosen not in (first, second)


def test_a_128_bit_seed_survives_the_tables_file_and_its_redis_snapshot(tmp_path):
    async def run(server: net_server.Server) -> tuple[int, list[dict], str]:
        async with serving(server) as url:
            host, _, code = await open_table(url, "skyjo", ["you", "computer"], SEED)
            await host.send(p.Start())
            await host.until(p.State)
            table = server.tables[code]
            assert table.match is not None
            kept = msgspec.convert(json.loads(json.dumps(SharedTables.snapshot_of(table))), table_saves.SavedTable)
            [(saved, match)] = table_saves.read_all(tmp_path)  # the --saves file
            assert match is not None and kept.match is not None
            again = Match.load(kept.game, kept.match)
            return table.seed, [saved.match or {}, kept.match, match.to_dict(), again.to_dict()], code

    seed, copies, _ = asyncio.run(run(loose_server(saves=tmp_path)))
    assert seed.bit_length() > 64
    assert all(copy["extra"]["seed"] == seed and copy["rules"] == copies[0]["rules"] for copy in copies)
