"""Following a Kings Corner game: the move history, computer moves a person can read, the marks of
what may be done, hints, and what the table looks like around them."""
import math

import pygame
import pytest

from game.kings_corner.moves import Draw, LayCard, MovePile, Undo
from game.kings_corner.view import KingsCornerView
from harness.driver import DT
from scenes.history import HistoryScene
from scenes.kings_corner.input import SELECT_LIFT
from scenes.kings_corner.layout import (
    BUTTON_RECTS,
    HAND_W,
    HINT_RECT,
    HISTORY_RECT,
    MESSAGE_LINE_Y,
    draw_pile_rect,
    fan_point,
    hand_row,
    pile_rect,
)
from scenes.message_line import MESSAGE_TIME
from scenes.plugins import resume_scene
from scenes.sheet import ScoreSheet
from scenes.table_marks import MARK_COLOUR
from tests.game.kings_corner.helpers import c, cs
from tests.scenes.kings_corner.test_table import centre, hand_point, pile_point, settle, table_at

COMPUTER_TURN = (("2D 3S", "KD 7C 3D 4H 9D 5D"), ["KS QH", "8H", "AC", "TD 9S"])  # six moves, then a draw
READABLE = 1.5  # seconds each computer move stays named on the message line at normal speed


def watch_computer_turn(d, table):
    """Step until the human may act again; each computer message with the seconds it showed."""
    shown: list[list] = []
    for _ in range(3000):
        d.frames()
        if table.message.left > 0 and table.message.text.startswith("Computer"):
            if not shown or shown[-1][0] != table.message.text:
                shown.append([table.message.text, 0.0])
            shown[-1][1] += DT
        if table.can_act():
            break
    return shown


def brightness(d, rect) -> float:
    """The mean brightness (0-255) of a logical rectangle of the window as drawn now."""
    d.app.draw()
    r, g, b, _ = pygame.transform.average_color(d.app.window, d.app.canvas.rect(rect))
    return (r + g + b) / 3


def test_every_kind_of_move_is_in_the_history_in_plain_words_and_comes_back_after_a_resume(driver):
    d = driver
    table = table_at(d, ("6H 8D 2D", "KD 7C 3D 4H 9D 5D"), ["7S", "9C", "QC", "AH"])
    d.drag(hand_point(table, c("6H")), pile_point(1, 1))
    settle(d)
    d.drag(hand_point(table, c("8D")), pile_point(2, 1))
    settle(d)
    d.drag(pile_point(1, 0), pile_point(2, 2))
    settle(d)
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    settle(d)
    d.click(centre(BUTTON_RECTS["draw"]))
    assert table.history[:5] == [
        "Amina lays the Six of Hearts on pile 1",
        "Amina lays the Eight of Diamonds on pile 2",
        "Amina moves pile 1 onto pile 2",
        "Amina moves pile 1 back off pile 2",
        "Amina draws a card",
    ]
    assert d.until(table.can_act, 60)
    computer = table.history[5:]
    assert computer[0] == "Computer lays the King of Diamonds on pile 5"
    assert computer[-1] == "Computer draws a card"
    drawn = [x for x in table.rules.hands[0] if x not in cs("2D")]
    assert drawn and all(str(x) not in " ".join(table.history) for x in drawn), "a drawn card is never named"
    again = resume_scene(d.app, "kings_corner", d.app.saves.load("kings_corner"))
    assert again.history == table.history


def test_a_round_end_and_the_next_deal_are_told_in_the_history(driver):
    d = driver
    table = table_at(d, ("6H", "KC QD 2S"), ["7S", "9C", "QC", "AH"])
    d.drag(hand_point(table, c("6H")), pile_point(1, 1))
    assert table.history[-1] == "Amina lays the Six of Hearts on pile 1 and goes out: Computer takes 12 penalty points"
    assert d.until(lambda: isinstance(d.top, ScoreSheet), 10)
    d.click(d.top.group.widgets[0].rect.center)  # Next round
    assert table.history[-1].startswith("Round 2: ") and "deals" in table.history[-1]
    d.key(pygame.K_l)
    assert isinstance(d.top, HistoryScene) and d.top.source is table.history


