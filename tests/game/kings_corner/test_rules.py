"""Kings Corner rules, one test per rule of RULES.md, on exact positions and scripted decks."""
import json

import pytest

from game import IllegalMove, load_game
from game.cards import french_deck
from game.kings_corner import new_game
from game.kings_corner.ai import ComputerPlayer
from game.kings_corner.moves import Draw, LayCard, MovePile, NextRound, Pass, Phase, Undo
from game.kings_corner.text import move_line
from game.places import Hand, Pile
from tests.game.kings_corner.helpers import c, cs, deal_position, position

PILES = ["7S", "9H", "AD", "QC"]  # sides 1-4; corners empty
NAMES = ("Amina", "Computer")


def state(g):
    return json.dumps(g.to_dict(), sort_keys=True)


def refuse(g, move, reason):
    before = state(g)
    with pytest.raises(IllegalMove) as err:
        g.apply(move)
    assert reason in str(err.value)
    assert state(g) == before


# ---- the deal ------------------------------------------------------------------------------
def test_deal_alternates_seven_cards_starting_with_the_non_dealer():
    deck = french_deck()  # top is the end: King of Spades first
    g = new_game(["You", "Computer"], 1, first_dealer=1, deck=list(deck))
    top = deck[::-1]
    assert set(g.hands[0]) == set(top[0:14:2]), "the non-dealer gets the first card"
    assert set(g.hands[1]) == set(top[1:14:2])
    assert [p for p in g.piles[:4]] == [[top[14]], [top[15]], [top[16]], [top[17]]]
    assert g.piles[4:] == [[], [], [], []]
    assert g.draw_pile == deck[:34]
    assert g.current_player == 0 and g.dealer == 1
    g.check_invariants()


def test_the_seeded_deal_is_the_same_for_the_same_seed_and_differs_for_another():
    a, b, other = (new_game(["A", "B"], s) for s in (5, 5, 6))
    assert a == b and a != other
    assert len(a.draw_pile) == 34 and all(len(h) == 7 for h in a.hands)


def test_hands_are_kept_sorted_high_first():
    g = new_game(["A", "B"], 3)
    for hand in g.hands:
        assert [x.rank for x in hand] == sorted((x.rank for x in hand), reverse=True)


def test_computer_seat_deals_first_by_default_so_the_user_plays_first():
    g = new_game(["You", "Computer"], 9)
    assert g.dealer == 1 and g.current_player == 0


# ---- laying cards --------------------------------------------------------------------------
def test_lay_one_lower_other_colour():
    g = position(("6H 6C", "2C"), PILES)
    g.apply(LayCard(c("6H"), 1))
    assert g.piles[0] == cs("7S 6H") and c("6H") not in g.hands[0]
    assert g.current_player == 0, "laying does not end the turn"


def test_same_colour_is_refused_with_the_reason():
    g = position(("6C 5H", "2C"), PILES)
    refuse(g, LayCard(c("6C"), 1), "A Red Six goes on a Black Seven")
    refuse(g, LayCard(c("5H"), 1), "A Red Six goes on a Black Seven")


def test_nothing_goes_on_an_ace():
    g = position(("KC", "2C"), PILES)
    refuse(g, LayCard(c("KC"), 3), "Nothing goes on an Ace")


def test_king_on_empty_corner_and_only_a_king():
    g = position(("KD 5C", "2C"), PILES)
    refuse(g, LayCard(c("5C"), 6), "Only a King")
    g.apply(LayCard(c("KD"), 6))
    assert g.piles[5] == [c("KD")]


def test_any_card_on_an_empty_side():
    g = position(("5C 2D", "2C"), ["7S", "", "AD", "QC"])
    assert LayCard(c("5C"), 2) in g.legal_moves() and LayCard(c("2D"), 2) in g.legal_moves()
    g.apply(LayCard(c("2D"), 2))
    assert g.piles[1] == [c("2D")]


