"""Skyjo rules from the published rules (RULES.md), each on a scripted table."""
from collections import Counter

import pytest

from game import IllegalMove
from game.cards import Card, skyjo_deck
from game.skyjo import load_game, new_game
from game.skyjo.moves import Discard, DrawCard, Exchange, NextRound, Tag, TakeDiscard, TurnUp

D = None  # a face-down slot in the grid pictures below


def stack(players, grids, discard=(0,), draw=(), up=None, seed=1, target=100):
    """A game in the "choose" phase with the given grids (values; face up where `up` says).

    `grids` are lists of 12 values, row by row; `up` per player lists face-up slots (default:
    none). `discard` is bottom to top, `draw` is top first; the other cards fill the draw pile.
    """
    game = new_game(players, seed, target=target)
    pool = Counter(skyjo_deck())
    by_value: dict[int, list[Card]] = {}
    for card in sorted(pool):
        by_value.setdefault(card.rank, []).append(card)

    def take(value: int) -> Card:
        return by_value[value].pop()

    for p, values in enumerate(grids):
        game.grids[p] = [take(v) for v in values]
        game.face_up[p] = [s in (up[p] if up else ()) for s in range(12)]
    game.discard_pile = [take(v) for v in discard]
    top = [take(v) for v in draw]
    rest = [c for cards in by_value.values() for c in cards]
    game.draw_pile = rest + top[::-1]
    game.reveals_left = [0] * len(players)
    game.phase, game.turn = "choose", 0
    game.check_invariants()
    return game


def grid(*rows):
    return [v for row in rows for v in row]


LOW = grid([1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12])
ALL_UP = list(range(12))


def test_deck_has_150_cards_in_the_published_counts():
    counts = Counter(card.rank for card in skyjo_deck())
    assert sum(counts.values()) == 150
    assert counts[-2] == 5 and counts[-1] == 10 and counts[0] == 15
    assert all(counts[v] == 10 for v in range(1, 13))


@pytest.mark.parametrize("players", [2, 5, 8])
def test_deal_gives_twelve_face_down_cards_and_one_discard(players):
    game = new_game([f"P{i}" for i in range(players)], 7)
    assert all(len(g) == 12 and None not in g for g in game.grids)
    assert not any(any(up) for up in game.face_up)
    assert len(game.discard_pile) == 1
    assert len(game.draw_pile) == 150 - 12 * players - 1
    assert game.phase == "reveal" and game.current_player == 0


def test_opening_turn_ups_go_in_seat_order_and_highest_pair_starts():
    game = new_game(["Ann", "Bob", "Cy"], 3)
    order = []
    while game.phase == "reveal":
        order.append(game.current_player)
        assert game.legal_moves() == [TurnUp(s) for s in game.down_slots(game.current_player)]
        game.apply(TurnUp(game.down_slots(game.current_player)[0]))
    assert order == [0, 0, 1, 1, 2, 2]
    sums = [game.visible_score(p) for p in range(3)]
    assert game.current_player == sums.index(max(sums))
    assert game.phase == "choose"


def test_equal_highest_pairs_go_to_the_earlier_seat():
    game = new_game(["Ann", "Bob", "Cy"], 3)
    values = {0: (1, 2), 1: (5, 5), 2: (6, 4)}
    for p, (a, b) in values.items():  # put known values on slots 0 and 1 of each grid
        cards = sorted(c for c in game.draw_pile if c.rank in (a, b))
        first = next(c for c in cards if c.rank == a)
        second = next(c for c in cards if c.rank == b and c != first)
        for slot, card in ((0, first), (1, second)):
            index = game.draw_pile.index(card)
            game.draw_pile[index], game.grids[p][slot] = game.grids[p][slot], card
    game.check_invariants()
    for _ in range(6):
        game.apply(TurnUp(game.down_slots(game.current_player)[0]))
    assert game.current_player == 1  # 10 and 10: Bob sits before Cy


def test_taking_the_discard_forces_an_exchange_and_the_old_card_goes_face_up_on_top():
    game = stack(["A", "B"], [LOW, LOW], discard=(5, -2))
    assert game.legal_moves() == [TakeDiscard(), DrawCard()]
    game.apply(TakeDiscard())
    assert Discard() not in game.legal_moves()
    assert game.legal_moves() == [Exchange(s) for s in range(12)]
    replaced = game.grids[0][11]
    events = game.apply(Exchange(11))
    assert game.grids[0][11].rank == -2 and game.face_up[0][11]
    assert game.discard_pile[-1] == replaced and replaced.rank == 12
    assert [e.kind for e in events][:1] == ["exchange"]
    assert game.current_player == 1 and game.phase == "choose"


