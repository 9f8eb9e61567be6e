"""The Kings Corner table driven headless through the real loop with real mouse events and keys."""
import pygame
import pytest

from game.kings_corner import new_game
from game.kings_corner.ai import ComputerPlayer
from game.kings_corner.moves import Draw, LayCard, NextRound, Phase
from game.kings_corner.view import RoundResult
from game.match import Match
from game.seats import Seat
from scenes.kings_corner.layout import BUTTON_RECTS, FAN_DIR, PILE_W, fan_point
from scenes.kings_corner.table import KingsCornerParts, kings_corner_table, start_table
from scenes.plugins import resume_scene
from scenes.setup import setup_scene
from scenes.sheet import ScoreSheet
from tests.game.kings_corner.helpers import c, cs, deal_position

SEATS = [Seat("Amina"), Seat("Computer", "computer", "normal")]


def table_at(d, hands, piles, seats=SEATS, draw=None, penalties=(0, 0)):
    rules = deal_position([cs(h) for h in hands], [cs(p) for p in piles], turn=0,
                          draw_pile=None if draw is None else cs(draw),
                          names=(seats[0].name, seats[1].name), penalties=penalties)
    table = kings_corner_table(d.app, Match(rules, seats, 3))
    d.app.push(table, transition=False)
    d.frames(2)
    return table


def hand_point(table, card):
    """A point on the card's visible left strip (its right part may lie under the next card)."""
    sprite = table.sprites[card]
    rect = sprite.rect.move(0, -sprite.lift)
    return (rect.left + 10, rect.centery)


def pile_point(pile_no, index=0):
    """A point on the visible strip of card `index` of a pile (or its empty slot): its left strip on a
    pile that fans right, its right strip on one that fans left."""
    x, y = fan_point(pile_no, index)
    return (x - FAN_DIR[pile_no] * (PILE_W / 2 - 10), y)


def centre(rect):
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


def no_sprite_shows(table, cards):
    """No sprite is bound to any of `cards` (they are seen from the back, if at all)."""
    cards = set(cards)
    return not cards & set(table.sprites) and all(s.card not in cards for s in table.sprites.values())


def settle(d):
    d.until(lambda: not d.top.animator.busy, 5)


def test_drag_a_card_and_then_a_whole_pile_with_real_mouse_events(driver):
    d = driver
    table = table_at(d, ("6H 8D 2D", "3C"), ["7S", "9C", "QC", "AH"])
    d.drag(hand_point(table, c("6H")), pile_point(1, 1))
    assert table.rules.piles[0] == cs("7S 6H")
    settle(d)
    assert table.sprites[c("6H")].pos == pytest.approx(fan_point(1, 1))
    assert table.sprites[c("6H")].card == c("6H"), "a card on a pile shows its face"
    d.drag(hand_point(table, c("8D")), pile_point(2, 1))
    assert table.rules.piles[1] == cs("9C 8D")
    settle(d)
    d.drag(pile_point(1, 0), pile_point(2, 2))  # the whole pile, by its first card
    assert table.rules.piles[0] == [] and table.rules.piles[1] == cs("9C 8D 7S 6H")
    settle(d)
    for i, card in enumerate(cs("9C 8D 7S 6H")):
        assert table.sprites[card].pos == pytest.approx(fan_point(2, i))


def test_legal_targets_light_up_while_dragging_and_an_illegal_drop_snaps_back(driver):
    d = driver
    table = table_at(d, ("6H 2D", "3C"), ["7S", "9C", "QC", "AH"])
    a = hand_point(table, c("6H"))
    d.move(a)
    d.post(pygame.MOUSEBUTTONDOWN, pos=d._screen(a), button=1)
    d.frames()
    d.post(pygame.MOUSEMOTION, pos=d._screen(pile_point(1, 1)), rel=(0, 0), buttons=(1, 0, 0))
    d.frames()
    assert table.game.input.dragging and table.game.input.legal_targets(table.game.input.selected) == [1]
    assert table.game.input.drop_target == 1
    d.post(pygame.MOUSEBUTTONUP, pos=d._screen(pile_point(1, 1)), button=1)
    d.frames()
    assert table.rules.piles[0] == cs("7S 6H")
    settle(d)
    start = table.sprites[c("2D")].pos
    before = table.rules.to_dict()
    d.drag(hand_point(table, c("2D")), pile_point(3, 1))
    assert table.rules.to_dict() == before
    assert "A Red Jack goes on a Black Queen" in table.message.text
    settle(d)
    assert table.sprites[c("2D")].pos == pytest.approx(start), "the card snapped back"
    assert table.sprites[c("2D")].lift == 0 and table.sprites[c("2D")].angle == 0, "and lies at rest"


