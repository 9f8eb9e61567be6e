"""Following a Sota game, through the real loop: marks, hints, the front card, the pace of
computer turns, the first key after the pass screen, the D key on the table and the rules page."""
import itertools

import pygame
import pytest

from game.match import Match
from game.seats import Seat
from game.sota import Play
from scenes.rules_page import RulesScene
from scenes.sota.draw import KEYS_HELP
from scenes.sota.layout import ACTION_RECT
from scenes.sota.table import sota_table
from scenes.table import Table
from scenes.table_marks import HINT_COLOUR, MARK_COLOUR
from sprites.card_sprite import CardSprite
from tests.game.sota.helpers import c, cs, from_layout
from tests.scenes.sota.test_table import card_point, centre

pytestmark = pytest.mark.driver(speed="normal")

HUMAN_AND_TWO = [Seat("Amina"), Seat("Hafsa", "computer", "normal"), Seat("Omar", "computer", "normal")]


def table_of(d, hands, top, draw="", seats=None, current=0, **options) -> Table:
    seats = seats or HUMAN_AND_TWO
    rules = from_layout([s.name for s in seats], [cs(h) for h in hands], [c(top)], cs(draw), current=current,
                        **options)
    table = sota_table(d.app, Match(rules, seats, 3))
    d.app.push(table, transition=False)
    d.frames(2)
    return table


class DrawOrder:
    """The cards in the order they are drawn in the next frame."""

    def __init__(self, monkeypatch):
        self.cards = []
        draw = CardSprite.draw

        def logged(sprite, canvas, painter):
            self.cards.append(sprite.card)
            return draw(sprite, canvas, painter)

        monkeypatch.setattr(CardSprite, "draw", logged)


def test_after_the_pass_screen_the_first_key_press_acts(driver):
    seats = [Seat("Amina"), Seat("Badr")]
    table = table_of(driver, ["3 coins, 4 cups", "6 cups, 9 clubs"], "5 swords", draw="10 clubs, 9 coins, 8 coins",
                     seats=seats)
    for seat in (0, 1):
        assert table.seating.pass_to == seat, "the pass screen hides the hands"
        driver.run(0.7)
        driver.key(pygame.K_SPACE)  # the player reveals their hand
        driver.run(1.0)
        assert table.seating.viewer == seat and table.can_act()
        held = len(table.rules.hands[seat])
        driver.key(pygame.K_d)
        assert len(table.rules.hands[seat]) == held + 1, f"D did not draw for seat {seat}"
        assert table.history[-1] == f"{seats[seat].name} cannot play and draws a card"
        driver.run(1.0)


def test_the_d_key_is_on_the_table_and_on_the_rules_page(driver, monkeypatch):
    table = table_of(driver, ["3 coins, 4 cups", "6 cups", "6 swords"], "5 swords", draw="10 clubs")
    drawn = []
    text = driver.app.canvas.text
    monkeypatch.setattr(driver.app.canvas, "text", lambda value, *a, **k: drawn.append(value) or text(value, *a, **k))
    driver.frames()
    assert KEYS_HELP in drawn and "D: draw" in KEYS_HELP
    assert table.game.input.pointer().action_label == "Draw a card  [D]" and "Draw a card  [D]" in drawn
    rules = RulesScene(driver.app, "sota")
    driver.app.push(rules, transition=False)
    driver.frames()
    assert "D draws" in " ".join(rules.lines)


def test_playable_cards_are_marked_on_your_turn_unless_the_setting_is_off(driver):
    table = table_of(driver, ["3 swords, 5 cups, 9 clubs, 2 coins", "6 cups, 4 cups", "6 swords, 8 cups"], "5 coins")
    driver.frames()
    marked = {card for card in table.rules.hands[0] if table.sprites[card].mark == MARK_COLOUR}
    assert marked == {c("5 cups"), c("2 coins")}
    driver.app.settings.move_marks = False
    driver.frames()
    assert not any(sprite.mark for sprite in table.sprites.values()), "no marks for a player who wants no help"
    driver.app.settings.move_marks = True
    driver.click(card_point(table, c("5 cups")))
    driver.frames(2)
    assert table.rules.current_player == 1
    assert not any(sprite.mark for sprite in table.sprites.values()), "no marks during a computer's turn"


