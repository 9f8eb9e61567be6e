"""War rules with scripted decks: battles, wars of every depth, short stacks, endings, options."""
import pytest

from game import IllegalMove
from game.cards import Card
from game.war import Battle, ComputerPlayer, WarView, new_game
from game.war.deck import SEED_TRICK_HAND, face_counts, hand_rating, trick_ranks
from game.war.text import battle_line, format_play_time, game_over_line, result_lines, result_title, war_name

SUITS = ("clubs", "diamonds", "hearts", "spades")


def make_hands(first, second):
    """Distinct French cards with the given ranks (top card first), suits handed out in turn."""
    used = {}

    def card(rank):
        copy = used.get(rank, 0)
        used[rank] = copy + 1
        return Card("french", rank, SUITS[copy])

    return [card(r) for r in first], [card(r) for r in second]


def scripted(first, second, seed=0, **options):
    return new_game(["You", "Computer"], seed, hands=make_hands(first, second), **options)


def ranks(cards):
    return [c.rank for c in cards]


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


def test_higher_card_wins_both_cards_to_the_bottom():
    g = scripted([9, 2], [4, 6], pickup="fixed")
    events = g.apply(Battle())
    assert ranks(g.stacks[0]) == [2, 9, 4]  # fixed order: the winner's card, then the other's
    assert ranks(g.stacks[1]) == [6]
    assert [e.player for e in kinds(events, "play")] == [0, 1]
    (won,) = kinds(events, "win_pile")
    assert won.player == 0 and ranks(won.cards) == [9, 4] and won.amount == 0
    assert g.battles == 1 and g.battles_won == [1, 0] and g.wars == 0
    g.check_invariants()


def test_fixed_pickup_takes_the_winners_card_first_whoever_wins():
    g = scripted([4, 2], [9, 6], pickup="fixed")
    g.apply(Battle())
    assert ranks(g.stacks[1]) == [6, 9, 4]


def test_fixed_pickup_of_a_war_with_a_short_player_keeps_the_order_laid():
    # Seat 1 has 2 cards left for the war: one face down, then its deciding card.
    g = scripted([7, 2, 3, 4, 10, 5], [7, 6, 9], pickup="fixed")
    events = g.apply(Battle())
    laid = [(e.player, e.cards[0].rank) for e in events if e.kind in ("play", "face_down")]
    assert laid == [(0, 7), (1, 7), (0, 2), (1, 6), (0, 3), (0, 4), (0, 10), (1, 9)]
    (won,) = kinds(events, "win_pile")
    assert won.player == 0 and ranks(won.cards) == [7, 7, 2, 6, 3, 4, 10, 9]


def test_random_pickup_puts_both_cards_at_the_bottom_in_some_order():
    orders = set()
    for seed in range(12):
        g = scripted([9, 2], [4, 6], seed=seed)
        g.apply(Battle())
        assert g.stacks[0][0].rank == 2 and sorted(ranks(g.stacks[0][1:])) == [4, 9]
        orders.add(tuple(ranks(g.stacks[0][1:])))
    assert orders == {(9, 4), (4, 9)}


@pytest.mark.parametrize("ace, winner", [("low", 1), ("high", 0)])
def test_ace_is_low_or_high(ace, winner):
    g = scripted([1, 5], [13, 6], ace=ace)
    events = g.apply(Battle())
    assert kinds(events, "win_pile")[0].player == winner


def test_single_war_x4_lays_three_down_one_up():
    g = scripted([7, 2, 3, 4, 10, 5], [7, 6, 8, 9, 3, 11], pickup="fixed")
    events = g.apply(Battle())
    wars = kinds(events, "war")
    assert [(e.amount, e.text) for e in wars] == [(1, "WAR!")]
    downs = kinds(events, "face_down")
    assert len(downs) == 6 and [e.player for e in downs] == [0, 1, 0, 1, 0, 1]
    ups = kinds(events, "play")
    assert [(e.player, e.cards[0].rank, e.amount) for e in ups] == [
        (0, 7, 0), (1, 7, 0), (0, 10, 1), (1, 3, 1)]
    (won,) = kinds(events, "win_pile")
    assert won.player == 0 and len(won.cards) == 10 and won.amount == 1
    # fixed order: as laid, the two players' cards alternating, the winner's first
    assert ranks(g.stacks[0]) == [5, 7, 7, 2, 6, 3, 8, 4, 9, 10, 3]
    stats = g.stats()
    assert (stats["wars"], stats["wars_won"], stats["longest_war"]) == (1, 1, 1)
    assert stats["war_depths"] == {"1": 1} and stats["double_wars"] == 0


