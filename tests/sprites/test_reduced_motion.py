"""Reduced motion stills card flights and the coin toss: a card is at once where it goes; what
waits for it still waits as long."""
import pytest

from game.match import Match
from game.seats import Seat
from scenes.memory_match.table import start_table
from scenes.sota.table import sota_table
from sprites.card_sprite import CardSprite
from sprites.tween import Animator


def test_a_flight_jumps_to_its_end_and_still_takes_its_time():
    animator = Animator(1.0, still=True)
    sprite = CardSprite(None, 0.0, 0.0, width=80.0)
    landed = []
    sprite.move_to(animator, (300.0, 200.0), 0.5, on_done=lambda: landed.append(True))
    sprite.fade_to(animator, 0.0, 0.5)
    animator.update(0.01)
    assert sprite.pos == (300.0, 200.0), "no position in between is ever shown"
    assert 0 < sprite.alpha < 255, "a fade is not motion: it plays"
    assert animator.busy and not landed
    animator.update(0.5)
    assert landed and not animator.busy


def test_without_the_setting_a_card_flies():
    animator = Animator(1.0)
    sprite = CardSprite(None, 0.0, 0.0, width=80.0)
    sprite.move_to(animator, (300.0, 200.0), 0.5)
    animator.update(0.1)
    assert 0 < sprite.pos[0] < 300


@pytest.mark.driver(speed="normal")
def test_a_dealt_card_never_shows_between_two_places(driver):
    driver.app.settings.reduced_motion = True
    match = Match.new("sota", [Seat("Amina"), Seat("Hafsa", "computer", "normal")], {}, 4)
    table = sota_table(driver.app, match, deal=True)
    driver.app.push(table, transition=False)
    driver.frames()
    assert table.animator.busy, "the deal takes its time"
    for _ in range(40):
        driver.frames()
        for key, sprite in table.sprites.items():
            spot = table.spots.get(key)
            if spot is not None and sprite.pos != (spot.x, spot.y):
                assert sprite.pos == pytest.approx(table.settings.pile_pos), f"{key} stopped between two places"


@pytest.mark.driver(speed="normal")
def test_the_coin_toss_does_not_spin(driver):
    driver.app.settings.reduced_motion = True
    table = start_table(driver.app, [Seat("Amina"), Seat("Badr")], {"starter": "coin"}, 8)
    driver.app.push(table, transition=False)
    driver.frames(2)
    assert table.game.coin is not None and table.game.coin.spin == 1.0, "the coin shows its side at once"
    assert driver.until(lambda: table.game.coin is None, 5)
