"""Sota's hard level: it searches from its own view (it cannot peek), replays a seed, plays legally,
uses its special cards, and ranks above normal; easy names a suit it holds."""
import random

import pytest

from game.sota import ChooseSuit, ComputerPlayer, Draw, Play, SotaGame, new_game
from game.sota.search import Played, Stuck, determinize, likely_deal
from harness.ladder import Ladder, win_share
from tests.game.sota.helpers import c, cs, layout


def reshuffled_hidden(game: SotaGame, seed: int) -> SotaGame:
    """The same table with the other hands and the draw pile dealt again from the same unseen cards."""
    hidden = [x for seat, hand in enumerate(game.hands) if seat != game.current for x in hand] + game.draw_pile
    random.Random(seed).shuffle(hidden)
    hands = []
    for seat, hand in enumerate(game.hands):
        if seat == game.current:
            hands.append(list(hand))
        else:
            hands.append(hidden[:len(hand)])
            del hidden[:len(hand)]
    other = SotaGame(game.names, hands, hidden, game.discard, random.Random(seed), stacking=game.stacking,
                     play_drawn=game.play_drawn)
    for field in ("current", "phase", "active_suit", "pending_draw", "pending_skips", "passes_in_a_row"):
        setattr(other, field, getattr(game, field))
    other.check_invariants()
    return other


def midgame(seed: int, players: int) -> SotaGame:
    """A seeded game a few moves in, normal players having played."""
    g = new_game([f"P{i}" for i in range(players)], seed)
    bots = [ComputerPlayer("normal", i) for i in range(players)]
    for _ in range(6):
        if g.is_over or g.phase != "play":
            break
        g.apply(bots[g.current_player].choose(g.view(g.current_player)))
    return g


@pytest.mark.parametrize("seed,players", [(3, 2), (8, 3), (11, 4)])
def test_hard_cannot_peek_at_hidden_hands_or_the_draw_order(seed, players):
    g = midgame(seed, players)
    if g.is_over or g.phase != "play":
        pytest.fail("the seeded game should still be in a normal turn")
    other = reshuffled_hidden(g, seed + 100)
    assert other.hands != g.hands or other.draw_pile != g.draw_pile
    me = g.current
    assert other.view(me) == g.view(me)
    assert ComputerPlayer("hard", 5).choose(g.view(me)) == ComputerPlayer("hard", 5).choose(other.view(me))


def test_a_determinized_deal_matches_the_view_and_hides_nothing_it_shows():
    g = midgame(4, 3)
    view = g.view(g.current)
    deal = determinize(view, random.Random(1))
    assert deal.view(g.current) == view
    deal.check_invariants()


def test_hard_replays_the_same_game_from_the_same_seed_and_plays_only_legal_moves():
    def play():
        g = new_game(["a", "b"], 17, play_drawn=True)
        bots = [ComputerPlayer("hard", 40), ComputerPlayer("normal", 41)]
        moves = []
        while not g.is_over:
            move = bots[g.current_player].choose(g.view(g.current_player))
            assert move in g.legal_moves()
            moves.append(move)
            g.apply(move)
        return moves

    assert play() == play()


def test_hard_goes_out_with_its_last_card():
    g = layout(["4 coins", "6 cups, 4 clubs, 5 swords", "6 swords, 8 swords"], "5 coins")
    assert ComputerPlayer("hard").choose(g.view(0)) == Play(c("4 coins"))


def test_hard_passes_the_twos_on_rather_than_draw_four():
    g = layout(["2 coins, 3 swords, 8 cups", "2 cups, 4 coins, 9 cups, 6 clubs"], "5 coins",
               draw="10 cups, 10 swords, 3 clubs, 4 clubs")
    g.apply(Play(c("2 coins")))
    assert ComputerPlayer("hard", 2).choose(g.view(1)) == Play(c("2 cups"))


def test_hard_names_a_suit_it_can_follow():
    g = layout(["7 cups, 3 swords, 4 swords, 9 swords, 8 swords", "6 cups, 4 coins, 5 cups"], "5 coins")
    g.apply(Play(c("7 cups")))
    assert ComputerPlayer("hard", 3).choose(g.view(0)) == ChooseSuit("swords")