def test_drawn_card_may_be_discarded_then_a_face_down_card_turned():
    game = stack(["A", "B"], [LOW, LOW], draw=(7,), up=[[0], []])
    game.apply(DrawCard())
    assert game.hand.rank == 7 and Discard() in game.legal_moves()
    game.apply(Discard())
    assert game.discard_pile[-1].rank == 7
    assert game.legal_moves() == [TurnUp(s) for s in range(1, 12)]  # slot 0 is already up
    with pytest.raises(IllegalMove):
        game.apply(TurnUp(0))
    game.apply(TurnUp(5))
    assert game.face_up[0][5] and game.current_player == 1


def test_drawn_card_may_replace_a_face_up_card():
    game = stack(["A", "B"], [LOW, LOW], draw=(1,), up=[[11], []])
    game.apply(DrawCard())
    game.apply(Exchange(11))
    assert game.grids[0][11].rank == 1 and game.discard_pile[-1].rank == 12


@pytest.mark.parametrize("value", [-2, -1, 0, 7, 12])
def test_column_rule_removes_three_equal_cards_with_their_value_on_top(value):
    mine = grid([value, 1, 2, 3], [value, 4, 5, 6], [9, 7, 8, 9])
    game = stack(["A", "B"], [mine, LOW], discard=(3, value), up=[[0, 4, 8], []])
    game.apply(TakeDiscard())
    events = game.apply(Exchange(8))
    assert [game.grids[0][s] for s in (0, 4, 8)] == [None, None, None]
    assert [e.kind for e in events][:2] == ["exchange", "column"]
    assert [c.rank for c in game.discard_pile[-3:]] == [value] * 3
    assert game.discard_pile[-4].rank == 9  # the replaced card went first, the column on top
    game.check_invariants()
    # removed slots can never be used again
    game.apply(DrawCard())
    game.apply(Discard())
    game.apply(TurnUp(1))
    game.apply(DrawCard())
    assert all(Exchange(s) not in game.legal_moves() for s in (0, 4, 8))


def test_column_rule_also_when_a_card_is_turned_up():
    mine = grid([4, 1, 2, 3], [4, 5, 6, 7], [4, 8, 9, 10])
    game = stack(["A", "B"], [mine, LOW], draw=(11,), up=[[0, 4], []])
    game.apply(DrawCard())
    game.apply(Discard())
    events = game.apply(TurnUp(8))
    assert "column" in [e.kind for e in events]
    assert game.discard_pile[-1].rank == 4 and game.visible_score(0) == 0


def test_column_rule_needs_all_three_face_up():
    mine = grid([4, 1, 2, 3], [4, 5, 6, 7], [4, 8, 9, 10])
    game = stack(["A", "B"], [mine, LOW], draw=(4,), up=[[0, 4], []])
    game.apply(DrawCard())
    game.apply(Exchange(1))  # a 4 in the second column, the first column's 4 still face down
    assert game.grids[0][8] is not None


def test_empty_draw_pile_reshuffles_all_discards_but_the_top():
    game = stack(["A", "B"], [LOW, LOW], discard=(0, 1, 2, 3), draw=(9,))
    game.draw_pile = game.draw_pile[-1:]  # only the 9 is left
    game.discard_pile += [c for c in sorted(Counter(skyjo_deck()) - Counter(
        [c for g in game.grids for c in g] + game.discard_pile + game.draw_pile))]
    top = game.discard_pile[-1]
    below = Counter(game.discard_pile[:-1])
    game.check_invariants()
    events = game.apply(DrawCard())
    assert game.hand.rank == 9
    assert [e.kind for e in events] == ["draw", "reshuffle"]
    assert game.discard_pile == [top]
    assert Counter(game.draw_pile) == below
    game.check_invariants()


def finish_by_turning(game, player, slot):
    """Player draws, discards and turns up `slot`."""
    assert game.current_player == player
    game.apply(DrawCard())
    game.apply(Discard())
    return game.apply(TurnUp(slot))


