"""The short monkey test: random real events on every scene through the real loop (bench/monkey.py
runs the long one). Every playable game joins by being in the menu."""
import zlib

import pytest

from harness.monkey import Summary, run_scene, scene_builders

EVENTS = 150
BUILDERS = scene_builders()


FAST = ("title", "menu", "settings", "statistics")  # and every game's table; its other screens in the full suite


def fast_or_slow(label: str):
    return label if label in FAST or label.endswith(":table") else pytest.param(label, marks=pytest.mark.slow)


@pytest.mark.parametrize("label", [fast_or_slow(label) for label in sorted(BUILDERS)])
def test_monkey_never_crashes_and_games_stay_playable(label, driver):
    summary = Summary()
    run_scene(driver.app, label, BUILDERS[label], EVENTS, seed=zlib.crc32(label.encode()), summary=summary)
    assert summary.errors == []
    assert summary.events == EVENTS
    if label.endswith((":table", ":pause")):
        assert summary.tables_checked == 1, "the game in progress was checked for a legal move"
