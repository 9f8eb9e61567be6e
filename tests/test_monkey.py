"""The short monkey test: random real events on every scene through the real loop (bench/monkey.py
runs the long one). Every playable game joins by being in the menu."""
import zlib

import pytest

from harness.monkey import Summary, run_scene, scene_builders

EVENTS = 150
BUILDERS = scene_builders()


@pytest.mark.parametrize("label", sorted(BUILDERS))
def test_monkey_never_crashes_and_games_stay_playable(label, driver):
    summary = Summary()
    run_scene(driver.app, label, BUILDERS[label], EVENTS, seed=zlib.crc32(label.encode()), summary=summary)
    assert summary.errors == []
    assert summary.events == EVENTS
    if label.endswith((":table", ":pause")):
        assert summary.tables_checked == 1, "the game in progress was checked for a legal move"
