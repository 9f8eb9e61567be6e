"""Sota's rules, one scripted position per rule of RULES.md."""
import json

import pytest

from game import IllegalMove
from game.cards import spanish_deck
from game.sota import (
    ChooseSuit,
    Draw,
    Effect,
    Keep,
    Pass,
    Play,
    SotaGame,
    TakeSkip,
    new_game,
)
from tests.game.sota.helpers import NAMES3, c, cs, from_layout, layout


def snapshot(g: SotaGame) -> str:
    return json.dumps(g.to_dict(), sort_keys=True)


# ----- the deal and the start card ------------------------------------------------------------
def test_deal_gives_five_cards_each_and_the_rest_is_the_draw_pile():
    g = new_game(["a", "b", "c", "d"], seed=3)
    assert [len(h) for h in g.hands] == [5, 5, 5, 5]
    assert len(g.discard) == 1 and len(g.draw_pile) == 40 - 20 - 1
    assert g.current_player == 0
    g.check_invariants()


def test_deal_is_round_by_round_from_the_given_order():
    deck = spanish_deck()  # coins 1..10, cups 1..10, ...
    g = new_game(["a", "b"], seed=1, deck=deck)
    assert g.hands[0] == deck[0:10:2] and g.hands[1] == deck[1:10:2]


def test_start_card_is_never_ace_two_or_seven_and_the_turned_ones_go_back_shuffled():
    dealt = [x for x in spanish_deck() if x.rank in (3, 4, 5, 6, 8)][:10]
    specials = cs("1 cups, 2 swords, 7 clubs")
    rest = [x for x in spanish_deck() if x not in dealt and x not in [*specials, c("9 coins")]]
    deck = dealt + specials + [c("9 coins")] + rest
    g = new_game(["a", "b"], seed=11, deck=deck)
    assert g.top_card == c("9 coins")
    assert set(specials) <= set(g.draw_pile)
    assert len(g.draw_pile) == 40 - 10 - 1
    unshuffled = list(reversed(rest)) + specials
    assert g.draw_pile != unshuffled, "the pile is shuffled again after the turned cards return"
    g.check_invariants()


def test_start_card_without_specials_leaves_the_pile_in_order():
    deck = sorted(spanish_deck(), key=lambda x: x.rank in (1, 2, 7))  # ordinary cards first
    g = new_game(["a", "b"], seed=11, deck=deck)
    assert g.top_card == deck[10]
    assert g.draw_pile == list(reversed(deck[11:]))


# ----- matching -------------------------------------------------------------------------------
def test_a_card_plays_on_the_same_rank_or_the_same_suit():
    g = layout(["5 cups, 3 swords, 8 coins, 4 clubs", "6 cups", "6 swords"], "5 coins")
    assert g.legal_moves() == [Play(c("5 cups")), Play(c("8 coins"))]


def test_an_illegal_card_raises_the_reason_and_changes_nothing():
    g = layout(["5 cups, 3 swords", "6 cups", "6 swords"], "5 coins")
    before = snapshot(g)
    with pytest.raises(IllegalMove, match="Play a Coins card, a Five or a Seven"):
        g.apply(Play(c("3 swords")))
    with pytest.raises(IllegalMove, match="not in your hand"):
        g.apply(Play(c("6 cups")))
    with pytest.raises(IllegalMove, match=r"may not|card to play"):
        g.apply(Draw())
    assert snapshot(g) == before


def test_an_ordinary_play_passes_the_turn_to_the_next_seat():
    g = layout(["5 cups, 3 swords", "6 cups", "6 swords"], "5 coins")
    events = g.apply(Play(c("5 cups")))
    assert g.top_card == c("5 cups") and g.current_player == 1
    assert [e.kind for e in events] == ["play", "turn"]


