"""Without CARD_ARCADE_HOME, on Linux the settings go under $XDG_CONFIG_HOME and the log under
$XDG_STATE_HOME; the files an earlier version kept in the data folder move there once, none lost."""
import sys

import pytest

from harness.driver import Driver
from storage.files import data_dir
from storage.logs import LOG_NAME, log_dir
from storage.migrate import KEPT_SUFFIX
from storage.settings import SETTINGS_FILE, settings_dir
from tests.storage.places import read_only_folder


@pytest.fixture
def user_home(tmp_path, monkeypatch):
    """No CARD_ARCADE_HOME: a home folder of the test's own, no XDG variable set."""
    monkeypatch.delenv("CARD_ARCADE_HOME")
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    return tmp_path / "user"


def test_settings_and_log_move_once_from_the_data_folder_to_xdg_config_and_state(user_home, tmp_path, monkeypatch,
                                                                                  fresh_logging):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    old = user_home / ".local" / "share" / "CardArcade"
    old.mkdir(parents=True)
    (old / SETTINGS_FILE).write_text('{"version": 1, "volume": 0.3}')
    (old / LOG_NAME).write_text("earlier log\n")
    (old / f"{LOG_NAME}.1").write_text("older log\n")
    driver = Driver()
    try:
        assert driver.app.settings.volume == 0.3, "the earlier settings are used"
        driver.app.settings.muted = True
        driver.app.apply_settings()
    finally:
        driver.close()
    config, state = tmp_path / "config" / "CardArcade", tmp_path / "state" / "CardArcade"
    assert '"muted":true' in (config / SETTINGS_FILE).read_text() and not (old / SETTINGS_FILE).exists()
    assert (state / f"{LOG_NAME}.1").read_text() == "older log\n" and not list(old.glob(LOG_NAME + "*"))
    log = (state / LOG_NAME).read_text()
    assert log.startswith("earlier log\n")
    assert f"moved {SETTINGS_FILE} from {old} to {config}" in log
    assert f"moved {LOG_NAME}, {LOG_NAME}.1 from {old} to {state}" in log


@pytest.mark.parametrize("value", ["", "relative/folder"])
def test_an_empty_or_relative_xdg_config_or_state_home_is_ignored(value, user_home, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", value)
    monkeypatch.setenv("XDG_STATE_HOME", value)
    here = tmp_path / "cwd"
    here.mkdir()
    monkeypatch.chdir(here)
    data = data_dir()
    assert settings_dir(data) == user_home / ".config" / "CardArcade"
    assert log_dir(data) == user_home / ".local" / "state" / "CardArcade"
    assert list(here.iterdir()) == []


def test_settings_in_both_places_are_both_kept(user_home):
    data = data_dir()
    (data / SETTINGS_FILE).write_text("old")
    config = user_home / ".config" / "CardArcade"
    config.mkdir(parents=True)
    (config / SETTINGS_FILE).write_text("new")
    assert settings_dir(data) == config
    assert (config / SETTINGS_FILE).read_text() == "new"
    assert (config / (SETTINGS_FILE + KEPT_SUFFIX)).read_text() == "old"


def test_settings_that_cannot_leave_a_read_only_data_folder_stay_in_use_there(user_home, tmp_path):
    with read_only_folder(tmp_path, {SETTINGS_FILE: b"{}"}) as data:
        assert settings_dir(data) == data
        assert (data / SETTINGS_FILE).read_bytes() == b"{}"


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_windows_and_macos_keep_everything_in_the_data_folder(platform, user_home, monkeypatch):
    data = data_dir()
    monkeypatch.setattr(sys, "platform", platform)
    assert settings_dir(data) == data and log_dir(data) == data


def test_card_arcade_home_keeps_everything_in_one_folder(card_arcade_home):
    assert settings_dir(card_arcade_home) == card_arcade_home and log_dir(card_arcade_home) == card_arcade_home