def test_when_you_must_draw_the_draw_pile_is_marked(driver):
    table = table_of(driver, ["3 swords, 4 cups", "6 cups", "6 swords"], "5 coins", draw="9 clubs, 10 clubs")
    driver.frames()
    pile_top = ("draw", len(table.rules.draw_pile) - 1)
    assert table.sprites[pile_top].mark == MARK_COLOUR
    assert not any(table.sprites[card].mark for card in table.rules.hands[0])


def test_a_hint_marks_the_card_and_says_why(driver):
    table = table_of(driver, ["2 coins, 9 clubs", "6 cups, 8 cups", "6 swords, 4 cups"], "5 coins")
    driver.key(pygame.K_h)
    assert driver.until(lambda: sum(table.match.hints_used) == 1, 10)
    driver.frames()
    assert table.message.text == "Hint: Play the 2 of Coins: Hafsa has 2 cards left and must draw 2"
    assert table.sprites[c("2 coins")].mark == HINT_COLOUR
    assert table.sprites[c("9 clubs")].mark is None


def test_the_hovered_card_is_drawn_above_its_right_hand_neighbour_and_a_click_there_plays_it(driver, monkeypatch):
    # a hand long enough to overlap (a short one lies side by side)
    table = table_of(driver, ["4 coins, 5 coins, 6 coins, 3 clubs, 4 clubs, 8 clubs, 9 clubs, 10 clubs, 3 swords, "
                              "4 swords, 9 swords", "6 cups", "6 swords"], "5 cups")
    order = DrawOrder(monkeypatch)
    driver.move(card_point(table, c("4 coins")))  # not playable: it comes in front, without rising
    assert table.sprites[c("4 coins")].lift == 0
    driver.frames()
    assert order.cards.index(c("4 coins")) > order.cards.index(c("5 coins"))
    driver.move(table.sprites[c("5 coins")].pos)  # playable: in front, and raised
    order.cards.clear()
    driver.frames()
    assert table.sprites[c("5 coins")].lift > 0
    assert order.cards.index(c("5 coins")) > order.cards.index(c("6 coins"))
    sprite = table.sprites[c("5 coins")]
    overlap = (sprite.rect.right - 8, sprite.y - sprite.lift)  # where the 6 of Coins lies under it
    assert table.sprites[c("6 coins")].contains(overlap)
    driver.click(overlap)
    assert table.rules.discard[-1] == c("5 coins"), "the click goes to the card drawn on top"


def test_the_keyboard_focus_brings_its_card_in_front(driver, monkeypatch):
    table = table_of(driver, ["4 coins, 5 coins, 6 coins, 9 clubs", "6 cups", "6 swords"], "5 cups")
    order = DrawOrder(monkeypatch)
    driver.key(pygame.K_RIGHT)
    assert table.game.input.pointer().focus_item == c("5 coins")
    order.cards.clear()
    driver.frames()
    assert order.cards.index(c("5 coins")) > order.cards.index(c("6 coins"))


def test_computer_cards_stay_on_the_pile_long_enough_to_read(driver):
    """At normal speed each card a computer plays lies on top of the pile, at rest and named in the
    message, for more than a second and a half before the next computer's card covers it."""
    table = table_of(driver, ["10 coins, 2 cups, 4 swords, 3 clubs", "6 coins, 8 coins, 9 cups, 8 clubs",
                              "4 coins, 3 coins, 9 swords, 10 clubs"], "5 coins", current=1)
    shown: dict = {}  # card -> seconds at rest on top of the pile
    named = set()
    played = [(c("5 coins"), None)]  # (card, the seat that played it), in order
    for _ in range(60 * 30):
        if len(played) >= 6 or table.rules.is_over:
            break
        mover = table.rules.current_player
        if table.can_act():
            moves = table.rules.legal_moves()
            table.play(next((m for m in moves if isinstance(m, Play)), moves[0]))
        driver.frames()
        top = table.rules.discard[-1]
        if played[-1][0] != top:
            played.append((top, mover))
        sprite, spot = table.sprites[top], table.spots[top]
        if sprite.pos == (spot.x, spot.y):
            shown[top] = shown.get(top, 0.0) + 1 / 60
            if str(top) in table.message.text:
                named.add(top)
    computers = table.match.computers
    followed = [card for (card, by), (_, next_by) in itertools.pairwise(played)
                if by in computers and next_by in computers]
    assert len(followed) >= 2, played
    for card in followed:
        assert shown.get(card, 0) >= 1.5, f"the {card} lay on the pile only {shown.get(card, 0):.2f} s"
    assert set(followed) <= named, "each computer card is named while it lies there"


