"""How to play: each game's first turn worked in steps, each a picture of its table drawn by its
own parts, reached in one click from the menu and from every setup screen, by keys and mouse."""
import pygame
import pytest

from game.registry import built_in_games
from scenes.how_to_play import HowToPlayScene
from scenes.lesson import lesson_for, lesson_match
from scenes.menu import MenuScene
from scenes.plugins import playable_games
from scenes.rules_page import RulesScene
from scenes.setup import setup_scene
from tests.matrix import first_fast
from tests.scenes.collisions import collisions

GAMES = tuple(name for name in playable_games() if lesson_for(name) is not None)  # a game with no lesson: rules only
CARD_WHITE = 200  # every channel at least this: a card's face or border (scaled down), never the felt


def test_every_built_in_game_has_a_lesson():
    assert {name for name in built_in_games() if lesson_for(name) is None} == set()


def card_pixels(window: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels of `rect` on the window are card white."""
    area = window.subsurface(rect.clip(window.get_rect()))
    return sum(1 for x in range(area.get_width()) for y in range(area.get_height())
               if min(area.get_at((x, y))[:3]) >= CARD_WHITE)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("size", first_fast([(800, 600), (1920, 1080)]))  # 1920x1080 in the full suite
def test_each_step_draws_its_table_with_cards_and_nothing_collides(driver, name, size):
    driver.app.resize(size)
    page = HowToPlayScene(driver.app, name)
    driver.app.push(page, transition=False)
    assert page.steps >= 2, "a worked turn: the deal, then at least one move"
    for step in range(page.steps):
        driver.frames()
        picture = page.table_picture(driver.app.canvas)
        assert picture is not None and picture.image.get_size() == driver.app.canvas.rect(page.picture_rect).size
        where = driver.app.canvas.rect(page.picture_rect)
        assert card_pixels(driver.app.canvas.surface, where) > 200, f"{name} step {step + 1}: no card in the picture"
        driver.app.canvas.inspect()
        try:
            driver.app.draw()
            drawn = list(driver.app.canvas.drawn)
        finally:
            driver.app.canvas.inspect(False)
        assert not collisions(drawn, driver.app.canvas.rect((0, 0, 1280, 720)))
        driver.key(pygame.K_RIGHT)
    assert page.step == page.steps - 1, "Right walks every step and stops at the last"


@pytest.mark.parametrize("name", GAMES)
def test_the_lesson_plays_its_moves_and_the_match_is_never_saved(driver, name):
    lesson = lesson_for(name)
    assert lesson is not None
    match = lesson_match(name, lesson, len(lesson.steps) - 1)
    assert match.moves_played >= 1 and not match.keeps_save
    assert not driver.app.saves.exists(name)


def test_one_click_from_the_menu_with_a_choice_of_game(driver):
    menu = MenuScene(driver.app)
    driver.app.push(menu, transition=False)
    driver.frames()
    button = next(w for w in menu.group.widgets if getattr(w, "label", "") == "How to play")
    driver.click(button.rect.center)
    driver.frames()
    page = driver.top
    assert isinstance(page, HowToPlayScene) and page.game_name == GAMES[0]
    choice = page.group.widgets[0]
    driver.click((choice.rect.right - 10, choice.rect.centery))
    assert page.game_name == GAMES[1] and page.step == 0
    following = next(w for w in page.group.widgets if getattr(w, "label", "") == "Next")
    driver.click(following.rect.center)
    assert page.step == 1
    driver.key(pygame.K_F1)
    assert isinstance(driver.top, RulesScene) and driver.top.title == page.title_of_game


@pytest.mark.parametrize("name", GAMES)
def test_every_setup_screen_opens_it_by_mouse_and_keys(driver, name):
    setup = setup_scene(driver.app, name)
    driver.app.push(setup, transition=False)
    driver.frames()
    button = next(w for w in setup.group.widgets if getattr(w, "label", "") == "How to play")
    driver.click(button.rect.center)
    driver.frames()
    assert isinstance(driver.top, HowToPlayScene) and driver.top.game_name == name
    driver.key(pygame.K_LEFT)
    assert driver.top.step == 0, "it stops at the first step"
    driver.key(pygame.K_PAGEDOWN)
    assert driver.top.step == 1
    driver.key(pygame.K_ESCAPE)
    driver.frames()
    assert driver.top is setup
