"""Memory Match rules: every row of the outcome table, both choices, skips, the lone card, the tie."""
import dataclasses
import json
import random

import pytest

import game
from game import IllegalMove
from game.memory_match import load_game, new_game
from game.memory_match.moves import Choice, Choose, Flip
from game.memory_match.rules import MemoryMatchGame
from tests.game.memory_match.scripted import scripted_game

# Cells 0-11 hold the symbol pairs 1-6 side by side; 12-13 the Bonus cards, 14-15 the Penalty cards.
ORDERED = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8]


def scripted(layout=ORDERED, starter=0) -> MemoryMatchGame:
    return scripted_game(["Ada", "Bob"], 7, layout, starter)


def play(g: MemoryMatchGame, *moves):
    events = []
    for move in moves:
        if isinstance(move, int):
            move = Flip(move)
        events += g.apply(move)
        g.check_invariants()
    return events


def kinds(events):
    return [e.kind for e in events]


def snapshot(g):
    return json.dumps(g.to_dict(), sort_keys=True)


def test_two_equal_standards_score_one_leave_and_the_turn_continues():
    g = scripted()
    events = play(g, 0, 1)
    assert g.scores == [1, 0] and g.current_player == 0
    assert g.grid[0] is None and g.grid[1] is None
    assert kinds(events) == ["flip", "flip", "outcome", "score", "remove"]
    assert events[2].tag == "pair"


def test_two_different_standards_turn_back_down_and_end_the_turn():
    g = scripted()
    events = play(g, 0, 2)
    assert g.scores == [0, 0] and g.current_player == 1
    assert g.grid[0] is not None and g.grid[2] is not None and g.flipped == []
    assert kinds(events) == ["flip", "flip", "outcome", "score", "turn_down", "turn"]
    assert events[4].cells == (0, 2)


def test_standard_and_bonus_score_one_bonus_leaves_standard_turns_back():
    g = scripted()
    events = play(g, 3, 12)
    assert g.scores == [1, 0] and g.current_player == 1
    assert g.grid[12] is None and g.grid[3] is not None
    removed = next(e for e in events if e.kind == "remove")
    assert removed.cells == (12,) and next(e for e in events if e.kind == "turn_down").cells == (3,)


def test_standard_and_penalty_lose_one_penalty_leaves_standard_turns_back():
    g = scripted()
    play(g, 15, 4)
    assert g.scores == [-1, 0] and g.current_player == 1
    assert g.grid[15] is None and g.grid[4] is not None


def test_bonus_and_penalty_score_nothing_both_leave_turn_ends():
    g = scripted()
    play(g, 12, 14)
    assert g.scores == [0, 0] and g.current_player == 1
    assert g.grid[12] is None and g.grid[14] is None


def test_two_bonus_offer_a_real_choice_with_both_cards_still_showing():
    g = scripted()
    events = play(g, 12, 13)
    assert kinds(events)[-1] == "choose" and g.pending_choice == "two_bonus"
    assert g.legal_moves() == [Choose(Choice.END_TURN), Choose(Choice.PLAY_AGAIN)]
    view = g.view(1)
    assert view.face_up[12] is not None and view.face_up[13] is not None
    assert g.scores == [0, 0], "nothing is scored before the choice"


def test_two_bonus_plus_two_and_end_turn():
    g = scripted()
    play(g, 12, 13, Choose(Choice.END_TURN))
    assert g.scores == [2, 0] and g.current_player == 1
    assert g.grid[12] is None and g.grid[13] is None


def test_two_bonus_plus_one_and_play_again():
    g = scripted()
    events = play(g, 12, 13, Choose(Choice.PLAY_AGAIN))
    chosen = next(e for e in events if e.kind == "chosen")
    assert chosen.tag == Choice.PLAY_AGAIN and chosen.text == "takes +1 and plays again"
    assert g.scores == [1, 0] and g.current_player == 0
    assert g.grid[12] is None and g.grid[13] is None


