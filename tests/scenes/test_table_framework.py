"""The shared Table: sprites follow a layout by key, hidden keys never hold a face, steps run
in order, and the pass screen lays the table out from the public view."""
from dataclasses import replace

import pygame
import pytest

from game.cards import Card
from game.match import Match
from game.seats import Seat
from scenes.table import Table, draw_message, save_payload
from scenes.table_parts import GameParts, TableSettings
from sprites.spots import Spot

pytestmark = pytest.mark.driver(speed="instant")

ACE = Card("spanish", 1, "coins", 0)
KING = Card("spanish", 10, "cups", 0)


class StillInput:
    """No clicks or keys become moves."""

    def on_motion(self, pos):
        pass

    def on_press(self, pos):
        pass

    def on_release(self, pos):
        pass

    def on_key(self, key, mod):
        pass

    def hold_input(self, event):
        return False

    def refused(self, reason):
        return reason

    def viewer_changed(self):
        pass


class BareDrawer:
    """Draws nothing of its own."""

    def draw(self, canvas, view, shown):
        pass

    def draw_over(self, canvas, view, shown):
        return False

    def message_shown(self, view):
        return True


class LaidOut(GameParts):
    """A game whose layout the test sets: `wanted` keyed as a game would key them."""

    settings = TableSettings(game="sota", deck="spanish")

    def __init__(self, host, spots_by_key):
        super().__init__(host)
        self.input, self.drawer = StillInput(), BareDrawer()
        self.wanted = spots_by_key
        self.views = []

    def layout(self, view, bottom):
        self.views.append(self.host.seating.shown_seat)
        return self.wanted


def laid_out_table(app, spots_by_key) -> Table:
    match = Match.new("sota", [Seat("A"), Seat("B")], {}, 1)
    return Table(app, match, lambda host: LaidOut(host, spots_by_key))


def spot(x, face_up=True):
    return Spot(x=x, y=300, width=90, face_up=face_up, z=1)


def test_a_card_turned_up_in_place_keeps_its_sprite_and_only_then_shows_its_face(driver):
    table = laid_out_table(driver.app, {("cell", 0): spot(100, False), ("cell", 1): spot(400, False)})
    driver.app.push(table, transition=False)
    hidden = table.sprites[("cell", 0)]
    assert hidden.card is None and not hidden.face_up
    table.game.wanted = {ACE: spot(100), ("cell", 1): spot(400, False)}
    table.sync(animate=False)
    assert table.sprites[ACE] is hidden, "the sprite nearest the new spot takes the new key"
    assert hidden.card == ACE and hidden.face_up
    assert table.sprites[("cell", 1)].card is None


def test_a_card_turned_down_forgets_its_face_at_once(driver):
    table = laid_out_table(driver.app, {ACE: spot(100), KING: spot(400)})
    driver.app.push(table, transition=False)
    sprite = table.sprites[KING]
    table.game.wanted = {ACE: spot(100), ("hand", 1, 0): spot(400, False)}
    table.sync(animate=True)
    assert table.sprites[("hand", 1, 0)] is sprite
    assert sprite.card is None, "a face-down spot never keeps the card"
    assert set(table.sprites) == {ACE, ("hand", 1, 0)}


def test_cards_that_leave_the_table_lose_their_sprites_and_new_ones_start_on_the_pile(driver):
    driver.app.settings.animation_speed = "normal"
    table = laid_out_table(driver.app, {ACE: spot(100)})
    driver.app.push(table, transition=False)
    table.game.wanted = {}
    table.sync()
    assert table.sprites == {} and table.spots == {}
    table.game.wanted = {KING: spot(500)}
    table.sync(animate=True)
    sprite = table.sprites[KING]
    assert sprite.pos == table.settings.pile_pos, "a new sprite starts on the pile and slides"
    driver.frames(30)
    assert sprite.pos == (500, 300)


def test_steps_run_in_order_with_their_waits_then_the_last_action(driver):
    driver.app.settings.animation_speed = "normal"
    table = laid_out_table(driver.app, {})
    driver.app.push(table, transition=False)
    done = []
    table.animator.run_steps([(0.5, lambda: done.append("a")), (0.5, lambda: done.append("b"))],
                    then=lambda: done.append("end"))
    assert done == ["a"]
    driver.run(0.6)
    assert done == ["a", "b"]
    driver.run(0.6)
    assert done == ["a", "b", "end"]


def test_a_click_during_steps_finishes_them_all(driver):
    driver.app.settings.animation_speed = "normal"
    table = laid_out_table(driver.app, {})
    driver.app.push(table, transition=False)
    driver.pass_screen()  # two people at the table: A shows their hand first
    done = []
    table.animator.run_steps([(2.0, lambda: done.append("a")), (2.0, lambda: done.append("b"))],
                    then=lambda: done.append("end"))
    driver.click((640, 700))
    assert done == ["a", "b", "end"]