def test_classic_war_lays_one_down_one_up():
    g = scripted([7, 2, 3, 5], [7, 6, 12, 9], variant="classic")
    events = g.apply(Battle())
    assert len(kinds(events, "face_down")) == 2
    (won,) = kinds(events, "win_pile")
    assert won.player == 1 and len(won.cards) == 6
    assert ranks(g.stacks[0]) == [5] and len(g.stacks[1]) == 7


def test_double_war_takes_the_whole_pile():
    first = [7, 2, 3, 4, 10, 2, 3, 4, 13, 5]
    second = [7, 5, 6, 8, 10, 5, 6, 8, 12, 9]
    g = scripted(first, second)
    events = g.apply(Battle())
    assert [e.text for e in kinds(events, "war")] == ["WAR!", "DOUBLE WAR!"]
    (won,) = kinds(events, "win_pile")
    assert won.player == 0 and len(won.cards) == 18 and won.amount == 2
    assert len(g.stacks[0]) == 19 and ranks(g.stacks[1]) == [9]
    stats = g.stats()
    assert stats["wars"] == 1 and stats["double_wars"] == 1 and stats["longest_war"] == 2
    assert stats["war_depths"] == {"2": 1}


def deep_war_hands(depth):
    """Hands whose first battle is a war of exactly `depth` (x4), won by seat 1."""
    tie_ranks = [13, 12, 11, 10, 9, 8, 7, 6][:depth]
    deciders = ([1], [5])
    pool = {r: 4 for r in range(1, 14)}
    for r in tie_ranks + deciders[0] + deciders[1]:
        pool[r] -= 2 if r in tie_ranks else 1
    filler = iter([r for r in range(1, 14) for _ in range(pool[r])])
    first, second = [], []
    for rank in tie_ranks:
        first += [rank, next(filler), next(filler), next(filler)]
        second += [rank, next(filler), next(filler), next(filler)]
    return first + deciders[0], second + deciders[1]


@pytest.mark.parametrize("depth", [3, 4, 5])
def test_deeper_wars_recurse_without_limit(depth):
    first, second = deep_war_hands(depth)
    g = scripted(first, second)
    events = g.apply(Battle())
    assert [e.amount for e in kinds(events, "war")] == list(range(1, depth + 1))
    assert kinds(events, "war")[-1].text == war_name(depth)
    (won,) = kinds(events, "win_pile")
    assert won.player == 1 and len(won.cards) == 2 * (1 + 4 * depth)
    stats = g.stats()
    assert stats["longest_war"] == depth
    expected = {3: "triple_wars", 4: "quadruple_wars", 5: "deeper_wars"}[depth]
    assert stats[expected] == 1 and stats["wars"] == 1


def test_war_names():
    assert [war_name(d) for d in (1, 2, 3, 4, 5, 6)] == [
        "WAR!", "DOUBLE WAR!", "TRIPLE WAR!", "QUADRUPLE WAR!", "QUINTUPLE WAR!", "SEXTUPLE WAR!"]
    assert war_name(12) == "12-FOLD WAR!"


def test_short_player_lays_all_but_the_last_card_face_down():
    g = scripted([7, 2, 3, 9], [7, 5, 6, 8, 4, 11])
    events = g.apply(Battle())
    (short,) = kinds(events, "short")
    assert short.player == 0 and short.amount == 2
    downs = kinds(events, "face_down")
    assert [e.player for e in downs] == [0, 1, 0, 1, 1]
    assert kinds(events, "play")[-2].cards[0].rank == 9  # fights with the last card
    assert kinds(events, "win_pile")[0].player == 0
    assert ranks(g.stacks[1]) == [11] and len(g.stacks[0]) == 9


def test_player_with_one_card_fights_with_it_face_up():
    g = scripted([7, 12], [7, 5, 6, 8, 4, 11])
    events = g.apply(Battle())
    assert kinds(events, "short")[0].amount == 0
    assert [e.player for e in kinds(events, "face_down")] == [1, 1, 1]
    assert kinds(events, "win_pile")[0].player == 0


def test_player_without_a_card_for_a_war_loses():
    g = scripted([7], [7, 5, 6])
    events = g.apply(Battle())
    assert [e.kind for e in events][-3:] == ["out", "win_pile", "game_over"]
    assert g.is_over and g.winners == [1] and g.view(None).outcome(0) == "loss"
    assert len(g.stacks[1]) == 4 and g.table == []
    assert g.stats()["wars"] == 1 and g.wars_won == [0, 1]
    assert g.result()["winners"] == [1] and not g.result()["draw"]
    g.check_invariants()


