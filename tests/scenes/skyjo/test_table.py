"""The Skyjo table driven headless by real clicks and keys through the real main loop."""
import pygame
import pytest

from game.match import Match
from game.places import DiscardPile, DrawPile, Slot
from game.seats import Seat
from game.skyjo import new_game
from game.skyjo.ai import ComputerPlayer
from game.skyjo.moves import TurnUp
from scenes.plugins import resume_scene
from scenes.setup import setup_scene
from scenes.sheet import ScoreSheet
from scenes.skyjo.input import target_pos
from scenes.skyjo.layout import DISCARD_POS, DRAW_POS, draw_key, grid_key
from scenes.skyjo.table import SkyjoParts, skyjo_table, start_table


def open_table(driver, seats, seed=5):
    table = start_table(driver.app, seats, {}, seed)
    driver.app.push(table, transition=False)
    settle(driver, table)
    return table


def settle(driver, table):
    assert driver.until(lambda: not table.animator.busy or driver.top is not table, 20)


def click(driver, table, pos):
    driver.click(pos)
    settle(driver, table)


def slot_pos(table, slot):
    return target_pos(Slot(slot), table.game.grids.big_box())


def test_a_hot_seat_round_played_by_clicks(driver):
    table = open_table(driver, [Seat("Ann"), Seat("Ben")])
    rules = table.rules
    # the opening turn-ups: each player clicks two of their cards
    while rules.phase == "reveal":
        player = rules.current_player
        assert table.game.grids.active == player
        slot = rules.down_slots(player)[0]
        click(driver, table, slot_pos(table, slot))
        assert rules.face_up[player][slot]
        assert table.sprites[rules.grids[player][slot]].card is not None
    starter = rules.current_player
    assert rules.phase == "choose"
    # a turn: draw; keep a low card, else throw it away and turn up a card; until the round ends
    turns = 0
    while rules.phase == "choose":
        player = rules.current_player
        assert table.game.grids.active == player
        targets = table.game.input.targets()
        assert DrawPile() in targets and DiscardPile() in targets
        click(driver, table, DRAW_POS)
        assert rules.phase == "place_drawn" and rules.hand is not None
        drawn = rules.hand
        assert table.sprites[drawn].card == drawn
        if drawn.rank <= 4:
            up = [s for s in rules.occupied_slots(player) if rules.face_up[player][s]]
            highest = max(up, key=lambda s: rules.grids[player][s].rank)
            slot = highest if rules.grids[player][highest].rank > drawn.rank + 3 else \
                rules.down_slots(player)[0]
            click(driver, table, slot_pos(table, slot))
            assert rules.grids[player][slot] in (drawn, None)  # None: a column was completed
        else:
            click(driver, table, DISCARD_POS)
            assert rules.phase == "turn_up" and rules.discard_pile[-1] == drawn
            assert all(isinstance(t, Slot) for t in table.game.input.targets())
            slot = rules.down_slots(player)[0]
            click(driver, table, slot_pos(table, slot))
        turns += 1
        assert turns < 60
    assert rules.phase == "round_over" and rules.ender is not None
    assert driver.until(lambda: isinstance(driver.top, ScoreSheet), 10)
    sheet = driver.top
    assert sheet.group.widgets[0].label == "Next round"
    driver.click(sheet.group.widgets[0].rect.center)
    assert driver.top is table
    settle(driver, table)
    assert rules.round_number == 2 and rules.phase == "reveal"
    assert rules.starter == rules.history[0]["ender"]
    assert starter in (0, 1) and turns > 5


def test_a_turn_by_keyboard_and_a_refused_click(driver):
    table = open_table(driver, [Seat("Ann"), Seat("Ben")])
    rules = table.rules
    while rules.phase == "reveal":  # Enter picks the first legal target, then arrows move
        driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_RETURN)
        settle(driver, table)
    player = rules.current_player
    driver.key(pygame.K_d)
    settle(driver, table)
    assert rules.phase == "place_drawn"
    drawn = rules.hand
    before = rules.to_dict()
    click(driver, table, DRAW_POS)  # drawing twice is refused, nothing changes
    assert rules.to_dict() == before and "exchange" in table.message.text
    driver.key(pygame.K_x)
    settle(driver, table)
    assert rules.phase == "turn_up" and rules.discard_pile[-1] == drawn
    targets = table.game.input.targets()
    driver.key(pygame.K_TAB)  # Tab jumps to a card that may be picked: a face-down one
    driver.key(pygame.K_RETURN)
    settle(driver, table)
    assert rules.phase == "choose" and rules.current_player != player
    assert len(rules.down_slots(player)) == 9 and targets


def sprite_key(rules, player, slot):
    """A face-up card's sprite is keyed by the card, a face-down one by its place."""
    return rules.grids[player][slot] if rules.face_up[player][slot] else grid_key(player, slot)


def marked(driver, table):
    """The sprite keys drawn with a mark this frame."""
    driver.frames(1)
    return {key for key, sprite in table.sprites.items() if sprite.mark}


