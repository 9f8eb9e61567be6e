"""net.wire's `to_wire` and `cards_in` work out their walk once per type: over played games of every
game, their answers equal those of the plain walks below (what they were before)."""
from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Mapping
from typing import Any

import pytest

from game.cards import Card
from game.match import Match
from game.registry import game_info, game_names
from game.seats import Seat
from net.wire import cards_in, to_wire

MOVES = 400  # per game: enough to reach the end of most deals


def plain_to_wire(obj: Any) -> Any:
    if obj is None or isinstance(obj, bool | int | float | str):
        return obj.value if isinstance(obj, enum.Enum) else obj
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, Card):
        return obj.to_json()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        data = {f.name: plain_to_wire(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
        data["@"] = type(obj).__name__
        return data
    if isinstance(obj, Mapping):
        return {str(k.value if isinstance(k, enum.Enum) else k): plain_to_wire(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [plain_to_wire(item) for item in obj]
    if isinstance(obj, set | frozenset):
        return sorted(plain_to_wire(item) for item in obj)
    raise TypeError(f"{type(obj).__name__} cannot go on the wire")


def plain_cards_in(obj: Any) -> set[Card]:
    found: set[Card] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
    return found


@pytest.mark.parametrize("game", sorted(game_names()))
def test_views_moves_and_events_as_before(game: str) -> None:
    info = game_info(game)
    seats = [Seat(f"P{i}", "human", "normal") for i in range(info.max_players)]
    match = Match.new(game, seats, {o.key: o.default_value for o in info.options}, seed=7)
    rng = random.Random(7)
    for _ in range(MOVES):
        objects = [match.view(seat) for seat in [*range(len(seats)), None]]
        if match.is_over:
            break
        objects += [match.rules.legal_moves(), match.rules.result()]
        objects += match.play(rng.choice(match.rules.legal_moves())).events
        for obj in objects:
            assert to_wire(obj) == plain_to_wire(obj)
            assert cards_in(obj) == plain_cards_in(obj)
    for obj in objects:
        assert to_wire(obj) == plain_to_wire(obj)


def test_what_cannot_go_on_the_wire_still_raises() -> None:
    with pytest.raises(TypeError):
        to_wire(object())
    assert cards_in([object(), "7 of Cups", {"hand": (Card("spanish", 7, "cups"),)}]) == {Card("spanish", 7, "cups")}
