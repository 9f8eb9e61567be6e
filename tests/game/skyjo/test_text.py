"""Skyjo's words for the move history and the hints, read from the view as every player sees it."""
from game.skyjo.moves import Discard, DrawCard, Exchange, NextRound, TakeDiscard, TurnUp
from game.skyjo.text import a_card, hint_reason, turn_line
from tests.game.skyjo.test_rules import stack

GRID = [11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]  # slot 0 shows an 11, slots 1-11 face down
UP = [[0], []]


def line_of(game, move):
    """What the table writes for `move`: the view before it and the events it makes."""
    before = game.view(None)
    return turn_line(game.names[game.turn], before, move, game.apply(move))


def test_a_taken_discard_and_its_place_make_one_line():
    game = stack(["Youssef", "Hafsa"], [GRID, GRID], discard=(4,), up=UP)
    assert line_of(game, TakeDiscard()) == "Youssef takes the 4 from the discard"
    assert line_of(game, Exchange(6)) == ("Youssef takes the 4 from the discard and puts it in place of a hidden 6 "
                                         "at row 2, column 3")


def test_a_drawn_card_put_on_a_face_up_card_names_both():
    game = stack(["Youssef", "Hafsa"], [GRID, GRID], discard=(9,), draw=(0,), up=UP)
    assert line_of(game, DrawCard()) == "Youssef draws a 0"
    assert line_of(game, Exchange(0)) == "Youssef draws a 0 and puts it in place of the 11 at row 1, column 1"


def test_a_thrown_card_and_the_card_turned_up_make_one_line():
    game = stack(["Youssef", "Hafsa"], [GRID, GRID], discard=(9,), draw=(8,), up=UP)
    line_of(game, DrawCard())
    assert line_of(game, Discard()) == "Youssef draws an 8 and throws it away"
    assert line_of(game, TurnUp(3)) == ("Youssef draws an 8, throws it away and turns up the card "
                                        "at row 1, column 4: a 3")


def test_a_completed_column_and_the_last_turn_are_told():
    grid = [5, 1, 2, 3, 5, 5, 6, 7, 5, 9, 10, 12]
    up = [[s for s in range(12) if s != 8], []]  # slot 8, the column's third 5, is the last face-down card
    game = stack(["Youssef", "Hafsa"], [grid, GRID], discard=(9,), draw=(5,), up=up)
    line_of(game, DrawCard())
    line = line_of(game, Exchange(8))
    assert line.startswith("Youssef draws a 5 and puts it in place of a hidden 5 at row 3, column 1; "
                           "three 5s make a column")
    assert "everybody else has one last turn" in line


def test_the_next_round_is_a_line_without_a_name():
    game = stack(["Youssef", "Hafsa"], [GRID, GRID], up=UP)
    game.phase, game.ender = "round_over", 0
    assert turn_line("Youssef", game.view(None), NextRound(), []) == "Round 2 is dealt"


def test_cards_are_named_as_a_player_says_them():
    assert [a_card(v) for v in (-2, 0, 1, 8, 11, 12)] == ["a -2", "a 0", "a 1", "an 8", "an 11", "a 12"]


def test_a_hint_says_what_the_card_replaces_and_why():
    game = stack(["Amina", "Hafsa"], [GRID, GRID], discard=(0,), up=UP)
    view = game.view(0)
    assert hint_reason(view, TakeDiscard()) == "Take the 0 from the discard: it replaces your 11, 11 points fewer"
    game = stack(["Amina", "Hafsa"], [GRID, GRID], discard=(12,), up=UP)
    assert hint_reason(game.view(0), DrawCard()).startswith("Draw a card: the 12 on the discard")
    game.apply(DrawCard())
    drawn = game.hand.rank
    reason = hint_reason(game.view(0), Exchange(5))
    assert reason.startswith(f"Put the {drawn} at row 2, column 2: ")


def test_a_saving_of_one_point_is_said_in_the_singular():
    game = stack(["Amina", "Hafsa"], [GRID, GRID], discard=(10,), up=UP)
    reason = hint_reason(game.view(0), TakeDiscard())
    assert reason == "Take the 10 from the discard: it replaces your 11, 1 point fewer"


def test_a_hint_to_complete_a_column_says_so():
    grid = [3, 1, 2, 4, 3, 5, 6, 7, 8, 9, 10, 12]
    game = stack(["Amina", "Hafsa"], [grid, GRID], discard=(3,), up=[[0, 4], []])
    assert hint_reason(game.view(0), TakeDiscard()) == "Take the 3 from the discard: it completes a column of 3s, " \
                                                       "which leaves your grid"


def test_a_hint_that_keeps_the_round_open_says_it_would_be_doubled():
    grid = [9, 10, 11, 12, 8, 7, 6, 5, 4, 3, 2, 0]
    up = [[s for s in range(12) if s != 11], list(range(11))]  # slot 11 is each one's last hidden card
    low = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]
    game = stack(["Youssef", "Hafsa"], [grid, low], discard=(9,), draw=(5,), up=up)
    game.apply(DrawCard())
    view = game.view(0)
    reason = hint_reason(view, Exchange(3))  # the 5 on the 12, not on the hidden card
    assert reason.startswith("Put the 5 at ")
    assert "don't end the round: you would be doubled (ending it now, your 82 points against Hafsa's 10)" in reason
    assert "fewer" in reason, "and the points of the swap after it"
    ending = hint_reason(view, Exchange(11))
    assert "end the round: your 82 points against Hafsa's 10" in ending


def test_a_hint_far_from_the_round_end_says_only_the_points():
    game = stack(["Youssef", "Hafsa"], [GRID, GRID], discard=(9,), draw=(0,), up=UP)
    game.apply(DrawCard())
    assert "round" not in hint_reason(game.view(0), Exchange(0))
