"""Which language a window speaks: the system's locale by default, the setting once chosen, --lang or
CARD_ARCADE_LANG for one run; a settings file written before languages existed still loads."""
from __future__ import annotations

import json
import os

import pytest

import main
from harness.driver import Driver
from lang import ENV, chosen_language, language, system_language
from storage.settings import SETTINGS_FILE, load_settings


@pytest.mark.parametrize(("environ", "code"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "de_AT.UTF-8"}, "de"),
    ({"LC_ALL": "ar_MA.UTF-8", "LANG": "fr_FR.UTF-8"}, "ar"),  # LC_ALL first
    ({"LC_MESSAGES": "es_ES", "LANG": "de_DE.UTF-8"}, "es"),  # then LC_MESSAGES
    ({"LANG": "ja_JP.UTF-8"}, "en"),  # not spoken here: English
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_system_locale_gives_the_default(environ: dict[str, str], code: str):
    assert system_language(environ) == code
    assert chosen_language("", environ) == code


def test_the_setting_wins_over_the_system_and_the_variable_over_both():
    assert chosen_language("de", {"LANG": "fr_FR.UTF-8"}) == "de"
    assert chosen_language("de", {"LANG": "fr_FR.UTF-8", ENV: "ar"}) == "ar"
    assert chosen_language("de", {ENV: "klingon"}) == "de"  # an unknown code is passed over


def test_lang_option_sets_the_variable_for_this_run(monkeypatch: pytest.MonkeyPatch, capsys):
    monkeypatch.setenv(ENV, "en")
    assert main.main(["--lang", "es", "--simulate", "war", "--games", "1"]) == 0
    assert os.environ[ENV] == "es"
    capsys.readouterr()


def test_lang_option_refuses_an_unknown_language(capsys):
    with pytest.raises(SystemExit) as ended:
        main.parse_args(["--lang", "xx"])
    assert ended.value.code == 2
    assert "unknown language 'xx'" in capsys.readouterr().err


def test_a_window_speaks_the_variables_language_without_keeping_it(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(ENV, "fr")
    d = Driver()
    try:
        assert language() == "fr"
        assert d.app.settings.language == ""
    finally:
        d.close()


def test_an_older_settings_file_loads_with_the_systems_language(monkeypatch: pytest.MonkeyPatch):
    """A settings file of an earlier version (no language in it) keeps every setting it has."""
    older = {"version": 1, "volume": 0.3, "muted": True, "animation_speed": "fast", "fullscreen": False,
             "four_colour": True, "reduced_motion": False, "setups": {}}
    d = Driver()
    folder = d.app.settings_file.folder
    d.close()
    (folder / SETTINGS_FILE).write_text(json.dumps(older))
    settings, warning = load_settings(folder)
    assert warning is None
    assert (settings.volume, settings.muted, settings.four_colour, settings.language) == (0.3, True, True, "")
    monkeypatch.delenv(ENV)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    d = Driver()
    try:
        assert language() == "de"
        assert d.app.settings.volume == 0.3
    finally:
        d.close()


def test_a_chosen_language_is_kept_and_spoken_at_the_next_start(monkeypatch: pytest.MonkeyPatch):
    d = Driver()
    d.app.set_language("ar")
    folder = d.app.settings_file.folder
    d.close()
    assert json.loads((folder / SETTINGS_FILE).read_text())["language"] == "ar"
    monkeypatch.delenv(ENV)
    d = Driver()
    try:
        assert language() == "ar" and d.app.canvas.rtl
    finally:
        d.close()


def test_an_unknown_language_in_the_settings_is_reported_and_the_file_moved_aside():
    d = Driver()
    folder = d.app.settings_file.folder
    d.close()
    (folder / SETTINGS_FILE).write_text(json.dumps({"version": 1, "language": "klingon", "volume": 0.5}))
    settings, warning = load_settings(folder)
    assert warning is not None and "klingon" in warning
    assert settings.language == "" and settings.volume == 0.8  # the defaults
    assert not (folder / SETTINGS_FILE).exists()  # moved aside (storage.files.quarantine)


def test_a_damaged_settings_file_is_reported_in_the_systems_language(monkeypatch: pytest.MonkeyPatch):
    d = Driver()
    folder = d.app.settings_file.folder
    d.close()
    (folder / SETTINGS_FILE).write_text(json.dumps({"version": 1, "language": "fr", "volume": "loud"}))
    monkeypatch.delenv(ENV)
    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")
    d = Driver()
    try:
        shown = [text for text, _seconds in d.app.notice_line.shown]
        assert any(text.startswith("Ajustes: settings.json estaba dañado") for text in shown), shown
        assert language() == "es"  # the file's French was not read: the system's language stays
    finally:
        d.close()