# ----- Ace ------------------------------------------------------------------------------------
def test_ace_skips_the_next_player():
    g = layout(["1 coins, 3 swords", "6 cups, 4 coins", "6 swords, 9 coins"], "5 coins")
    g.apply(Play(c("1 coins")))
    assert g.current_player == 1 and g.pending_skips == 1
    assert g.legal_moves() == [TakeSkip()], "Badr holds no Ace: taking the skip is all he can do"
    events = g.apply(TakeSkip())
    assert [(e.kind, e.player) for e in events] == [("skip", 1), ("turn", 2)]
    assert g.current_player == 2 and g.pending_skips == 0
    assert g.legal_moves() == [Play(c("9 coins"))], "after the skip the Ace is matched normally"


def test_skips_accumulate_two_aces_in_a_row_skip_two_players():
    g = layout(["1 coins, 3 swords", "1 cups, 4 coins", "6 swords, 8 coins", "4 clubs, 9 coins"],
               "5 coins", names=["a", "b", "c", "d"])
    g.apply(Play(c("1 coins")))
    with pytest.raises(IllegalMove, match="Play an Ace or take the skip"):
        g.apply(Play(c("4 coins")))
    assert g.legal_moves() == [Play(c("1 cups")), TakeSkip()]
    g.apply(Play(c("1 cups")))
    assert g.current_player == 2 and g.pending_skips == 2
    events = g.apply(TakeSkip())
    assert [e.player for e in events if e.kind == "skip"] == [2, 3]
    assert g.current_player == 0, "c and d are skipped in turn; a plays next"


def test_with_two_players_an_ace_means_its_player_plays_again():
    g = layout(["1 coins, 1 swords, 4 swords, 9 clubs", "6 cups, 4 coins"], "5 coins",
               names=["a", "b"])
    events = g.apply(Play(c("1 coins")))
    assert g.current_player == 0 and g.pending_skips == 0
    assert [(e.kind, e.player) for e in events] == [("play", 0), ("skip", 1), ("turn", 0)]
    g.apply(Play(c("1 swords")))  # two Aces in a row: still a's turn
    assert g.current_player == 0
    g.apply(Play(c("4 swords")))
    assert g.current_player == 1


# ----- Two ------------------------------------------------------------------------------------
def test_two_makes_the_next_player_draw_two_and_lose_the_turn():
    g = layout(["2 coins, 3 swords", "6 cups, 4 coins", "6 swords"], "5 coins",
               draw="10 cups, 10 swords, 10 clubs")
    g.apply(Play(c("2 coins")))
    assert g.pending_draw == 2 and g.legal_moves() == [Draw()]
    with pytest.raises(IllegalMove, match=r"Draw 2 cards|Play a Two or draw 2 cards"):
        g.apply(Play(c("4 coins")))
    events = g.apply(Draw())
    assert g.hands[1][-2:] == cs("10 cups, 10 swords")
    assert g.current_player == 2 and g.pending_draw == 0
    assert events[0].kind == "draw" and events[0].cards == tuple(cs("10 cups, 10 swords"))


def test_stacking_passes_the_whole_penalty_on_with_two_more():
    g = layout(["2 coins, 3 swords", "2 cups, 4 coins", "6 swords, 9 clubs"], "5 coins",
               draw="10 cups, 10 swords, 10 clubs, 10 coins, 9 cups")
    g.apply(Play(c("2 coins")))
    assert g.legal_moves() == [Play(c("2 cups")), Draw()]
    g.apply(Play(c("2 cups")))
    assert g.current_player == 2 and g.pending_draw == 4
    g.apply(Draw())
    assert len(g.hands[2]) == 6 and g.current_player == 0


def test_without_stacking_a_two_cannot_answer_a_two():
    g = layout(["2 coins, 3 swords", "2 cups, 4 coins", "6 swords"], "5 coins",
               draw="10 cups, 10 swords", stacking=False)
    g.apply(Play(c("2 coins")))
    assert g.legal_moves() == [Draw()]
    with pytest.raises(IllegalMove, match="Draw 2 cards"):
        g.apply(Play(c("2 cups")))