def test_both_out_together_with_equal_cards_is_a_draw():
    g = scripted([7, 3, 9], [7, 4, 9], variant="classic")
    events = g.apply(Battle())
    assert [e.text for e in kinds(events, "war")] == ["WAR!", "DOUBLE WAR!"]
    assert len(kinds(events, "out")) == 2
    assert g.is_over and g.view(None).outcome(0) == "draw" and g.reason == "both_out"
    assert g.result()["draw"] and g.result()["winners"] == []
    assert len(g.table) == 6 and g.stacks == ([], [])
    assert g.stats()["longest_war"] == 2
    g.check_invariants()


def test_game_ends_when_a_stack_is_empty():
    g = scripted([5], [3])
    events = g.apply(Battle())
    assert events[-1].kind == "game_over" and g.winners == [0] and g.view(None).outcome(0) == "win"
    assert g.legal_moves() == []
    with pytest.raises(IllegalMove):
        g.apply(Battle())


def test_only_a_battle_is_legal():
    g = new_game(["You", "Computer"], 3)
    assert g.legal_moves() == [Battle()] and g.current_player == 0
    for bad in ("battle", None, 3):
        with pytest.raises(IllegalMove):
            g.apply(bad)
    assert g.battles == 0


def test_fixed_order_loop_ends_as_endless_draw():
    g = scripted([13, 1], [6, 7, 2], pickup="fixed")
    for _ in range(50):
        if g.is_over:
            break
        events = g.apply(Battle())
        g.check_invariants()
    assert g.is_over and g.reason == "endless" and g.view(None).outcome(0) == "draw"
    assert "endless" in events[-1].text
    assert g.battles == 6  # the deal comes back: 13,1 v 6,7,2 -> 1,13,6 v 7,2 -> 13,6 v 2,7,1 -> ...


def test_random_pickup_never_calls_a_repeat_a_draw():
    g = scripted([1, 3, 2], [4], seed=4)
    for _ in range(1000):
        if g.is_over:
            break
        g.apply(Battle())
    assert g.is_over and g.reason == "cards"


def test_trick_deck_x4_is_the_seed_hand_and_forces_a_sextuple_war():
    first, second = trick_ranks("x4")
    assert tuple(first) == SEED_TRICK_HAND
    assert [i for i in range(26) if first[i] != second[i]] == [23, 24]  # 1, 10 -> 10, 1
    g = new_game(["You", "Computer"], 1, deck="trick")
    assert ranks(g.stacks[0]) == list(SEED_TRICK_HAND)
    events = g.apply(Battle())
    assert [e.amount for e in kinds(events, "war")] == [1, 2, 3, 4, 5, 6]
    assert kinds(events, "war")[-1].text == "SEXTUPLE WAR!"
    (won,) = kinds(events, "win_pile")
    assert won.player == 0 and len(won.cards) == 50
    assert g.stats()["deeper_wars"] == 1 and g.stats()["longest_war"] == 6
    g.check_invariants()


@pytest.mark.parametrize("variant", ["classic", "x4"])
@pytest.mark.parametrize("ace", ["low", "high"])
def test_trick_deck_forces_a_sextuple_war_in_every_option(variant, ace):
    g = new_game(["You", "Computer"], 2, deck="trick", variant=variant, ace=ace)
    events = g.apply(Battle())
    assert max(e.amount for e in kinds(events, "war")) == 6
    assert g.options.deck == "trick"


def test_new_game_from_a_card_order_deals_first_half_to_the_player():
    from game.cards import french_deck
    cards = french_deck()
    g = new_game(["You", "Computer"], 0, cards=cards)
    assert g.stacks[0] == cards[:26] and g.stacks[1] == cards[26:]
    with pytest.raises(ValueError):
        new_game(["You", "Computer"], 0, cards=cards[:50])
    with pytest.raises(ValueError):
        new_game(["You", "Computer"], 0, variant="x5")
    with pytest.raises(ValueError):
        new_game(["You"], 0)


def test_play_time_is_one_and_a_half_seconds_per_battle_and_six_per_war():
    g = scripted([9, 2], [4, 6])
    g.battles, g.wars = 133, 9
    g.war_depths[1] = 9
    assert g.stats()["play_time_s"] == 253.5
    assert format_play_time(253.5) == "4 min 13 s"
    assert format_play_time(3725) == "1 h 2 min 5 s"


def test_hand_rating_against_worst_and_best_hands():
    worst, best = make_hands([1] * 4 + [2] * 4 + [3] * 4 + [4] * 4 + [5] * 4 + [6] * 4 + [7] * 2,
                             [13] * 4 + [12] * 4 + [11] * 4 + [10] * 4 + [9] * 4 + [8] * 4 + [7] * 2)
    low = hand_rating(worst)
    assert (low["sum"], low["worst"], low["best"], low["percent"]) == (98, 98, 266, 0.0)
    high = hand_rating(best)
    assert high["percent"] == 100.0 and high["face_cards"] == 12
    assert hand_rating(worst, "high")["worst"] == 124 and hand_rating(best, "high")["best"] == 292
    g = new_game(["You", "Computer"], 1, deck="trick")
    rating = g.view(None).ratings[0]
    assert rating["sum"] == 182 and rating["percent"] == 50.0
    assert rating["face_cards"] == 6 and g.view(None).faces[0] == (2, 2, 2) == face_counts(g.stacks[0])