def test_a_seven_and_its_suit_are_one_line_and_the_computer_says_its_seven_at_once(driver):
    table = table_of(driver, ["7 cups, 3 swords, 4 swords", "7 coins, 6 swords, 8 clubs", "6 cups, 9 clubs"],
                     "5 coins")
    driver.key(pygame.K_RETURN)  # the focus starts on the 7 of Cups
    driver.key(pygame.K_2)  # the keys 1-4 name a suit: Cups is the second
    assert table.history == ["Amina plays the 7 of Cups and names Cups"]
    assert driver.until(lambda: table.rules.discard[-1] == c("7 coins"), 10)
    assert table.message.text == "Hafsa plays the 7 of Coins", "said while Hafsa chooses the suit"
    assert driver.until(lambda: table.rules.current_player == 2, 10)
    assert table.history[-1].startswith("Hafsa plays the 7 of Coins and names ") and len(table.history) == 2


def test_the_history_and_the_hint_button_leave_the_play_area_free(driver):
    table = table_of(driver, ["3 swords, 4 cups", "6 cups", "6 swords", "8 cups, 9 cups"], "5 coins",
                     seats=[Seat("Amina"), *[Seat(n, "computer") for n in ("Hafsa", "Omar", "Youssef")]],
                     draw="9 clubs")
    history, hint = pygame.FRect(table.settings.history_rect), pygame.FRect(table.settings.hint_rect)
    for key, sprite in table.sprites.items():
        if sprite.visible:
            assert not sprite.rect.colliderect(history) and not sprite.rect.colliderect(hint), key
    assert not history.colliderect(pygame.FRect(ACTION_RECT))
    driver.click(centre(table.settings.hint_rect))
    assert driver.until(lambda: sum(table.match.hints_used) == 1, 10)


class Boxes:
    """The boxes (rings, panels) drawn in the next frames: (colour, rect)."""

    def __init__(self, canvas, monkeypatch):
        self.drawn = []
        box = canvas.box

        def logged(colour, rect, *args, **kwargs):
            self.drawn.append((tuple(colour), pygame.FRect(rect)))
            return box(colour, rect, *args, **kwargs)

        monkeypatch.setattr(canvas, "box", logged)

    def around(self, sprite) -> list:
        """The colours of the boxes drawn round a sprite (as it is lifted)."""
        card = sprite.rect.move(0, -sprite.lift)
        return [colour for colour, rect in self.drawn if rect.contains(card) and rect.w < card.w * 1.5]


def test_a_hint_leaves_the_other_legal_cards_marked(driver):
    table = table_of(driver, ["2 coins, 9 coins, 9 clubs", "6 cups, 8 cups", "6 swords, 4 cups"], "5 coins")
    driver.key(pygame.K_h)
    assert driver.until(lambda: sum(table.match.hints_used) == 1, 10)
    driver.frames()
    assert table.sprites[c("2 coins")].mark == HINT_COLOUR
    assert table.sprites[c("9 coins")].mark == MARK_COLOUR, "the other playable card keeps its mark"
    assert table.sprites[c("9 clubs")].mark is None


def focus_on(driver, table: Table, card) -> None:
    """Walk the keyboard focus to a card with the arrow key."""
    for _ in range(len(table.game.input.targets(table.view(), table.my_turn())) + 1):
        driver.key(pygame.K_RIGHT)
        if table.game.input.pointer().focus_item == card:
            break
    driver.frames()
    assert table.game.input.pointer().focus_item == card


