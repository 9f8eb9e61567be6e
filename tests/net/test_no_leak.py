"""Nothing hidden leaks over the network: whole games of every game with several seats, computers and a
spectator, on a real loopback server; every text a seat received is checked against what its own views
had shown by then, and every computer's input against its seat's view."""
from __future__ import annotations

import asyncio
import json
import re
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from game.cards import Card
from game.match import Match
from game.registry import game_info, game_names
from net import bots
from net import table as net_table
from net.wire import cards_in, from_wire, to_wire
from tests.net.clients import bot_table, cards_in_json, loose_server, play_to_the_end, serving

EXAMPLES = 3  # per game: each is a whole game over the network (up to two seconds)
NO_SHRINKING = (Phase.explicit, Phase.reuse, Phase.generate)  # a failing example is reported as found:
# shrinking would replay whole games for minutes


def card_names(deck: list[Card]) -> re.Pattern | None:
    """A pattern of the card names a sentence may hold ("7 of Cups"): only names no other word has."""
    names = sorted({str(card) for card in deck if " of " in str(card)}, key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b") if names else None


def strings_in(data: object) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for value in data.values() for s in strings_in(value)]
    if isinstance(data, list):
        return [s for value in data for s in strings_in(value)]
    return []


def leaks(texts: list[str], game: str) -> list[str]:
    """Every card a text names, as data or in a sentence, that the views received up to it had not shown."""
    info = game_info(game)
    names = card_names(list(info.deck()))
    seen: set[Card] = set()
    found = []
    for text in texts:
        data = json.loads(text)
        if data["type"] == "state":
            seen |= cards_in(from_wire(info.view_type, data["view"]))
        found += [f"{card} in {text[:200]}" for card in cards_in_json(data) - seen]
        if names is not None:
            seen_names = {str(card) for card in seen}
            found += [f"{name!r} in the sentence {s!r}" for s in set(strings_in(data))
                      for name in names.findall(s) if name not in seen_names]
    return found


async def play_watched(game: str, kinds: list[str], seed: int, folder: Path) -> tuple[dict, list, list[str]]:
    """A whole game on a recording server: each seat's (and the spectator's) received texts, every
    (seat, view given, the seat's view then) a computer was fed, and the record's lines."""
    fed: list[tuple[int, object, object]] = []
    think = net_table.Table.think

    async def spying_think(table: net_table.Table, computer: object, view: object, state: int) -> None:
        assert table.match is not None
        seat = table.match.current_player

        class Spy:
            def choose(self, given: object) -> object:
                fed.append((seat, given, table.match.view(seat)))  # type: ignore[union-attr]
                return computer.choose(given)  # type: ignore[attr-defined]

        await think(table, Spy(), view, state)

    with mock.patch.object(net_table.Table, "think", spying_think):
        async with serving(loose_server(record=folder)) as url:
            tally = bots.Tally()
            seated, spectators, _ = await bot_table(url, game, kinds, seed, tally, watchers=1)
            await play_to_the_end(seated, spectators)
    assert tally.errors == []
    humans = [0] + [seat for seat, kind in enumerate(kinds) if kind == "open"]
    received = {seat: bot.ws.texts for seat, bot in zip(humans, seated, strict=True)}  # type: ignore[attr-defined]
    received["spectators"] = spectators[0].texts
    [record] = folder.glob("*.jsonl")
    return received, fed, record.read_text(encoding="utf-8").splitlines()


@pytest.mark.slow  # whole games over the network, EXAMPLES of each game
@pytest.mark.parametrize("game", game_names())
@settings(max_examples=EXAMPLES, deadline=None, phases=NO_SHRINKING, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_seat_receives_a_card_its_own_views_had_not_shown(game, data):
    info = game_info(game)
    seats = data.draw(st.integers(info.min_players, min(info.max_players, 3)), label="seats")
    others = st.lists(st.sampled_from(["open", "computer"]), min_size=seats - 1, max_size=seats - 1)
    kinds = ["you", *data.draw(others, label="other seats")]
    seed = data.draw(st.integers(1, 10 ** 6), label="seed")
    with tempfile.TemporaryDirectory() as folder:
        received, fed, lines = asyncio.run(play_watched(game, kinds, seed, Path(folder)))

    for seat, texts in received.items():
        assert leaks(texts, game) == [], f"seat {seat}"

    # each seat got its own seat's view of every position, the very texts the record says were sent
    records = [json.loads(line) for line in lines]
    assert [r["seq"] for r in records] == list(range(len(records)))
    assert records[-1]["state"]["extra"]["moves"] == len(records) - 1
    for seat, texts in received.items():
        states = [t for t in texts if json.loads(t)["type"] == "state"]
        assert states == [r["sent"][str(seat)] for r in records], f"seat {seat}"
    for r in records:
        match = Match.load(game, r["state"])
        for seat in received:
            expected = to_wire(match.view(None if seat == "spectators" else seat))
            assert json.loads(r["sent"][str(seat)])["view"] == expected, f"seat {seat}, move {r['seq']}"

    # a computer chooses from its own seat's view of the position, nothing else
    computers = {seat for seat, kind in enumerate(kinds) if kind == "computer"}
    assert {seat for seat, _, _ in fed} == (computers if info.decisions else set())
    for seat, given_view, seat_view in fed:
        assert given_view == seat_view, f"computer at seat {seat}"