def test_everyone_else_has_exactly_one_more_turn_after_the_ender():
    game = stack(["A", "B", "C"], [LOW, LOW, LOW], up=[list(range(11)), [], []], target=1000)
    events = finish_by_turning(game, 0, 11)
    assert "last_turn" in [e.kind for e in events] and game.ender == 0
    finish_by_turning(game, 1, 0)
    assert game.phase == "choose" and game.current_player == 2
    events = finish_by_turning(game, 2, 0)
    assert game.phase == "round_over"
    assert [e.kind for e in events].count("score") == 3
    assert all(all(game.face_up[p][s] for s in game.occupied_slots(p)) for p in range(3))


def test_final_turn_up_applies_the_column_rule_with_its_value_on_top():
    other = grid([-1, 1, 2, 3], [-1, 5, 6, 7], [-1, 8, 9, 10])
    game = stack(["A", "B"], [LOW, other], up=[list(range(11)), [0, 4]], target=1000)
    finish_by_turning(game, 0, 11)
    events = finish_by_turning(game, 1, 1)
    assert game.phase == "round_over" and game.history[-1]["scores"][0] == 2 * 78
    column = [e for e in events if e.kind == "column"]
    assert len(column) == 1 and column[0].player == 1 and column[0].amount == -1
    assert game.discard_pile[-1].rank == -1
    assert game.history[-1]["raw"][1] == sum([1, 2, 3, 5, 6, 7, 8, 9, 10])
    # what the table branches on is a tag, never a sentence
    final = [e for e in events if e.kind == "flip" and e.tag == "final"]
    assert len(final) == 9 and all(not e.text for e in final)  # B had nine cards face down
    score_tags = {e.player: e.tag for e in events if e.kind == "score"}
    assert score_tags == {0: Tag.DOUBLED, 1: None}


def round_with_scores(ender_values, other_values, ender=0):
    """A finished two-player round whose raw scores are exactly the given grids' sums."""
    game = stack(["A", "B"], [ender_values, other_values], draw=(0,),
                 up=[list(range(11)), list(range(11))])
    game.ender = ender
    game.turn = 1 - ender
    game.face_up[ender] = [True] * 12
    game.face_up[1 - ender][11] = False
    game.check_invariants()
    # the other player's last turn turns up their last card; nothing else changes
    finish_by_turning(game, 1 - ender, 11)
    return game.history[-1]


TEN = grid([0, 1, 2, 0], [1, 0, 0, 1], [0, 2, 1, 2])
NINE = grid([0, 1, 2, 0], [1, 0, 0, 1], [0, 2, 1, 1])
MINUS = grid([-2, -1, 0, -2], [-1, 0, 0, 1], [0, 0, -1, 1])  # -5
ZERO = grid([0, 1, 2, 0], [1, 0, 0, -1], [0, -2, -1, 0])  # 0


def test_ender_tied_at_10_scores_20():
    result = round_with_scores(TEN, TEN)
    assert result["raw"] == [10, 10] and result["scores"] == [20, 10] and result["doubled"]


def test_ender_beaten_is_doubled():
    result = round_with_scores(TEN, NINE)
    assert result["scores"] == [20, 9] and result["doubled"]


def test_ender_strictly_lowest_is_not_doubled():
    result = round_with_scores(NINE, TEN)
    assert result["scores"] == [9, 10] and not result["doubled"]


def test_zero_and_negative_scores_are_never_doubled():
    assert round_with_scores(ZERO, MINUS)["scores"] == [0, -5]
    result = round_with_scores(MINUS, grid([-2, -1, 0, -2], [-1, 0, 0, 1], [0, 0, -1, 0]))
    assert result["raw"] == [-5, -6] and result["scores"] == [-5, -6] and not result["doubled"]


def test_the_ender_starts_the_next_round_after_everybody_turns_up_two():
    game = stack(["A", "B", "C"], [LOW, LOW, LOW], up=[[], list(range(11)), []], target=1000)
    game.turn = 1
    finish_by_turning(game, 1, 11)
    finish_by_turning(game, 2, 0)
    finish_by_turning(game, 0, 0)
    assert game.phase == "round_over" and game.current_player == 1
    assert game.legal_moves() == [NextRound()]
    game.apply(NextRound())
    assert game.round_number == 2 and game.phase == "reveal" and game.current_player == 0
    for _ in range(6):
        game.apply(TurnUp(game.down_slots(game.current_player)[0]))
    assert game.current_player == 1 and game.phase == "choose"
    assert len(game.draw_pile) == 150 - 36 - 1
    game.check_invariants()


