"""Skyjo's setup screen with its most seats: every seat is shown and can be clicked."""
import pytest

from scenes.setup import SetupScene
from scenes.skyjo.table import SkyjoParts
from sprites.widgets import Button, Choice

pytestmark = pytest.mark.driver(speed="instant")


def test_the_eighth_seat_is_above_start_and_takes_a_click(driver):
    setup = SetupScene(driver.app, "skyjo")
    driver.app.push(setup, transition=False)
    driver.frames(2)
    players = setup.group.widgets[0]
    while setup.count < 8:  # the Players choice, clicked on its right arrow
        driver.click((players.rect.right - 20, players.rect.centery))
    start = next(w for w in setup.group.widgets if isinstance(w, Button) and w.label == "Start")
    kinds = [w for w in setup.group.widgets if isinstance(w, Choice) and not w.label]
    assert len(kinds) == 8
    for widget in setup.group.widgets:
        if widget is not start:
            assert not widget.rect.colliderect(start.rect), f"{widget.rect} hides part of Start"
    eighth = kinds[7]
    before = eighth.index
    driver.click((eighth.rect.right - 20, eighth.rect.centery))
    assert eighth.index != before, "a click on seat 8 reaches it"
    driver.click(start.rect.center)
    assert isinstance(getattr(driver.top, "game", None), SkyjoParts) and len(driver.top.seats) == 8
