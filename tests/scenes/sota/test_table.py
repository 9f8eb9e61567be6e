"""The Sota table driven headless through the real loop with real clicks and keys."""
import pygame
import pytest

from game.cards import Card
from game.match import Match
from game.seats import Seat
from game.sota import ChooseSuit, ComputerPlayer, Draw, Play
from harness.driver import Driver
from scenes.plugins import resume_scene
from scenes.result import ResultScene
from scenes.seating import PASS_BUTTON
from scenes.setup import setup_scene
from scenes.sota.layout import ACTION_RECT, draw_pile_rect, picker_rects
from scenes.sota.table import SotaParts, sota_table, start_table
from scenes.table import Table
from tests.game.sota.helpers import c, cs, from_layout

pytestmark = pytest.mark.driver(speed="normal")  # animations at their pace: a computer thinks before it moves


def centre(rect):
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


def card_point(table: Table, card: Card):
    """A point on the card's visible left strip (its right part may lie under the next card)."""
    sprite = table.sprites[card]
    rect = sprite.rect.move(0, -sprite.lift)
    return (rect.left + 10, rect.centery)


def click_move(d: Driver, table: Table, move) -> None:
    """Make `move` the way a person would: click the card, the suit, the pile or the button."""
    if isinstance(move, Play):
        d.move(card_point(table, move.card))
        d.click(card_point(table, move.card))
    elif isinstance(move, ChooseSuit):
        d.click(centre(dict(picker_rects())[move.suit]))
    elif isinstance(move, Draw) and table.game.input.pointer().action_label.startswith("Draw a"):
        d.click(centre(draw_pile_rect()))
    else:
        d.click(centre(ACTION_RECT))


@pytest.mark.driver(speed="instant")
def test_two_humans_pass_and_play_by_clicks_and_no_hand_shows_on_the_pass_screen(drawn_cards, driver):
    seats = [Seat("Amina"), Seat("Badr")]
    table = start_table(driver.app, seats, {"stacking": True, "play_drawn": True}, 5)
    driver.app.push(table, transition=False)
    log = drawn_cards
    brains = [ComputerPlayer("normal", 1), ComputerPlayer("normal", 2)]
    pass_screens = moves_made = frames_with_faces = 0
    for _ in range(3000):
        if table.rules.is_over:
            break
        log.clear()
        driver.frames()
        rules = table.rules
        if table.seating.pass_to is not None:
            pass_screens += 1
            assert log.faces == [] and log.backs == 0, "a card was drawn on the pass screen"
            driver.click(PASS_BUTTON.center)  # taken once the screen's first 0.6 s are over
            continue
        frames_with_faces += bool(log.faces)
        viewer_hand = set(rules.hands[table.seating.viewer])
        assert set(log.faces) <= viewer_hand | set(rules.discard), "a hidden card was shown"
        if not table.can_act() or table.seating.guard.left > 0:  # the hand just shown takes no click yet
            continue
        assert table.seating.viewer == rules.current_player
        before = rules.to_dict()
        move = brains[rules.current_player].choose(rules.view(rules.current_player))
        click_move(driver, table, move)
        assert rules.to_dict() != before, f"the click for {move} did nothing"
        moves_made += 1
    assert table.rules.is_over, "the game did not finish"
    assert pass_screens >= 3 and moves_made >= 5 and frames_with_faces > 0
    assert driver.until(lambda: isinstance(driver.top, ResultScene), 10)
    assert all(table.sprites[card].card == card for hand in table.rules.hands for card in hand), \
        "at the end every hand is shown"
    names = {row["name"] for row in driver.app.stats.player_summary("sota")}
    assert names == {"Amina", "Badr"}


def layout_table(d: Driver, hands, top, draw="", seats=None, **options) -> Table:
    seats = seats or [Seat("Amina"), Seat("Hafsa", "computer", "normal"),
                      Seat("Omar", "computer", "easy")]
    rules = from_layout([s.name for s in seats], [cs(h) for h in hands], [c(top)],
                                 cs(draw), **options)
    table = sota_table(d.app, Match(rules, seats, 3))
    d.app.push(table, transition=False)
    d.frames(2)
    return table


