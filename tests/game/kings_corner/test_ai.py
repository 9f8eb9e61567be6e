"""Kings Corner computer players: the five steps of the original rules in order, and a hard level that plans."""
import random

import pytest

from game.kings_corner import new_game
from game.kings_corner.ai import ComputerPlayer, ranked_ends
from game.kings_corner.moves import Draw, LayCard, MovePile, NextRound, Pass
from tests.game.kings_corner.helpers import c, cs, deal_position, position

# The original rules' example: "the user could lay down all of his/her cards if played correctly".
SEED_PILES = ["8S 7H 6C 5D", "AD", "JD TC", "6H 5S 4D 3S", "KH", "KS QH JS TD 9S"]
SEED_HAND = "KC QS TH 9D 6D 2S"


def play_turn(g, player):
    """Let `player` move until its turn ends; the moves it made, in order."""
    seat, made = g.current_player, []
    while g.current_player == seat and g.phase == "play":
        move = player.choose(g.view(seat))
        made.append(move)
        g.apply(move)
    return made


def test_normal_follows_the_seed_steps_in_order():
    # Step 1: Kings to empty corners, then a side pile starting with a King to a corner.
    # Step 2: pile 2 (8H) onto pile 4's Nine of Spades. Step 3: lay 7C on the Eight of Hearts.
    # Step 4: the last card (3D) on the side emptied by step 2 (it fits nowhere else).
    g = position(("KD 7C 3D", "2C"), ["KS QH", "8H", "AC", "TD 9S"])
    moves = play_turn(g, ComputerPlayer("normal", 1))
    assert moves[0] == LayCard(c("KD"), 5)
    assert moves[1] == MovePile(1, 6)
    assert moves[2] == MovePile(2, 4)
    assert moves[3] == LayCard(c("7C"), 4)
    assert isinstance(moves[4], LayCard) and moves[4].card == c("3D") and moves[4].pile in (1, 2)
    assert g.phase == "round_over" and g.rounds[-1].out == 0


def test_normal_draws_when_nothing_fits_and_passes_on_an_empty_draw_pile():
    g = position(("5C", "2C"), ["7S", "9H", "AD", "QC"])
    assert ComputerPlayer("normal").choose(g.view(0)) == Draw()
    g = position(("5C", "2C"), ["7S", "9H", "AD", "QC"], draw="")
    assert ComputerPlayer("normal").choose(g.view(0)) == Pass()


def test_normal_goes_back_to_pile_moves_after_a_lay():
    # Laying 8D on the Nine of Clubs lets pile 1 (7S) follow: step 3, then step 2 again.
    g = position(("8D 2H", "2C"), ["7S", "9C", "AH", "AS"])
    moves = play_turn(g, ComputerPlayer("normal", 3))
    assert moves[:2] == [LayCard(c("8D"), 2), MovePile(1, 2)]


def test_the_computer_only_uses_the_view():
    g = new_game(["You", "Computer"], 8)
    view = g.view(1)
    assert ComputerPlayer("hard", 1).choose(view) in g.legal_moves()
    assert ComputerPlayer("normal", 1).choose(view) in g.legal_moves()


def test_the_computer_deals_on_after_the_score_sheet():
    g = position(("6H", "KC"), ["7S", "9H", "AD", "QC"])
    g.apply(LayCard(c("6H"), 1))
    assert ComputerPlayer("hard").choose(g.view(1)) == NextRound()


def test_hard_cannot_peek_at_the_other_hand_or_the_draw_order():
    """The same table with the other hand and the draw pile dealt again: the same plan."""
    for seed in (2, 9, 30):
        g = new_game(["You", "Computer"], seed)
        me = g.current_player
        hidden = g.hands[1 - me] + g.draw_pile
        random.Random(seed).shuffle(hidden)
        other = deal_position([g.hands[0], hidden[:7]] if me == 0 else [hidden[:7], g.hands[1]],
                              g.piles[:4], turn=me, draw_pile=hidden[7:])
        assert other.view(me) == g.view(me) and other.hands[1 - me] != g.hands[1 - me]
        assert play_turn(g, ComputerPlayer("hard", 4)) == play_turn(other, ComputerPlayer("hard", 4))


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        ComputerPlayer("easy")


def test_hard_lays_down_the_whole_hand_of_the_seed_example():
    g = position((SEED_HAND, "2C"), SEED_PILES)
    plan = ranked_ends(tuple(g.hands[0]), tuple(tuple(p) for p in g.piles))[0][1].path  # the best by cost
    for move in plan:
        g.apply(move)
    assert g.hands[0] == [] and g.rounds[-1].out == 0


def test_hard_plays_its_plan_one_move_at_a_time_and_goes_out():
    g = position((SEED_HAND, "2C"), SEED_PILES)
    moves = play_turn(g, ComputerPlayer("hard", 5))
    assert len(moves) >= len(cs(SEED_HAND)) and g.rounds[-1].out == 0


