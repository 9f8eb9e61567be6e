"""The language changes in Settings without a restart: the screen itself and the screens under it
read their words again, the choice is saved, and Arabic turns the layout to read from the right."""
from __future__ import annotations

import json

import pygame

from harness.driver import Driver
from lang import language
from lang.words import W_
from scenes.menu import MenuScene
from scenes.result import ResultScene
from scenes.settings import SettingsScene
from sprites.drawn import TEXT
from sprites.widgets import Button, Choice
from storage.settings import SETTINGS_FILE
from tests.scenes.screens import mid_game, table


def texts(d: Driver) -> set[str]:
    """The texts of one frame drawn now."""
    d.app.canvas.inspect()
    try:
        d.app.draw()
        return {n.text for n in d.app.canvas.drawn if n.kind == TEXT}
    finally:
        d.app.canvas.inspect(False)


def open_settings(d: Driver) -> SettingsScene:
    d.app.push(MenuScene(d.app), transition=False)
    menu = d.app.top
    assert isinstance(menu, MenuScene)
    settings_button = next(w for w in menu.group.widgets if isinstance(w, Button) and w.label == "Settings")
    d.click(settings_button.rect.center)
    d.until(lambda: isinstance(d.app.top, SettingsScene) and d.app.fade == 0, 5)
    scene = d.app.top
    assert isinstance(scene, SettingsScene)
    return scene


def test_choosing_french_rewords_settings_and_the_menu_below_at_once():
    d = Driver()
    try:
        scene = open_settings(d)
        assert "Settings" in texts(d)
        language_choice = scene.group.widgets[scene.group.focus]
        assert isinstance(language_choice, Choice) and language_choice.value == "English"
        d.key(pygame.K_RIGHT)  # the Language choice has the focus: English -> Français
        d.frames(2)
        assert language() == "fr"
        shown = texts(d)
        assert {"Réglages", "Langue", "Français", "Terminé"} <= shown
        assert "Settings" not in shown
        focused = d.app.top.group.widgets[d.app.top.group.focus]  # type: ignore[union-attr]
        assert isinstance(focused, Choice) and focused.value == "Français"  # the focus stays on Language
        saved = json.loads((d.app.settings_file.folder / SETTINGS_FILE).read_text())
        assert saved["language"] == "fr"
        d.key(pygame.K_ESCAPE)
        d.until(lambda: isinstance(d.app.top, MenuScene) and d.app.fade == 0, 5)
        assert {"Statistiques", "Réglages", "Quitter", "Comment jouer"} <= texts(d)
    finally:
        d.close()


def test_choosing_arabic_lays_the_settings_out_from_the_right():
    d = Driver()
    try:
        scene = open_settings(d)
        first = scene.group.widgets[0].rect.x
        for _step in range(4):  # English -> Français -> Español -> Deutsch -> العربية
            d.key(pygame.K_RIGHT)
        d.frames(2)
        assert language() == "ar" and d.app.canvas.rtl
        top = d.app.top
        assert isinstance(top, SettingsScene)
        assert top.group.widgets[0].rect.x > first  # the first column (Language...) now stands at the right
        shown = texts(d)
        assert {"الإعدادات", "اللغة", "العربية"} <= shown
        d.key(pygame.K_LEFT)  # and back: Deutsch, read from the left again
        d.frames(2)
        assert language() == "de" and not d.app.canvas.rtl
        assert d.app.top is top and top.group.widgets[0].rect.x == first
    finally:
        d.close()


def test_a_tables_message_and_its_result_read_in_the_language_chosen_after_them():
    """A computer's move said at a Sota table in English, then the language switched: the held message is
    worded again (it was kept in English before), and so are the result's title, lines and buttons."""
    d = Driver()
    try:
        mid_game("sota")(d)
        t = table(d)
        t.say(W_("{name} starts.", name="Youssef"), hold=True)
        d.app.push(t.game.ending.scene(t.finished_buttons()), transition=False)
        d.frames(2)
        assert {"Youssef starts.", "Play again", "View table"} <= texts(d)
        d.app.set_language("fr")
        d.frames(2)
        result = d.app.top
        assert isinstance(result, ResultScene)
        assert t.message.text == "Youssef commence."
        assert result.title == "Partie terminée" and "Rejouer" in texts(d) and "Voir la table" in texts(d)
        assert all(" : " in line for line in result.lines), "each seat's line in French"
    finally:
        d.close()
        pygame.quit()
