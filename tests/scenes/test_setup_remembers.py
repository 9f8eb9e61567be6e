"""Setup starts from the last setup of the same game: names, seat kinds and levels, the number of
players and the options, kept in the settings file; a damaged remembered setup is ignored."""
import json

import pygame

from scenes.setup import SetupScene, setup_scene
from scenes.table import Table
from sprites.widgets import Choice, TextField
from storage.settings import SETTINGS_FILE, load_settings


def open_setup(driver, name: str) -> SetupScene:
    scene = setup_scene(driver.app, name)
    assert isinstance(scene, SetupScene)
    driver.app.push(scene, transition=False)
    driver.frames()
    return scene


def labelled(scene: SetupScene, label: str) -> Choice:
    return next(w for w in scene.group.widgets if isinstance(w, Choice) and w.label == label)


def names(scene: SetupScene) -> list[str]:
    return [w.text for w in scene.group.widgets if isinstance(w, TextField) and w.label != "Seed"]


def kinds(scene: SetupScene) -> list[str]:
    return [w.value for w in scene.group.widgets if isinstance(w, Choice) and not w.label]


def test_the_next_setup_of_a_game_starts_from_the_last_one(driver, card_arcade_home):
    scene = open_setup(driver, "skyjo")
    players = labelled(scene, "Players")
    driver.click((players.rect.right - 16, players.rect.centery))  # 4 -> 5 players
    first_name = next(w for w in scene.group.widgets if isinstance(w, TextField))
    driver.click(first_name.rect.center)
    driver.key(pygame.K_DELETE)
    driver.type("Zineb")
    second_kind = [w for w in scene.group.widgets if isinstance(w, Choice) and not w.label][1]
    driver.click((second_kind.rect.right - 16, second_kind.rect.centery))  # normal -> hard computer
    target = labelled(scene, "Target score")
    driver.click((target.rect.right - 16, target.rect.centery))  # 100 -> 150
    chosen = (names(scene), kinds(scene), target.value)
    assert chosen[0][0] == "Zineb" and len(chosen[0]) == 5 and chosen[2] == "150"
    start = next(w for w in scene.group.widgets if getattr(w, "label", "") == "Start")
    driver.click(start.rect.center)
    driver.frames(5)
    assert isinstance(driver.top, Table) and driver.top.match.rules.target == 150
    driver.app.to_menu()
    driver.frames(5)

    again = open_setup(driver, "skyjo")
    assert (names(again), kinds(again), labelled(again, "Target score").value) == chosen
    other = open_setup(driver, "kings_corner")
    assert names(other)[0] == "Amina", "each game remembers its own setup"
    settings, warning = load_settings(card_arcade_home)
    assert warning is None and settings.setups["skyjo"]["names"][0] == "Zineb", "kept in the settings file"


def test_a_damaged_remembered_setup_is_ignored_never_a_crash(card_arcade_home):
    (card_arcade_home / SETTINGS_FILE).write_text(json.dumps({
        "version": 1, "volume": 0.4, "setups": {
            "skyjo": "not a setup", "war": {"names": [5, None], "seats": "x", "count": 99},
            "sota": {"names": ["Nadia", "Omar"], "count": 2, "options": {"stacking": False, "play_drawn": [1]}},
            "kings_corner": {"seats": [["computer", "impossible"], ["alien", "x"]], "count": 2,
                             "options": {"nothing": 1}}}}))
    settings, warning = load_settings(card_arcade_home)
    assert warning is None and settings.volume == 0.4, "the rest of the settings stay"
    assert "skyjo" not in settings.setups and "war" not in settings.setups
    assert settings.setups["sota"] == {"names": ["Nadia", "Omar"], "count": 2, "options": {"stacking": False}}


def test_setup_takes_only_what_still_fits_the_game(driver):
    driver.app.settings.setups = {
        "sota": {"names": ["Nadia", "Omar"], "count": 2, "options": {"stacking": False}},
        "kings_corner": {"seats": [["computer", "impossible"], ["human", "normal"]], "count": 7,
                         "options": {"nothing": 1}}}
    sota = open_setup(driver, "sota")
    assert names(sota) == ["Nadia", "Omar"] and labelled(sota, "Stacking Twos").value == "Off"
    kings = open_setup(driver, "kings_corner")
    assert kinds(kings) == ["Human", "Human"], "an unknown level is left as it was; 7 seats do not fit"
    assert len(names(kings)) == 2