@pytest.mark.driver(speed="normal")
def test_each_computer_move_stays_named_long_enough_to_read_and_the_last_waits_for_the_human(driver):
    table = table_at(driver, *COMPUTER_TURN)
    driver.click(centre(BUTTON_RECTS["draw"]))
    shown = watch_computer_turn(driver, table)
    computer_lines = [line for line in table.history if line.startswith("Computer")]
    assert len(computer_lines) >= 5
    assert [text for text, _ in shown] == computer_lines, "every computer move was named, in order"
    assert all(seconds >= READABLE for _, seconds in shown[:-1]), shown
    driver.run(MESSAGE_TIME + 0.5)  # longer than any message lasts by itself
    assert table.message.text == "Computer draws a card" and table.message.left > 0, "it waits for the human"
    driver.key(pygame.K_d)
    assert table.history[-1] == "Amina draws a card" and table.message.text == "Amina draws a card"


@pytest.mark.driver(speed="instant")
def test_at_instant_speed_the_history_still_has_every_computer_move(driver):
    table = table_at(driver, *COMPUTER_TURN)
    driver.key(pygame.K_d)
    assert driver.until(table.can_act, 5)
    lines = [line for line in table.history if line.startswith("Computer")]
    assert len(lines) >= 5 and lines[-1] == "Computer draws a card"


def test_on_the_human_turn_the_cards_and_piles_with_a_move_are_marked(driver):
    d = driver
    table = table_at(d, ("6H 8D 2D KS", "3C"), ["7S", "9C", "QC", "AH", "KH"])
    marks = table.game.move_marks()
    cards = [m for m in marks if not isinstance(m, pygame.FRect)]
    assert cards == cs("KS 8D 6H"), "the King fits an empty corner, the others a pile; the Two nowhere"
    assert marks[len(cards):] == [pile_rect(3, 1)], "pile 3 may move onto the King of Hearts"
    d.app.draw()
    assert table.sprites[c("6H")].mark is not None and table.sprites[c("2D")].mark is None
    d.app.settings.move_marks = False
    d.app.draw()
    assert table.sprites[c("6H")].mark is None, "the setting turns the marks off"


def test_while_a_card_is_dragged_the_piles_that_take_it_already_glow(driver):
    d = driver
    table = table_at(d, ("6H 2D", "3C"), ["7S", "9C", "QC", "AH"])
    a = hand_point(table, c("2D"))
    d.post(pygame.MOUSEBUTTONDOWN, pos=d._screen(a), button=1)
    d.frames()
    d.post(pygame.MOUSEMOTION, pos=d._screen((a[0] + 20, a[1] - 120)), rel=(0, 0), buttons=(1, 0, 0))
    d.frames()
    assert table.game.input.dragging and table.game.input.drop_target is None, "not over a pile yet"
    assert table.game.move_marks() == [], "nothing takes the Two of Diamonds"
    d.post(pygame.MOUSEBUTTONUP, pos=d._screen((a[0] + 20, a[1] - 120)), button=1)
    d.frames()
    settle(d)
    a = hand_point(table, c("6H"))
    d.post(pygame.MOUSEBUTTONDOWN, pos=d._screen(a), button=1)
    d.frames()
    d.post(pygame.MOUSEMOTION, pos=d._screen((a[0] + 20, a[1] - 120)), rel=(0, 0), buttons=(1, 0, 0))
    d.frames()
    assert table.game.move_marks() == [pile_rect(1, 2)], "pile 1 glows before the card reaches it"
    assert table.mark_layers() == [([pile_rect(1, 2)], MARK_COLOUR)]


def test_a_hint_marks_the_card_and_its_pile_and_says_why(driver):
    d = driver
    table = table_at(d, ("KS 2D", "3C"), ["7S", "9C", "QC", "AH"])
    d.click(centre(HINT_RECT))
    assert d.until(lambda: sum(table.match.hints_used) == 1, 5)
    assert table.hint_marks == [c("KS"), pile_rect(5, 1)]
    assert table.message.text == ("Hint: Lay the King of Spades on pile 5: a King starts an empty corner, "
                                  "and 10 penalty points less in your hand.")
    d.app.draw()
    assert table.sprites[c("KS")].mark is not None
    d.click(hand_point(table, c("KS")))  # picked up: the marks show every pile that takes it
    assert table.game.input.selected == ("hand", c("KS"))
    assert table.mark_layers() == [([pile_rect(n, 1) for n in (5, 6, 7, 8)], MARK_COLOUR)]
    d.click(hand_point(table, c("KS")))
    d.drag(hand_point(table, c("KS")), pile_point(5))
    assert table.rules.piles[4] == cs("KS") and table.hint_marks == []