def test_a_card_not_in_hand_is_refused():
    g = position(("5C", "6H"), PILES)
    refuse(g, LayCard(c("6H"), 1), "not in your hand")


# ---- moving piles --------------------------------------------------------------------------
def test_move_pile_checked_on_its_bottom_card():
    g = position(("5C", "2C"), ["8S 7H", "9H", "AD", "6D"])
    assert MovePile(1, 2) in g.legal_moves()
    refuse(g, MovePile(4, 1), "Pile 4 starts with the Six of Diamonds")
    g.apply(MovePile(1, 2))
    assert g.piles[0] == [] and g.piles[1] == cs("9H 8S 7H")


def test_a_pile_whose_top_fits_but_bottom_does_not_is_refused():
    g = position(("5C", "2C"), ["JC TH", "JS", "AD", "QC"])  # TH would fit on JS; JC does not
    refuse(g, MovePile(1, 2), "does not continue pile 2")


def test_king_pile_moves_onto_an_empty_corner_and_others_do_not():
    g = position(("5C", "2C"), ["KH QS", "9H", "AD", "QC"])
    g.apply(MovePile(1, 7))
    assert g.piles[6] == cs("KH QS") and g.piles[0] == []
    refuse(g, MovePile(2, 5), "Only a pile that starts with a King")


def test_corner_pile_moves_onto_an_empty_side():
    g = position(("5C", "2C"), ["", "9H", "AD", "QC", "KH QS"])
    g.apply(MovePile(5, 1))
    assert g.piles[0] == cs("KH QS") and g.piles[4] == []


def test_moving_onto_an_empty_pile_of_its_own_kind_changes_nothing_and_is_refused():
    g = position(("5C", "2C"), ["", "9H", "AD", "QC", "KH", "", "KS"])
    refuse(g, MovePile(2, 1), "would change nothing")
    refuse(g, MovePile(5, 6), "would change nothing")


def test_pile_onto_a_corner_pile():
    g = position(("5C", "2C"), ["QD JS", "9H", "AD", "3C", "KS"])
    g.apply(MovePile(1, 5))
    assert g.piles[4] == cs("KS QD JS")


def test_a_pile_cannot_move_onto_itself_or_from_an_empty_pile():
    g = position(("5C", "2C"), ["", "9H", "AD", "QC"])
    refuse(g, MovePile(2, 2), "onto itself")
    refuse(g, MovePile(1, 2), "Pile 1 is empty")
    refuse(g, MovePile(1, 9), "no pile 9")


# ---- ending the turn -----------------------------------------------------------------------
def test_draw_takes_the_top_card_and_ends_the_turn():
    g = position(("5C", "2C"), PILES)
    top, count = g.draw_pile[-1], len(g.draw_pile)
    events = g.apply(Draw())
    assert top in g.hands[0] and g.current_player == 1 and len(g.draw_pile) == count - 1
    assert [e.kind for e in events] == ["draw", "turn"]


def test_pass_only_when_the_draw_pile_is_empty():
    g = position(("5C", "2C"), PILES)
    assert Pass() not in g.legal_moves()
    refuse(g, Pass(), "pass only when the draw pile is empty")
    g = position(("5C", "2C"), PILES, draw="")
    assert Draw() not in g.legal_moves() and Pass() in g.legal_moves()
    refuse(g, Draw(), "The draw pile is empty")


def test_two_passes_in_a_row_without_a_move_end_the_round_with_penalties_for_both():
    g = position(("5C KD", "2C"), PILES, draw="")
    g.apply(Pass())
    assert g.phase == Phase.PLAY and g.current_player == 1
    g.apply(Pass())
    assert g.phase != Phase.PLAY and len(g.rounds) == 1 and g.rounds[-1].out is None
    assert g.rounds[-1].penalties == (11, 30 + len(g.hands[1]) - 3)  # King 10 (3 left), others 1


