"""Following a Skyjo game as a player: your grid stays in front of you, moves land where you see
them, the history and the hints, the keyboard cursor."""
import pygame
import pytest

from game.places import DiscardPile, DrawPile, Slot
from game.seats import Seat
from game.skyjo.ai import ComputerPlayer
from game.skyjo.moves import DrawCard, Exchange, TakeDiscard, TurnUp
from scenes.plugins import resume_scene
from scenes.skyjo.input import HOVER_LIFT, target_of, target_pos, walk
from scenes.skyjo.layout import BIG_W, DISCARD_POS, DRAW_POS, slot_key
from scenes.skyjo.table import start_table
from scenes.table_marks import HINT_COLOUR

pytestmark = pytest.mark.driver(speed="normal")

COMPUTERS = [Seat("Youssef", "computer", "normal"), Seat("Hafsa", "computer", "hard"), Seat("Omar", "computer", "easy")]


def open_table(driver, seats, seed=5):
    table = start_table(driver.app, seats, {}, seed)
    driver.app.push(table, transition=False)
    return table


def click_move(driver, table, move):
    """Make `move` as a person would: click the pile or the slot of the big grid."""
    driver.click(target_pos(target_of(move), table.game.grids.big_box()))


def human_plays(driver, table, adviser):
    """Wait for the human's turn, then click the move `adviser` picks; returns it."""
    assert driver.until(table.can_act, 30)
    move = adviser.choose(table.rules.view(table.rules.current_player))
    click_move(driver, table, move)
    return move


def reach_play(driver, table, adviser):
    """The opening turn-ups done, by clicks for the human."""
    while table.rules.phase == "reveal":
        if table.can_act():
            human_plays(driver, table, adviser)
        else:
            driver.frames(1)


def big_slot(table, player, slot):
    """Where the big grid of `player` would show `slot` (the human's when it is the big one)."""
    return table.game.grids.big_box().slot_centre(slot) if table.game.grids.active == player else None


def test_your_grid_stays_big_at_the_bottom_through_three_turns_of_others(driver):
    human = 1
    seats = [COMPUTERS[0], Seat("Amina"), *COMPUTERS[1:]]
    table = open_table(driver, seats)
    adviser = ComputerPlayer("normal", 7)
    reach_play(driver, table, adviser)
    computer_turns, turn, frames = 0, table.rules.current_player, 0
    moved_in_a_turn = []
    start_spots = dict(table.spots)
    while computer_turns < 3 or not table.can_act():
        if table.can_act():
            human_plays(driver, table, adviser)
        driver.frames(1)
        frames += 1
        assert frames < 60 * 60
        assert table.game.grids.active == human, "no other grid ever comes to the bottom"
        for slot in table.rules.occupied_slots(human):
            key = slot_key(table.view(), human, slot)
            sprite = table.sprites[key]
            if not table.animator.busy:
                centre = table.game.grids.big_box().slot_centre(slot)
                assert sprite.pos == pytest.approx(centre) and sprite.width == BIG_W
        if table.rules.current_player != turn and not table.animator.busy:
            if not seats[turn].is_human:
                computer_turns += 1
                moved_in_a_turn.append(sum(1 for key, spot in table.spots.items() if start_spots.get(key) != spot))
            turn, start_spots = table.rules.current_player, dict(table.spots)
    assert max(moved_in_a_turn) <= 6, f"only the cards of a move change place, not all 48: {moved_in_a_turn}"


def test_you_see_your_own_exchange_land_in_your_grid(driver):
    table = open_table(driver, [Seat("Amina"), *COMPUTERS[:1]])
    adviser = ComputerPlayer("normal", 3)
    reach_play(driver, table, adviser)
    assert driver.until(lambda: table.can_act() and table.rules.phase == "choose", 30)
    click_move(driver, table, DrawCard())
    assert driver.until(table.can_act, 5)
    drawn = table.rules.hand
    slot = table.rules.down_slots(0)[0]
    target = table.game.grids.big_box().slot_centre(slot)
    click_move(driver, table, Exchange(slot))
    assert table.animator.busy and table.rules.current_player == 1
    assert table.game.grids.turn == 0, "the panel still names Amina while her card flies"
    sprite = table.sprites[drawn]
    while table.animator.busy:
        assert table.game.grids.active == 0
        driver.frames(1)
    assert sprite.pos == pytest.approx(target) and sprite.width == BIG_W and sprite.showing_face()
    assert table.game.grids.turn == 1, "the title changes once the card has landed"
    assert driver.until(lambda: table.rules.current_player == 0, 30)
    assert sprite.pos == pytest.approx(target), "still there through Youssef's turn"


