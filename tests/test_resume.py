"""Every game resumes exactly from its save, keeps its statistics key, and refuses damaged saves."""
import copy

import pytest

from harness.start import start_table
from scenes.menu import MenuScene
from scenes.plugins import playable_games, resume_scene

pytestmark = pytest.mark.driver(speed="instant")


def saved_table(driver, name):
    driver.app.push(MenuScene(driver.app), transition=False)
    start_table(driver.app, name)
    table = next(s for s in driver.app.scenes if hasattr(s, "match"))
    driver.frames(3)
    return table, driver.app.saves.load(name)


@pytest.mark.parametrize("name", playable_games())
def test_resume_is_exact_and_keeps_the_game_key(driver, name):
    table, payload = saved_table(driver, name)
    resumed = resume_scene(driver.app, name, payload)
    assert resumed.rules == table.rules
    assert resumed.match.key == table.match.key, "a resumed game is not counted twice"
    assert [s.to_json() for s in resumed.seats] == [s.to_json() for s in table.seats]


@pytest.mark.parametrize("name", playable_games())
@pytest.mark.parametrize("damage", ["seats", "level", "seed", "rules", "game"])
def test_damaged_saves_are_refused(driver, name, damage):
    _, payload = saved_table(driver, name)
    bad = copy.deepcopy(payload)
    if damage == "seats":
        bad["seats"] = bad["seats"][:1]
    elif damage == "level":
        bad["seats"][-1] = {"name": "X", "kind": "computer", "level": "godlike"}
    elif damage == "seed":
        bad["extra"]["seed"] = "twelve"
    elif damage == "rules":
        bad["rules"] = {"game": name, "version": 1}
    else:
        other = next(n for n in playable_games() if n != name)
        bad["rules"]["game"] = other
    with pytest.raises((ValueError, KeyError, TypeError)):
        resume_scene(driver.app, name, bad)


def test_a_damaged_save_is_moved_aside_from_the_menu(driver, card_arcade_home):
    name = playable_games()[0]
    _, payload = saved_table(driver, name)
    payload["rules"] = {"game": name}
    driver.app.saves.save(name, payload["rules"], payload["seats"], payload["extra"])
    driver.app.reset(MenuScene(driver.app))
    driver.top.resume(name)
    assert isinstance(driver.top, MenuScene)
    assert not driver.app.saves.exists(name)
    assert list(card_arcade_home.glob(f"save-{name}.json.damaged-*"))
    assert any("damaged" in text for text, _ in driver.app.notices)
