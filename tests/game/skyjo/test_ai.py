"""Skyjo computer players: legal, seeded, blind to face-down cards; hard beats normal beats easy."""
from collections import defaultdict

import pytest

from game.cards import Card
from game.skyjo import new_game
from game.skyjo.ai import LEVELS, ComputerPlayer
from game.skyjo.moves import Discard, DrawCard, Exchange, TakeDiscard, TurnUp
from harness.ladder import Ladder, win_share


def average_round_scores(levels, rounds, first_seed):
    """Mean round score per level over one-round games, seats rotated."""
    scores = defaultdict(list)
    for k in range(rounds):
        seats = levels[k % len(levels):] + levels[:k % len(levels)]
        seed = first_seed + k
        game = new_game([f"{lv}{i}" for i, lv in enumerate(seats)], seed, target=1)
        bots = [ComputerPlayer(lv, seed * 10 + i) for i, lv in enumerate(seats)]
        while not game.is_over and game.phase != "round_over":
            player = game.current_player
            game.apply(bots[player].choose(game.view(player)))
        for seat, score in enumerate(game.history[0]["scores"]):
            scores[seats[seat]].append(score)
    return {level: sum(s) / len(s) for level, s in scores.items()}


@pytest.mark.slow  # a seeded ladder of rounds
def test_hard_beats_normal_beats_easy_at_a_three_player_table():
    means = average_round_scores(["easy", "normal", "hard"], 75, 0)
    assert means["hard"] + 1.5 < means["normal"] < means["easy"] - 8


@pytest.mark.slow  # a seeded ladder of rounds
def test_hard_beats_normal_head_to_head():
    means = average_round_scores(["normal", "hard"], 60, 5000)
    assert means["hard"] + 2 < means["normal"]


@pytest.mark.parametrize("level", LEVELS)
def test_every_choice_is_legal_and_seeded(level):
    game = new_game(["A", "B", "C", "D"], 4)
    bot, twin = ComputerPlayer(level, 9), ComputerPlayer(level, 9)
    for _ in range(400):
        if game.is_over:
            break
        view = game.view(game.current_player)
        move = bot.choose(view)
        assert move == twin.choose(view)
        assert move in game.legal_moves()
        game.apply(move)


def swap_face_down_cards(game):
    """The same table with every face-down card replaced and the draw pile in another order:
    nobody may notice."""
    hidden = [(p, s) for p in range(game.player_count) for s in game.down_slots(p)]
    cards = [game.grids[p][s] for p, s in hidden]
    cards = cards[1:] + cards[:1]
    for (p, s), card in zip(hidden, cards, strict=True):
        game.grids[p][s] = card
    game.draw_pile.reverse()


@pytest.mark.parametrize("level", LEVELS)
def test_choices_do_not_depend_on_face_down_cards(level):
    game = new_game(["A", "B", "C"], 21)
    other = new_game(["A", "B", "C"], 21)
    bots = [ComputerPlayer(level, 3), ComputerPlayer(level, 3)]
    for _ in range(60):
        swap_face_down_cards(other)
        view, other_view = game.view(game.current_player), other.view(other.current_player)
        if view != other_view:
            break  # a turned-up card now differs; the tables part ways
        move = bots[0].choose(view)
        assert move == bots[1].choose(other_view)
        game.apply(move)
        other.apply(move)


def test_normal_completes_a_column_and_replaces_its_highest_card():
    game = new_game(["A", "B"], 2)
    while game.phase == "reveal":
        game.apply(TurnUp(game.down_slots(game.current_player)[0]))
    me = game.current_player
    values = {0: 9, 4: 9, 1: 12, 5: 1}
    for slot, value in values.items():
        card = next(c for c in game.draw_pile if c.rank == value)
        game.draw_pile.remove(card)
        game.draw_pile.insert(0, game.grids[me][slot])
        game.grids[me][slot] = card
    for s in range(12):
        game.face_up[me][s] = s in values
    nine = next(c for c in game.draw_pile if c.rank == 9)
    game.draw_pile.remove(nine)
    game.draw_pile.insert(0, game.discard_pile[-1])
    game.discard_pile[-1] = nine
    game.check_invariants()
    bot = ComputerPlayer("normal", 1)
    assert bot.choose(game.view(me)) == TakeDiscard()
    game.apply(TakeDiscard())
    assert bot.choose(game.view(me)) == Exchange(8)  # the third 9 clears the column
    game.apply(Exchange(8))
    assert game.grids[me][0] is None