def test_with_two_humans_the_bottom_grid_changes_after_the_move_has_landed_with_a_cue(driver):
    seats = [Seat("Amina"), COMPUTERS[0], Seat("Badr"), COMPUTERS[1]]
    table = open_table(driver, seats)
    rules = table.rules
    adviser = ComputerPlayer("normal", 2)
    while rules.phase == "reveal":  # the turn-ups pass Amina's grid to Badr's and back
        if table.can_act():
            assert table.game.grids.active == rules.current_player
            human_plays(driver, table, adviser)
        else:
            driver.frames(1)
    while not (rules.current_player == 1 and table.game.grids.active == 0):  # until Youssef plays after Amina
        if table.can_act():
            human_plays(driver, table, adviser)
        driver.frames(1)
    top_before = list(table.game.grids.top_order)
    boxes_before = {p: table.spots.get(slot_key(table.view(), p, s)) for p in (1, 3) for s in (0,)}
    while rules.current_player != 2:
        assert table.game.grids.active == 0, "Youssef's turn happens over Amina's grid"
        driver.frames(1)
    landed = 0.0
    while table.game.grids.active == 0:  # Youssef's last move flies, then a pause to see it landed
        landed += 1 / 60
        driver.frames(1)
    assert landed > 0.3
    assert table.game.grids.cue == 2 and table.game.grids.turn == 2
    assert table.game.grids.top_order == [0 if seat == 2 else seat for seat in top_before], "Amina takes Badr's place"
    driver.until(lambda: not table.animator.busy, 5)
    assert {p: table.spots.get(slot_key(table.view(), p, s)) for p in (1, 3) for s in (0,)} == boxes_before
    human_plays(driver, table, adviser)
    assert table.game.grids.cue is None, "the cue goes once Badr has moved"


def test_a_click_while_another_humans_grid_comes_down_only_brings_it_down(driver):
    table = open_table(driver, [Seat("Amina"), Seat("Badr")])
    rules = table.rules
    assert driver.until(table.can_act, 10)
    click_move(driver, table, TurnUp(0))
    assert driver.until(table.can_act, 10)
    click_move(driver, table, TurnUp(1))  # Amina's last turn-up: Badr's turn
    assert table.animator.busy and table.game.grids.active == 0
    before = rules.to_dict()
    driver.click(DRAW_POS)
    assert rules.to_dict() == before and table.game.grids.active == 1 and not table.animator.busy


def test_a_card_you_turned_up_lies_flat_once_your_turn_is_over(driver):
    table = open_table(driver, [Seat("Amina"), *COMPUTERS[:2]])
    assert driver.until(table.can_act, 10)
    pos = target_pos(Slot(5), table.game.grids.big_box())
    driver.move(pos)
    sprite = table.game.input.sprite_at_target(table.view(), Slot(5))
    assert sprite.lift == HOVER_LIFT, "the card under the mouse rises"
    driver.click(pos)
    card = table.rules.grids[0][5]
    assert driver.until(lambda: not table.animator.busy, 5)
    assert table.sprites[card] is sprite and sprite.lift == 0
    driver.click(target_pos(Slot(6), table.game.grids.big_box()))  # Amina's second turn-up
    assert driver.until(lambda: table.rules.current_player != 0, 10)
    assert all(s.lift == 0 for s in table.sprites.values())


def test_the_arrow_keys_walk_the_grid_by_rows_and_columns_and_reach_the_piles(driver):
    table = open_table(driver, [Seat("Amina"), *COMPUTERS[:1]])
    reach_play(driver, table, ComputerPlayer("normal", 1))
    assert driver.until(lambda: table.can_act() and table.rules.phase == "choose", 30)
    steps = [(pygame.K_RIGHT, DiscardPile()), (pygame.K_LEFT, DrawPile()), (pygame.K_LEFT, Slot(7)),
             (pygame.K_UP, Slot(3)), (pygame.K_UP, Slot(3)), (pygame.K_LEFT, Slot(2)),
             (pygame.K_DOWN, Slot(6)), (pygame.K_DOWN, Slot(10)), (pygame.K_DOWN, Slot(10)),
             (pygame.K_RIGHT, Slot(11)), (pygame.K_RIGHT, DrawPile()), (pygame.K_RIGHT, DiscardPile()),
             (pygame.K_LEFT, DrawPile()), (pygame.K_LEFT, Slot(11))]
    for key, where in steps:
        driver.key(key)
        assert table.game.input.focus == where, (key, where)
    driver.key(pygame.K_TAB)  # Tab: the cards that may be picked, here the two piles
    assert table.game.input.focus == DiscardPile()
    driver.key(pygame.K_RETURN)
    assert table.rules.phase == "place_taken"


