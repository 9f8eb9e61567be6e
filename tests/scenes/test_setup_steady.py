"""The setup screens stand still: the title at one height for every game, Start where it is whatever the
number of players; the rules open from each; a game without options says what it is."""
import pygame
import pytest

from game.registry import game_info
from scenes.plugins import playable_games
from scenes.rules_page import RulesScene
from scenes.setup import SetupScene, setup_scene
from sprites.widgets import Button, Choice


@pytest.fixture
def texts(driver, monkeypatch) -> list[tuple[str, tuple[float, float]]]:
    """Every text drawn on the window and where, in order."""
    drawn: list[tuple[str, tuple[float, float]]] = []
    text = driver.app.canvas.text

    def recorded(value, pos, *args, **kwargs):
        drawn.append((value, tuple(pos)))
        return text(value, pos, *args, **kwargs)

    monkeypatch.setattr(driver.app.canvas, "text", recorded)
    return drawn


def open_setup(driver, name: str) -> SetupScene:
    scene = setup_scene(driver.app, name)
    assert isinstance(scene, SetupScene)
    driver.app.reset(scene)
    assert driver.until(lambda: driver.app.fade == 0), "the veil lifts"
    return scene


def button(scene: SetupScene, label: str) -> Button:
    return next(w for w in scene.group.widgets if isinstance(w, Button) and w.label == label)


def test_every_games_title_stands_at_the_same_height(driver, texts):
    places = {}
    for name in playable_games():
        open_setup(driver, name)
        texts.clear()
        driver.frames()
        title = f"{game_info(name).title}: new game"
        places[name] = next(pos for text, pos in texts if text == title)
    assert len(set(places.values())) == 1, places


@pytest.mark.parametrize("name", [n for n in playable_games()
                                  if game_info(n).min_players < game_info(n).max_players])
def test_changing_players_leaves_start_under_the_pointer(driver, name):
    scene = open_setup(driver, name)
    players = next(w for w in scene.group.widgets if isinstance(w, Choice) and w.label == "Players")
    start = pygame.FRect(button(scene, "Start").rect)
    counts = set()
    for _ in range(game_info(name).max_players - game_info(name).min_players + 1):
        driver.click((players.rect.right - 16, players.rect.centery))
        counts.add(scene.count)
        assert button(scene, "Start").rect == start, scene.count
    assert len(counts) > 1


@pytest.mark.parametrize("name", playable_games())
def test_the_rules_button_and_f1_open_the_games_rules_page(driver, name):
    scene = open_setup(driver, name)
    driver.click(button(scene, "Rules").rect.center)
    assert isinstance(driver.top, RulesScene) and driver.top.title == game_info(name).title
    driver.key(pygame.K_ESCAPE)
    assert driver.top is scene
    driver.key(pygame.K_F1)
    assert isinstance(driver.top, RulesScene)


def test_a_game_without_options_says_what_it_is_in_their_place(driver, texts):
    open_setup(driver, "kings_corner")
    texts.clear()
    driver.frames()
    drawn = [text for text, _ in texts]
    assert "2 players, played in rounds" in drawn
    assert "Computer levels: normal, hard" in drawn
    assert "The fewest penalty points win" in drawn
