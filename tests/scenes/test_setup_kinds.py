"""The setup screen names computer levels only where a game has decisions to make."""

from scenes.setup import setup_scene
from sprites.widgets import Choice


def kind_choices(scene) -> list[Choice]:
    return [w for w in scene.group.widgets if isinstance(w, Choice) and not w.label]


def test_war_offers_a_plain_computer_without_a_level(driver):
    scene = setup_scene(driver.app, "war")
    driver.app.push(scene, transition=False)
    driver.frames()
    seats = kind_choices(scene)
    assert seats and all(choice.options == ["Human", "Computer"] for choice in seats)
    assert "Computer" in [choice.value for choice in seats]


def test_a_game_with_decisions_names_its_levels(driver):
    scene = setup_scene(driver.app, "kings_corner")
    driver.app.push(scene, transition=False)
    driver.frames()
    assert kind_choices(scene)[1].options == ["Human", "Computer (normal)", "Computer (hard)"]