def test_a_pass_after_a_move_does_not_count_toward_the_double_pass():
    g = position(("6H 2D", "3C"), PILES, draw="")
    g.apply(LayCard(c("6H"), 1))
    g.apply(Pass())  # made a move first
    g.apply(Pass())  # seat 1 passes without a move: only one pass in a row
    assert g.phase == Phase.PLAY and g.current_player == 0
    g.apply(Pass())
    assert g.phase != Phase.PLAY and g.rounds[-1].out is None


# ---- round end and scoring -----------------------------------------------------------------
def test_laying_the_last_card_ends_the_round_and_the_other_takes_penalties():
    g = position(("6H", "KC QD 2S"), PILES)
    events = g.apply(LayCard(c("6H"), 1))
    assert g.phase == Phase.ROUND_OVER and g.rounds[-1].out == 0
    assert g.penalties == [0, 12], "King 10, others 1"
    assert [e.amount for e in events if e.kind == "penalty"] == [10, 1, 1]
    assert g.legal_moves() == [NextRound()]
    refuse(g, Draw(), "The round is over")


def test_the_game_ends_at_25_and_the_other_player_wins():
    g = position(("6H", "KC QD 2S"), PILES, penalties=(20, 13))
    g.apply(LayCard(c("6H"), 1))
    assert g.phase == Phase.GAME_OVER and g.is_over
    assert g.result()["winners"] == [0] and g.result()["scores"] == [20, 25]
    assert g.legal_moves() == []


def test_both_over_25_in_a_blocked_round_the_fewer_points_win():
    g = position(("5C KD", "2C 3D"), PILES, draw="", penalties=(24, 10))
    g.apply(Pass())
    g.apply(Pass())
    assert g.is_over and g.penalties[0] == 35 and g.penalties[1] > 35
    assert g.result()["winners"] == [0]


def test_equal_totals_at_the_end_are_a_tie():
    piles = [cs(p) for p in PILES]
    rest = [x for x in french_deck() if x not in piles[0] + piles[1] + piles[2] + piles[3]]
    kings = [x for x in rest if x.rank == 13]
    others = [x for x in rest if x.rank != 13]
    hands = [kings[:2] + others[:22], kings[2:] + others[22:]]  # 20 + 22 points each
    g = deal_position(hands, piles, draw_pile=[])
    g.apply(Pass())
    g.apply(Pass())
    assert g.penalties == [42, 42] and g.is_over
    assert g.result()["winners"] == [0, 1]


# ---- dealer order across rounds and games --------------------------------------------------
def finish_round(g, players):
    """Play the round out with two normal computer players."""
    while g.phase == Phase.PLAY:
        g.apply(players[g.current_player].choose(g.view(g.current_player)))


def test_dealer_alternates_every_round_and_the_non_dealer_moves_first():
    g = new_game(["You", "Computer"], 4)
    players = [ComputerPlayer("normal", 1), ComputerPlayer("normal", 2)]
    dealers, firsts = [], []
    while not g.is_over:
        dealers.append(g.dealer)
        firsts.append(g.current_player)
        finish_round(g, players)
        if g.phase == Phase.ROUND_OVER:
            g.apply(NextRound())
    assert len(dealers) >= 2
    assert dealers == [(1 + i) % 2 for i in range(len(dealers))]
    assert firsts == [1 - d for d in dealers]


def test_a_new_game_is_dealt_by_who_did_not_deal_the_last_round():
    g = new_game(["You", "Computer"], 4)
    players = [ComputerPlayer("normal", 1), ComputerPlayer("normal", 2)]
    while not g.is_over:
        finish_round(g, players)
        if g.phase == Phase.ROUND_OVER:
            g.apply(NextRound())
    last_dealer = g.dealer
    again = g.play_again()
    assert again.dealer == 1 - last_dealer and again.current_player == last_dealer
    assert again.penalties == [0, 0] and again.rounds == [] and again.game_number == 2
    again.check_invariants()


