"""Arabic reads from the right: its sentences ordered by the bidi algorithm with the names and numbers
in them left to right, rows of buttons and tiles starting at the right, the arrow keys following them."""
from __future__ import annotations

import pygame

from harness.driver import Driver
from lang import _, n_, set_language
from scenes.dialog import Dialog
from scenes.menu import GameTile, MenuScene
from sprites.bidi_runs import visual_runs
from sprites.widgets import Button


def runs(text: str) -> list[tuple[str, bool]]:
    """The text's direction runs from left to right on screen, in an interface read from the right."""
    return [(run.text, run.rtl) for run in visual_runs(text, True)]


def test_a_game_name_inside_an_arabic_title_keeps_its_letters_in_order():
    set_language("ar")
    assert runs(_("{game}: rules", game="Sota")) == [(": القواعد", True), ("Sota", False)]


def test_numbers_inside_an_arabic_sentence_read_left_to_right_and_the_sentence_from_the_right():
    set_language("ar")
    assert runs(_("Step {step} of {steps}", step=12, steps=30)) == [
        ("30", False), (" من ", True), ("12", False), ("الخطوة ", True)]
    assert runs(n_("{n} win", "{n} wins", 120)) == [(" انتصارًا", True), ("120", False)]


def test_the_menu_reads_from_the_right_and_the_arrows_follow_it():
    d = Driver()
    try:
        d.app.set_language("ar")
        d.app.push(MenuScene(d.app), transition=False)
        d.frames(2)
        menu = d.app.top
        assert isinstance(menu, MenuScene)
        tiles = [w for w in menu.group.widgets if isinstance(w, GameTile)]
        buttons = [w for w in menu.group.widgets if not isinstance(w, GameTile)]
        assert [t.rect.x for t in tiles] == sorted((t.rect.x for t in tiles), reverse=True)  # the first at the right
        assert buttons[0].rect.x > buttons[-1].rect.x  # Join a table at the right, Quit at the left
        menu.group.focus = 0
        d.key(pygame.K_LEFT)  # to the left: the next tile in reading order
        assert menu.group.focus == 1
        assert menu.group.widgets[1].rect.x < menu.group.widgets[0].rect.x
    finally:
        d.close()


def test_a_dialogs_first_button_stands_at_the_right_and_left_moves_to_the_next():
    d = Driver()
    try:
        d.app.set_language("ar")
        dialog = Dialog(d.app, _("Quit Card Arcade?"), [_("Close the window and stop playing.")],
                        [(_("Quit"), lambda: None), (_("Cancel"), lambda: None)])
        d.app.push(dialog, transition=False)
        d.frames(2)
        quit_button, cancel = dialog.group.widgets
        assert isinstance(quit_button, Button) and quit_button.label == "خروج"
        assert quit_button.rect.x > cancel.rect.x
        dialog.group.focus = 0
        d.key(pygame.K_LEFT)
        assert dialog.group.focused is cancel
    finally:
        d.close()
