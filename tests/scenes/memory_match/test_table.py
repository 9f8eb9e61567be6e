"""The Memory Match table driven headless through the real loop with real clicks and keys."""
import pygame
import pytest

from game.match import Match
from game.memory_match import toss_coin
from game.memory_match.ai import ComputerPlayer
from game.memory_match.moves import CHOICES, Flip
from game.seats import Seat
from harness.driver import Driver
from scenes.memory_match.layout import CHOICE_BUTTONS, cell_centre
from scenes.memory_match.motion import FLIP_TIME, MIN_READ, sprite_at
from scenes.memory_match.table import MemoryMatchParts, memory_match_table, start_table
from scenes.plugins import resume_scene
from scenes.result import ResultScene
from scenes.setup import setup_scene
from scenes.table import Table
from tests.game.memory_match.scripted import scripted_game

pytestmark = pytest.mark.driver(speed="instant")

ORDERED = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8]
HUMANS = [Seat("Amina"), Seat("Badr")]


def centre(rect):
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


def layout_table(d: Driver, seats=HUMANS, layout=ORDERED, starter=0) -> Table:
    rules = scripted_game([s.name for s in seats], 1, layout, starter)
    table = memory_match_table(d.app, Match(rules, seats, 1, {"seed": 1, "starter": "p1"}))
    d.app.push(table, transition=False)
    d.frames(2)
    return table


def click_move(d: Driver, table: Table, move) -> None:
    """Make `move` as a person would: click the card where its sprite lies, or the button."""
    if isinstance(move, Flip):
        sprite = sprite_at(table, move.index)
        assert sprite.rect.center == pytest.approx(cell_centre(move.index))
        d.click(sprite.rect.center)
    else:
        index = list(CHOICES[table.rules.pending_choice]).index(move.option)
        d.click(centre(CHOICE_BUTTONS[index]))


def test_two_humans_play_a_whole_game_by_clicking_the_cards(driver, drawn_cards):
    table = start_table(driver.app, HUMANS, {"starter": "p2"}, 21)
    driver.app.push(table, transition=False)
    log = drawn_cards
    brains = [ComputerPlayer("hard", 1), ComputerPlayer("normal", 2)]
    clicks = 0
    assert table.rules.current_player == 1, "Player 2 starts as chosen"
    for _ in range(400):
        if table.rules.is_over:
            break
        driver.frames()
        rules = table.rules
        shown = {c for i, c in enumerate(rules.grid) if i in rules.flipped} | set(rules.taken[0] + rules.taken[1])
        assert set(log.faces) <= shown, "a face-down card was painted face up"
        log.faces.clear()
        if not table.can_act():
            continue
        before = rules.to_dict()
        move = brains[rules.current_player].choose(rules.view(rules.current_player))
        click_move(driver, table, move)
        assert rules.to_dict() != before, f"the click for {move} did nothing"
        clicks += 1
    assert table.rules.is_over and clicks >= 16
    assert driver.until(lambda: isinstance(driver.top, ResultScene), 10)
    assert any("point" in line for line in driver.top.lines)
    rows = {row["name"]: row for row in driver.app.stats.player_summary("memory_match")}
    assert set(rows) == {"Amina", "Badr"} and all(r["games"] == 1 for r in rows.values())
    assert not driver.app.saves.exists("memory_match"), "a finished game leaves no save"


def test_keyboard_arrows_and_enter_flip_and_choose(driver):
    table = layout_table(driver)
    for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN):  # cell 12: a Bonus
        driver.key(key)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_SPACE)  # cell 13: the other Bonus
    assert table.rules.pending_choice == "two_bonus"
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)  # the second button: +1 and play again
    assert table.rules.scores == [1, 0] and table.rules.current_player == 0


def test_the_choice_buttons_take_clicks(driver):
    table = layout_table(driver)
    click_move(driver, table, Flip(14))
    click_move(driver, table, Flip(15))
    assert table.rules.pending_choice == "two_penalty"
    driver.click(centre(CHOICE_BUTTONS[1]))  # -1 and skip the next turn
    assert table.rules.scores == [-1, 0] and table.rules.skips == [1, 0]
    assert table.game.panels.skips == [1, 0], "the waiting skip is shown"


