"""Sota's properties over random games: cards conserved, games end, saves round-trip, no peeking."""
import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import load_game
from game.sota import ComputerPlayer, SotaView, new_game

MAX_MOVES = 3000

games = st.fixed_dictionaries({
    "players": st.integers(2, 4),
    "seed": st.integers(0, 2**32),
    "stacking": st.booleans(),
    "play_drawn": st.booleans(),
    "chooser": st.integers(0, 1000),
})


def start(spec: dict):
    names = [f"P{i}" for i in range(spec["players"])]
    return new_game(names, spec["seed"], stacking=spec["stacking"],
                    play_drawn=spec["play_drawn"])


@settings(max_examples=25, deadline=None)
@given(games)
def test_forty_distinct_cards_always_and_every_game_ends(spec):
    g = start(spec)
    rng = random.Random(spec["chooser"])
    for _ in range(MAX_MOVES):
        g.check_invariants()
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_moves()))
    assert g.is_over
    g.check_invariants()
    result = g.result()
    assert result["winners"] and all(result["scores"][w] == min(result["scores"])
                                     for w in result["winners"])


@settings(max_examples=15, deadline=None)
@given(games)
def test_save_and_load_give_the_same_game_that_goes_on_the_same(spec):
    g = start(spec)
    rng = random.Random(spec["chooser"])
    for _ in range(rng.randint(0, 60)):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_moves()))
    loaded = load_game(json.loads(json.dumps(g.to_dict())))
    assert loaded == g
    twin = random.Random(spec["chooser"] + 1)
    same = random.Random(spec["chooser"] + 1)
    while not g.is_over:  # the RNG state travels too: later reshuffles agree
        move = twin.choice(g.legal_moves())
        assert move == same.choice(loaded.legal_moves())
        assert g.apply(move) == loaded.apply(move)
    assert loaded == g


@settings(max_examples=15, deadline=None)
@given(games)
def test_a_view_shows_only_the_own_hand_and_counts(spec):
    g = start(spec)
    rng = random.Random(spec["chooser"])
    while not g.is_over:
        for seat in [*range(len(g.names)), None]:
            view = g.view(seat)
            assert isinstance(view, SotaView)
            assert list(view.hand) == ([] if seat is None else g.hands[seat])
            assert [list(h) for h in view.hands if h is not None] == ([] if seat is None else [g.hands[seat]])
            assert list(view.hand_counts) == [len(h) for h in g.hands]
            assert list(view.discard) == g.discard and view.draw_count == len(g.draw_pile)
            assert bool(view.legal_moves) == (seat == g.current_player)
            hidden = {c for i, h in enumerate(g.hands) if i != seat for c in h} | set(g.draw_pile)
            assert not hidden & set(_cards_in(view)), "a view leaked a hidden card"
        g.apply(rng.choice(g.legal_moves()))
    for seat in [*range(len(g.names)), None]:  # the game is over: every hand is shown
        view = g.view(seat)
        assert [list(h or ()) for h in view.hands] == g.hands and not view.legal_moves
        assert not set(g.draw_pile) & set(_cards_in(view))


def _cards_in(view: SotaView):
    yield from view.hand
    for hand in view.hands:
        yield from hand or ()
    yield from view.discard
    if view.drawn_card:
        yield view.drawn_card


def test_the_same_seed_and_moves_give_the_same_game():
    a, b = new_game(["a", "b", "c"], 99), new_game(["a", "b", "c"], 99)
    assert a == b and new_game(["a", "b", "c"], 98) != a
    ai_a, ai_b = ComputerPlayer("normal", 5), ComputerPlayer("normal", 5)
    while not a.is_over:
        move = ai_a.choose(a.view(a.current_player))
        assert move == ai_b.choose(b.view(b.current_player))
        assert a.apply(move) == b.apply(move)
    assert a == b


def test_damaged_saves_are_refused_with_value_error():
    g = new_game(["a", "b", "c"], 7)
    for _ in range(12):
        g.apply(g.legal_moves()[0])
    good = g.to_dict()

    def broken(change):
        data = copy.deepcopy(good)
        change(data)
        return data

    bad_saves = [
        broken(lambda d: d["hands"][0].pop()),  # a card lost
        broken(lambda d: d["hands"][0].append(d["discard"][0])),  # a card twice
        broken(lambda d: d.update(version=2)),
        broken(lambda d: d.update(current=3)),
        broken(lambda d: d.update(current="0")),
        broken(lambda d: d.update(phase="dance")),
        broken(lambda d: d.update(active_suit="hearts")),
        broken(lambda d: d.update(pending_draw=-2)),
        broken(lambda d: d.update(names=["a"])),
        broken(lambda d: d.update(rng="xyz")),
        broken(lambda d: d.update(winners=[5])),
        broken(lambda d: d["options"].update(stacking="yes")),
        broken(lambda d: d["hands"][1].__setitem__(0, ["spanish", 11, "cups", 0])),
        broken(lambda d: d.pop("discard")),
        broken(lambda d: d.update(effects=[[1, "explode", 0]])),
        broken(lambda d: d.update(drawn_card=d["hands"][1][0])),
    ]
    for data in bad_saves:
        with pytest.raises(ValueError):
            load_game(data)
    assert load_game(copy.deepcopy(good)) == g