def test_an_illegal_card_shakes_and_the_reason_appears(driver):
    d = driver
    table = layout_table(d, ["3 swords, 5 cups, 9 clubs", "6 cups", "6 swords"], "5 coins")
    before = table.rules.to_dict()
    d.click(card_point(table, c("3 swords")))
    assert table.rules.to_dict() == before
    assert "Play a Coins card, a Five or a Seven" in table.message.text
    assert table.sprites[c("3 swords")].shake > 0


def test_hover_lifts_only_a_playable_card_and_a_click_plays_it(driver):
    table = layout_table(driver, ["3 swords, 5 cups, 9 clubs", "6 cups", "6 swords"], "5 coins")
    driver.move(card_point(table, c("3 swords")))
    assert table.sprites[c("3 swords")].lift == 0
    driver.move(card_point(table, c("5 cups")))
    assert table.sprites[c("5 cups")].lift > 0
    driver.click(card_point(table, c("5 cups")))
    assert c("5 cups") in table.rules.discard and c("5 cups") not in table.rules.hands[0]
    spot = table.spots[c("5 cups")]
    sprite = table.sprites[c("5 cups")]
    assert sprite.y > spot.y + 50, "the card slides: it has not arrived after one frame"
    driver.run(0.6)
    assert sprite.pos == pytest.approx((spot.x, spot.y))
    assert table.sprites[c("5 cups")].card == c("5 cups"), "a played card shows its face"


def test_a_seven_opens_the_suit_picker_and_the_keyboard_names_a_suit(driver):
    table = layout_table(driver, ["7 cups, 3 swords, 4 swords", "6 cups", "6 swords"], "5 coins")
    driver.key(pygame.K_RETURN)  # the focus starts on the first card: the 7 of Cups
    assert table.rules.phase == "suit" and table.rules.current_player == 0
    assert table.game.input.pointer().suit_focus == 2, "the picker starts on Swords, the suit most held"
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)
    assert table.rules.active_suit == "clubs"
    assert table.message.text == "Amina plays the 7 of Cups and names Clubs"


def test_a_computer_turn_says_what_it_did(driver):
    table = layout_table(driver, ["9 clubs, 3 swords", "7 cups, 4 swords, 5 swords", "6 swords"],
                         "9 coins")
    driver.click(card_point(table, c("9 clubs")))
    assert driver.until(lambda: table.rules.current_player == 2, 5)
    assert table.message.text == "Hafsa plays the 7 of Cups and names Swords"
    assert table.rules.active_suit == "swords"


def test_the_draw_pile_and_the_action_button_draw(driver):
    table = layout_table(driver, ["3 swords, 4 cups", "6 cups", "6 swords"], "5 coins",
                         draw="9 clubs, 10 clubs", play_drawn=False)
    driver.click(centre(draw_pile_rect()))
    assert c("9 clubs") in table.rules.hands[0] and table.rules.current_player == 1
    assert table.message.text == "Amina cannot play and draws a card"


def test_a_penalty_is_taken_for_a_human_and_shown_on_the_table(driver):
    seats = [Seat("Amina"), Seat("Badr")]
    table = layout_table(driver, ["2 coins, 3 swords", "6 cups, 4 cups"], "5 coins",
                         draw="9 clubs, 10 clubs", seats=seats)
    driver.pass_screen()  # Amina reveals her hand
    driver.click(card_point(table, c("2 coins")))
    assert table.rules.pending_draw == 2
    assert driver.until(lambda: len(table.rules.hands[1]) == 4, 5)
    assert table.seating.pass_to is None and table.seating.viewer == 0, "Amina plays on: no pass screen for Badr"
    assert table.message.text == "Badr draws 2 cards"


