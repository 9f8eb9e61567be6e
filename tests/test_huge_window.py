"""Windows bigger than the machine can paint: a picture of at most DRAW_LIMIT shown scaled up, a
window whose surface SDL could not make set back to one it can hold, and the error screen on it."""
import pygame
import pytest

from scenes.base import Scene
from scenes.error import ErrorScene
from scenes.menu import MenuScene
from scenes.settings import SettingsScene
from scenes.window import MAX_WINDOW
from sprites.canvas import DRAW_LIMIT, Canvas

HUGE = (20000, 20000)


@pytest.fixture
def lost_surface(monkeypatch):
    """The window's surface lost as on X11 after a resize to 20000x20000 ("Surface is not
    initialized") until the window is opened again."""
    lost = pygame.Surface.__new__(pygame.Surface)
    set_mode = pygame.display.set_mode

    def reopened(*args, **kwargs):
        monkeypatch.undo()
        return set_mode(*args, **kwargs)

    monkeypatch.setattr(pygame.display, "get_surface", lambda: lost)
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: HUGE)
    monkeypatch.setattr(pygame.display, "set_mode", reopened)
    return lost


def fits(size, limit) -> bool:
    return size[0] <= limit[0] and size[1] <= limit[1]


def test_a_window_past_the_drawing_limit_is_painted_at_the_limit_and_shown_scaled_up():
    window = pygame.Surface((7680, 4320))
    canvas = Canvas(window)
    assert canvas.surface.get_size() == DRAW_LIMIT and canvas.zoom == 2
    canvas.begin_frame()
    canvas.fill((0, 0, 0))
    canvas.box((200, 40, 40), (600, 300, 80, 60))
    assert canvas.end_frame() is None  # the whole window shows the new picture
    assert window.get_at((640 * 6, 330 * 6))[:3] == (200, 40, 40)
    assert canvas.to_logical((640 * 6, 330 * 6)) == pytest.approx((640, 330))


def test_a_window_resized_past_the_biggest_is_set_back_and_clicks_still_hit(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    driver.post(pygame.VIDEORESIZE, size=HUGE, w=HUGE[0], h=HUGE[1])
    driver.frames()
    assert fits(pygame.display.get_surface().get_size(), MAX_WINDOW)
    assert fits(driver.app.canvas.surface.get_size(), DRAW_LIMIT)
    settings = next(w for w in driver.top.group.widgets if getattr(w, "label", "") == "Settings")
    driver.click(settings.rect.center)
    assert isinstance(driver.top, SettingsScene)


def test_a_window_whose_surface_is_lost_is_opened_again_and_plays_on(driver, lost_surface):
    driver.app.push(MenuScene(driver.app), transition=False)
    driver.post(pygame.VIDEORESIZE, size=HUGE, w=HUGE[0], h=HUGE[1])
    driver.frames(2)
    assert isinstance(driver.top, MenuScene) and driver.app.running
    assert driver.app.canvas.window is pygame.display.get_surface() is not lost_surface
    assert fits(pygame.display.get_surface().get_size(), MAX_WINDOW)


def test_the_error_screen_shows_on_a_window_opened_again_when_the_surface_is_lost(driver, lost_surface):
    class Broken(Scene):
        def draw(self, canvas):
            raise RuntimeError("boom")

    driver.app.push(Broken(driver.app), transition=False)
    driver.app.window = driver.app.canvas.window = driver.app.canvas.surface = lost_surface  # as SDL leaves them
    driver.frames(2)
    assert isinstance(driver.top, ErrorScene) and driver.app.running and driver.app.exit_code == 0
    assert fits(driver.app.canvas.window.get_size(), MAX_WINDOW)