def test_hint_reasons_for_a_pile_move_and_a_draw():
    from game.kings_corner.text import hint_reason

    view = KingsCornerView(player=0, names=("Amina", "Computer"), phase="play", current_player=0, dealer=1,
                           hand=tuple(cs("2D")), hand_counts=(1, 3), piles=(tuple(cs("6H")), tuple(cs("7S")),
                                                                             (), (), (), (), (), ()),
                           draw_count=5, penalties=(0, 0), rounds=(), moves_this_turn=0, passes=0,
                           game_number=1, round_number=1)
    assert hint_reason(MovePile(1, 2), view) == ("Move pile 1 onto pile 2: its Six of Hearts continues the Seven "
                                                 "of Spades, and pile 1 is free for any card.")
    assert hint_reason(Draw(), view).startswith("Draw a card: moving piles now would only give Computer")
    assert hint_reason(LayCard(c("2D"), 3), view).startswith("Lay the Two of Diamonds on pile 3: any card starts")
    assert hint_reason(Undo(), view) == "Undo."


@pytest.mark.driver(speed="normal")
def test_undo_and_draw_look_disabled_during_the_computer_turn(driver):
    table = table_at(driver, *COMPUTER_TURN)
    undo, score_sheet = BUTTON_RECTS["undo"], BUTTON_RECTS["sheet"]
    driver.drag(pile_point(1, 0), pile_point(5))  # the King's pile to a corner: now Undo works
    assert table.rules.piles[4] == cs("KS QH")
    driver.run(1)
    enabled = brightness(driver, undo)
    driver.key(pygame.K_d)
    assert driver.until(lambda: table.rules.current_player == 1 and not table.animator.busy, 5)
    assert not table.can_act()
    looks = brightness(driver, undo)
    assert looks < 0.8 * enabled, f"Undo {looks:.0f} against {enabled:.0f} when it works"
    assert brightness(driver, BUTTON_RECTS["draw"]) < 0.8 * brightness(driver, score_sheet), "Draw too"


@pytest.mark.parametrize("speed", [pytest.param(speed, marks=pytest.mark.driver(speed=speed))
                                   for speed in ("instant", "normal")])
def test_after_an_illegal_drop_the_card_snaps_back_and_lies_flat(speed, driver):
    table = table_at(driver, ("6H 2D", "3C"), ["7S", "9C", "QC", "AH"])
    start = table.sprites[c("2D")].pos
    driver.drag(hand_point(table, c("2D")), pile_point(3, 1))
    assert "A Red Jack goes on a Black Queen" in table.message.text
    driver.run(1.5)
    sprite = table.sprites[c("2D")]
    assert sprite.pos == pytest.approx(start) and sprite.lift == 0.0


def test_the_score_sheet_and_the_end_panel_dim_the_table(driver):
    d = driver
    table = table_at(d, ("6H", "KC QD 2S"), ["7S", "9C", "QC", "AH"], penalties=(3, 20))
    beside_the_panels = (0, 90, 80, 340)  # bare felt at the left edge, outside every panel
    bright = brightness(d, beside_the_panels)
    d.key(pygame.K_s)
    assert isinstance(d.top, ScoreSheet)
    assert brightness(d, beside_the_panels) < 0.6 * bright
    d.key(pygame.K_ESCAPE)
    d.drag(hand_point(table, c("6H")), pile_point(1, 1))
    assert d.until(lambda: isinstance(d.top, ScoreSheet) and table.rules.is_over, 10)  # the game's sheet
    assert brightness(d, beside_the_panels) < 0.6 * bright


