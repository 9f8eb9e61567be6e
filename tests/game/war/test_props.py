"""War properties: cards are conserved, counters add up, every game ends, saves round-trip."""
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from game import load_game
from game.cards import french_deck
from game.war import Battle, new_game
from game.war.deck import WarOptions
from game.war.sim import play_seeded

PLAYERS = ["You", "Computer"]
options_st = st.fixed_dictionaries({
    "variant": st.sampled_from(["x4", "classic"]), "ace": st.sampled_from(["low", "high"])})


def check_counters(game):
    stats = game.stats()
    assert sum(game.battles_won) <= game.battles
    assert sum(game.battles_won) >= game.battles - 1  # only a final both-out battle has no winner
    assert stats["wars_won"] <= stats["wars"] <= game.battles
    assert sum(int(n) for n in stats["war_depths"].values()) == stats["wars"]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), options=options_st)
def test_fifty_two_cards_always_and_every_random_game_ends(seed, options):
    game = new_game(PLAYERS, seed, **options)
    for _ in range(20000):
        if game.is_over:
            break
        game.apply(Battle())
        assert len(game.stacks[0]) + len(game.stacks[1]) + len(game.table) == 52
        game.check_invariants()
    assert game.is_over
    check_counters(game)
    result = game.result()
    assert result["draw"] or sorted(result["scores"]) == [0, 52]
    assert play_seeded(seed, WarOptions(**options)) == game.stats()


@settings(max_examples=25, deadline=None)
@given(order=st.permutations(french_deck()).map(lambda cards: cards[:12]),
       cut=st.integers(1, 11), options=options_st)
def test_every_fixed_order_game_ends(order, cut, options):
    game = new_game(PLAYERS, 0, pickup="fixed", hands=(order[:cut], order[cut:]), **options)
    for _ in range(5000):
        if game.is_over:
            break
        game.apply(Battle())
        game.check_invariants()
    assert game.is_over and game.reason in ("cards", "both_out", "endless")
    check_counters(game)
    assert load_game(json.loads(json.dumps(game.to_dict()))) == game


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 60),
       pickup=st.sampled_from(["random", "fixed"]))
def test_save_round_trip_and_same_seed_same_game(seed, steps, pickup):
    game = new_game(PLAYERS, seed, pickup=pickup)
    twin = new_game(PLAYERS, seed, pickup=pickup)
    for _ in range(steps):
        if game.is_over:
            break
        assert game.apply(Battle()) == twin.apply(Battle())
    copy = load_game(json.loads(json.dumps(game.to_dict())))
    assert copy == game == twin
    if not game.is_over:
        assert copy.apply(Battle()) == game.apply(Battle())