def test_click_to_select_then_click_to_place_a_card_and_a_pile(driver):
    d = driver
    table = table_at(d, ("6H 8D 2D", "3C"), ["7S", "9C", "QC", "AH"])
    d.click(hand_point(table, c("6H")))
    assert table.game.input.selected == ("hand", c("6H"))
    d.click(pile_point(1, 0))
    assert table.rules.piles[0] == cs("7S 6H") and table.game.input.selected is None
    settle(d)
    d.click(hand_point(table, c("8D")))
    d.click(pile_point(2, 0))
    settle(d)
    d.click(pile_point(1, 0))
    assert table.game.input.selected == ("pile", 1)
    d.click(pile_point(2, 1))
    assert table.rules.piles[1] == cs("9C 8D 7S 6H")


def test_the_keyboard_selects_chooses_a_target_and_plays_with_enter(driver):
    d = driver
    table = table_at(d, ("6H 8D 2D", "3C"), ["7S", "9C", "QC", "AH"])
    d.key(pygame.K_RIGHT)  # the first card of the hand
    assert table.game.input.keys.focus == ("hand", c("8D"))
    d.key(pygame.K_RIGHT)
    assert table.game.input.keys.focus == ("hand", c("6H"))
    d.key(pygame.K_RETURN)
    assert table.game.input.selected == ("hand", c("6H")) and table.game.input.keys.focus == ("pile", 1)
    d.key(pygame.K_RETURN)
    assert table.rules.piles[0] == cs("7S 6H")
    settle(d)
    assert table.game.input.keys.focus == ("hand", c("8D"))
    d.key(pygame.K_RETURN)
    d.key(pygame.K_4)  # a pile that does not take it: the reason, nothing changes
    d.key(pygame.K_RETURN)
    assert "Nothing goes on an Ace" in table.message.text and table.rules.piles[3] == cs("AH")
    assert table.game.input.selected == ("hand", c("8D")), "a refused card stays picked"
    d.key(pygame.K_TAB)  # the next pile that takes it
    assert table.game.input.keys.focus == ("pile", 2)
    d.key(pygame.K_RETURN)
    assert table.rules.piles[1] == cs("9C 8D")


def test_undo_by_ctrl_z_and_by_the_button_before_drawing(driver):
    d = driver
    table = table_at(d, ("6H 8D 2D", "3C"), ["7S", "9C", "QC", "AH"])
    start = table.rules.to_dict()
    d.drag(hand_point(table, c("6H")), pile_point(1, 1))
    settle(d)
    d.drag(hand_point(table, c("8D")), pile_point(2, 1))
    settle(d)
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert table.rules.piles[1] == cs("9C")
    settle(d)
    d.click(centre(BUTTON_RECTS["undo"]))
    assert table.rules.to_dict() == start
    settle(d)
    spot = table.spots[c("6H")]
    assert table.sprites[c("6H")].pos == pytest.approx((spot.x, spot.y))


@pytest.mark.driver(speed="normal")
def test_the_computer_moves_one_at_a_time_and_explains_each_move(driver):
    table = table_at(driver, ("2D 3S", "KD 7C 3D 4H 9D 5D"), ["KS QH", "8H", "AC", "TD 9S"])
    driver.click(centre(BUTTON_RECTS["draw"]))
    assert table.rules.current_player == 1
    messages, hand_sizes = [], []
    for _ in range(900):
        driver.frames()
        text = table.message.text
        if text.startswith("Computer") and (not messages or messages[-1] != text):
            messages.append(text)
            hand_sizes.append(len(table.rules.hands[1]))
        if table.rules.current_player == 0:
            break
    assert messages[0] == "Computer lays the King of Diamonds on pile 5"
    assert "Computer moves pile 1 onto pile 6" in messages
    assert messages[-1] == "Computer draws a card"
    assert len(messages) >= 5, "each move has its own message"
    assert no_sprite_shows(table, table.rules.hands[1]), "no peeking"