def test_left_and_right_step_over_a_removed_column():
    slots = [s for s in range(12) if s % 4 != 2]  # column 3 has gone to the discard pile
    assert walk(Slot(5), (1, 0), slots, 1) == Slot(7)
    assert walk(Slot(7), (-1, 0), slots, 1) == Slot(5)
    assert walk(Slot(4), (-1, 0), slots, 1) == Slot(4), "the left edge holds the cursor"
    assert walk(DrawPile(), (-1, 0), slots, 2) == Slot(11)
    assert walk(DrawPile(), (0, 1), slots, 2) == DrawPile()


def ring_pixels(driver, table, rect):
    """The colours drawn on the line just above the card's top edge, going outwards."""
    driver.app.draw()
    canvas, window = driver.app.canvas, driver.app.window
    x = rect.centerx + 12  # beside the card's corner number
    return [window.get_at(canvas.to_screen((x, rect.top - d)))[:3] for d in (1.5, 5, 8.5)]


def test_the_keyboard_cursor_shows_on_a_yellow_card(driver):
    table = open_table(driver, [Seat("Amina"), *COMPUTERS[:1]])
    rules = table.rules
    reach_play(driver, table, ComputerPlayer("normal", 1))
    assert driver.until(lambda: table.can_act() and rules.phase == "choose", 30)
    yellow = next(c for c in rules.draw_pile if 5 <= c.rank <= 8)
    rules.draw_pile.remove(yellow)
    rules.discard_pile.append(yellow)  # a yellow card on the discard pile
    table._view = None  # the rules were changed behind the match's back: the table's view is out of date
    table.game.settle(animate=False)
    driver.key(pygame.K_RIGHT)
    assert table.game.input.focus == DiscardPile()
    sprite = table.sprites[yellow]
    face = driver.app.window.get_at(driver.app.canvas.to_screen((sprite.x - 20, sprite.y + 20)))[:3]
    dark, light, outer = ring_pixels(driver, table, sprite.rect.move(0, -sprite.lift))
    assert sum(light) - sum(dark) > 450 and sum(light) - sum(outer) > 450, "a light line between dark ones"
    assert max(abs(a - b) for a, b in zip(dark, face, strict=True)) > 150, "dark against the yellow face"


def test_every_move_is_one_plain_line_per_turn_and_comes_back_after_a_resume(driver):
    driver.app.settings.animation_speed = "instant"
    table = open_table(driver, [Seat("Amina"), *COMPUTERS])
    adviser = ComputerPlayer("normal", 4)
    reach_play(driver, table, adviser)
    assert driver.until(table.can_act, 30)
    names = {s.name for s in table.seats}
    assert all(line.split(" ")[0] in names for line in table.history), table.history
    reveals = table.history[:8]
    assert all(line.split(" ", 1)[1].startswith("turns up the card at row ") for line in reveals), "one line a turn-up"
    assert "starts with the highest pair" in reveals[-1]
    first = len(table.history)
    human_plays(driver, table, adviser)  # take or draw: a line of its own until the card is placed
    assert table.history[-1].startswith("Amina ") and len(table.history) == first + 1
    human_plays(driver, table, adviser)
    assert driver.until(table.can_act, 30)
    line = table.history[first]
    assert line.startswith("Amina ") and " and " in line, "the turn's two moves in one line"
    assert len(table.history) == first + 4, "then one line for each computer's turn"
    again = resume_scene(driver.app, "skyjo", driver.app.saves.load("skyjo"))
    assert again.history == table.history


def test_a_hint_marks_the_card_to_pick_and_says_why(driver):
    table = open_table(driver, [Seat("Amina"), *COMPUTERS[:1]])
    reach_play(driver, table, ComputerPlayer("normal", 1))
    assert driver.until(lambda: table.can_act() and table.rules.phase == "choose", 30)
    driver.key(pygame.K_h)
    assert driver.until(lambda: sum(table.match.hints_used) == 1, 5)
    reason = table.message.text
    assert reason.startswith(("Hint: Take the", "Hint: Draw a card")), reason
    pile = DISCARD_POS if reason.startswith("Hint: Take") else DRAW_POS
    driver.frames(1)
    hinted = [key for key, sprite in table.sprites.items() if sprite.mark == HINT_COLOUR]
    assert len(hinted) == 1 and table.sprites[hinted[0]].pos[0] == pytest.approx(pile[0], abs=8)
    click_move(driver, table, TakeDiscard() if pile == DISCARD_POS else DrawCard())
    driver.frames(1)
    assert not any(sprite.mark == HINT_COLOUR for sprite in table.sprites.values()), "gone after the move"


