"""War batch simulation and saves: the fast engine agrees with the rules object, damaged saves fail."""
import json
import random

import pytest

from game import load_game
from game.cards import Card
from game.war import Battle, new_game, simulate
from game.war.deck import WarOptions
from game.war.sim import BatchSimulation, game_seeds, play_seeded, play_values
from game.war.summary import summarize
from game.war.text import RULES_TEXT

PLAYERS = ["You", "Computer"]


def play_out(game, limit=200000):
    for _ in range(limit):
        if game.is_over:
            break
        game.apply(Battle())
    assert game.is_over
    return game


OPTION_SETS = [{}, {"variant": "classic"}, {"ace": "high"}, {"deck": "trick"},
               {"pickup": "fixed", "variant": "classic", "ace": "high"}, {"pickup": "fixed"}]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_fast_engine_gives_the_rules_objects_statistics(options):
    for seed in game_seeds(11, 6):
        expected = play_out(new_game(PLAYERS, seed, **options)).stats()
        assert play_seeded(seed, WarOptions(**options)) == expected


def test_simulate_sums_the_games_it_plays():
    options = {"variant": "classic"}
    result = simulate(40, 7, **options)
    games = [play_seeded(s, WarOptions(**options)) for s in game_seeds(7, 40)]
    assert result["games"] == 40 and not result["cancelled"]
    assert result["wins"] + result["losses"] + result["draws"] == 40
    assert result["battles"] == sum(g["battles"] for g in games)
    assert result["wars"] == sum(g["wars"] for g in games)
    assert result["play_time_s"] == pytest.approx(1.5 * result["battles"] + 6 * result["wars"])
    assert result["win_rate"] == round(result["wins"] / 40, 4)
    assert sum(result["war_depths"].values()) == result["wars"]
    assert sum(result["game_lengths"].values()) == 40
    assert result["longest_war"] == max(g["longest_war"] for g in games)
    assert json.loads(json.dumps(result)) == result


def test_simulate_is_deterministic_and_seed_dependent():
    assert simulate(20, 3) == simulate(20, 3)
    assert simulate(20, 3)["battles"] != simulate(20, 4)["battles"]


def test_simulate_reports_progress_and_can_be_cancelled():
    seen = []
    simulate(250, 1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (250, 250) and len(seen) == 125
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    calls = []

    def cancel():
        calls.append(1)
        return len(calls) > 3

    result = simulate(1000, 1, cancel=cancel)
    assert result["cancelled"] and result["games"] == 30 and result["games_requested"] == 1000


def test_batch_runs_in_slices_to_the_same_result():
    batch = BatchSimulation(30, 9, pickup="fixed")
    while not batch.run(7):
        pass
    assert batch.result() == simulate(30, 9, pickup="fixed")


def test_the_fast_engine_finds_an_endless_war_where_the_rules_object_does():
    hands = ([13, 1], [6, 7, 2])  # comes back to the deal after 6 battles
    stats = play_values((list(hands[0]), list(hands[1])), WarOptions(pickup="fixed"), random.Random(0))
    assert (stats["outcome"], stats["reason"], stats["battles"]) == ("draw", "endless", 6)
    cards = [Card("french", r, "clubs") for r in hands[0] + hands[1]]
    game = play_out(new_game(PLAYERS, 0, pickup="fixed", hands=(cards[:2], cards[2:])))
    assert game.stats() == stats


def test_summary_of_nothing_is_zeroes():
    empty = summarize([])
    assert empty["games"] == 0 and empty["win_rate"] == 0.0 and empty["game_lengths"] == {}
    with pytest.raises(ValueError):
        simulate(5, 1, variant="x9")


@pytest.mark.parametrize("options", [{}, {"pickup": "fixed"}])
def test_save_and_load_mid_game_continues_exactly(options):
    game = new_game(PLAYERS, 21, **options)
    for _ in range(40):
        game.apply(Battle())
    data = json.loads(json.dumps(game.to_dict()))
    copy = load_game(data)
    assert copy == game
    for _ in range(60):
        if game.is_over:
            break
        assert copy.apply(Battle()) == game.apply(Battle())
    assert copy == game


def test_finished_and_drawn_games_load():
    c = [Card("french", r, "clubs") for r in (13, 1, 6, 7, 2)]
    endless = play_out(new_game(PLAYERS, 0, pickup="fixed", hands=(c[:2], c[2:])))
    c = [Card("french", 7, "clubs"), Card("french", 7, "hearts")]
    both_out = play_out(new_game(PLAYERS, 0, hands=(c[:1], c[1:])))
    assert (endless.reason, both_out.reason) == ("endless", "both_out")
    for game in (play_out(new_game(PLAYERS, 3)), endless, both_out):
        assert load_game(json.loads(json.dumps(game.to_dict()))) == game


def damaged(mutate, **options):
    game = new_game(PLAYERS, 8, **options)
    for _ in range(10):
        game.apply(Battle())
    data = json.loads(json.dumps(game.to_dict()))
    mutate(data)
    return data


@pytest.mark.parametrize("mutate", [
    lambda d: d["stacks"][0].pop(),
    lambda d: d["stacks"][0].append(d["stacks"][1][0]),
    lambda d: d.update(version=3),
    lambda d: d.update(fixed_order="shuffled"),
    lambda d: d.pop("fixed_order"),
    lambda d: d.update(players=["only one"]),
    lambda d: d["options"].update(variant="x5"),
    lambda d: d.update(battles=-1),
    lambda d: d.update(battles_won="many"),
    lambda d: d.update(winners=[0], reason=""),
    lambda d: d.update(rng=[1, 2]),
    lambda d: d["stacks"][0].__setitem__(0, ["spanish", 1, "cups", 0]),
    lambda d: d.pop("table"),
    lambda d: d["war_depths"].update({"0": 1}),
])
def test_damaged_saves_are_refused(mutate):
    with pytest.raises(ValueError):
        load_game(damaged(mutate))


def test_fixed_order_save_must_follow_from_its_deal():
    def swap(d):
        d["stacks"][0][0], d["stacks"][0][1] = d["stacks"][0][1], d["stacks"][0][0]
    data = damaged(swap, pickup="fixed")
    with pytest.raises(ValueError, match="does not follow"):
        load_game(data)
    load_game(damaged(swap))  # random pickup: any order of the same cards may be reached


def test_the_rules_page_states_the_share_of_fixed_order_games_that_loop():
    """The page gives simulate(100_000, 1, pickup="fixed"): no endless draw; here its first thousand games."""
    assert "0 in 1,000" in RULES_TEXT
    assert simulate(1000, 1, pickup="fixed")["endless_draws"] == 0


def test_a_summary_counts_the_runs_of_wins_and_losses_a_draw_breaking_them():
    outcomes = ["win", "win", "draw", "win", "win", "win", "loss", "loss", "win"]
    games = [{"outcome": o, "reason": "cards", "battles": 10, "war_depths": {}, "longest_war": 0,
              **{key: 0 for key in ("battles_won", "wars", "wars_won", "double_wars", "triple_wars",
                                    "quadruple_wars", "deeper_wars", "play_time_s")}} for o in outcomes]
    summary = summarize(games)
    assert (summary["longest_win_streak"], summary["longest_loss_streak"]) == (3, 2)
    assert summary["current_streak"] == {"outcome": "win", "games": 1}
    assert summarize([])["current_streak"] == {"outcome": None, "games": 0}