def test_normal_does_not_always_find_the_seed_example():
    outs = 0
    for seed in range(20):
        g = position((SEED_HAND, "2C"), SEED_PILES)
        play_turn(g, ComputerPlayer("normal", seed))
        outs += g.phase != "play"
    assert outs < 20, "the random order should strand a card at least once"


def play_game(seed, levels):
    g = new_game(["A", "B"], seed)
    players = [ComputerPlayer(levels[0], 2 * seed), ComputerPlayer(levels[1], 2 * seed + 1)]
    while not g.is_over:
        seat = g.current_player
        g.apply(players[seat].choose(g.view(seat)))
        g.check_invariants()
    return g


@pytest.mark.slow  # a ladder of seeded games (bench/ai_ladder.py measures the real one)
def test_hard_earns_fewer_penalties_than_normal_over_many_seeded_games():
    penalties = {"hard": 0, "normal": 0}
    wins = {"hard": 0, "normal": 0}
    for seed in range(8):
        for levels in (("hard", "normal"), ("normal", "hard")):  # each deal from both seats
            g = play_game(seed, levels)
            for seat, level in enumerate(levels):
                penalties[level] += g.penalties[seat]
            for seat in g.result()["winners"]:
                wins[levels[seat]] += 1
    assert penalties["hard"] < 0.85 * penalties["normal"], penalties
    assert wins["hard"] > wins["normal"], wins


def late_position(seed: int, reshuffle: bool):
    """A seeded game played by two normals until a turn begins with at most 8 cards to draw; with
    `reshuffle`, the other hand and the draw pile dealt again from the same cards."""
    g = new_game(["A", "B"], seed)
    players = [ComputerPlayer("normal", seed), ComputerPlayer("normal", seed + 1)]
    while len(g.draw_pile) > 8 or g.phase != "play":
        g.apply(players[g.current_player].choose(g.view(g.current_player)))
    me = g.current_player
    hidden = g.hands[1 - me] + g.draw_pile
    if reshuffle:
        random.Random(seed).shuffle(hidden)
    count = len(g.hands[1 - me])
    hands = [g.hands[me], hidden[:count]] if me == 0 else [hidden[:count], g.hands[me]]
    return deal_position(hands, g.piles, turn=me, draw_pile=hidden[count:], penalties=tuple(g.penalties))


def test_hard_plays_the_round_out_late_without_peeking(monkeypatch):
    """Late in a round hard plays the rest of it out on deals of the unseen cards: the same plan
    whatever the hidden cards really are."""
    from game.kings_corner import ai

    played_out = []
    rollouts = ai.rollout_scores
    monkeypatch.setattr(ai, "rollout_scores", lambda *a: played_out.append(1) or rollouts(*a))
    for seed in (3, 11, 17, 26):
        g, other = late_position(seed, False), late_position(seed, True)
        me = g.current_player
        assert other.view(me) == g.view(me) and other.hands[1 - me] + other.draw_pile != g.hands[1 - me] + g.draw_pile
        assert play_turn(g, ComputerPlayer("hard", 4)) == play_turn(other, ComputerPlayer("hard", 4))
    assert played_out, "no late turn was played out"


def test_the_chance_to_win_falls_with_own_penalties_and_rises_with_the_others():
    from game.kings_corner.ai_search import game_value, win_chances

    chances = win_chances(50)
    assert 0.5 < chances[0][0] < 0.9  # its model: the player who goes out in 58% of rounds
    for a in range(0, 49, 7):
        for b in range(0, 49, 7):
            assert 0 <= chances[a][b] <= 1
            assert chances[a + 1][b] <= chances[a][b] <= chances[a][b + 1]
    assert game_value(chances, 50, 20, 50) == 0 and game_value(chances, 20, 50, 50) == 1


def test_a_play_out_holding_back_keeps_cards_that_cannot_all_go():
    """Nothing fits the second hand (it moves first) and the draw pile is empty: greedy, the first
    lays its Eight and is left with the Three; holding, it lays nothing and both pass."""
    from game.kings_corner.ai_search import EMPTY, INDEX, play_out

    nines = [INDEX[x] for x in cs("9S 9H 9C 9D")] + [EMPTY] * 4
    for hold, expected in ((False, (1, 1)), (True, (2, 1))):
        hands = ([INDEX[x] for x in cs("8H 3D")], [INDEX[c("2C")]])
        assert play_out(hands, list(nines), list(nines), [], 0, hold) == expected
    hands = ([INDEX[c("8H")]], [INDEX[c("2C")]])
    assert play_out(hands, list(nines), list(nines), [], 0, True) == (0, 1)  # all of it goes: it lays it
