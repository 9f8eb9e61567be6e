"""Bad input everywhere: emoji, right-to-left text, 10,000 characters or nothing as names."""
import pygame
import pytest

import game
from game.seats import MAX_NAME, clean_name
from scenes.error import ErrorScene
from scenes.menu import MenuScene
from scenes.plugins import playable_games
from scenes.setup import setup_scene
from sprites.widgets import TextField

NAMES = ["😀🃏 Zoë", "مرحبا بالعالم", "x" * 10_000, "", "\u202eevil\u0000\n"]


def test_clean_name_limits_and_defaults():
    assert clean_name("x" * 10_000, "P") == "x" * MAX_NAME
    assert clean_name("   ", "Player 2") == "Player 2"
    assert clean_name("a\u0000b\nc", "P") == "abc"
    assert clean_name("😀🃏", "P") == "😀🃏"


@pytest.mark.parametrize("name", playable_games())
def test_typed_names_of_every_kind_reach_a_working_table(name, driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    driver.app.push(setup_scene(driver.app, name), transition=False)
    setup = driver.top
    fields = [w for w in setup.group.widgets if isinstance(w, TextField) and w.label != "Seed"]
    for i, field in enumerate(fields):
        setup.group.focus = setup.group.widgets.index(field)
        for _ in range(20):
            driver.key(pygame.K_BACKSPACE)
        driver.type(NAMES[i % len(NAMES)])
    start = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Start")
    driver.click(start.rect.center)
    table = driver.top
    assert hasattr(table, "rules"), "the table opened"
    assert all(0 < len(seat.name) <= MAX_NAME for seat in table.seats)
    driver.run(2.0)
    assert not any(isinstance(s, ErrorScene) for s in driver.app.scenes)


@pytest.mark.parametrize("name", game.game_names())
def test_rules_take_any_names(name):
    """The rules take any names; a save keeps the names a player could have typed (cleaned)."""
    info = game.game_info(name)
    players = NAMES[:info.max_players] if info.max_players <= len(NAMES) else NAMES
    players = players[:max(info.min_players, min(len(players), info.max_players))]
    game.new_game(name, players, 5)
    g = game.new_game(name, [clean_name(p, f"Player {i + 1}") for i, p in enumerate(players)], 5)
    assert game.load_game(g.to_dict()) == g
