"""net.wire's `to_wire`, `cards_in` and `from_wire` work out their walk once per type: over played games
of every game, their answers equal those of the plain walks below (what they were before), what is
put on the wire reads back the same, and what is not of its type is refused."""
from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Mapping
from typing import Any, Literal

import pytest

from game.cards import Card
from game.match import Match
from game.registry import game_info, game_names
from game.seats import Seat
from game.sota.moves import Move, Phase, Play
from net.wire import WireError, cards_in, from_wire, to_wire

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


@pytest.mark.parametrize("game", sorted(game_names()))
def test_views_and_moves_read_back_from_the_wire_as_they_were(game: str) -> None:
    info = game_info(game)
    seats = [Seat(f"P{i}", "human", "normal") for i in range(info.max_players)]
    match = Match.new(game, seats, {o.key: o.default_value for o in info.options}, seed=11)
    rng = random.Random(11)
    for _ in range(MOVES):
        for seat in [*range(len(seats)), None]:
            view = match.view(seat)
            assert from_wire(info.view_type, to_wire(view)) == view
        if match.is_over:
            break
        for move in match.rules.legal_moves():
            assert from_wire(info.move_type, to_wire(move)) == move
        match.play(rng.choice(match.rules.legal_moves()))


SEVEN = ["spanish", 7, "cups", 0]
REFUSED = [  # (type, data): each a WireError, whatever was read before (types are read once, cards kept)
    (Card, ["spanish", 7.0, "cups", 0]), (Card, ["spanish", "7", "cups", 0]), (Card, ["spanish", 7, "cups"]),
    (Card, {"deck": "spanish"}), (Card, None), (int, True), (int, 1.5), (str, 7), (bool, 1), (float, "1"),
    (int | None, "x"), (tuple[Card, ...], [SEVEN, ["spanish", 7, "cups", 0.0]]), (tuple[int, int], [1]),
    (list[int], {"0": 1}), (frozenset[int], [1, "2"]), (dict[int, str], {"x": "y"}), (dict[str, int], {"a": None}),
    (Phase, "nap"), (Literal["a", "b"], "c"), (type(None), 0), (Move, {"@": "Steal", "card": SEVEN}),
    (Move, {"@": ["Play"], "card": SEVEN}), (Move, {"@": "Play"}), (Move, {"@": "Play", "card": SEVEN, "seat": 1}),
    (Play, {"@": "Draw"}), (Play, [SEVEN]), (Any, {"a": object()}), (list[Any], [[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]),
    (tuple[int, ...], "1"), (object, 1),
]


@pytest.mark.parametrize(("tp", "data"), REFUSED, ids=[f"{n}-{getattr(tp, '__name__', 'type')}"
                                                        for n, (tp, _) in enumerate(REFUSED)])
def test_what_is_not_of_its_type_is_refused(tp: Any, data: Any) -> None:
    from_wire(Card, SEVEN)  # a card kept: the same card with a wrong field is still refused
    for _ in range(2):  # read once more, with the reader worked out
        with pytest.raises(WireError):
            from_wire(tp, data)


def test_a_card_read_twice_is_the_same_card_and_a_bool_rank_still_reads_as_before() -> None:
    assert from_wire(Card, SEVEN) is from_wire(Card, list(SEVEN)) == Card("spanish", 7, "cups")
    assert from_wire(Play, {"@": "Play", "card": ["spanish", True, "cups", 0]}).card.rank is True
