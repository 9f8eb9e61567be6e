"""Skyjo properties: 150 cards always, every game ends, views hide face-down cards, saves resume."""
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.skyjo import load_game, new_game
from game.skyjo.ai import ComputerPlayer, legal_moves_of

SETTINGS = settings(max_examples=6, deadline=None)


def check_view(game):
    """No view shows a face-down value; every view knows the legal moves."""
    for viewer in range(game.player_count):
        view = game.view(viewer)
        for p, grid in enumerate(view.grids):
            for s in range(12):
                card, up = game.grids[p][s], game.face_up[p][s]
                assert grid.values[s] == (card.rank if card is not None and up else None)
                assert (s in grid.removed) == (card is None)
    assert legal_moves_of(game.view(game.current_player)) == game.legal_moves()


def check_rounds(game):
    """Round scores add up to the totals; doubling exactly as the rules say."""
    for entry in game.history:
        raw, scores, ender = entry["raw"], entry["scores"], entry["ender"]
        others = [raw[p] for p in range(len(raw)) if p != ender]
        should_double = raw[ender] > 0 and min(others) <= raw[ender]
        assert entry["doubled"] == should_double
        assert scores == [2 * r if p == ender and should_double else r for p, r in enumerate(raw)]
    assert game.totals == [sum(e["scores"][p] for e in game.history)
                           for p in range(game.player_count)]


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8))
def test_random_games_end_with_cards_conserved_and_views_honest(seed, players):
    game = new_game([f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    for step in range(20000):
        if game.is_over:
            break
        if step % 7 == 0:
            game.check_invariants()
            check_view(game)
        game.apply(rng.choice(game.legal_moves()))
    assert game.is_over and max(game.totals) >= 100
    game.check_invariants()
    check_rounds(game)
    assert game.result()["winners"] == [p for p, t in enumerate(game.totals) if t == min(game.totals)]


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), stop=st.integers(0, 400))
def test_a_saved_game_resumes_exactly(seed, players, stop):
    names = [f"P{i}" for i in range(players)]
    game = new_game(names, seed)
    bots = [ComputerPlayer(("easy", "normal", "hard")[p % 3], seed + p) for p in range(players)]
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(bots[game.current_player].choose(game.view(game.current_player)))
    copy = load_game(json.loads(json.dumps(game.to_dict())))
    assert copy == game
    # both continue with the same moves (the draw pile and its reshuffles included)
    for _ in range(300):
        if game.is_over:
            break
        move = bots[game.current_player].choose(game.view(game.current_player))
        events = game.apply(move)
        assert copy.apply(move) == events
        assert copy == game


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_same_seed_same_game(seed):
    first, second = new_game(["A", "B", "C"], seed), new_game(["A", "B", "C"], seed)
    assert first == second
    rng = random.Random(seed)
    while not first.is_over:
        move = rng.choice(first.legal_moves())
        first.apply(move)
        second.apply(move)
    assert first == second
