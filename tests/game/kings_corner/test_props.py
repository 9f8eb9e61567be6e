"""Kings Corner properties (hypothesis) and the save loader's refusals of damaged data."""
import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import load_game
from game.kings_corner import new_game
from game.kings_corner.ai import ComputerPlayer
from game.kings_corner.moves import LayCard, MovePile, Undo
from tests.game.kings_corner.helpers import c, position


def snapshot(g):
    return json.dumps(g.to_dict(), sort_keys=True)


def random_playout(seed, checks):
    """Play a whole game: random moves mixed with computer moves, calling checks(g) each step."""
    g = new_game(["You", "Computer"], seed)
    rng = random.Random(seed)
    smart = ComputerPlayer("normal", seed)
    for _ in range(5000):
        if g.is_over:
            return g
        checks(g)
        moves = g.legal_moves()
        move = rng.choice(moves) if rng.random() < 0.5 else smart.choose(g.view(g.current_player))
        g.apply(move)
    raise AssertionError("the game did not end")


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**9))
def test_52_cards_scores_add_up_and_every_game_ends(seed):
    def checks(g):
        g.check_invariants()
        assert len(g.all_cards()) == 52 == len(set(g.all_cards()))
        assert g.penalties == [sum(r.penalties[s] for r in g.rounds) for s in (0, 1)]
    g = random_playout(seed, checks)
    assert g.is_over and max(g.penalties) >= 25
    assert g.result()["winners"]


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 3))
def test_save_and_load_give_the_same_game_that_plays_on_the_same(seed, offset):
    steps = iter(range(10**6))

    def checks(g):
        if next(steps) % 4 == offset:  # every fourth step, to stay fast
            loaded = load_game(json.loads(json.dumps(g.to_dict())))
            assert loaded == g and loaded.legal_moves() == g.legal_moves()
    g = random_playout(seed, checks)
    assert g.is_over
    # A resumed finished game deals the rematch from the same random state.
    assert load_game(g.to_dict()).play_again() == g.play_again()


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 60))
def test_undo_restores_the_state_before_any_lay_or_pile_move(seed, steps):
    g = new_game(["A", "B"], seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            return
        g.apply(rng.choice(g.legal_moves()))
    for move in g.legal_moves():
        if isinstance(move, (LayCard, MovePile)):
            trial = load_game(g.to_dict())
            before = snapshot(trial)
            trial.apply(move)
            if trial.phase == "play":
                trial.apply(Undo())
                assert snapshot(trial) == before, move


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**9))
def test_same_seed_same_game(seed):
    a, b = (random_playout(seed, lambda g: None) for _ in range(2))
    assert a == b


# ---- damaged saves -------------------------------------------------------------------------
def good_save():
    g = position(("6H 2D", "2C"), ["7S", "9H", "AD", "QC"])
    g.apply(LayCard(c("6H"), 1))
    return g.to_dict()


def damaged(change):
    data = copy.deepcopy(good_save())
    change(data)
    return data


@pytest.mark.parametrize("change", [
    lambda d: d.update(version=2),
    lambda d: d.update(game="war"),
    lambda d: d.pop("piles"),
    lambda d: d["hands"][0].append(["french", 5, "clubs", 0]),  # a duplicate card
    lambda d: d["draw_pile"].pop(),  # a lost card
    lambda d: d["piles"][4].append(["french", 5, "clubs", 0]) or d["draw_pile"].remove(
        ["french", 5, "clubs", 0]),  # a corner that does not start with a King
    lambda d: d["piles"].append([]),
    lambda d: d.update(dealer=2),
    lambda d: d.update(turn="0"),
    lambda d: d.update(phase="bidding"),
    lambda d: d.update(penalties=[30, 0]),  # scores that do not add up
    lambda d: d.update(undo_log=[["lay", ["french", 9, "hearts", 0], 1]]),  # not on top of pile 1
    lambda d: d.update(undo_log=[["fly", 1, 2]]),
    lambda d: d.update(rng=[3, [1, 2], None]),
    lambda d: d.update(names=["only one"]),
    lambda d: d["hands"][0].__setitem__(0, "6H"),
])
def test_damaged_saves_are_refused_with_value_error(change):
    with pytest.raises(ValueError):
        load_game(damaged(change))


def test_the_good_save_loads():
    assert load_game(good_save()).to_dict() == good_save()