def test_game_ends_at_the_target_and_equal_lowest_totals_share_the_win():
    game = stack(["A", "B", "C"], [LOW, LOW, LOW], up=[list(range(11)), [], []])
    game.totals = [30, 60, 60]
    game.history = [{"scores": [30, 60, 60], "raw": [30, 60, 60], "ender": 1, "doubled": False}]
    game.round_number = 2
    game.check_invariants()
    finish_by_turning(game, 0, 11)
    finish_by_turning(game, 1, 0)
    finish_by_turning(game, 2, 0)
    assert game.is_over and game.history[-1]["raw"] == [78, 78, 78]
    assert game.totals == [30 + 156, 60 + 78, 60 + 78]
    assert game.result()["winners"] == [1, 2]
    with pytest.raises(IllegalMove, match="over"):
        game.apply(NextRound())


def test_the_game_goes_on_below_the_target_and_a_single_lowest_total_wins():
    game = stack(["A", "B"], [NINE, TEN], draw=(0,), up=[list(range(12)), list(range(11))],
                 target=20)
    game.totals = [11, 0]
    game.history = [{"scores": [11, 0], "raw": [11, 0], "ender": 1, "doubled": False}]
    game.round_number, game.ender, game.turn = 2, 0, 1
    game.check_invariants()
    finish_by_turning(game, 1, 11)
    assert game.is_over and game.totals == [20, 10]
    assert game.result()["winners"] == [1]


def test_no_view_shows_a_face_down_value():
    game = new_game(["A", "B", "C"], 11)
    while game.phase == "reveal":
        game.apply(TurnUp(game.down_slots(game.current_player)[-1]))
    for viewer in (0, 1, 2, None):  # None: the public view
        view = game.view(viewer)
        assert view.seat == viewer
        for p in range(3):
            for s in range(12):
                shown = view.grids[p].values[s]
                assert (shown is None) == (not game.face_up[p][s])
                if shown is not None:
                    assert shown == game.grids[p][s].rank
    assert game.view(0).draw_count == len(game.draw_pile)


def test_illegal_moves_explain_and_change_nothing():
    game = stack(["A", "B"], [LOW, LOW])
    before = game.to_dict()
    for bad in (Exchange(0), Discard(), TurnUp(0), NextRound(), "x"):
        with pytest.raises(IllegalMove, match="take the top discard or draw"):
            game.apply(bad)
    assert game.to_dict() == before


@pytest.mark.parametrize("damage", [
    lambda d: d.update(version=2), lambda d: d.update(phase="dancing"),
    lambda d: d["draw"].pop(), lambda d: d["grids"][0].pop(),
    lambda d: d.update(turn=5), lambda d: d["face_up"][0].__setitem__(0, "yes"),
    lambda d: d.update(totals=[1, 2]), lambda d: d["discard"].append(["skyjo", 5, "", 0]),
    lambda d: d.update(names="AB"), lambda d: d.update(rng="nope"),
])
def test_damaged_saves_are_refused(damage):
    game = stack(["A", "B"], [LOW, LOW])
    data = game.to_dict()
    assert load_game(data) == game
    damage(data)
    with pytest.raises(ValueError):
        load_game(data)


def test_options_are_checked():
    with pytest.raises(ValueError):
        new_game(["solo"], 1)
    with pytest.raises(ValueError):
        new_game([str(i) for i in range(9)], 1)
    with pytest.raises(ValueError):
        new_game(["A", "B"], 1, target=0)
    with pytest.raises(ValueError):
        new_game(["A", "B"], 1, jokers=True)


def test_the_target_score_is_an_option_of_setup_from_50_to_300():
    from game.match import Match
    from game.registry import game_info
    from game.seats import Seat

    option = {o.key: o for o in game_info("skyjo").options}["target"]
    assert option.values[0] == 50 and option.values[-1] == 300 and option.default_value == 100
    match = Match.new("skyjo", [Seat("A"), Seat("B")], {"target": 50}, seed=3)
    assert match.rules.target == 50 and match.view(None).target == 50


def test_the_save_keeps_the_target_and_a_save_without_it_plays_to_100():
    from game.skyjo import load_game

    game = new_game(["A", "B"], 5, target=250)
    assert load_game(game.to_dict()).target == 250
    older = game.to_dict()
    del older["target"]
    assert load_game(older).target == 100
