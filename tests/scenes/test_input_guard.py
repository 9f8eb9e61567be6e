"""No input reaches a hand its player has not seen: after a pass screen lifts, the table takes no click
or key for PASS_GUARD seconds, nor any repeat of a key or button held down since, in every game with
a pass screen. The events come at a real double-click's and a real key repeat's timings, through the
app loop with a fixed dt."""
from collections.abc import Hashable

import pygame
import pytest

from game.match import Match
from game.registry import game_info
from game.seats import Seat
from game.sota import Play
from harness.driver import DT
from scenes.plugins import game_scenes, playable_games
from scenes.seating import GUARD_WAKE, PASS_BUTTON, PASS_GUARD
from scenes.sota.table import sota_table
from scenes.table import Table
from tests.game.sota.helpers import c, cs, from_layout

pytestmark = pytest.mark.driver(speed="normal")
SEATS = [Seat("Amina"), Seat("Hafsa")]
DOUBLE_CLICK = 0.15  # seconds between the two presses of a quick double-click
QUICK_TAP = 0.12  # between two taps of Enter
REPEAT_DELAY, REPEAT_INTERVAL = 0.5, 0.05  # a held key's first repeat and the ones after (pygame.key.set_repeat)
HELD = 2.0  # how long Enter is held down
PASS_GAMES = [name for name in playable_games() if game_info(name).secret_hands]