def test_a_face_up_or_removed_card_is_refused_with_a_reason(driver):
    table = layout_table(driver)
    click_move(driver, table, Flip(0))
    before = table.rules.to_dict()
    driver.click(cell_centre(0))
    assert "already face up" in table.message.text and table.rules.to_dict() == before
    driver.click(cell_centre(1))       # a pair: both leave
    before = table.rules.to_dict()
    driver.click(cell_centre(0))
    assert "removed" in table.message.text and table.rules.to_dict() == before


@pytest.mark.driver(speed="normal")
def test_a_fast_third_click_leaves_a_non_matching_pair_up(driver):
    table = layout_table(driver)
    driver.click(cell_centre(0))
    driver.run(0.5)
    driver.click(cell_centre(2))  # a mismatch: both must stay readable
    shown = 0.0
    for _ in range(6):  # clicks and keys come fast while the pair shows
        driver.click(cell_centre(4))
        driver.key(pygame.K_RETURN)
        shown += 2 / 60
    before = table.rules.to_dict()
    while sprite_at(table, 2).flip < 1:
        driver.frames(1)
        shown += 1 / 60
    driver.run(MIN_READ - shown + FLIP_TIME - 0.1)
    driver.click(cell_centre(4))
    for cell in (0, 2):
        sprite = sprite_at(table, cell)
        assert sprite.face_up and sprite.card is not None and sprite.showing_face(), "still up"
    assert table.rules.to_dict() == before and table.animator.busy
    assert table.game.panels.current == 0, "the turn has not passed on screen"


@pytest.mark.driver(speed="normal")
def test_once_the_pair_has_shown_a_click_skips_the_rest_of_the_wait(driver):
    table = layout_table(driver)
    driver.click(cell_centre(0))
    driver.run(0.5)
    driver.click(cell_centre(2))
    driver.run(FLIP_TIME + MIN_READ + 0.05)
    assert table.animator.busy, "the wait is longer than the minimum"
    before = table.rules.to_dict()
    driver.click(cell_centre(4))  # skips the wait, flips nothing
    assert table.rules.to_dict() == before and not table.animator.busy
    assert not sprite_at(table, 0).face_up and sprite_at(table, 0).card is None
    assert table.game.panels.current == 1


@pytest.mark.driver(speed="normal")
def test_a_computer_flips_by_itself_at_a_human_pace(driver):
    seats = [Seat("Amina"), Seat("Youssef", "computer", "hard")]
    table = layout_table(driver, seats, starter=1)
    driver.run(0.3)
    assert table.rules.flipped == [], "the computer thinks first"
    assert driver.until(lambda: table.rules.log, 3)
    assert len(table.rules.log) == 1, "one card at a time"
    assert driver.until(lambda: table.rules.current_player == 0 or table.rules.is_over, 20)


def test_closing_mid_game_resumes_exactly_where_it_stopped(driver):
    table = layout_table(driver)
    click_move(driver, table, Flip(12))
    click_move(driver, table, Flip(13))
    payload = driver.app.saves.load("memory_match")
    assert payload is not None
    again = resume_scene(driver.app, "memory_match", payload)
    assert again.rules == table.rules and again.rules.pending_choice == "two_bonus"
    driver.app.replace(again)  # laid out when first shown
    assert all(sprite_at(again, c).face_up for c in (12, 13))
    with pytest.raises((ValueError, KeyError, TypeError)):
        resume_scene(driver.app, "memory_match", {**payload, "seats": [{"name": "x", "kind": "robot"}] * 2})


def test_setup_starts_a_coin_toss_then_deals(driver):
    setup = setup_scene(driver.app, "memory_match")
    driver.app.push(setup, transition=False)
    driver.frames(2)
    start = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Start")
    driver.click(start.rect.center)
    table = driver.top
    assert isinstance(table.game, MemoryMatchParts)
    assert [s.name for s in table.seats] == ["Amina", "Youssef"] and not table.seats[1].is_human
    assert table.game.starter_option == "coin"
    assert table.rules.current_player == toss_coin(table.match.seed)
    assert table.game.coin is None, "at instant speed the toss and the deal are already over"


@pytest.mark.driver(speed="normal")
def test_the_coin_toss_animates_before_the_deal(driver):
    table = start_table(driver.app, HUMANS, {"starter": "coin"}, 8)
    driver.app.push(table, transition=False)
    driver.run(0.5)
    assert table.game.coin is not None and 0 < table.game.coin.spin < 1
    assert driver.until(lambda: table.game.coin is None, 5)
    assert driver.until(lambda: not table.animator.busy, 5)
    sprite = sprite_at(table, 5)
    assert sprite.rect.center == pytest.approx(cell_centre(5)) and sprite.card is None