def test_easy_names_a_suit_it_holds():
    for seed in range(20):
        g = layout(["7 cups, 3 swords, 4 coins", "6 cups, 4 clubs, 5 cups"], "5 coins")
        g.apply(Play(c("7 cups")))
        assert ComputerPlayer("easy", seed).choose(g.view(0)) in (ChooseSuit("swords"), ChooseSuit("coins"))


@pytest.mark.slow
def test_hard_beats_normal_which_beats_easy():
    """A CI-size seeded ladder; bench/ai_ladder.py plays the full-size ones."""
    hard = win_share(Ladder("sota", "hard", "normal", 2, 30, first_deal=5000))
    normal = win_share(Ladder("sota", "normal", "easy", 2, 400, first_deal=5000))
    assert hard > 0.56, f"hard won {hard:.0%} of two-player games against normal"
    assert normal > 0.54, f"normal won {normal:.0%} of two-player games against easy"



def test_a_player_seen_stuck_is_dealt_old_cards_that_could_not_have_played():
    g = layout(["3 coins, 4 coins, 8 cups", "9 swords, 6 clubs, 10 swords"], "5 coins")
    stuck = Stuck(seat=1, cards=2, top=c("5 coins"), suit=None)
    for seed in range(30):
        hand = determinize(g.view(0), random.Random(seed), stuck).hands[1]
        old = [x for x in hand if x.suit != "coins" and x.rank not in (5, 7)]
        assert len(hand) == 3 and len(old) >= 2


def test_hard_notices_the_other_player_drawing_instead_of_playing():
    g = layout(["3 coins, 4 coins, 8 cups, 9 cups", "9 swords, 6 clubs"], "5 coins", draw="10 clubs")
    hard = ComputerPlayer("hard", 1)
    move = hard.choose(g.view(0))
    g.apply(move)
    assert g.legal_moves() == [Draw()]  # nothing of the new top's suit or rank in the other hand
    g.apply(Draw())
    hard.choose(g.view(0))
    assert hard._stuck == [Stuck(seat=1, cards=2, top=g.top_card, suit=None)]


def test_hard_retraces_three_others_and_remembers_who_could_not_answer():
    g = layout(["4 coins, 8 cups, 9 cups", "9 swords, 6 clubs, 2 cups", "6 coins, 8 clubs", "10 clubs, 3 cups"],
               "5 coins", draw="4 clubs, 8 swords, 9 coins")
    hard = ComputerPlayer("hard", 1)
    for move in (hard.choose(g.view(0)), Draw(), Play(c("6 coins")), Draw()):
        g.apply(move)
    assert g.current == 0
    hard.choose(g.view(0))
    assert hard._stuck == [Stuck(seat=1, cards=3, top=c("4 coins"), suit=None),
                           Stuck(seat=3, cards=2, top=c("6 coins"), suit=None)]


def test_a_player_seen_drawing_the_twos_is_dealt_no_two_among_its_old_cards():
    g = layout(["3 coins, 4 coins, 8 cups", "9 swords, 6 clubs, 10 swords"], "5 coins")
    stuck = Stuck(seat=1, cards=3, top=c("2 coins"), suit=None, need="draw")
    for seed in range(30):
        hand = determinize(g.view(0), random.Random(seed), [stuck]).hands[1]
        assert len(hand) == 3 and all(x.rank != 2 for x in hand)


def test_deals_explain_the_card_the_other_player_chose_as_the_normal_plan_would():
    g = layout(["3 coins, 4 coins, 8 cups", "9 swords, 6 clubs, 10 swords"], "5 coins")
    seven = Played(seat=1, card=c("7 cups"), top=c("5 coins"), suit=None, victim=3, pressed=False)
    effects = dict(g.effects)
    assert not seven.likely(cs("5 swords, 9 clubs"), effects, 2)  # the Five would have played first
    assert seven.likely(cs("6 swords, 9 clubs"), effects, 2)  # the Seven was all it could play
    for seed in range(10):
        hand = likely_deal(g.view(0), random.Random(seed), [], [seven]).hands[1]
        assert not any(x.rank != 7 and (x.suit == "coins" or x.rank == 5) for x in hand)