def two_player_table(seed: int):
    """A two-player game past its reveal, A to play, and `put(player, slot, value, up)`, which lays
    a card of that value there from the draw pile (the card it replaces goes under the pile)."""
    game = new_game(["A", "B"], seed, target=1000)
    while game.phase == "reveal":
        game.apply(TurnUp(game.down_slots(game.current_player)[0]))
    game.turn = 0

    def put(player, slot, value, up=True):
        card = next(c for c in game.draw_pile if c.rank == value)
        game.draw_pile.remove(card)
        game.draw_pile.insert(0, game.grids[player][slot])
        game.grids[player][slot] = card
        game.face_up[player][slot] = up

    return game, put


def drawn(game, value: int):
    """The game after the player to move draws a card of `value` (put on top of the pile first)."""
    card = next(c for c in game.draw_pile if c.rank == value)
    game.draw_pile.remove(card)
    game.draw_pile.append(card)
    game.apply(DrawCard())
    game.check_invariants()
    return game


def table_where_ending_loses():
    """A has 44 points on show and one card face down, B shows 6; A has drawn a -2."""
    game, put = two_player_table(2)
    mine = [3, 4, 5, 3, 4, 5, 3, 5, 5, 3, 4, 12]  # no column pairs; slot 11 face down
    for slot, value in enumerate(mine):
        put(0, slot, value, up=slot != 11)
    for slot in range(12):
        put(1, slot, (0, 1, 2, -1)[(slot // 4 + slot) % 4])
    put(0, 11, 12, up=False)
    return drawn(game, -2)


def test_normal_ends_the_round_greedily_but_hard_only_when_likely_lowest():
    game = table_where_ending_loses()
    assert game.visible_score(0) == 44 and game.visible_score(1) == 6
    assert ComputerPlayer("normal", 1).choose(game.view(0)) == Exchange(11)
    move = ComputerPlayer("hard", 1).choose(game.view(0))
    assert isinstance(move, Exchange) and move.slot != 11
    game.apply(move)
    assert game.ender is None


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        ComputerPlayer("grandmaster", 1)
    assert isinstance(Card("skyjo", 0), Card)


@pytest.mark.slow  # whole games at three levels
def test_whole_games_rank_hard_over_normal_over_easy():
    """A CI-size seeded ladder of whole two-player games (to 100), seats alternating; bench/ai_ladder.py
    plays the full-size ones."""
    assert win_share(Ladder("skyjo", "hard", "normal", 2, 30, first_deal=9000)) > 0.7
    assert win_share(Ladder("skyjo", "normal", "easy", 2, 40, first_deal=9000)) > 0.75


def test_easy_is_weak_but_never_absurd():
    """Easy never puts a card on a lower (better) face-up card, so never a 9 or more on a card of
    0 or less, and a discard it takes goes on a face-down card or a worse one."""
    exchanges = 0
    for seed in range(30):
        game = new_game(["A", "B", "C"], seed)
        bots = [ComputerPlayer("easy", seed * 3 + i) for i in range(3)]
        while not game.is_over:
            player = game.current_player
            view = game.view(player)
            move = bots[player].choose(view)
            if isinstance(move, Exchange):
                shown = view.grids[player].values[move.slot]
                assert shown is None or shown > view.hand.rank, (seed, shown, view.hand)
                if shown is None and view.phase == "place_drawn":
                    assert view.hand.rank < 9, (seed, view.hand)
                exchanges += 1
            game.apply(move)
    assert exchanges > 300


def test_the_setup_screens_default_computer_seats_are_normal_in_every_game():
    import scenes.kings_corner
    import scenes.memory_match
    import scenes.skyjo
    import scenes.sota
    import scenes.war

    for package in (scenes.kings_corner, scenes.memory_match, scenes.skyjo, scenes.sota, scenes.war):
        computers = [s for s in package.SCENES.default_seats if s.kind == "computer"]
        assert computers and all(s.level == "normal" for s in computers), package.__name__


def table_with_a_drawn_four():
    """A shows 0, 1, 2 and 3 in its top row (columns without pairs), B shows low cards too; A has
    drawn a 4."""
    game, put = two_player_table(3)
    for player in (0, 1):
        for slot in range(12):
            put(player, slot, slot if slot < 4 else 5 + slot % 8, up=slot < 4)
    return drawn(game, 4)


def test_hard_turns_a_card_up_rather_than_hide_a_middling_one_face_down():
    """Normal hides a drawn 4 on a face-down card (the deck's mean is about 5); hard keeps its
    face-down cards for better ones, throws the 4 away and turns a card up."""
    game = table_with_a_drawn_four()
    normal = ComputerPlayer("normal", 1).choose(game.view(0))
    assert isinstance(normal, Exchange) and game.view(0).grids[0].is_down(normal.slot)
    assert ComputerPlayer("hard", 1).choose(game.view(0)) == Discard()