def test_play_again_starts_a_new_deal_with_the_same_seats(driver):
    table = layout_table(driver)
    for cell in range(16):
        if table.rules.pending_choice:
            driver.click(centre(CHOICE_BUTTONS[0]))
        if not table.rules.is_over and table.rules.grid[cell] is not None and cell not in table.rules.flipped:
            driver.click(cell_centre(cell))
    if table.rules.pending_choice:
        driver.click(centre(CHOICE_BUTTONS[0]))
    assert driver.until(lambda: isinstance(driver.top, ResultScene), 5)
    play_again = driver.top.group.widgets[0]
    driver.click(play_again.rect.center)
    assert isinstance(getattr(driver.top, "game", None), MemoryMatchParts) and driver.top is not table
    assert [s.name for s in driver.top.seats] == ["Amina", "Badr"] and not driver.top.rules.log


def test_a_tie_is_announced_as_a_tie(driver):
    table = layout_table(driver)
    for cell in (0, 1, 2, 3, 4, 5, 6, 8,      # Amina: three pairs, then a mismatch
                 6, 7, 8, 9, 10, 11, 12, 14,  # Badr: three pairs, then Bonus + Penalty
                 13, 15):                     # Amina: Bonus + Penalty empties the grid
        driver.click(cell_centre(cell))
    assert table.rules.is_over and table.rules.scores == [3, 3]
    assert driver.until(lambda: isinstance(driver.top, ResultScene), 5)
    assert driver.top.title == "Amina and Badr share the win!"
    assert "Equal scores: the game is a tie." in driver.top.lines


def test_hovering_shows_which_card_will_flip(driver):
    table = layout_table(driver)
    driver.move(cell_centre(5))
    assert table.game.input.hover_cell == 5 and sprite_at(table, 5).lift > 0
    assert sprite_at(table, 6).lift == 0
    driver.click(cell_centre(5))
    driver.move(cell_centre(5))
    assert not table.game.input.flippable(5), "a face-up card is not offered"


@pytest.mark.driver(speed="normal")
def test_a_click_on_the_computers_turn_says_whose_turn_it_is(driver):
    seats = [Seat("Amina"), Seat("Youssef", "computer", "hard")]
    table = layout_table(driver, seats, starter=1)
    before = table.rules.to_dict()
    driver.click(cell_centre(3))
    assert table.message.text == "Wait: it is Youssef's turn." and table.rules.to_dict() == before


def test_face_down_sprites_are_keyed_by_cell_and_hold_no_card(driver):
    table = layout_table(driver)
    click_move(driver, table, Flip(4))
    assert set(table.sprites) == {("cell", i) for i in range(16) if i != 4} | {table.rules.grid[4]}
    assert all(table.sprites[("cell", i)].card is None for i in range(16) if i != 4)


def test_score_effects_never_stand_frozen_under_a_dialog(driver, monkeypatch):
    table = layout_table(driver)
    drawn = []
    monkeypatch.setattr(table.game.effects, "draw", lambda canvas: drawn.append(driver.app.top))
    table.game.effects.float_text(1, (640, 360))
    driver.app.draw()
    assert drawn == [table], "on top, the floating score is drawn"
    driver.app.push(ResultScene(driver.app, "Amina wins!", [], [("Menu", driver.app.to_menu)], False),
                    transition=False)
    drawn.clear()
    driver.app.draw()
    assert drawn == [], "under the result the frozen '+1' is not drawn"


def test_the_keyboard_focus_and_its_showing_come_back_after_a_resume(driver):
    table = layout_table(driver)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_DOWN)
    driver.frames()
    focus = table.game.input.focus_cell
    assert focus != 0 and table.keyboard_focus
    payload = driver.app.saves.load("memory_match")
    again = resume_scene(driver.app, "memory_match", payload)
    driver.app.replace(again)
    driver.frames(2)
    assert again.game.input.focus_cell == focus and again.keyboard_focus
    payload["extra"].pop("focus")  # a save of an earlier version: the focus hidden on the first cell
    older = resume_scene(driver.app, "memory_match", payload)
    driver.app.replace(older)
    driver.frames(2)
    assert older.game.input.focus_cell == 0 and not older.keyboard_focus