class Reached:
    """Every click and key the game's input controller was given."""

    def __init__(self, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        controls = table.game.input
        for name in ("on_press", "on_release", "on_key"):
            handler = getattr(controls, name)
            monkeypatch.setattr(controls, name, self.recorder(name, handler))

    def recorder(self, name, handler):
        def record(*args):
            self.calls.append(name)
            return handler(*args)
        return record


def post(driver, kind: int, **data) -> None:
    if "pos" in data:
        data["pos"] = driver._screen(data["pos"])
    driver.post(kind, **data)


def post_key(driver, kind: int, key: int = pygame.K_RETURN) -> None:
    post(driver, kind, key=key, mod=0, unicode="", scancode=0)


def at_pass_screen(driver, name: str) -> Table:
    """A new two-human table of game `name`, its pass screen up for the first player and ready."""
    table = game_scenes(name).start(driver.app, list(SEATS), {}, 4)
    driver.app.push(table, transition=False)
    assert driver.until(lambda: table.seating.pass_to is not None, 10), "the first hand waits behind the pass screen"
    driver.run(PASS_GUARD + 0.05)
    assert table.seating.ready
    return table


def a_card_to_play(table: Table) -> tuple[float, float]:
    """Where a card of the shown hand that has a legal move lies."""
    keys = [mark for mark in table.game.move_marks() if isinstance(mark, Hashable) and mark in table.sprites]
    assert keys, "the first player has a card to play"
    return table.sprites[keys[0]].rect.center


@pytest.mark.parametrize("name", PASS_GAMES)
def test_a_double_click_on_show_my_hand_plays_nothing(driver, monkeypatch, name):
    table = at_pass_screen(driver, name)
    reached, played = Reached(table, monkeypatch), table.match.moves_played
    post(driver, pygame.MOUSEBUTTONDOWN, pos=PASS_BUTTON.center, button=1)
    post(driver, pygame.MOUSEBUTTONUP, pos=PASS_BUTTON.center, button=1)
    driver.frames()
    assert table.seating.pass_to is None, "the first click shows the hand"
    driver.run(DOUBLE_CLICK - DT)
    card = a_card_to_play(table)
    post(driver, pygame.MOUSEBUTTONDOWN, pos=card, button=1)
    driver.frames()
    post(driver, pygame.MOUSEBUTTONUP, pos=card, button=1)
    driver.run(0.5)
    assert reached.calls == [] and table.match.moves_played == played, "the second click reached the hand"
    driver.run(PASS_GUARD)
    post(driver, pygame.MOUSEBUTTONDOWN, pos=card, button=1)
    driver.frames()
    assert reached.calls == ["on_press"], "a click once the hand has been seen is taken"


@pytest.mark.parametrize("name", PASS_GAMES)
def test_enter_enter_after_the_pass_screen_plays_nothing(driver, monkeypatch, name):
    table = at_pass_screen(driver, name)
    reached, played = Reached(table, monkeypatch), table.match.moves_played
    for _ in range(2):
        post_key(driver, pygame.KEYDOWN)
        driver.frames()
        post_key(driver, pygame.KEYUP)
        driver.run(QUICK_TAP - DT)
    assert table.seating.pass_to is None
    driver.run(0.5)
    assert reached.calls == [] and table.match.moves_played == played, "the second Enter reached the hand"
    driver.key(pygame.K_RETURN)
    assert reached.calls == ["on_key"], "Enter once the hand has been seen is taken"


@pytest.mark.parametrize("name", PASS_GAMES)
def test_enter_held_down_through_the_pass_screen_plays_nothing(driver, monkeypatch, name):
    table = at_pass_screen(driver, name)
    reached, played = Reached(table, monkeypatch), table.match.moves_played
    post_key(driver, pygame.KEYDOWN)
    driver.frames()
    assert table.seating.pass_to is None
    held, next_repeat, repeats = DT, REPEAT_DELAY, 0
    while held < HELD:
        if held >= next_repeat:
            post_key(driver, pygame.KEYDOWN)  # a repeat: no KEYUP between
            next_repeat += REPEAT_INTERVAL
            repeats += 1
        driver.frames()
        held += DT
    post_key(driver, pygame.KEYUP)
    driver.frames()
    assert repeats > 20 and held > 2 * PASS_GUARD
    assert reached.calls == [] and table.match.moves_played == played, "a repeat of the held Enter reached the hand"
    driver.key(pygame.K_RETURN)
    assert reached.calls == ["on_key"], "a new press of Enter is taken"


def suit_waiting(driver) -> Table:
    """Amina played a Seven and the game was saved before she named a suit; pass-and-play resumes it
    behind the pass screen. She holds no Coins (the picker's first suit)."""
    rules = from_layout([s.name for s in SEATS], [cs("7 cups, 3 swords, 4 swords, 5 clubs"), cs("6 cups, 4 cups")],
                        [c("5 coins")], cs("9 clubs, 10 clubs"))
    rules.apply(Play(c("7 cups")))
    table = sota_table(driver.app, Match(rules, SEATS, 3))
    driver.app.push(table, transition=False)
    driver.frames(2)
    assert table.seating.pass_to == 0 and rules.phase == "suit"
    return table


def test_enter_enter_with_a_seven_waiting_names_no_suit_and_the_picker_starts_on_one_she_holds(driver):
    table = suit_waiting(driver)
    driver.run(PASS_GUARD + 0.05)
    driver.key(pygame.K_RETURN)
    driver.run(QUICK_TAP - DT)
    driver.key(pygame.K_RETURN)
    driver.run(0.3)
    assert table.rules.phase == "suit", "the second Enter named a suit she had not seen"
    driver.run(PASS_GUARD)
    driver.key(pygame.K_RETURN)
    assert table.rules.active_suit == "swords", "Enter names the suit she holds most, not Coins"


def test_enter_enter_after_pass_to_amina_does_not_play_her_card(driver):
    rules = from_layout([s.name for s in SEATS], [cs("4 coins, 3 swords"), cs("6 cups, 4 cups")],
                        [c("5 coins")], cs("9 clubs, 10 clubs"))
    table = sota_table(driver.app, Match(rules, SEATS, 3))
    driver.app.push(table, transition=False)
    driver.frames(2)
    driver.run(PASS_GUARD + 0.05)
    driver.key(pygame.K_RETURN)  # "Amina: show my hand"
    driver.run(QUICK_TAP - DT)
    driver.key(pygame.K_RETURN)  # the focus is on her first card, the 4 of Coins
    driver.run(0.5)
    assert c("4 coins") in rules.hands[0], "her card was played before she saw her hand"
    driver.run(PASS_GUARD)
    driver.key(pygame.K_RETURN)
    assert c("4 coins") in rules.discard, "once she has seen her hand, Enter plays her card"


def test_the_loop_wakes_while_the_guard_runs_so_it_ends_on_time(driver):
    """The loop's dt is capped (scenes/app.py MAX_DT): a table sleeping through its guard in one wait
    would be ticked a fraction of it, and take the player's first click seconds late."""
    table = at_pass_screen(driver, "sota")
    driver.key(pygame.K_RETURN)
    assert 0 < (table.next_frame() or 1.0) <= GUARD_WAKE
    driver.run(PASS_GUARD)
    assert table.seating.guard.left == 0