def test_the_history_and_the_hint_button_leave_the_hand_the_buttons_and_the_piles_clear():
    history, hint = pygame.FRect(HISTORY_RECT), pygame.FRect(HINT_RECT)
    assert not history.colliderect(hint)
    for count in range(1, 27):  # every hand size, with a card picked up
        for x, y in hand_row(count):
            card = pygame.FRect(0, 0, HAND_W, HAND_W / 0.7)
            card.center = (x, y - SELECT_LIFT)
            assert not card.colliderect(history) and not card.colliderect(hint), (count, card)
            assert not any(card.colliderect(pygame.FRect(r)) for r in BUTTON_RECTS.values())
    for rect in (history, hint):
        assert not any(rect.colliderect(pygame.FRect(r)) for r in BUTTON_RECTS.values())
        assert not any(rect.colliderect(pile_rect(n, 13)) for n in range(1, 9)), "no pile reaches down to it"
        assert not rect.colliderect(draw_pile_rect())
        assert rect.top > MESSAGE_LINE_Y + 20, "under the message line"



def test_the_frame_after_the_cards_land_is_drawn_so_the_buttons_wake_up_without_input(driver):
    d = driver
    table = table_at(d, ("6H 8D 2D", "3C"), ["7S", "9C", "QC", "AH"])
    d.drag(hand_point(table, c("6H")), pile_point(1, 1))
    assert table.animator.busy
    landed_drawn = None
    for _ in range(120):  # the real loop's passes: a frame is drawn only when the picture changes
        moving, draws = table.animator.busy, d.app.draws
        d.app.step(DT)
        if moving and not table.animator.busy:
            landed_drawn = d.app.draws == draws + 1
            break
    assert landed_drawn, "the last frame shows the cards landed and Undo ready, not the frame before"
    assert table.can_act()


def test_the_marks_of_a_long_overlapped_hand_are_thin(driver):
    from sprites.card_sprite import MARK_MARGIN, THIN_MARGIN
    long_hand = "KS KH KD KC 6H 6D 5S 5C 4H 4D 3S 3C 2H 2D AS AC"  # 16 cards: Kings and cards that fit
    table = table_at(driver, (long_hand, "3H"), ["7S", "7C", "QH", "9D"])
    driver.frames()
    marked = [table.sprites[card] for card in cs(long_hand) if table.sprites[card].mark]
    assert len(marked) >= 6
    assert all(sprite.mark_margin == THIN_MARGIN for sprite in marked), "a tangle of outlines otherwise"
    short = table_at(driver, ("KS 6H", "3H"), ["7S", "7C", "QH", "9D"])
    driver.frames()
    assert [short.sprites[card].mark_margin for card in cs("KS 6H")] == [MARK_MARGIN, MARK_MARGIN]


def test_what_the_computers_turn_changed_stays_marked_until_you_act(driver):
    from scenes.table_marks import CHANGE_COLOUR
    table = table_at(driver, ("2D 4C", "6H 5S 2C 2S"), ["7S", "9C", "QC", "AH"])
    driver.key(pygame.K_d)  # Amina draws: the computer's turn
    assert driver.until(lambda: table.rules.turn == 0 and table.can_act(), 20)
    laid = [card for card in cs("6H 5S") if card in table.rules.piles[0]]
    assert laid == cs("6H 5S"), table.history
    driver.run(3)
    assert [table.sprites[card].changed for card in laid] == [CHANGE_COLOUR, CHANGE_COLOUR], "still marked"
    assert table.sprites[c("7S")].changed is None, "the pile's old card was not changed"
    assert all(table.sprites[card].changed is None for card in table.rules.hands[0]), "nor Amina's hand"
    driver.key(pygame.K_d)  # Amina acts: the marks go
    driver.frames()
    assert not any(sprite.changed for sprite in table.sprites.values())


def test_a_card_the_computer_lays_flies_face_up(driver):
    table = table_at(driver, ("2D 4C", "6H 5S 2C 2S"), ["7S", "9C", "QC", "AH"])
    driver.key(pygame.K_d)  # Amina draws: the computer lays the Six of Hearts on pile 1
    assert driver.until(lambda: c("6H") in table.sprites, 20)
    sprite, end = table.sprites[c("6H")], fan_point(1, 1, 2)
    start = sprite.pos
    seen = []  # (share of the way flown, face shown)
    while sprite.pos != end:
        way = math.dist(start, sprite.pos) / math.dist(start, end)
        seen.append((way, sprite.showing_face()))
        driver.frames(1)
    assert len(seen) > 4, "it flies over several frames"
    assert all(face for way, face in seen if way > 0.3), "face up for most of its flight"