def test_round_end_counts_penalties_card_by_card_then_the_next_round(driver):
    d = driver
    table = table_at(d, ("6H", "KC QD 2S"), ["7S", "9C", "QC", "AH"])
    d.drag(hand_point(table, c("6H")), pile_point(1, 1))
    assert table.rules.phase == Phase.ROUND_OVER and table.game.rounds.count is not None
    seen = set()
    for _ in range(200):
        d.frames()
        seen.add(table.game.rounds.count.counted)
        if table.game.rounds.count.done and not table.animator.busy:
            break
    assert seen >= {0, 1, 2, 3}, "the cards are counted one by one"
    assert table.game.rounds.count.running(1) == 12 and table.rules.penalties == [0, 12]
    assert all(table.sprites[x].card == x for x in table.rules.hands[1]), "the hands are shown"
    assert d.until(lambda: isinstance(d.top, ScoreSheet), 5), "the score sheet opens by itself"
    sheet = d.top.fill()
    assert sheet.title == "Round 1: Amina lays down every card"
    assert [cell.text for cell in sheet.rows[-2].cells] == ["0", "12"]
    assert [cell.text for cell in sheet.rows[-1].cells] == ["none", "K Q 2"]
    assert [cell.text for cell in sheet.total.cells] == ["0", "12"]
    dealer = table.rules.dealer
    d.click(d.top.group.widgets[0].rect.center)  # Next round
    assert d.top is table
    assert table.rules.phase == "play" and table.rules.dealer == 1 - dealer
    assert table.rules.current_player == dealer and table.game.rounds.count is None


def test_game_end_asks_play_again_and_yes_deals_a_new_game(driver):
    d = driver
    table = table_at(d, ("6H", "KC QD 2S"), ["7S", "9C", "QC", "AH"], penalties=(3, 20))
    d.drag(hand_point(table, c("6H")), pile_point(1, 1))
    assert table.rules.is_over
    assert d.until(lambda: isinstance(d.top, ScoreSheet), 10)
    result = d.top
    sheet = result.fill()
    assert sheet.title == "Amina wins the game!" and sheet.note.endswith("Play again?")
    labels = [row.label for row in sheet.rows]
    assert labels[0] == "Round 1" and "Left in hand" in labels
    assert [w.label for w in result.group.widgets] == ["Yes", "No", "View table"]
    last_dealer = table.rules.dealer
    d.key(pygame.K_RETURN)  # Yes has the focus
    new = d.top
    assert isinstance(new.game, KingsCornerParts) and new is not table
    assert new.rules.penalties == [0, 0] and new.rules.dealer == 1 - last_dealer
    rows = d.app.stats.player_summary("kings_corner")
    assert {r["name"]: r["wins"] for r in rows} == {"Amina": 1, "Computer": 0}


def test_a_saved_game_resumes_with_its_undo_list(driver):
    d = driver
    table = table_at(d, ("6H 8D 2D", "3C"), ["7S", "9C", "QC", "AH"])
    d.drag(hand_point(table, c("6H")), pile_point(1, 1))
    payload = {"rules": table.rules.to_dict(), "seats": [s.to_json() for s in SEATS],
               "extra": table.game.save_extra()}
    again = resume_scene(d.app, "kings_corner", payload)
    assert again.rules == table.rules
    again.rules.apply(again.rules.legal_moves()[-2])  # Undo is offered before Draw
    assert c("6H") in again.rules.hands[0]
    with pytest.raises(ValueError):
        resume_scene(d.app, "kings_corner", {**payload, "seats": payload["seats"][:1]})


def test_two_humans_pass_and_play_and_the_pass_screen_hides_both_hands(driver):
    d = driver
    seats = [Seat("Amina"), Seat("Badr")]
    table = start_table(d.app, seats, {}, 11)
    d.app.push(table, transition=False)
    settle(d)
    assert table.seating.pass_to == 0, "the first player reveals their own hand"
    d.pass_screen()
    d.frames(2)
    assert table.seating.viewer == 0 and table.seating.pass_to is None
    d.click(centre(BUTTON_RECTS["draw"]))
    assert table.seating.pass_to == 1
    assert no_sprite_shows(table, [x for h in table.rules.hands for x in h])
    d.pass_screen()
    d.frames(2)
    assert table.seating.viewer == 1 and table.seating.pass_to is None
    assert all(table.sprites[x].card == x for x in table.rules.hands[1])
    assert no_sprite_shows(table, table.rules.hands[0])


def test_setup_starts_a_table_where_the_computer_dealt(driver):
    d = driver
    d.app.push(setup_scene(d.app, "kings_corner"), transition=False)
    d.frames(2)
    d.top.start()
    table = d.top
    assert isinstance(table.game, KingsCornerParts)
    assert table.rules.dealer == 1 and table.rules.current_player == 0


