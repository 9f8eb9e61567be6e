"""The Memory Match history's lines and the hints' reasons, from the view before each move."""
import dataclasses

from game.memory_match.moves import Choice, Choose, Flip
from game.memory_match.text import flip_line, hint_reason
from tests.game.memory_match.scripted import scripted_game

NAMES = ["Youssef", "Amina"]


def lines(game, *moves):
    """The line each move writes, as the table makes it."""
    out = []
    for move in moves:
        before = game.view(None)
        out.append(flip_line(NAMES[game.current_player], before, move, game.apply(move)))
    return out


def test_a_pair_of_flips_reads_as_one_sentence():
    game = scripted_game(NAMES, 1)
    first, second = lines(game, Flip(0), Flip(2))
    assert first == "Youssef turns up a Sun (row 1, column 1)"
    assert second == "Youssef turns up a Sun (row 1, column 1) and a Moon (row 1, column 3): no pair"
    assert lines(game, Flip(4), Flip(5)) == [
        "Amina turns up a Heart (row 2, column 1)",
        "Amina turns up a Heart (row 2, column 1) and a Heart (row 2, column 2): a pair, +1, plays again"]


def test_a_bonus_and_a_choice_are_told():
    game = scripted_game(NAMES, 1)
    assert lines(game, Flip(0), Flip(12))[1] == \
        "Youssef turns up a Sun (row 1, column 1) and a Bonus (row 4, column 1): +1, the Bonus leaves"
    game = scripted_game(NAMES, 1)
    assert lines(game, Flip(12), Flip(13), Choose(Choice.END_TURN))[2] == \
        "Youssef turns up a Bonus (row 4, column 1) and a Bonus (row 4, column 2): both Bonus cards; " \
        "Youssef takes +2 and ends the turn"


def test_the_lone_last_card_is_told():
    game = scripted_game(NAMES, 1)
    lines(game, Flip(0), Flip(12))  # Youssef: a Sun and a Bonus; the Bonus leaves alone
    for a, b in ((0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11)):  # Amina takes every pair
        lines(game, Flip(a), Flip(b))
    last = lines(game, Flip(14), Flip(15), Choose(Choice.END_TURN))[2]
    assert last == "Amina turns up a Penalty (row 4, column 3) and a Penalty (row 4, column 4): both Penalty " \
                   "cards; Amina takes -2 and ends the turn. The last card, a Bonus (row 4, column 2), is turned " \
                   "up for Youssef: +1"


def test_a_hint_names_only_what_its_view_has_shown():
    game = scripted_game(NAMES, 1)
    game.apply(Flip(0))
    game.apply(Flip(2))  # Youssef: a Sun and a Moon, no pair; Amina's turn
    assert hint_reason(game.view(1), Flip(3)) == "Flip the card at row 1, column 4: you have not seen it, and you " \
                                                 "know of no pair"
    assert hint_reason(game.view(1), Flip(0)) == "Flip the Sun at row 1, column 1: a card you know, so no surprise"
    game.apply(Flip(3))
    view = game.view(1)
    assert hint_reason(view, Flip(2)) == "Flip the card at row 1, column 3: you saw the other Moon there"
    unseen = dataclasses.replace(view, log=())
    assert hint_reason(unseen, Flip(2)) == "Flip the card at row 1, column 3: you have not seen it, it may be the " \
                                           "other Moon"


def test_a_hint_for_the_choice_after_two_bonus_cards_says_whether_a_pair_is_known():
    game = scripted_game(NAMES, 1)
    for cell in (12, 13):
        game.apply(Flip(cell))
    assert hint_reason(game.view(0), Choose(Choice.END_TURN)) == \
        "Take +2 and end turn: you know of no pair to win by playing on"
    game = scripted_game(NAMES, 1)
    for cell in (0, 2, 1, 3, 12, 13):  # a Sun and a Moon each: both pairs are known
        game.apply(Flip(cell))
    assert hint_reason(game.view(0), Choose(Choice.PLAY_AGAIN)) == "Take +1 and play again: you know where a pair lies"


def test_a_choice_is_told_of_the_chooser_not_to_them():
    game = scripted_game(NAMES, 1)
    told = lines(game, Flip(14), Flip(15), Choose(Choice.SKIP_NEXT))[2]
    assert told.endswith("Youssef takes -1 and skips their next turn"), told
    assert "your" not in told
