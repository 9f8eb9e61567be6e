"""Memory Match computer player: plays from the view only, remembers by level, hard beats easy."""
import dataclasses

import pytest

from game.memory_match import new_game
from game.memory_match.ai import ComputerPlayer
from game.memory_match.moves import Choice, Choose, Flip
from tests.game.memory_match.scripted import scripted_game

ORDERED = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8]


def scripted(layout=ORDERED, starter=0):
    return scripted_game(["Ada", "Bob"], 3, layout, starter)


def flips(g, *cells):
    for cell in cells:
        g.apply(Flip(cell))


def play_game(levels, seed, starter):
    g = new_game(["A", "B"], seed, starter=starter)
    players = [ComputerPlayer(level, seed * 2 + i) for i, level in enumerate(levels)]
    while not g.is_over:
        p = g.current_player
        g.apply(players[p].choose(g.view(p)))  # an illegal choice would raise here
    return g.result()


def test_hard_beats_easy_in_most_seeded_games():
    wins = {"hard": 0, "easy": 0, "tie": 0}
    for seed in range(80):
        hard_seat = seed % 2
        levels = ("hard", "easy") if hard_seat == 0 else ("easy", "hard")
        result = play_game(levels, seed, starter=(seed // 2) % 2)
        if result["tie"]:
            wins["tie"] += 1
        else:
            wins["hard" if result["winners"] == [hard_seat] else "easy"] += 1
    assert wins["hard"] >= 3 * wins["easy"], wins
    assert wins["hard"] >= 48, wins


def test_normal_beats_easy_more_often_than_not():
    normal = easy = 0
    for seed in range(40):
        result = play_game(("normal", "easy"), seed, starter=seed % 2)
        if not result["tie"]:
            normal += result["winners"] == [0]
            easy += result["winners"] == [1]
    assert normal > easy


def test_hard_takes_the_pairs_it_has_seen():
    g = scripted()
    flips(g, 0, 2)      # Ada: 1 and 2, a mismatch
    flips(g, 1, 3)      # Bob: 1 and 2, a mismatch; now both pairs are known
    ai = ComputerPlayer("hard", 1)
    taken = []
    for _ in range(4):
        move = ai.choose(g.view(0))
        taken.append(move.index)
        g.apply(move)
    assert sorted(taken[:2]) in ([0, 1], [2, 3]) and sorted(taken) == [0, 1, 2, 3]
    assert g.scores == [2, 0] and g.current_player == 0


def test_hard_completes_a_pair_after_a_lucky_first_flip():
    g = scripted()
    flips(g, 4, 12)     # Ada: symbol 3 and a Bonus; the 3 at cell 4 is now known
    flips(g, 0, 2)      # Bob: mismatch
    ai = ComputerPlayer("hard", 5)
    g.apply(Flip(5))    # Ada's first flip is the other 3 (played for her here)
    assert ai.choose(g.view(0)) == Flip(4)


def test_the_computer_cannot_see_face_down_cards():
    # Two grids that differ only in cells nobody has seen give the same view and the same move.
    other = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 8, 7, 7, 8, 6]  # cells 11 and 15 swapped
    moves = []
    for layout in (ORDERED, other):
        g = scripted(layout)
        flips(g, 0, 2, 1, 4)
        ai = ComputerPlayer("hard", 9)
        moves.append(ai.choose(g.view(0)))
        assert all(r.index not in (11, 15) for r in g.view(0).log)
    assert moves[0] == moves[1]


@pytest.mark.parametrize("level,remembered", [("easy", False), ("normal", False), ("hard", True)])
def test_memory_fades_by_level(level, remembered):
    g = scripted()
    flips(g, 0, 2, 1, 3)
    ai = ComputerPlayer(level, 2)
    ai.observe(g.view(0))
    later = dataclasses.replace(g.view(0), turn=g.turn + 60)
    ai.observe(later)
    assert bool(ai.known(later)) == remembered


def test_easy_forgets_most_cards_within_a_few_turns():
    forgotten = 0
    for seed in range(30):
        g = scripted()
        flips(g, 0, 2, 1, 3)
        ai = ComputerPlayer("easy", seed)
        ai.observe(g.view(0))
        ai.observe(dataclasses.replace(g.view(0), turn=g.turn + 3))
        forgotten += 4 - len(ai.known(g.view(0)))
    assert forgotten > 0.6 * 120


def test_double_bonus_choice_plays_again_only_with_a_pair_in_mind():
    g = scripted()
    flips(g, 12, 13)
    assert ComputerPlayer("hard", 1).choose(g.view(0)) == Choose(Choice.END_TURN)
    g = scripted()
    flips(g, 0, 2, 1, 3)  # two pairs known
    flips(g, 12, 13)
    assert ComputerPlayer("hard", 1).choose(g.view(0)) == Choose(Choice.PLAY_AGAIN)


def test_double_penalty_on_an_emptying_grid_takes_the_cheap_skip():
    layout = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 7, 8]
    g = scripted(layout)
    flips(g, *range(12))   # Ada takes all six pairs
    flips(g, 12, 14)       # then two Bonus: end the turn
    g.apply(Choose(Choice.END_TURN))
    flips(g, 13, 15)       # Bob: the last two cards are the Penalties
    assert ComputerPlayer("hard", 1).choose(g.view(1)) == Choose(Choice.SKIP_NEXT)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        ComputerPlayer("genius", 1)