def test_the_keyboard_focus_is_a_white_ring_lifted_not_the_gold_of_a_legal_move(driver, monkeypatch):
    from sprites.theme import FOCUS_REFUSED, FOCUS_RING, FOCUS_RING_DARK, GOLD, MARK
    table = table_of(driver, ["4 cups, 5 coins, 9 clubs", "6 cups", "6 swords"], "5 swords")
    boxes = Boxes(driver.app.canvas, monkeypatch)
    focus_on(driver, table, c("5 coins"))  # playable
    sprite = table.sprites[c("5 coins")]
    ring = boxes.around(sprite)
    assert FOCUS_RING in ring and FOCUS_RING_DARK in ring
    assert MARK not in ring and GOLD not in ring, "no gold ring: gold is a legal move's glow"
    assert sprite.lift > 0 and sprite.scale == 1.0 and sprite.width == table.sprites[c("4 cups")].width
    boxes.drawn.clear()
    focus_on(driver, table, c("9 clubs"))  # it may not be played: its ring says so
    assert table.sprites[c("9 clubs")].mark is None
    ring = boxes.around(table.sprites[c("9 clubs")])
    assert FOCUS_REFUSED in ring and FOCUS_RING not in ring
    assert table.sprites[c("9 clubs")].lift > 0, "the focus is lifted, so it is seen without a gold ring"


def test_view_table_shows_the_final_position_and_comes_back_to_the_result(driver):
    from scenes.result import ResultScene
    from scenes.view_table import BACK_LABEL, TableViewer
    table = table_of(driver, ["5 cups", "6 cups, 4 cups", "6 swords, 8 cups"], "5 coins")
    driver.click(card_point(table, c("5 cups")))  # Amina's last card: she wins
    assert driver.until(lambda: isinstance(driver.top, ResultScene), 10)
    result = driver.top
    labels = [button.label for button in result.group.widgets]
    assert labels[-1] == "View table" and "Play again" in labels
    driver.click(result.group.widgets[-1].rect.center)
    viewer = driver.top
    assert isinstance(viewer, TableViewer) and driver.app.scenes[-2] is table
    drawn = []
    drawer = table.game.drawer
    draw = drawer.draw
    drawer.draw = lambda canvas, view, shown: drawn.append(1) or draw(canvas, view, shown)
    driver.click((640, 360))  # on the felt
    driver.frames(2)
    assert driver.top is viewer and drawn, "the finished table is drawn under it; a click there changes nothing"
    assert viewer.group.widgets[0].label == BACK_LABEL
    driver.click(viewer.group.widgets[0].rect.center)
    assert isinstance(driver.top, ResultScene)
    driver.top.group.widgets[-1].click(driver.top.group.widgets[-1].rect.center)
    driver.frames()
    assert isinstance(driver.top, TableViewer)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, ResultScene), "Esc goes back to the result too"


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_draw_pile_focus_ring_goes_round_its_count_not_through_it(driver, monkeypatch, size):
    from sprites.theme import FOCUS_RING
    table = table_of(driver, ["4 cups, 5 coins", "6 cups", "6 swords"], "5 swords", draw="9 clubs, 10 clubs")
    driver.app.resize(size)
    focus_on(driver, table, "draw")
    boxes = Boxes(driver.app.canvas, monkeypatch)
    labels = []
    text = driver.app.canvas.text

    def logged(value, *args, **kwargs):
        rect = text(value, *args, **kwargs)
        if value.startswith("draw pile:"):
            labels.append(rect)
        return rect

    monkeypatch.setattr(driver.app.canvas, "text", logged)
    driver.app.draw()
    (ring,) = [rect.inflate(-14, -14) for colour, rect in boxes.drawn if colour == FOCUS_RING]  # its inner edge
    assert labels and ring.inflate(2, 2).contains(labels[-1]), (ring, labels[-1])  # a pixel of rounding forgiven