@pytest.mark.driver(speed="instant")
def test_computers_only_play_a_whole_game_to_the_end(driver):
    seats = [Seat("Ada", "computer", "hard"), Seat("Bob", "computer", "normal")]
    rules = new_game(["Ada", "Bob"], 5)
    rules.rounds = [RoundResult(None, (22, 22), ((), ()))]  # near the end, to stay fast
    rules.penalties = [22, 22]
    table = kings_corner_table(driver.app, Match(rules, seats, 5), deal=True)
    driver.app.push(table, transition=False)
    assert driver.until(lambda: isinstance(driver.top, ScoreSheet) and table.rules.is_over, 60)
    assert len(table.rules.rounds) >= 2 and len(driver.top.fill().rows) >= 2, "a row per round"


def test_moves_reach_the_rules_only_when_legal():
    rules = deal_position([cs("6H 2D"), cs("3C")], [cs("7S"), cs("9C"), cs("QC"), cs("AH")])
    assert LayCard(c("6H"), 1) in rules.legal_moves() and Draw() in rules.legal_moves()
    assert NextRound() not in rules.legal_moves()
    assert ComputerPlayer("normal").choose(rules.view(0)) == LayCard(c("6H"), 1)


def test_s_shows_the_score_sheet_during_a_round_and_esc_goes_back(driver):
    d = driver
    table = table_at(d, ("6H 8D 2D", "3C"), ["7S", "9C", "QC", "AH"], penalties=(3, 20))
    d.key(pygame.K_s)
    assert isinstance(d.top, ScoreSheet)
    sheet = d.top.fill()
    assert sheet.title == "Score sheet - game 1" and [c.text for c in sheet.total.cells] == ["3", "20"]
    d.key(pygame.K_ESCAPE)
    assert d.top is table and table.can_act()


def test_two_humans_both_see_the_round_end_before_the_next_pass_screen(driver):
    d = driver
    seats = [Seat("Amina"), Seat("Badr")]
    table = table_at(d, ("6H", "KC QD 2S"), ["7S", "9C", "QC", "AH"], seats=seats)
    d.pass_screen()  # Amina reveals her hand
    assert table.seating.viewer == 0 and table.seating.pass_to is None
    d.drag(hand_point(table, c("6H")), pile_point(1, 1))
    assert table.rules.phase == Phase.ROUND_OVER and table.seating.pass_to is None, "no pass screen over the count"
    assert d.until(lambda: isinstance(d.top, ScoreSheet), 10)
    d.click(d.top.group.widgets[0].rect.center)  # Next round
    first = table.rules.current_player
    assert table.seating.pass_to == (None if first == 0 else first)
    assert no_sprite_shows(table, table.rules.hands[1]), "Badr's new hand stays hidden from Amina"


def test_the_line_under_the_table_says_whether_a_card_or_a_pile_may_move(driver, monkeypatch):
    drawn: list[str] = []
    text = driver.app.canvas.text
    monkeypatch.setattr(driver.app.canvas, "text", lambda value, *a, **k: drawn.append(value) or text(value, *a, **k))
    table_at(driver, ("6H 2D", "KD"), ["7S", "9C", "QC", "AH"])
    driver.app.draw()
    assert "Your turn, Amina: drag a card or a whole pile onto a pile, then draw a card." in drawn
    driver.app.pop()
    drawn.clear()
    table_at(driver, ("2D", "KD"), ["7S", "9C", "QC", "AH"])
    driver.app.draw()
    assert "Your turn, Amina: nothing fits, draw a card (D)." in drawn


def test_the_keyboard_focus_and_its_showing_come_back_after_a_resume(driver):
    d = driver
    table = table_at(d, ("6H 8D 2D", "3C"), ["7S", "9C", "QC", "AH"])
    d.key(pygame.K_DOWN)  # to the buttons, back up to the hand's first card, then along it
    d.key(pygame.K_UP)
    d.key(pygame.K_RIGHT)
    d.frames()
    focus = table.game.input.keys.focus
    assert focus[0] == "hand" and focus[1] is not None and table.keyboard_focus
    payload = d.app.saves.load("kings_corner")
    again = resume_scene(d.app, "kings_corner", payload)
    d.app.replace(again)
    d.frames(2)
    assert again.game.input.keys.focus == focus and again.keyboard_focus
    payload["extra"].pop("focus")  # a save of an earlier version: the focus hidden where it starts
    older = resume_scene(d.app, "kings_corner", payload)
    d.app.replace(older)
    d.frames(2)
    assert older.game.input.keys.focus == ("hand", None) and not older.keyboard_focus