# ----- Seven ----------------------------------------------------------------------------------
def test_seven_plays_on_anything_and_its_player_must_name_a_suit():
    g = layout(["7 cups, 3 swords", "6 cups, 4 coins", "6 swords"], "5 coins")
    assert Play(c("7 cups")) in g.legal_moves()
    g.apply(Play(c("7 cups")))
    assert g.current_player == 0
    assert g.legal_moves() == [ChooseSuit(s) for s in ("coins", "cups", "swords", "clubs")]
    with pytest.raises(IllegalMove, match="Name a suit"):
        g.apply(Play(c("3 swords")))
    events = g.apply(ChooseSuit("swords"))
    assert [e.kind for e in events] == ["suit", "turn"]
    assert g.active_suit == "swords" and g.current_player == 1


def test_the_named_suit_or_another_seven_is_all_that_plays():
    g = layout(["7 cups, 3 swords", "6 cups, 4 swords, 7 coins, 10 cups", "6 swords"], "5 coins")
    g.apply(Play(c("7 cups")))
    g.apply(ChooseSuit("swords"))
    assert g.legal_moves() == [Play(c("4 swords")), Play(c("7 coins"))]
    with pytest.raises(IllegalMove, match="Play a Swords card or a Seven"):
        g.apply(Play(c("10 cups")))  # a Cups card no longer matches the Seven of Cups
    g.apply(Play(c("4 swords")))
    assert g.active_suit is None, "the named suit lasts until the next card is played"


def test_a_seven_as_the_last_card_wins_and_names_no_suit():
    g = layout(["7 cups", "6 cups, 4 coins", "6 swords"], "5 coins")
    events = g.apply(Play(c("7 cups")))
    assert g.is_over and g.result()["winners"] == [0]
    assert g.legal_moves() == [] and events[-1].kind == "game_over"
    with pytest.raises(IllegalMove, match="over"):
        g.apply(ChooseSuit("cups"))


# ----- drawing when stuck ---------------------------------------------------------------------
def test_a_stuck_player_draws_one_card_and_the_turn_ends():
    g = layout(["3 swords, 4 cups", "6 cups", "6 swords"], "5 coins", draw="5 swords, 9 clubs")
    assert g.legal_moves() == [Draw()]
    with pytest.raises(IllegalMove, match="Play a Coins card, a Five or a Seven"):
        g.apply(Play(c("3 swords")))
    g.apply(Draw())
    assert g.hands[0][-1] == c("5 swords") and g.current_player == 1


def test_play_drawn_option_lets_a_fitting_drawn_card_be_played_at_once():
    g = layout(["3 swords, 4 cups", "6 cups", "6 swords"], "5 coins", draw="5 swords, 9 clubs",
               play_drawn=True)
    g.apply(Draw())
    assert g.current_player == 0 and g.legal_moves() == [Play(c("5 swords")), Keep()]
    with pytest.raises(IllegalMove, match="Play the 5 of Swords you drew, or keep it"):
        g.apply(Play(c("3 swords")))
    g.apply(Play(c("5 swords")))
    assert g.top_card == c("5 swords") and g.current_player == 1


def test_play_drawn_option_keep_ends_the_turn_and_a_misfit_ends_it_at_once():
    g = layout(["3 swords, 4 cups", "6 cups", "6 swords"], "5 coins", draw="5 swords, 9 clubs",
               play_drawn=True)
    g.apply(Draw())
    g.apply(Keep())
    assert g.current_player == 1 and c("5 swords") in g.hands[0]
    g = layout(["3 swords, 4 cups", "6 cups", "6 swords"], "5 coins", draw="9 clubs",
               play_drawn=True)
    g.apply(Draw())
    assert g.current_player == 1, "the drawn 9 of Clubs does not fit"


# ----- reshuffle ------------------------------------------------------------------------------
def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top_card():
    g = layout(["3 swords, 4 cups", "6 cups", "6 swords"], "5 coins", rest_to="discard", seed=4)
    assert g.draw_pile == [] and len(g.discard) == 36
    under = g.discard[:-1]
    events = g.apply(Draw())
    assert [e.kind for e in events][:2] == ["reshuffle", "draw"]
    assert g.discard == [c("5 coins")]
    assert len(g.draw_pile) == 34 and set(g.draw_pile) | {g.hands[0][-1]} == set(under)
    g.check_invariants()