def test_view_shows_no_card_identity():
    g = new_game(["You", "Computer"], 5)
    g.apply(Battle())
    view = g.view(0)
    assert view.stack_sizes == (len(g.stacks[0]), len(g.stacks[1]))
    assert "Card(" not in repr(view) and " of " not in repr(view)
    public = g.view(None)
    assert isinstance(public, WarView) and public.seat is None and view.seat == 0
    assert public.stack_sizes == view.stack_sizes and public.battles == 1
    assert "Card(" not in repr(public)


def test_computer_player_fights_the_next_battle():
    g = new_game(["Left", "Right"], 5)
    bot = ComputerPlayer("normal", 1)
    assert bot.choose(g.view(0)) == Battle()
    assert bot.choose(g.view(None)) == Battle()
    while not g.is_over:
        g.apply(Battle())
    with pytest.raises(ValueError):
        bot.choose(g.view(None))
    with pytest.raises(ValueError):
        ComputerPlayer("hard", 1)


def test_end_of_game_wording_from_the_view():
    names = ["You", "Computer"]
    won = scripted([9], [4])
    won.apply(Battle())
    view = won.view(None)
    assert result_title(view, names) == "You win!" and game_over_line(view, names) == "You win the game"
    lines = result_lines(view, names, 0, watched_s=0.2)
    assert lines[0] == "Cards: You 2, Computer 0" and lines[1] == "1 battle, you won 1"
    assert lines[2] == "0 wars, you won 0; longest: none"
    assert lines[-2:] == ["Played by hand this game would take 0 min 1 s.",
                          "Here the battles took 0 min 0 s: you saved 0 min 1 s."]
    watched = result_lines(view, names, 0, watched_s=2.0)[-1]
    assert watched == "Here the battles took 0 min 2 s.", "nothing saved, and it says so"
    assert result_lines(view, ["Left", "Computer"], 1, 0)[1] == "1 battle, the Computer won 0"
    lost = scripted([4], [9])
    lost.apply(Battle())
    assert result_title(lost.view(None), names) == "Computer wins!"
    endless = scripted([13, 1], [6, 7, 2], pickup="fixed")
    while not endless.is_over:
        endless.apply(Battle())
    assert result_title(endless.view(None), names) == "Endless war: a draw"
    assert game_over_line(endless.view(None), names) == "A position came back: endless war, a draw"
    both = scripted([5], [5])
    both.apply(Battle())
    assert both.reason == "both_out" and result_title(both.view(None), names) == "A draw"
    assert game_over_line(both.view(None), names) == "Both ran out of cards together: a draw"


def lines_of(game, names=("You", "Computer")):
    lines = []
    while not game.is_over:
        lines.append(battle_line(game.apply(Battle()), list(names)))
    return lines


def test_each_battle_is_told_in_words_with_the_winning_card():
    lines = lines_of(scripted([9, 2, 4], [4, 6, 2], pickup="fixed"))
    assert lines[:2] == ["Battle 1: your 9 beats the Computer's 4", "Battle 2: the Computer's 6 beats your 2"]
    assert lines[-1].endswith(" - you win the game")
    (line,) = lines_of(scripted([13], [1]), names=("Hafsa", "Omar"))
    assert line == "Battle 1: Hafsa's King beats Omar's Ace - Hafsa wins the game"


def test_a_war_is_told_with_its_depth_and_the_cards_taken():
    first = lines_of(scripted([7, 2, 3, 4, 10, 5], [7, 6, 8, 9, 3, 11], pickup="fixed"))[0]
    assert first == "Battle 1, a war: your 10 beats the Computer's 3, you take 10 cards"
    (trick, *_) = lines_of(new_game(["You", "Computer"], 1, deck="trick"))
    assert trick == "Battle 1, a sextuple war: your 10 beats the Computer's Ace, you take 50 cards"


def test_the_end_of_a_game_in_a_war_is_told():
    assert lines_of(scripted([7, 1], [7])) == [
        "Battle 1, a war: the Computer has no card left, you take 2 cards - you win the game"]
    assert lines_of(scripted([5], [5])) == ["Battle 1, a war: both run out of cards - a draw"]
    assert lines_of(scripted([13, 1], [6, 7, 2], pickup="fixed"))[-1] == (
        "Battle 6: the Computer's 7 beats your 2 - a position came back: endless war, a draw")
