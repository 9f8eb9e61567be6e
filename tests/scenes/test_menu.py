"""The main menu driven through the real loop: the mouse and the keyboard share one highlight."""
import pygame

from scenes.dialog import Dialog
from scenes.how_to_play import HowToPlayScene
from scenes.menu import MenuScene
from scenes.rules_page import RulesScene
from scenes.setup import SetupScene


def highlighted(menu) -> list[int]:
    """The widgets drawn lit: the focused one and any under the pointer."""
    return [i for i, w in enumerate(menu.group.widgets) if w.hovered or i == menu.group.focus]


def test_hovering_a_tile_while_the_keyboard_focus_is_on_another_shows_one_highlight(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    menu = driver.top
    driver.key(pygame.K_RIGHT)
    assert highlighted(menu) == [1]
    driver.move(menu.group.widgets[3].rect.center)
    assert highlighted(menu) == [3], "the pointer takes the focus"
    driver.key(pygame.K_RIGHT)
    assert highlighted(menu) == [4], "a key moves on from the hovered tile; the hover goes"
    driver.move((640, 40))  # off every tile: the focus stays where it was
    assert highlighted(menu) == [4]
    driver.move(menu.group.widgets[0].rect.center)
    driver.key(pygame.K_DOWN)
    assert highlighted(menu) == [menu.tile_count], "down from the first tile to Statistics"


def test_a_click_on_a_tile_still_opens_its_setup(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    menu = driver.top
    driver.key(pygame.K_RIGHT)
    driver.click(menu.group.widgets[4].rect.center)
    assert isinstance(driver.top, SetupScene) and driver.top.game_name == "kings_corner"


def test_esc_asks_before_quitting_and_esc_again_keeps_the_app(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    menu = driver.top
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, Dialog) and driver.top.title == "Quit Card Arcade?"
    assert driver.app.running
    driver.key(pygame.K_ESCAPE)
    assert driver.top is menu and driver.app.running


def test_cancel_with_the_mouse_keeps_the_app(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    menu = driver.top
    driver.key(pygame.K_ESCAPE)
    cancel = next(w for w in driver.top.group.widgets if w.label == "Cancel")
    driver.click(cancel.rect.center)
    assert driver.top is menu and driver.app.running


def test_enter_on_quit_ends_the_app(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    driver.key(pygame.K_ESCAPE)
    assert driver.top.group.focused.label == "Quit"
    driver.key(pygame.K_RETURN)
    assert not driver.app.running


def test_how_to_play_chooses_a_game_and_its_rules_button_opens_that_games_rules(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    menu = driver.top
    button = next(w for w in menu.group.widgets if getattr(w, "label", "") == "How to play")
    driver.click(button.rect.center)
    page = driver.top
    assert isinstance(page, HowToPlayScene)
    while page.title_of_game != "Skyjo":
        driver.click((page.group.widgets[0].rect.right - 10, page.group.widgets[0].rect.centery))
    rules = next(w for w in page.group.widgets if getattr(w, "label", "") == "Rules")
    driver.click(rules.rect.center)
    assert isinstance(driver.top, RulesScene) and driver.top.title == "Skyjo"
    driver.key(pygame.K_ESCAPE)
    assert driver.top is menu


def test_f1_on_a_tile_opens_that_games_rules(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_F1)
    assert isinstance(driver.top, RulesScene) and driver.top.title == "Memory Match"