def test_a_penalty_draw_reshuffles_in_the_middle():
    g = layout(["2 coins, 3 swords", "6 cups", "6 swords"], "5 coins", draw="9 clubs",
               rest_to="discard", seed=8)
    g.apply(Play(c("2 coins")))
    events = g.apply(Draw())
    assert [e.kind for e in events][:2] == ["reshuffle", "draw"]
    assert len(g.hands[1]) == 3 and g.hands[1][1] == c("9 clubs")
    assert g.discard == [c("2 coins")]
    g.check_invariants()


# ----- passing and the all-pass end -----------------------------------------------------------
def everyone_holds_the_rest(passes_in_a_row: int = 0) -> SotaGame:
    """Draw pile empty, discard just the 5 of Coins; Ana holds no coins, no 5, no Seven."""
    deck = [x for x in spanish_deck() if x != c("5 coins")]
    ana = [x for x in deck if x.suit != "coins" and x.rank not in (5, 7)][:13]
    others = [x for x in deck if x not in ana]
    g = from_layout(NAMES3, [ana, others[:13], others[13:]], [c("5 coins")], [])
    g.passes_in_a_row = passes_in_a_row
    return g


def test_a_stuck_player_with_nothing_to_draw_passes():
    g = everyone_holds_the_rest()
    assert g.legal_moves() == [Pass()]
    with pytest.raises(IllegalMove):
        g.apply(Draw())
    g.apply(Pass())
    assert g.current_player == 1 and g.passes_in_a_row == 1 and not g.is_over
    g.apply(g.legal_moves()[0])
    assert g.passes_in_a_row == 0, "a card played breaks the run of passes"


def test_when_every_player_passes_in_a_row_the_fewest_cards_win_and_ties_share():
    g = everyone_holds_the_rest(passes_in_a_row=2)
    events = g.apply(Pass())
    assert g.is_over and events[-1].kind == "game_over"
    assert g.result()["winners"] == [0, 1, 2] and g.result()["reason"] == "all_passed"
    g = everyone_holds_the_rest(passes_in_a_row=2)
    g.hands[1].append(g.hands[0].pop())
    g.hands[2].append(g.hands[0].pop())
    g.apply(Pass())
    assert g.result()["winners"] == [0] and g.result()["scores"] == [11, 14, 14]


# ----- the win --------------------------------------------------------------------------------
def test_the_first_player_to_empty_the_hand_wins_whatever_the_last_card():
    g = layout(["2 coins", "2 cups, 4 coins", "6 swords"], "5 coins")
    g.apply(Play(c("2 coins")))
    assert g.is_over and g.result() == {"scores": [0, 2, 1], "winners": [0],
                                        "reason": "emptied", "names": NAMES3}
    assert g.pending_draw == 0, "a last Two leaves no penalty"


def test_a_last_ace_wins_too():
    g = layout(["1 coins", "1 cups", "6 swords"], "5 coins")
    g.apply(Play(c("1 coins")))
    assert g.is_over and g.result()["winners"] == [0] and g.pending_skips == 0


# ----- variants as data -----------------------------------------------------------------------
def test_a_house_variant_is_a_new_effect_table():
    effects = {1: Effect("skip"), 2: Effect("draw", 3), 10: Effect("wild")}
    g = layout(["2 coins, 3 swords", "6 cups, 4 coins", "10 swords, 8 cups"], "5 coins",
               draw="9 cups, 9 swords, 9 clubs", effects=effects)
    g.apply(Play(c("2 coins")))
    g.apply(Draw())
    assert len(g.hands[1]) == 5, "this house's Two draws three"
    assert Play(c("10 swords")) in g.legal_moves(), "a Rey is wild here"
    assert Play(c("8 cups")) not in g.legal_moves()
    g.apply(Play(c("10 swords")))
    assert g.legal_moves()[0] == ChooseSuit("coins")


def test_new_game_refuses_wrong_player_counts_and_decks():
    with pytest.raises(ValueError):
        new_game(["a"], 1)
    with pytest.raises(ValueError):
        new_game(["a", "b", "c", "d", "e"], 1)
    with pytest.raises(ValueError):
        new_game(["a", "b"], 1, deck=spanish_deck()[:-1] + spanish_deck()[:1])
