"""Sota's computer player: legal moves from its own view, the normal level's plan, its strength."""
import pytest

from game.sota import ChooseSuit, ComputerPlayer, Draw, Play, TakeSkip, new_game
from harness.ladder import Ladder, win_share
from tests.game.sota.helpers import c, cs, from_layout, layout


def test_every_level_chooses_a_legal_move_from_the_view_alone():
    for level in ("easy", "normal"):
        g = new_game(["a", "b", "c", "d"], 21, play_drawn=True)
        players = [ComputerPlayer(level, seat) for seat in range(4)]
        while not g.is_over:
            move = players[g.current_player].choose(g.view(g.current_player))
            assert move in g.legal_moves()
            g.apply(move)


def test_asking_out_of_turn_or_for_an_unknown_level_is_an_error():
    g = new_game(["a", "b"], 1)
    with pytest.raises(ValueError):
        ComputerPlayer("normal").choose(g.view(1))
    with pytest.raises(ValueError):
        ComputerPlayer("expert")


def test_normal_keeps_its_seven_while_another_card_plays():
    g = layout(["7 cups, 5 cups, 9 clubs", "6 cups, 4 coins, 8 clubs", "6 swords, 8 swords"],
               "5 coins")
    assert ComputerPlayer("normal").choose(g.view(0)) == Play(c("5 cups"))


def test_normal_plays_the_seven_when_stuck_and_names_the_suit_it_holds_most():
    g = layout(["7 cups, 3 swords, 4 swords, 9 clubs", "6 cups, 4 coins", "6 swords, 8 swords"],
               "5 coins")
    ai = ComputerPlayer("normal")
    move = ai.choose(g.view(0))
    assert move == Play(c("7 cups"))
    g.apply(move)
    assert ai.choose(g.view(0)) == ChooseSuit("swords")


def test_normal_strikes_a_player_close_to_winning_with_a_two_or_an_ace():
    hands = ["5 cups, 2 coins, 9 coins, 9 cups", "6 cups, 4 clubs", "6 swords, 8 swords, 3 cups"]
    g = layout(hands, "5 coins")
    assert ComputerPlayer("normal").choose(g.view(0)) == Play(c("2 coins"))
    hands[0] = "5 cups, 1 coins, 9 coins, 9 cups"
    g = layout(hands, "5 coins")
    assert ComputerPlayer("normal").choose(g.view(0)) == Play(c("1 coins"))


def test_normal_passes_a_penalty_or_a_skip_on_when_it_can():
    g = layout(["2 coins, 3 swords", "2 cups, 4 coins, 9 cups", "6 swords"], "5 coins",
               draw="10 cups, 10 swords")
    g.apply(Play(c("2 coins")))
    assert ComputerPlayer("normal").choose(g.view(1)) == Play(c("2 cups"))
    g = layout(["1 coins, 3 swords", "1 cups, 4 coins", "6 swords"], "5 coins")
    g.apply(Play(c("1 coins")))
    assert ComputerPlayer("normal").choose(g.view(1)) == Play(c("1 cups"))
    g = layout(["2 coins, 3 swords", "9 cups, 4 coins", "6 swords"], "5 coins", draw="3 cups")
    g.apply(Play(c("2 coins")))
    assert ComputerPlayer("normal").choose(g.view(1)) == Draw()
    g = layout(["1 coins, 3 swords", "9 cups, 4 coins", "6 swords"], "5 coins")
    g.apply(Play(c("1 coins")))
    assert ComputerPlayer("normal").choose(g.view(1)) == TakeSkip()


def test_normal_never_looks_at_hidden_cards():
    """Two games that differ only in hidden cards look alike to the player, who plays alike."""
    mine = cs("5 cups, 9 coins, 3 cups, 7 clubs")
    a = from_layout(["a", "b"], [mine, cs("1 cups, 2 cups")], [c("5 coins")], [])
    b = from_layout(["a", "b"], [mine, cs("4 swords, 6 clubs")], [c("5 coins")], [])
    for seed in range(5):
        assert ComputerPlayer("normal", seed).choose(a.view(0)) == \
            ComputerPlayer("normal", seed).choose(b.view(0))


def test_normal_clearly_beats_easy_over_many_seeded_games():
    """Small seeded ladders of bench/ai_ladder.py: the normal player's seat rotates."""
    two = win_share(Ladder("sota", "normal", "easy", 2, 400))
    four = win_share(Ladder("sota", "normal", "easy", 4, 400))
    assert two > 0.58, f"normal won {two:.0%} of two-player games against easy (chance: 50%)"
    assert four > 0.30, f"normal won {four:.0%} of four-player games against 3 easy (chance: 25%)"
