"""The real main loop headless: title, menu, keyboard focus, settings, resize, pause, quit."""
import json

import pygame
import pytest

from harness.driver import Driver
from scenes.menu import MenuScene
from scenes.settings import SettingsScene
from scenes.title import TitleScene
from storage.settings import SETTINGS_FILE


def test_window_is_titled_and_sized(driver):
    assert pygame.display.get_caption()[0] == "Card Arcade"
    assert pygame.display.get_surface().get_size() == (1280, 720)


def test_title_leads_to_menu_on_any_key(driver):
    driver.app.push(TitleScene(driver.app), transition=False)
    driver.run(0.5)
    driver.key(pygame.K_SPACE)
    assert isinstance(driver.top, MenuScene)


def test_menu_focus_moves_with_keys_and_opens_settings(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    menu = driver.top
    start = menu.group.focus
    driver.key(pygame.K_TAB)
    assert menu.group.focus == (start + 1) % len(menu.group.widgets)
    settings_index = next(i for i, w in enumerate(menu.group.widgets) if getattr(w, "label", "") == "Settings")
    menu.group.focus = settings_index
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, SettingsScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is menu


def test_settings_change_is_saved_and_restored(driver, card_arcade_home):
    driver.app.push(SettingsScene(driver.app), transition=False)
    scene = driver.top
    labels = [getattr(w, "label", "") for w in scene.group.widgets]
    scene.group.focus = labels.index("Animation speed")
    driver.key(pygame.K_RIGHT)
    assert driver.app.settings.animation_speed == "slow" or driver.app.settings.animation_speed != "fast"
    scene.group.focus = labels.index("Reduced motion")
    driver.key(pygame.K_RETURN)
    assert driver.app.settings.reduced_motion is True
    scene.group.focus = labels.index("Master volume")
    driver.key(pygame.K_LEFT)
    saved = json.loads((card_arcade_home / SETTINGS_FILE).read_text())
    assert saved["reduced_motion"] is True
    assert saved["volume"] == pytest.approx(0.7)
    driver.close()
    again = Driver()
    assert again.app.settings.reduced_motion is True
    assert again.app.settings.volume == pytest.approx(0.7)
    again.close()


def test_settings_click_on_a_choice_changes_it(driver):
    driver.app.push(SettingsScene(driver.app), transition=False)
    scene = driver.top
    four = next(w for w in scene.group.widgets if getattr(w, "label", "") == "Four-colour suits")
    driver.click((four.rect.right - 20, four.rect.centery))
    assert driver.app.settings.four_colour is True


def test_damaged_settings_are_reported_moved_aside_and_defaults_used(card_arcade_home):
    (card_arcade_home / SETTINGS_FILE).write_bytes(b"\x00\xff{garbage")
    d = Driver()
    assert d.app.settings.volume == 0.8
    assert any("damaged" in n[0] for n in d.app.notices)
    assert list(card_arcade_home.glob(SETTINGS_FILE + ".damaged-*"))
    d.close()


def test_resize_rescales_the_canvas_and_clicks_still_hit(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    driver.post(pygame.VIDEORESIZE, size=(960, 540), w=960, h=540)
    driver.frames()
    assert driver.app.canvas.scale == pytest.approx(0.75)
    settings = next(w for w in driver.top.group.widgets if getattr(w, "label", "") == "Settings")
    driver.click(settings.rect.center)
    assert isinstance(driver.top, SettingsScene)


def test_quit_event_stops_the_loop(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    driver.post(pygame.QUIT)
    driver.frames()
    assert driver.app.running is False


def test_a_crashing_scene_shows_the_error_screen(driver):
    from scenes.base import Scene
    from scenes.error import ErrorScene

    class Broken(Scene):
        def draw(self, canvas):
            raise RuntimeError("boom")

    driver.app.push(Broken(driver.app), transition=False)
    driver.frames()
    assert isinstance(driver.top, ErrorScene)
    assert "boom" not in driver.top.message and "Error" not in driver.top.message  # words for the player
    assert "RuntimeError: boom" in driver.app.log_path.read_text()  # the details for a developer


def test_escape_on_a_table_opens_the_pause_overlay_and_quit_keeps_the_save(driver):
    from harness.start import start_table
    from scenes.pause import PauseScene
    from scenes.plugins import playable_games

    name = playable_games()[0]
    driver.app.push(MenuScene(driver.app), transition=False)
    start_table(driver.app, name)
    table = driver.top
    driver.frames(5)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.key(pygame.K_RETURN)  # Resume has the focus
    assert driver.top is table
    driver.key(pygame.K_ESCAPE)
    pause = driver.top
    quit_button = next(w for w in pause.group.widgets if w.label == "Quit to menu")
    driver.click(quit_button.rect.center)
    assert isinstance(driver.top, MenuScene)
    assert driver.app.saves.exists(name)
    tile = next(w for w in driver.top.group.widgets if getattr(w, "name", None) == name)
    assert tile.has_save


def test_statistics_show_the_lowest_score_as_best_where_low_wins(driver):
    from scenes.stats import StatsScene

    for score in (3, 0, 5):
        driver.app.stats.record_game("sota", [{"name": "Amina", "score": score, "won": score == 0},
                                              {"name": "Bot", "kind": "computer", "score": 1, "won": False}])
        driver.app.stats.record_game("memory_match", [{"name": "Amina", "score": score, "won": True},
                                                      {"name": "Bot", "kind": "computer", "score": 1, "won": False}])
    scene = StatsScene(driver.app)
    driver.app.push(scene, transition=False)
    scene.current = scene.names.index("sota")
    scene._refresh()
    assert scene.low_wins and next(r for r in scene.rows if r["name"] == "Amina")["lowest"] == 0
    driver.frames()
    tab = scene.group.widgets[scene.names.index("memory_match")]
    driver.click(tab.rect.center)
    assert scene.names[scene.current] == "memory_match" and not scene.low_wins


def test_menu_up_and_down_jump_between_the_rows(driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    menu = driver.top
    tiles = menu.tile_count
    menu.group.focus = tiles - 1  # the last game
    driver.key(pygame.K_DOWN)
    assert menu.group.widgets[menu.group.focus].label == "Quit"
    driver.key(pygame.K_UP)
    assert menu.group.focus == tiles - 1
    menu.group.focus = 0
    driver.key(pygame.K_DOWN)
    assert menu.group.widgets[menu.group.focus].label == "Join a table"
    driver.key(pygame.K_RIGHT)
    assert menu.group.widgets[menu.group.focus].label == "How to play"


def test_only_the_nearest_opaque_scene_and_the_top_overlay_are_drawn(driver):
    from scenes.base import Scene

    drawn: list[str] = []

    class Logged(Scene):
        def __init__(self, app, name: str, opaque: bool) -> None:
            super().__init__(app)
            self.name, self.opaque = name, opaque

        def draw(self, canvas):
            drawn.append(self.name)

    for name, opaque in (("menu", True), ("table", True), ("pause", False), ("rules", False)):
        driver.app.push(Logged(driver.app, name, opaque), transition=False)
    drawn.clear()
    driver.app.draw()
    assert drawn == ["table", "rules"]  # not the menu under the table, not the pause under the rules
    driver.app.pop()
    drawn.clear()
    driver.app.draw()
    assert drawn == ["table", "pause"]


def changed_area(before: pygame.Surface, after: pygame.Surface) -> pygame.Rect:
    """The bounding box of the pixels that differ between two pictures of the same size."""
    diff = after.copy()
    diff.blit(before, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    back = before.copy()
    back.blit(after, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(diff, (0, 0, 0, 255), (2, 2, 2, 255))
    same.invert()
    rects = same.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)


@pytest.mark.parametrize("size", [(800, 450), (1280, 720)])
def test_a_long_notice_wraps_inside_the_window(size, driver):
    driver.app.resize(size)
    driver.app.push(MenuScene(driver.app), transition=False)
    driver.app.draw()
    before = driver.app.window.copy()
    driver.app.notify("Saved game: " + "a very long reason that would run off both edges of the window " * 4)
    driver.app.notify("A short one.")
    driver.app.draw()
    area = changed_area(before, driver.app.window)
    window = driver.app.window.get_rect()
    assert area.w > window.w * 0.5, "the notices were drawn"
    assert area.left > 0 and area.right < window.right and area.top > 0 and area.bottom < window.bottom


def test_fullscreen_puts_the_window_at_the_screen_origin_and_back(driver, monkeypatch):
    import scenes.app as app_module

    placed: list = []
    monkeypatch.setattr(app_module, "place_window", placed.append)
    driver.app.set_fullscreen(True)
    assert placed == [(0, 0)], "moved to the origin before it fills the screen (no offset without a WM)"
    driver.app.set_fullscreen(False)
    assert placed[-1] == pygame.WINDOWPOS_CENTERED
    assert driver.app.window.get_size() == (1280, 720)


def test_the_main_loop_settles_what_the_start_made_after_the_first_frame(driver, monkeypatch):
    """Objects made before the first frame are frozen out of the cycle collector's passes, so a full
    pass during an animation scans only what came later."""
    frozen: list[int] = []
    monkeypatch.setattr("gc.freeze", lambda: frozen.append(driver.app.frames))
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # the first pass ends the loop
    driver.app.run(MenuScene(driver.app), max_frames=3)
    assert frozen == [1]


@pytest.mark.parametrize(("desktop", "expected"), [((1920, 1080), (1280, 720)), ((1366, 768), (1228, 691)),
                                                   ((800, 600), (800, 450))])
def test_the_first_window_fits_the_desktop(desktop, expected):
    from scenes.window import fitting_size

    size = fitting_size([desktop])
    assert size == expected
    assert size[0] <= desktop[0] and size[1] <= desktop[1]


def test_the_window_opened_without_a_size_fits_an_800x600_desktop(monkeypatch, card_arcade_home):
    from scenes.app import App

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(800, 600)])
    app = App(None)
    try:
        width, height = app.window.get_size()
        assert width <= 800 and height <= 600 - 60, "room is left for a title bar"
    finally:
        app.shut_down()


def test_round_corners_are_anti_aliased():
    from sprites.canvas import Canvas

    canvas = Canvas(pygame.Surface((1280, 720)))
    canvas.surface.fill((0, 0, 0))
    canvas.box((240, 196, 64), (100, 100, 300, 200), radius=18)
    corner = [canvas.surface.get_at((100 + i, 100 + j))[0] for i in range(18) for j in range(18)]
    assert any(0 < red < 240 for red in corner), "the corner has pixels between the box and what is under it"
    assert canvas.surface.get_at((250, 200))[:3] == (240, 196, 64)


def test_main_opens_a_window_that_fits_the_desktop(card_arcade_home):
    import pygame

    from scenes.app import App

    app = App(size=None)  # the dummy driver's desktop is 1024x768
    try:
        desktop = max(pygame.display.get_desktop_sizes())
        width, height = app.window.get_size()
        assert width <= desktop[0] * 0.9 and height <= desktop[1] * 0.9
    finally:
        app.shut_down()
