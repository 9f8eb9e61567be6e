"""Pass-and-play never shows the wrong hand: the pass screen ignores every click and key for its
first 0.6 s, is dismissed only by its own button or key, and tells the next player what happened
since their last turn."""
import pygame
import pytest

from game.match import Match
from game.seats import Seat
from scenes.seating import PASS_BUTTON, PASS_GUARD, Seating
from scenes.sota.layout import picker_rects
from scenes.sota.table import sota_table
from scenes.table import Table
from tests.game.sota.helpers import c, cs, from_layout

pytestmark = pytest.mark.driver(speed="normal")
SEATS = [Seat("Amina"), Seat("Hafsa")]


def centre(rect):
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


def two_humans(driver, hands=("7 coins, 3 swords", "6 cups, 4 cups, 5 clubs"), top="5 coins") -> Table:
    rules = from_layout([s.name for s in SEATS], [cs(h) for h in hands], [c(top)], cs("9 clubs, 10 clubs"))
    table = sota_table(driver.app, Match(rules, SEATS, 3))
    driver.app.push(table, transition=False)
    driver.frames(2)
    driver.pass_screen()  # Amina shows her hand
    assert table.seating.viewer == 0 and table.seating.pass_to is None
    return table


def card_point(table, card):
    rect = table.sprites[card].rect
    return (rect.left + 10, rect.centery)


def play_a_seven_and_double_click_its_suit(driver, table) -> None:
    driver.click(card_point(table, c("7 coins")))
    driver.run(0.5)
    suit = centre(dict(picker_rects())["cups"])
    driver.click(suit)
    assert table.rules.current_player == 1 and table.seating.pass_to == 1, "the pass screen for Hafsa"
    driver.run(0.1)
    driver.click(suit)  # the double-click's second press lands on the pass screen


def test_a_double_click_on_a_sevens_suit_does_not_show_the_next_hand(driver, drawn_cards):
    table = two_humans(driver)
    play_a_seven_and_double_click_its_suit(driver, table)
    assert table.seating.pass_to == 1, "the second click of a double-click passed the pass screen"
    hafsa = table.rules.hands[1]
    driver.click(card_point(table, hafsa[0]) if hafsa[0] in table.sprites else (200, 600))  # a third click
    drawn_cards.clear()
    driver.frames()
    assert table.seating.pass_to == 1 and len(table.rules.hands[1]) == 3, "no card of Hafsa's was played"
    assert not set(drawn_cards.faces) & set(hafsa), "Hafsa's hand showed to Amina"


def test_after_its_guard_only_its_button_or_key_dismisses_it(driver):
    table = two_humans(driver)
    play_a_seven_and_double_click_its_suit(driver, table)
    driver.run(PASS_GUARD + 0.1)
    driver.click((200, 660))  # anywhere but its button
    driver.key(pygame.K_d)  # a key of the table
    driver.key(pygame.K_a)
    assert table.seating.pass_to == 1
    driver.click(PASS_BUTTON.center)
    assert table.seating.pass_to is None and table.seating.viewer == 1


def test_its_key_dismisses_it_once_the_guard_is_over(driver):
    table = two_humans(driver)
    play_a_seven_and_double_click_its_suit(driver, table)
    driver.key(pygame.K_RETURN)  # at once: ignored
    assert table.seating.pass_to == 1
    driver.run(PASS_GUARD)
    driver.key(pygame.K_RETURN)
    assert table.seating.pass_to is None and table.seating.viewer == 1


def test_it_tells_the_next_player_what_happened_since_their_last_turn(driver, monkeypatch):
    table = two_humans(driver)
    drawn: list[str] = []
    text = driver.app.canvas.text
    monkeypatch.setattr(driver.app.canvas, "text", lambda value, *a, **k: drawn.append(value) or text(value, *a, **k))
    play_a_seven_and_double_click_its_suit(driver, table)
    driver.frames()
    assert table.seating.since(table.history) == table.history, "Hafsa's first turn: everything so far"
    assert any("Amina" in line and "7" in line for line in drawn), drawn
    assert "Since your last turn:" in drawn
    driver.pass_screen()
    driver.click(card_point(table, c("6 cups")))  # Hafsa plays on the cups Amina named
    driver.run(1.0)
    assert table.seating.pass_to == 0
    since = table.seating.since(table.history)
    assert len(since) == 1 and since[0].startswith("Hafsa"), since


def test_back_to_the_one_in_front_of_a_networked_table_guards_input_too():
    """A networked table's turn comes back to the one in front before anyone took the screen: the
    pass screen lifts, and the table ignores input for PASS_GUARD seconds as after a pass."""
    seating = Seating([0, 1], secret_hands=True)
    seating.turn_to(0, True)
    seating.pass_done()
    seating.tick(PASS_GUARD)
    assert seating.turn_to(1, True) and seating.pass_to == 1  # the screen waits for the other one
    seating.tick(PASS_GUARD)
    assert seating.turn_to(0, True) and seating.pass_to is None  # back to seat 0, still in front
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(640, 360))
    assert seating.guard.blocks(click)
    seating.tick(PASS_GUARD)
    release = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(640, 360))
    assert seating.guard.blocks(release)  # the press made within the guard stays refused
    assert not seating.guard.blocks(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(640, 360)))