def near_the_end(driver, computer_card=5):
    """Ann (in front) holds a drawn 1 with one hidden card left (slot 11); Hal, a computer, has one
    hidden card too. Ann's move on slot 11 ends the round: Hal has one last turn."""
    from game.match import Match
    from scenes.skyjo.table import skyjo_table
    from tests.game.skyjo.test_rules import stack
    ann = [9, 10, 11, 12, 8, 7, 6, 5, 4, 3, 2, 0]
    hal = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]
    up = [list(range(11)), list(range(11))]
    rules = stack(["Ann", "Hal"], [ann, hal], discard=(9,), draw=(1, computer_card), up=up)
    table = skyjo_table(driver.app, Match(rules, [Seat("Ann"), Seat("Hal", "computer", "normal")], 1))
    driver.app.push(table, transition=False)
    driver.frames(2)
    return table


def test_the_last_turn_banner_goes_when_the_round_is_over(driver):
    table = near_the_end(driver)
    driver.key(pygame.K_d)
    assert driver.until(table.can_act, 5) and table.rules.hand is not None
    driver.click(target_pos(Slot(11), table.game.grids.big_box()))  # Ann's last hidden card: Hal has one more turn
    assert driver.until(lambda: table.game.grids.banner == "Last turn!", 5)
    assert driver.until(lambda: table.rules.view(None).round_done, 20)
    assert driver.until(lambda: table.game.grids.banner == "" or not table.animator.busy, 20)
    assert table.animator.busy, "gone while the final cards are still being turned up"


def test_a_computers_drawn_card_lies_by_its_grid_not_in_your_in_hand_place(driver):
    from scenes.skyjo.layout import HAND_POS, grid_boxes
    table = near_the_end(driver)
    driver.key(pygame.K_d)  # Ann draws the 1, throws it away and turns up her last card
    driver.key(pygame.K_x)
    assert table.rules.current_player == 0 and table.rules.phase == "turn_up"
    driver.click(target_pos(Slot(11), table.game.grids.big_box()))
    assert driver.until(lambda: table.rules.current_player == 1 and table.rules.hand is not None, 20)
    held = table.rules.hand
    spot = table.game.layout(table.view(), table.seating.bottom)[held]
    assert (spot.x, spot.y) != HAND_POS
    hal = grid_boxes(table.game.grids.active, table.game.grids.top_order)[1].rect
    assert hal.inflate(spot.width * 2, spot.width * 2).collidepoint(spot.x, spot.y), "by Hal's grid"
    assert driver.until(lambda: not table.animator.busy or table.rules.hand is None, 10)
    if table.rules.hand is not None:
        assert table.sprites[held].pos == (spot.x, spot.y), "it flew there"


def test_the_drawn_card_may_be_dragged_onto_the_grid(driver):
    table = near_the_end(driver)
    driver.key(pygame.K_d)
    assert driver.until(table.can_act, 5)
    drawn = table.rules.hand
    start = table.sprites[drawn].pos
    driver.drag(start, (start[0], start[1] + 250))  # dropped off the grid: back it goes
    assert table.rules.hand == drawn
    assert driver.until(lambda: table.sprites[drawn].pos == start, 5)
    driver.drag(start, target_pos(Slot(3), table.game.grids.big_box()))  # onto the 12
    assert table.rules.hand is None and table.rules.grids[0][3] == drawn


def test_the_game_over_sheet_has_view_table(driver):
    from scenes.sheet import ScoreSheet
    from scenes.view_table import TableViewer
    table = near_the_end(driver)  # Ann's 82 points, doubled, end the game
    driver.key(pygame.K_d)
    assert driver.until(table.can_act, 5)
    driver.click(target_pos(Slot(11), table.game.grids.big_box()))
    assert driver.until(lambda: isinstance(driver.top, ScoreSheet) and table.rules.is_over, 30)
    sheet = driver.top
    assert sheet.group.widgets[-1].label == "View table"
    driver.click(sheet.group.widgets[-1].rect.center)
    assert isinstance(driver.top, TableViewer)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, ScoreSheet)