# ---- undo ----------------------------------------------------------------------------------
def test_undo_takes_moves_back_one_by_one():
    g = position(("6H 8D 2D", "2C"), ["7S", "9C", "AD", "QC"])
    snapshots = [state(g)]
    assert Undo() not in g.legal_moves()
    for move in (LayCard(c("6H"), 1), LayCard(c("8D"), 2), MovePile(1, 2)):
        g.apply(move)
        snapshots.append(state(g))
    assert g.piles[1] == cs("9C 8D 7S 6H")
    while snapshots:
        assert state(g) == snapshots.pop()
        if snapshots:
            g.apply(Undo())
    assert Undo() not in g.legal_moves()


def test_undo_of_a_pile_move_puts_the_pile_back():
    g = position(("5C", "2C"), ["8S 7H", "9H", "AD", "QC"])
    before = state(g)
    g.apply(MovePile(1, 2))
    events = g.apply(Undo())
    assert state(g) == before and events[0].src == Pile(2) and events[0].dst == Pile(1)


def test_an_undo_says_which_piles_it_took_a_card_or_a_pile_back_from():
    g = position(("6H 2D", "2C"), ["7S", "9C", "AD", "QC"])
    g.apply(LayCard(c("6H"), 1))
    events = g.apply(Undo())
    assert events[0].src == Pile(1) and events[0].dst == Hand(0)
    assert move_line(Undo(), events, NAMES, 1) == "Amina takes back the Six of Hearts from pile 1"
    g = position(("5C", "2C"), ["8S 7H", "9H", "AD", "QC"])
    g.apply(MovePile(1, 2))
    assert move_line(Undo(), g.apply(Undo()), NAMES, 1) == "Amina moves pile 1 back off pile 2"


def test_no_undo_after_drawing():
    g = position(("6H 2D", "2C"), PILES)
    g.apply(LayCard(c("6H"), 1))
    g.apply(Draw())
    assert Undo() not in g.legal_moves()
    refuse(g, Undo(), "Nothing to undo")


def test_the_undo_list_survives_save_and_load():
    g = position(("6H 2D", "2C"), PILES)
    g.apply(LayCard(c("6H"), 1))
    loaded = load_game(json.loads(json.dumps(g.to_dict())))
    assert loaded == g
    loaded.apply(Undo())
    assert c("6H") in loaded.hands[0]


# ---- what each player may see --------------------------------------------------------------
def test_view_shows_own_hand_and_only_the_count_of_the_other():
    g = new_game(["You", "Computer"], 2)
    v = g.view(0)
    assert v.hand == tuple(g.hands[0]) and v.hand_counts == (7, 7) and v.hands is None
    text = repr(v)
    assert all(repr(x) not in text for x in g.hands[1]), "the computer's cards are hidden"
    assert all(repr(x) not in text for x in g.draw_pile), "the draw pile is hidden"


def test_the_public_view_shows_no_hand_while_a_round_is_played():
    g = new_game(["You", "Computer"], 2)
    v = g.view(None)
    assert v.player is None and v.hand == () and v.hands is None and v.hand_counts == (7, 7)
    assert v.shown_hand(0) is None and v.shown_hand(1) is None
    assert g.view(0).shown_hand(0) == tuple(g.hands[0]) and g.view(0).shown_hand(1) is None
    text = repr(v)
    assert all(repr(x) not in text for h in g.hands for x in h), "no hand is in the public view"


def test_hands_are_shown_once_the_round_is_over():
    g = position(("6H", "KC QD"), PILES)
    g.apply(LayCard(c("6H"), 1))
    assert g.view(0).hands[1] == tuple(g.hands[1])
    assert g.view(None).shown_hand(0) == () and g.view(None).shown_hand(1) == tuple(g.hands[1])


def test_messages_explain_each_move():
    g = position(("3D", "5H 6C"), ["8S 7H", "9H", "AD", "QC"], turn=1)
    assert g.apply(MovePile(1, 2))[0].text == "Computer moves pile 1 onto pile 2."
    assert g.apply(LayCard(c("6C"), 2))[0].text == "Computer lays the Six of Clubs on pile 2."