def test_a_saved_game_resumes_at_the_same_state(driver):
    table = start_table(driver.app, [Seat("Amina"), Seat("Hafsa", "computer", "easy")],
                        {"stacking": False, "play_drawn": False}, 77)
    driver.app.push(table, transition=False)
    driver.frames(3)
    payload = driver.app.saves.load("sota")
    again = resume_scene(driver.app, "sota", payload)
    assert again.rules == table.rules and again.seats == table.seats and again.match.seed == 77
    with pytest.raises((ValueError, KeyError, TypeError)):
        resume_scene(driver.app, "sota", {**payload, "rules": {"game": "sota"}})


def test_setup_starts_a_four_player_table_by_keys_and_clicks(driver):
    driver.app.push(setup_scene(driver.app, "sota"), transition=False)
    setup = driver.top
    setup.group.focus = 0
    driver.key(pygame.K_RIGHT)  # 3 players -> 4
    start = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Start")
    driver.click(start.rect.center)
    table = driver.top
    assert isinstance(table, Table) and isinstance(table.game, SotaParts) and table.rules.num_players == 4
    assert table.rules.stacking is True and table.rules.play_drawn is False
    assert [s.is_human for s in table.seats] == [True, False, False, False]


def test_play_drawn_offers_the_drawn_card_and_a_keep_button(driver):
    table = layout_table(driver, ["3 swords, 4 cups", "6 cups", "6 swords"], "5 coins",
                         draw="9 coins, 10 clubs", play_drawn=True)
    driver.key(pygame.K_d)  # the keyboard shortcut for the draw pile
    assert table.rules.drawn_card == c("9 coins") and table.game.input.pointer().action_label == "Keep it"
    driver.frames(2)
    assert table.sprites[c("9 coins")].highlight is not None, "the drawn card glows"
    driver.click(centre(ACTION_RECT))
    assert table.rules.current_player == 1 and c("9 coins") in table.rules.hands[0]
    assert table.message.text == "Amina keeps the drawn card"


def test_computer_hands_stay_backs_until_the_reveal(driver, drawn_cards):
    table = layout_table(driver, ["4 coins, 9 clubs", "6 cups, 9 cups", "6 swords, 10 cups"], "5 coins")
    log = drawn_cards
    driver.frames(2)
    hidden = set(table.rules.hands[1]) | set(table.rules.hands[2])
    assert log.faces and not hidden & set(log.faces)
    assert not hidden & set(table.sprites), "a hidden card is not even a sprite key"
    backs = {key for key in table.sprites if isinstance(key, tuple) and key[0] == "hand"}
    assert backs == {("hand", 1, 0), ("hand", 1, 1), ("hand", 2, 0), ("hand", 2, 1)}
    assert all(table.sprites[key].card is None for key in backs)
    assert len([k for k in table.sprites if isinstance(k, tuple) and k[0] == "draw"]) == len(table.rules.draw_pile)
    table.rules.hands[0].remove(c("9 clubs"))  # one card left: the next play wins
    table.rules.discard.insert(0, c("9 clubs"))
    driver.click(card_point(table, c("4 coins")))
    assert table.rules.is_over
    log.clear()
    driver.run(1.0)
    assert hidden <= set(log.faces), "at the end every hand is shown"
    assert driver.until(lambda: isinstance(driver.top, ResultScene), 5)


def test_the_keyboard_focus_and_its_showing_come_back_after_a_resume(driver):
    d = driver
    table = layout_table(d, ["3 cups, 5 cups, 9 cups", "6 swords", "6 clubs"], "5 coins")
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    d.frames()
    focus = table.game.input.focus
    assert focus != 0 and table.keyboard_focus
    payload = d.app.saves.load("sota")
    d.app.pop()
    resumed = resume_scene(d.app, "sota", payload)
    d.app.push(resumed, transition=False)
    d.frames(2)
    assert resumed.game.input.focus == focus and resumed.keyboard_focus
    payload["extra"].pop("focus")  # a save of an earlier version: the focus hidden on the first item
    older = resume_scene(d.app, "sota", payload)
    d.app.push(older, transition=False)
    d.frames(2)
    assert older.game.input.focus == 0 and not older.keyboard_focus
