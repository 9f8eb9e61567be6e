"""The card back and felt in the settings file: kept, absent from an older file, damaged."""
import json

import pytest

from storage.settings import CARD_BACKS, FELTS, SETTINGS_FILE, Settings, load_settings, save_settings


def test_a_chosen_back_and_felt_round_trip(tmp_path):
    settings = Settings(card_back="tartan", felt="charcoal", four_colour=True, reduced_motion=True)
    save_settings(tmp_path, settings)
    loaded, warning = load_settings(tmp_path)
    assert warning is None and loaded == settings


def test_a_settings_file_from_before_the_choice_loads_with_the_classic_back_on_green(tmp_path):
    older = {"version": 1, "volume": 0.4, "muted": False, "animation_speed": "slow", "fullscreen": False,
             "four_colour": True, "reduced_motion": False, "move_marks": True, "setups": {},
             "discovery": "all", "online_name": "Hafsa"}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(older))
    loaded, warning = load_settings(tmp_path)
    assert warning is None
    assert (loaded.card_back, loaded.felt) == ("classic", "green") == (CARD_BACKS[0], FELTS[0])
    assert (loaded.volume, loaded.animation_speed, loaded.online_name) == (0.4, "slow", "Hafsa")


@pytest.mark.parametrize("damage", [{"card_back": "hologram"}, {"card_back": 3}, {"felt": ["green"]},
                                    {"felt": ""}])
def test_a_damaged_back_or_felt_is_reported_and_replaced(tmp_path, damage):
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "volume": 0.5, **damage}))
    loaded, warning = load_settings(tmp_path)
    assert loaded == Settings()
    assert warning and "moved to" in warning
    assert len(list(tmp_path.glob(f"{SETTINGS_FILE}.damaged-*"))) == 1
