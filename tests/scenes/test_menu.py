"""The main menu driven through the real loop: the mouse and the keyboard share one highlight."""
import pygame

from scenes.menu import MenuScene
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
