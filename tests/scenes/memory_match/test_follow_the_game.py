"""Following a Memory Match game as a player: the computer's pairs told and held, one history line
per pair, hints that know only the cards the screen has shown, the choice marked."""
import pygame
import pytest

from game.match import Match
from game.memory_match.moves import Flip
from game.seats import Seat
from harness.driver import Driver
from scenes.memory_match.layout import CHOICE_BUTTONS, cell_centre
from scenes.memory_match.table import memory_match_table
from scenes.plugins import resume_scene
from scenes.table import Table
from scenes.table_marks import HINT_COLOUR, MARK_COLOUR
from tests.game.memory_match.scripted import scripted_game

pytestmark = pytest.mark.driver(speed="normal")

SEATS = [Seat("Amina"), Seat("Youssef", "computer", "hard")]


def computer_table(d: Driver, flips=(0, 2)) -> Table:
    """Youssef (a computer) starts and turns up the cells `flips`; the grid holds the pairs side by
    side: cell 0 and 1 a Sun, 2 and 3 a Moon... 12-13 the Bonus cards, 14-15 the Penalty cards."""
    rules = scripted_game([s.name for s in SEATS], 1, starter=1)
    table = memory_match_table(d.app, Match(rules, SEATS, 1, {"seed": 1, "starter": "p2"}))
    script = iter(Flip(cell) for cell in flips)
    table.match.computers[1].choose = lambda view: next(script)
    d.app.push(table, transition=False)
    return table


def test_the_computers_pair_is_one_line_still_shown_when_the_humans_turn_starts(driver):
    table = computer_table(driver)
    assert driver.until(table.can_act, 10)
    line = "Youssef turns up a Sun (row 1, column 1) and a Moon (row 1, column 3): no pair"
    assert table.history == [line]
    driver.run(8)
    assert table.message.text == line and table.message.left > 0, "held until Amina acts"
    driver.click(cell_centre(5))
    driver.run(5)
    assert table.message.left == 0 and table.history[-1] == "Amina turns up a Heart (row 2, column 2)"


def test_a_hint_uses_a_card_the_screen_has_shown(driver):
    table = computer_table(driver)
    assert driver.until(table.can_act, 10)
    driver.click(cell_centre(3))  # the other Moon
    driver.key(pygame.K_h)
    assert driver.until(lambda: sum(table.match.hints_used) == 1, 5)
    assert table.message.text == "Hint: Flip the card at row 1, column 3: you saw the other Moon there"
    driver.frames(1)
    assert table.sprites[("cell", 2)].mark == HINT_COLOUR


@pytest.mark.driver(speed="instant")  # the computer's second card comes and goes between two frames
def test_a_hint_never_uses_a_card_the_screen_did_not_show(driver):
    table = computer_table(driver)
    assert driver.until(table.can_act, 10)
    assert 0 in table.game.seen and 2 not in table.game.seen, "the first card stayed up for a frame, the second did not"
    driver.click(cell_centre(3))
    driver.key(pygame.K_h)
    assert driver.until(lambda: sum(table.match.hints_used) == 1, 5)
    assert "you saw the other Moon" not in table.message.text, table.message.text
    assert table.message.text.startswith("Hint: Flip the card at")


def test_what_the_screen_has_shown_comes_back_after_a_resume(driver):
    table = computer_table(driver)
    assert driver.until(table.can_act, 10)
    again = resume_scene(driver.app, "memory_match", driver.app.saves.load("memory_match"))
    assert again.game.seen == table.game.seen == {0: table.rules.log[0].card, 2: table.rules.log[1].card}
    assert again.history == table.history


def test_only_the_choice_after_two_bonus_cards_is_marked(driver):
    table = computer_table(driver)
    assert driver.until(table.can_act, 10)
    assert table.mark_layers() == [([], MARK_COLOUR)], "no face-down card is marked: any of them may be flipped"
    driver.click(cell_centre(12))
    driver.run(0.5)
    driver.click(cell_centre(13))
    assert driver.until(table.can_act, 5) and table.rules.pending_choice == "two_bonus"
    assert table.mark_layers() == [([pygame.FRect(rect) for rect in CHOICE_BUTTONS], MARK_COLOUR)]
    driver.frames(1)
    assert not any(sprite.mark for sprite in table.sprites.values())
    driver.app.settings.move_marks = False
    assert table.mark_layers() == []


def test_the_card_just_flipped_wears_no_red_not_allowed_ring(driver, monkeypatch):
    from scenes.memory_match.draw import REFUSED
    from sprites.theme import FOCUS_REFUSED, FOCUS_RING
    table = computer_table(driver)
    assert driver.until(table.can_act, 10)
    drawn = []
    box = driver.app.canvas.box
    monkeypatch.setattr(driver.app.canvas, "box",
                        lambda colour, *a, **k: drawn.append(tuple(colour)) or box(colour, *a, **k))
    driver.move(cell_centre(5))
    assert FOCUS_RING in drawn, "the card under the mouse wears the focus ring"
    driver.click(cell_centre(5))  # turned up; the mouse stays on it
    drawn.clear()
    driver.run(0.5)
    assert table.can_act() and table.game.input.pointed_cell() == 5 and 5 in table.rules.flipped
    assert REFUSED not in drawn and FOCUS_REFUSED not in drawn and FOCUS_RING not in drawn
