"""The Statistics screen with the keyboard: Left/Right change the game tab, Up/Down change rows."""
import pygame
import pytest

from scenes.stats import StatsScene

pytestmark = pytest.mark.driver(first=StatsScene)


@pytest.fixture(autouse=True)
def drawn_once(driver):
    """The keys come after the screen's first frame."""
    driver.frames()


def label(scene) -> str:
    return scene.group.focused.label


def test_left_and_right_change_the_game_tab(driver):
    scene = driver.top
    assert scene.names[scene.current] == "sota" and label(scene) == "Sota"
    driver.key(pygame.K_RIGHT)
    assert scene.names[scene.current] == "memory_match" and label(scene) == "Memory Match"
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_LEFT)
    assert scene.names[scene.current] == "memory_match"
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_LEFT)
    assert scene.names[scene.current] == scene.names[-1], "it wraps round to the last game"


def test_down_goes_to_the_buttons_and_up_back_to_the_shown_tab(driver):
    scene = driver.top
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)  # War: it has a page of details
    driver.key(pygame.K_DOWN)
    assert label(scene) == "More details" and scene.names[scene.current] == "war", "Down no longer moves right"
    driver.key(pygame.K_RIGHT)
    assert label(scene) == "Back" and scene.names[scene.current] == "war", "Right moves along the buttons"
    driver.key(pygame.K_DOWN)
    assert label(scene) == "Back"
    driver.key(pygame.K_UP)
    assert label(scene) == "War"
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_DOWN)  # every game has a page of details
    assert scene.more.enabled and label(scene) == "More details"


def test_the_pointer_takes_the_one_highlight_on_the_tabs(driver):
    scene = driver.top
    driver.key(pygame.K_RIGHT)
    driver.move(scene.tabs[3].rect.center)
    lit = [i for i, w in enumerate(scene.group.widgets) if w.hovered or i == scene.group.focus]
    assert lit == [3] and scene.current == 1, "hovering moves the focus, not the shown game"
    driver.key(pygame.K_RIGHT)
    assert scene.current == 4 and not any(w.hovered for w in scene.group.widgets)