def test_two_humans_the_pass_screen_lays_out_from_the_public_view(driver):
    table = laid_out_table(driver.app, {ACE: spot(100)})
    driver.app.push(table, transition=False)
    assert table.seating.pass_to == 0, "a secret-hands game between two humans opens on the pass screen"
    assert table.game.views[-1] is None, "laid out for nobody while the pass screen shows"
    driver.run(0.7)
    driver.key(pygame.K_SPACE)
    assert table.seating.pass_to is None and table.seating.viewer == 0
    assert table.game.views[-1] == 0, "laid out again for the player now in front of the screen"


def test_keys_show_the_keyboard_focus_and_the_mouse_hides_it(driver):
    table = laid_out_table(driver.app, {})
    table.seats = [Seat("A"), Seat("B", "computer", "normal")]
    table.humans, table.seating.viewer = [0], 0
    driver.app.push(table, transition=False)
    driver.key(pygame.K_RIGHT)
    assert table.keyboard_focus
    driver.move((300, 300))
    assert not table.keyboard_focus


def test_a_long_message_wraps_inside_its_width(driver):
    table = laid_out_table(driver.app, {})
    table.settings = replace(table.settings, message_width=500.0, message_pos=(400.0, 300.0))
    driver.app.push(table, transition=False)
    driver.frames(2)
    canvas = driver.app.canvas
    drawn: list[tuple[str, tuple[float, float]]] = []
    text = canvas.text

    def logged(line, pos, *args, **kwargs):
        drawn.append((line, pos))
        return text(line, pos, *args, **kwargs)

    canvas.text = logged  # type: ignore[method-assign]
    long = "Youssef takes the 4 from the discard and puts it in place of a hidden 9 in his third column"
    table.say(long, seconds=10)
    draw_message(table, canvas)
    lines = [(line, pos) for line, pos in drawn if line and line in long]
    assert len(lines) >= 2 and " ".join(line for line, _ in lines) == long
    for line, (x, _) in lines:
        half = canvas.text_size(line, 26)[0] / 2
        assert x == 400 and x - half >= 400 - 250 and x + half <= 400 + 250


def saved_rules(app, game="sota"):
    return app.saves.load(game)["rules"]


def test_a_move_is_saved_once_the_frame_that_shows_it_is_shown(driver):
    table = laid_out_table(driver.app, {})
    driver.app.push(table, transition=False)
    before = table.rules.to_dict()
    assert saved_rules(driver.app) == before
    move = table.rules.legal_moves()[0]
    assert table.play(move)
    assert saved_rules(driver.app) == before, "not written inside the frame"
    shown = []
    draw = driver.app.draw
    driver.app.draw = lambda: (draw(), shown.append(saved_rules(driver.app)))
    driver.app.step(1 / 60)
    assert shown == [before], "the frame was drawn before the save"
    assert saved_rules(driver.app) == table.rules.to_dict() != before, "written once it was shown"


def test_a_table_left_right_after_a_move_has_the_move_saved(driver):
    table = laid_out_table(driver.app, {})
    driver.app.push(table, transition=False)
    assert table.play(table.rules.legal_moves()[0])
    driver.app.pop()  # left in the same pass (the menu, another game)
    assert saved_rules(driver.app) == table.rules.to_dict()


def test_a_resumed_table_saves_its_own_newest_data_over_what_it_was_resumed_with(driver):
    table = laid_out_table(driver.app, {})
    table.match.table_extra = {"watched_s": 15.0, "kept": 1}  # as a resume left them
    table.game.save_extra = lambda: {"watched_s": 42.5}
    extra = save_payload(table)[3]
    assert extra["watched_s"] == 42.5 and extra["kept"] == 1
    assert extra["seed"] == table.match.seed and extra["key"] == table.match.key


@pytest.mark.parametrize("dialog", [False, True])
def test_the_message_line_is_drawn_again_over_a_dialog_of_the_games_own(driver, monkeypatch, dialog):
    table = laid_out_table(driver.app, {})
    driver.app.push(table, transition=False)
    driver.pass_screen()
    drawn = []
    monkeypatch.setattr("scenes.table.draw_message", lambda t, canvas: drawn.append("message"))
    monkeypatch.setattr(table.game.drawer, "draw_over", lambda canvas, view, shown: drawn.append("over") or dialog)
    table.draw(driver.app.canvas)
    assert drawn == (["message", "over", "message"] if dialog else ["message", "over"])


def test_the_shared_table_offers_a_game_the_15_hooks_docs_table_parts_lists():
    hooks = [name for name, value in vars(GameParts).items() if callable(value) and not name.startswith("_")]
    assert hooks == ["layout", "begin", "animate", "tick", "moving", "reveal", "move_marks", "hint_marks_for",
                     "hint_reason", "hint_view", "seat_anchor", "result_lines", "stats_details", "save_extra",
                     "new_table"]
