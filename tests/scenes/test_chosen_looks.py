"""A card back and a felt chosen in Settings: shown in its preview at once, saved, and worn by every
game's table after the next start (through the painter and the canvas, as every scene draws)."""
import pygame
import pytest

from game.registry import game_info
from harness.driver import Driver
from scenes.menu import MenuScene
from scenes.plugins import game_scenes, playable_games
from scenes.settings import SettingsScene
from sprites.card_faces import CardPainter
from sprites.widgets import Choice
from storage.settings import load_settings


def choice(scene: SettingsScene, label: str) -> Choice:
    return next(w for w in scene.group.widgets if isinstance(w, Choice) and w.label == label)


def felt_corner(driver) -> tuple[int, int, int]:
    """The window's top-left pixel: bare felt on every screen but an overlay's."""
    return tuple(driver.app.window.get_at((1, 1)))[:3]


def test_a_back_and_felt_chosen_in_settings_show_at_once_and_are_kept(driver, card_arcade_home):
    driver.app.push(MenuScene(driver.app), transition=False)
    driver.app.push(SettingsScene(driver.app), transition=False)
    settings = driver.top
    driver.click(choice(settings, "Card back").rect.move(-8, 0).midright)  # the right arrow: the next back
    driver.click(choice(settings, "Felt").rect.move(-8, 0).midright)
    assert (driver.app.settings.card_back, driver.app.settings.felt) == ("royal", "blue")
    assert driver.app.painter.back_choice == "royal" and driver.app.canvas.felt_choice == "blue"
    preview = driver.app.canvas.rect(settings.preview)
    middle = driver.app.window.get_at((preview.x + 4, preview.centery))
    assert middle.b > middle.g > middle.r, "the preview shows the blue felt"
    driver.key(pygame.K_ESCAPE)
    red, green, blue = felt_corner(driver)
    assert blue > green and blue > red, "the menu lies on the blue felt"
    saved, warning = load_settings(card_arcade_home)
    assert warning is None and (saved.card_back, saved.felt) == ("royal", "blue")
    again = Driver()
    try:
        assert again.app.painter.back_choice == "royal" and again.app.canvas.felt_choice == "blue"
    finally:
        again.close()


def test_the_keyboard_steps_through_every_back(driver):
    driver.app.push(SettingsScene(driver.app), transition=False)
    settings = driver.top
    backs = choice(settings, "Card back")
    settings.group.focus = settings.group.widgets.index(backs)
    seen = set()
    for _ in backs.options:
        driver.key(pygame.K_RIGHT)
        seen.add(driver.app.painter.back_choice)
    assert len(seen) == len(backs.options) and driver.app.settings.card_back == "classic"


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("name", playable_games())
def test_every_games_table_wears_the_chosen_back_and_felt(driver, monkeypatch, name):
    driver.app.settings.card_back, driver.app.settings.felt = "sunset", "burgundy"
    driver.app.apply_settings()
    info, scenes = game_info(name), game_scenes(name)
    options = {o.key: o.default_value for o in info.options}
    driver.app.reset(scenes.start(driver.app, list(scenes.default_seats), options, 5))
    driver.until(lambda: not driver.app.painter.waiting() and driver.app.fade == 0, 10)
    blitted: list[pygame.Surface] = []
    blit = driver.app.canvas.blit
    monkeypatch.setattr(driver.app.canvas, "blit", lambda image, *a, **k: (blitted.append(image), blit(image, *a, **k)))
    driver.app.canvas.invalidate()
    driver.app.draw()
    deck = info.deck()[0].deck
    sizes = {image.get_size() for image in blitted}
    sunset, classic = CardPainter(back_choice="sunset"), CardPainter()
    chosen = {pixels(sunset.back(deck, size).convert_alpha()) for size in sizes}
    own = {pixels(classic.back(deck, size).convert_alpha()) for size in sizes}
    drawn = {pixels(image) for image in blitted}
    assert drawn & chosen, "the table shows its cards' backs in the chosen back"
    assert not drawn & own, "and never the deck's own back"
    red, green, blue = felt_corner(driver)
    assert red > green and red > blue, "the table lies on the burgundy felt"


def test_a_back_chosen_from_a_tables_pause_menu_reaches_its_cards(driver, monkeypatch):
    scenes = game_scenes("memory_match")
    options = {o.key: o.default_value for o in game_info("memory_match").options}
    table = scenes.start(driver.app, list(scenes.default_seats), options, 5)
    driver.app.reset(table)
    driver.until(lambda: not driver.app.painter.waiting() and driver.app.fade == 0, 10)
    driver.app.push(SettingsScene(driver.app), transition=False)
    driver.click(choice(driver.top, "Card back").rect.move(-8, 0).midright)
    driver.key(pygame.K_ESCAPE)
    driver.run(1.0)
    blitted: list[pygame.Surface] = []
    blit = driver.app.canvas.blit
    monkeypatch.setattr(driver.app.canvas, "blit", lambda image, *a, **k: (blitted.append(image), blit(image, *a, **k)))
    driver.app.canvas.invalidate()
    driver.app.draw()
    royal = CardPainter(back_choice="royal")
    chosen = {pixels(royal.back("memory", image.get_size()).convert_alpha()) for image in blitted}
    assert {pixels(image) for image in blitted} & chosen