def test_two_penalty_minus_two_and_end_turn():
    g = scripted()
    assert g.legal_moves() != [Choose(Choice.END_TURN), Choose(Choice.SKIP_NEXT)]
    play(g, 14, 15)
    assert g.legal_moves() == [Choose(Choice.END_TURN), Choose(Choice.SKIP_NEXT)]
    play(g, Choose(Choice.END_TURN))
    assert g.scores == [-2, 0] and g.current_player == 1 and g.skips == [0, 0]


def test_two_penalty_minus_one_and_skip_gives_the_other_player_two_turns():
    g = scripted()
    events = play(g, 14, 15, Choose(Choice.SKIP_NEXT))
    assert g.scores == [-1, 0] and g.current_player == 1
    assert "skip_pending" in kinds(events)
    assert g.view(1).skips == (1, 0), "the waiting skip is public"
    events = play(g, 0, 2)  # Bob's first turn ends with a mismatch...
    assert g.current_player == 1, "...and Bob plays again: Ada's turn is skipped"
    assert kinds(events)[-2:] == ["skip", "turn"] and events[-2].player == 0
    assert g.skips == [0, 0]
    play(g, 0, 2)
    assert g.current_player == 0, "after the skipped turn, turns alternate again"


def test_both_players_skipping_cancel_out():
    g = scripted()
    play(g, 14, 15, Choose(Choice.SKIP_NEXT))          # Ada will skip
    play(g, 12, 0)                               # Bob: symbol + Bonus, +1, his turn ends
    assert g.current_player == 1                 # Ada skipped
    play(g, 13, 2)                               # Bob: Bonus + symbol, +1
    assert g.current_player == 0 and g.scores == [-1, 2]


def test_lone_last_penalty_is_flipped_for_the_player_whose_turn_it_is():
    g = scripted()
    play(g, 0, 12)                               # Ada +1, the Bonus at 12 leaves
    play(g, *range(12))                          # Bob takes the six pairs
    events = play(g, 13, 14)                     # Bonus + Penalty: turn ends, Penalty 15 alone
    assert g.is_over and g.scores == [0, 6]
    lone = [e for e in events if e.kind == "flip" and e.tag == "lone"]
    assert lone and lone[0].player == 0 and lone[0].cells == (15,)
    assert kinds(events)[-1] == "game_over"


def test_lone_last_bonus_gives_one_point():
    g = scripted()
    play(g, 0, 14)                               # Ada -1
    play(g, *range(12), 12, 15)                  # Bob +6, then Bonus + Penalty
    assert g.is_over and g.scores == [0, 6]      # Ada got the lone Bonus: -1 + 1
    assert g.result() == {"scores": [0, 6], "winners": [1], "tie": False, "players": ["Ada", "Bob"]}


def test_lone_card_after_a_pair_goes_to_the_same_player():
    g = scripted()
    play(g, 0, 12)                               # Ada +1
    play(g, 13, 14)                              # Bob: Bonus + Penalty
    play(g, *range(12))                          # Ada: six pairs, then the lone Penalty is hers
    assert g.is_over and g.scores == [6, 0]


def test_equal_scores_are_a_tie():
    g = scripted()
    play(g, 0, 1, 2, 3, 4, 5, 6, 8)              # Ada 3 pairs, then a mismatch
    play(g, 6, 7, 8, 9, 10, 11, 12, 14)          # Bob 3 pairs, then Bonus + Penalty
    events = play(g, 13, 15)                     # Ada: Bonus + Penalty empties the grid
    assert g.is_over and g.result()["winners"] == [0, 1] and g.result()["tie"]
    assert events[-1].kind == "game_over" and events[-1].tag == "tie"


def test_starter_option_and_same_seed_same_grid():
    assert new_game(["a", "b"], 3, starter=1).current_player == 1
    assert new_game(["a", "b"], 3).grid == new_game(["a", "b"], 3).grid
    assert new_game(["a", "b"], 3).grid != new_game(["a", "b"], 4).grid
    with pytest.raises(ValueError):
        new_game(["a"], 3)
    with pytest.raises(ValueError):
        new_game(["a", "b"], 3, starter=2)


