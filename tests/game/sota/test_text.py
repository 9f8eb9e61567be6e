"""Sota's words: every kind of move in the history, public only, and a hint's one line of why."""
from game.cards import spanish_deck
from game.sota import ChooseSuit, Draw, Keep, Pass, Play, TakeSkip
from game.sota.text import RULES_TEXT, hint_reason, move_line
from tests.game.sota.helpers import c, from_layout, layout

NAMES = ["Ana", "Badr", "Chama"]


def line_after(game, move, names=NAMES):
    mover = game.current_player
    events = game.apply(move)
    return move_line(game.view(None), names[:game.num_players], mover, move, events)


def test_every_kind_of_move_reads_as_a_sentence():
    game = layout(["7 cups, 3 swords, 5 cups, 8 clubs", "1 swords, 2 swords, 9 clubs", "4 cups, 6 clubs"], "5 coins",
                  draw="10 coins, 9 coins, 8 coins")
    assert line_after(game, Play(c("5 cups"))) == "Ana plays the 5 of Cups"
    assert line_after(game, Draw()) == "Badr cannot play and draws a card"
    assert line_after(game, Play(c("4 cups"))) == "Chama plays the 4 of Cups"
    game.apply(Play(c("7 cups")))
    assert line_after(game, ChooseSuit("swords")) == "Ana plays the 7 of Cups and names Swords"
    assert line_after(game, Play(c("1 swords"))) == "Badr plays the Ace of Swords"
    assert line_after(game, TakeSkip()) == "Chama is skipped"
    assert line_after(game, Play(c("3 swords"))) == "Ana plays the 3 of Swords"
    assert line_after(game, Play(c("2 swords"))) == "Badr plays the 2 of Swords"
    assert line_after(game, Draw()) == "Chama draws 2 cards"


def test_a_card_drawn_is_never_named():
    game = layout(["3 swords, 4 cups", "6 cups"], "5 coins", draw="9 clubs, 10 clubs")
    line = line_after(game, Draw())
    assert line == "Ana cannot play and draws a card" and "9" not in line


def test_keep_pass_and_the_last_card():
    game = layout(["3 swords, 4 cups", "6 cups"], "5 coins", draw="9 coins", play_drawn=True)
    game.apply(Draw())
    assert line_after(game, Keep()) == "Ana keeps the drawn card"
    top = c("5 coins")
    fits = [x for x in spanish_deck() if x != top and (x.suit == "coins" or x.rank in (5, 7))]
    stuck = from_layout(["Ana", "Badr"], [[x for x in spanish_deck() if x != top and x not in fits], fits],
                        [top], [])
    assert stuck.legal_moves() == [Pass()]
    assert line_after(stuck, Pass()) == "Ana passes"
    win = layout(["5 cups", "6 cups, 9 clubs"], "5 coins")
    assert line_after(win, Play(c("5 cups"))) == "Ana plays the 5 of Cups and wins!"


def test_an_ace_between_two_players_says_its_player_plays_again():
    game = layout(["1 coins, 4 cups", "6 cups"], "5 coins")
    assert line_after(game, Play(c("1 coins"))) == "Ana plays the Ace of Coins and plays again"


def test_a_hint_says_what_and_why_in_one_line():
    game = layout(["2 coins, 9 clubs", "6 cups, 8 cups", "4 swords"], "5 coins")
    assert hint_reason(game.view(0), NAMES, Play(c("2 coins"))) == (
        "Play the 2 of Coins: Badr has 2 cards left and must draw 2")
    game = layout(["9 coins, 9 clubs", "6 cups, 8 cups, 3 cups", "4 swords"], "5 coins")
    assert hint_reason(game.view(0), NAMES, Play(c("9 coins"))) == (
        "Play the Caballo of Coins: it follows the Coins on the pile")
    game = layout(["5 cups, 9 clubs", "6 cups, 8 cups, 3 cups", "4 swords"], "5 coins")
    assert hint_reason(game.view(0), NAMES, Play(c("5 cups"))) == (
        "Play the 5 of Cups: it matches the 5 of Coins by rank and turns the suit to Cups")
    last = layout(["5 cups", "6 cups"], "5 coins")
    assert hint_reason(last.view(0), NAMES, Play(c("5 cups"))) == "Play the 5 of Cups: your last card, you win"


def test_a_hint_to_name_a_suit_counts_the_suit_held():
    game = layout(["7 cups, 3 swords, 4 swords, 6 clubs", "6 cups"], "5 coins")
    game.apply(Play(c("7 cups")))
    view = game.view(0)
    assert hint_reason(view, NAMES, ChooseSuit("swords")) == (
        "Name Swords: you hold 2 cards of Swords, the suit you hold most")
    assert hint_reason(view, NAMES, ChooseSuit("clubs")) == "Name Clubs: you hold 1 card of Clubs"


def test_a_hint_to_draw_or_take_a_skip_says_why_not_answer():
    game = layout(["3 swords, 4 cups", "6 cups"], "5 coins", draw="9 clubs")
    assert hint_reason(game.view(0), NAMES, Draw()) == "Draw a card: nothing in your hand fits"
    penalty = layout(["2 coins, 9 clubs", "6 cups, 2 cups", "4 swords"], "5 coins")
    penalty.apply(Play(c("2 coins")))
    assert hint_reason(penalty.view(1), NAMES, Draw()) == "Draw 2: keep your Two for later"
    skip = layout(["1 coins, 9 clubs", "6 cups, 8 cups", "4 swords"], "5 coins")
    skip.apply(Play(c("1 coins")))
    assert hint_reason(skip.view(1), NAMES, TakeSkip()) == "Take the skip: you have no Ace to pass it on"


def test_the_rules_page_names_the_keys():
    assert "D draws" in RULES_TEXT and "H or the Hint button" in RULES_TEXT and "L opens" in RULES_TEXT


def wired(events):
    """The events as a window at an online table receives them: their tags are words, not enum members."""
    from net.remote import event_from_wire
    from net.wire import to_wire

    return [event_from_wire(to_wire(e)) for e in events]


def test_a_penalty_draw_says_how_many_cards_also_from_a_record_sent_over_the_network():
    game = layout(["2 cups, 4 swords", "2 swords, 9 clubs", "4 cups, 6 clubs"], "5 cups",
                  draw="10 coins, 9 coins, 8 coins, 7 coins, 6 coins")
    game.apply(Play(c("2 cups")))
    game.apply(Play(c("2 swords")))  # stacked: Chama draws four
    events = game.apply(Draw())
    assert all(isinstance(e.tag, str) for e in wired(events) if e.tag is not None)
    assert move_line(game.view(None), NAMES, 2, Draw(), wired(events)) == "Chama draws 4 cards"
