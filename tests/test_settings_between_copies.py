"""Two copies of the program change settings at once: each writes only what it changed, over the
file as it is now, so neither loses the other's changes."""
import pygame

from storage.settings import Settings, SettingsFile, load_settings, save_settings


def test_f11_in_one_copy_keeps_what_another_copy_changed(driver, card_arcade_home):
    theirs = Settings(volume=0.3, four_colour=True, animation_speed="fast")  # changed since this copy started
    save_settings(card_arcade_home, theirs)
    driver.key(pygame.K_F11)
    saved, warning = load_settings(card_arcade_home)
    assert warning is None and driver.app.settings.fullscreen
    assert (saved.volume, saved.four_colour, saved.animation_speed, saved.fullscreen) == (0.3, True, "fast", True)


def test_another_copys_change_and_remembered_setup_survive_this_copys_save(tmp_path):
    first, second = SettingsFile(tmp_path), SettingsFile(tmp_path)
    mine, theirs = first.load()[0], second.load()[0]
    mine.volume, mine.setups["war"] = 0.2, {"count": 2}
    assert first.save(mine)
    theirs.fullscreen, theirs.setups["sota"] = True, {"count": 3}
    assert second.save(theirs)
    mine.muted = True
    assert first.save(mine)
    saved, _ = load_settings(tmp_path)
    assert (saved.volume, saved.fullscreen, saved.muted) == (0.2, True, True)
    assert saved.setups == {"war": {"count": 2}, "sota": {"count": 3}}