def test_the_starter_option_names_a_player_or_tosses_a_coin():
    assert new_game(["a", "b"], 3, starter="p1").current_player == 0
    assert new_game(["a", "b"], 3, starter="p2").current_player == 1
    tosses = [new_game(["a", "b"], seed, starter="coin").current_player for seed in range(20)]
    assert tosses == [random.Random(f"coin:{seed}").randrange(2) for seed in range(20)]
    assert set(tosses) == {0, 1}
    assert new_game(["a", "b"], 3, starter="coin").grid == new_game(["a", "b"], 3).grid, "the toss deals nothing"
    with pytest.raises(ValueError):
        new_game(["a", "b"], 3, starter="dice")


@pytest.mark.parametrize("setup,move,message", [
    ((0, 1), Flip(0), "removed"),
    ((0,), Flip(0), "already face up"),
    ((12, 13), Flip(2), "Choose"),
    ((), Choose(Choice.END_TURN), "nothing to choose"),
    ((), Flip(16), "no card there"),
    ((), "flip 3", "not a Memory Match move"),
])
def test_illegal_moves_explain_themselves_and_change_nothing(setup, move, message):
    g = scripted()
    play(g, *setup)
    before = snapshot(g)
    with pytest.raises(IllegalMove, match=message):
        g.apply(move)
    assert snapshot(g) == before


def test_clicking_the_same_card_twice_is_never_a_pair():
    g = scripted()
    play(g, 5)
    assert Flip(5) not in g.legal_moves()


def test_view_never_shows_a_face_down_card():
    g = scripted()
    play(g, 0, 2, 4)  # a mismatch turned back down, then one card up
    view = g.view(0)
    assert [c for c in view.face_up if c is not None] == [g.grid[4]]
    assert [r.index for r in view.log] == [0, 2, 4], "the public log lists every reveal"
    hidden = {g.grid[i] for i in range(16) if i not in (0, 2, 4)}
    assert not hidden & {r.card for r in view.log}


def test_the_public_view_is_a_players_view_without_a_seat():
    g = scripted()
    play(g, 0, 1, 2, 4)
    public = g.view(None)
    assert public.player is None and g.view() == public
    assert dataclasses.replace(public, player=0) == g.view(0)
    assert public.taken == ((g.taken[0][0], g.taken[0][1]), ()) and public.pairs_won(0) == 1


def test_save_round_trip_keeps_the_pending_choice_and_the_rng():
    g = scripted_game(["a", "b"], 11, ORDERED)
    play(g, 14, 15)
    copy = load_game(json.loads(json.dumps(g.to_dict())))
    assert copy == g and copy.pending_choice == "two_penalty"
    play(copy, Choose(Choice.SKIP_NEXT))
    play(g, Choose(Choice.SKIP_NEXT))
    assert copy == g and copy.rng.random() == g.rng.random()


@pytest.mark.parametrize("damage", [
    lambda d: d.update(grid=d["grid"][:15]),
    lambda d: d.update(grid=[None] * 15 + [d["grid"][15]]),
    lambda d: d.update(scores=[0]),
    lambda d: d.update(current=2),
    lambda d: d.update(pending_choice="two_jokers"),
    lambda d: d.update(flipped=[0]) or d.update(pending_choice="two_bonus"),
    lambda d: d.update(taken=[[["memory", 1, "", 0]], []]),
    lambda d: d.pop("rng"),
    lambda d: d.update(log=[[99, ["memory", 1, "", 0], 0, 1]]),
    lambda d: d.update(version=2),
    lambda d: d["grid"].__setitem__(0, ["french", 1, "clubs", 0]),
])
def test_damaged_saves_are_refused(damage):
    data = json.loads(json.dumps(scripted().to_dict()))
    damage(data)
    with pytest.raises(ValueError):
        load_game(data)


def test_registered_as_memory_match():
    info = game.game_info("memory_match")
    assert info.title == "Memory Match" and info.min_players == info.max_players == 2
    assert info.levels == ("easy", "normal", "hard")
    g = game.new_game("memory_match", ["a", "b"], 5, starter=1)
    assert game.load_game(g.to_dict()) == g and g.current_player == 1
    for phrase in ("+2 and end", "skip your next", "lone last card", "tie", "ever looks at a face-down"):
        assert phrase in info.rules_text