def test_the_cards_that_may_be_picked_are_marked_unless_the_setting_is_off(driver):
    table = open_table(driver, [Seat("Ann"), Seat("Ben")])
    rules = table.rules
    while rules.phase == "reveal":
        rules.apply(TurnUp(rules.down_slots(rules.current_player)[0]))
    table.seating.viewer = rules.current_player
    table.game.settle(animate=False)
    assert marked(driver, table) == {draw_key(len(rules.draw_pile) - 1), rules.discard_pile[-1]}
    click(driver, table, DRAW_POS)
    player = rules.current_player
    occupied = {sprite_key(rules, player, s) for s in rules.occupied_slots(player)}
    assert marked(driver, table) == occupied | {rules.discard_pile[-1]}, "after a draw: every slot and the discard"
    driver.app.settings.move_marks = False
    assert marked(driver, table) == set()


def test_computers_play_a_round_alone_and_face_down_sprites_hold_no_card(driver):
    driver.app.settings.animation_speed = "instant"
    seats = [Seat("A", "computer", lv) for lv in ("easy", "normal", "hard", "hard")]
    table = open_table(driver, seats, seed=8)
    assert driver.until(lambda: table.rules.phase == "round_over", 60)
    assert len(table.sprites) == 150
    for key, sprite in table.sprites.items():
        if isinstance(key, tuple):  # a card seen from the back: a grid's face-down card, the draw pile
            assert sprite.card is None, key
    for p in range(4):
        for slot in range(12):
            card = table.rules.grids[p][slot]
            if card is not None and table.rules.face_up[p][slot]:
                assert table.sprites[card].card == card
    assert driver.until(lambda: isinstance(driver.top, ScoreSheet), 10)
    first_round = table.rules.round_number
    assert driver.until(lambda: table.rules.round_number == first_round + 1, 10), \
        "with no human at the table, the score sheet goes on by itself"


def test_a_saved_game_resumes_where_it_stopped(driver):
    table = open_table(driver, [Seat("Ann"), Seat("Ben", "computer", "hard")])
    click(driver, table, slot_pos(table, 0))
    payload = driver.app.saves.load("skyjo")
    resumed = resume_scene(driver.app, "skyjo", payload)
    assert isinstance(resumed.game, SkyjoParts) and resumed.rules == table.rules
    payload["seats"] = payload["seats"][:1]
    with pytest.raises(ValueError):
        resume_scene(driver.app, "skyjo", payload)


def test_setup_scene_offers_two_to_eight_seats(driver):
    scene = setup_scene(driver.app, "skyjo")
    assert scene.seat_range == (2, 8)


def play_until(rules, phases):
    bots = [ComputerPlayer("normal", seat) for seat in range(len(rules.names))]
    while rules.phase not in phases:
        rules.apply(bots[rules.current_player].choose(rules.view(rules.current_player)))


def test_a_game_resumed_at_a_round_end_shows_the_score_sheet(driver):
    rules = new_game(["Ann", "Ben"], 9)
    play_until(rules, ("round_over", "game_over"))
    assert rules.phase == "round_over"
    table = skyjo_table(driver.app, Match(rules, [Seat("Ann"), Seat("Ben", "computer", "hard")], 9))
    driver.app.push(table, transition=False)
    assert driver.until(lambda: isinstance(driver.top, ScoreSheet), 5)
    sheet = driver.top.fill()
    assert sheet.title == "Score sheet after round 1" and [r.label for r in sheet.rows] == ["1"]
    assert [c.text for c in sheet.total.cells] == [str(t) for t in rules.totals]
    driver.key(pygame.K_RETURN)  # the focused button: Next round
    assert driver.until(lambda: rules.round_number == 2 and driver.top is table, 5)


def test_the_final_score_sheet_offers_play_again_and_menu(driver):
    rules = new_game(["Ann", "Ben"], 4, target=1)
    play_until(rules, ("round_over", "game_over"))
    assert rules.phase == "game_over"
    table = skyjo_table(driver.app, Match(rules, [Seat("Ann"), Seat("Ben", "computer", "hard")], 4))
    driver.app.push(table, transition=False)
    assert driver.until(lambda: isinstance(driver.top, ScoreSheet), 5)
    assert [w.label for w in driver.top.group.widgets] == ["Play again", "Menu", "View table"]
    assert driver.top.fill().title.endswith(("wins!", "share the win!"))


def test_the_keyboard_cursor_and_its_showing_come_back_after_a_resume(driver):
    table = open_table(driver, [Seat("Ann"), Seat("Ben", "computer", "hard")])
    driver.key(pygame.K_RIGHT)  # the cursor shows on the first card that may be turned
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_DOWN)
    focus = table.game.input.focus
    assert isinstance(focus, Slot) and focus != Slot(0) and table.keyboard_focus
    payload = driver.app.saves.load("skyjo")
    driver.app.pop()
    resumed = resume_scene(driver.app, "skyjo", payload)
    driver.app.push(resumed, transition=False)
    settle(driver, resumed)
    assert resumed.game.input.focus == focus and resumed.keyboard_focus
    driver.key(pygame.K_RETURN)  # Enter turns up the card the cursor was on, not the first
    settle(driver, resumed)
    assert focus.index not in resumed.rules.down_slots(0) and len(resumed.rules.down_slots(0)) == 11


def test_a_save_without_the_cursor_resumes_with_it_hidden(driver):
    table = open_table(driver, [Seat("Ann"), Seat("Ben", "computer", "hard")])
    click(driver, table, slot_pos(table, 0))
    payload = driver.app.saves.load("skyjo")
    payload["extra"].pop("focus")  # a save of an earlier version
    resumed = resume_scene(driver.app, "skyjo", payload)
    driver.app.push(resumed, transition=False)
    settle(driver, resumed)
    assert resumed.game.input.focus is None and not resumed.keyboard_focus
