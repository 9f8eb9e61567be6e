"""The Sota table uses the felt: a big hand, a row of three (moves, piles, status) over it, the
message between the piles and the hand."""
import pygame
import pytest

from game.match import Match
from game.seats import Seat
from game.sota.view import SotaView
from scenes.sota.input import HOVER_LIFT
from scenes.sota.layout import (
    ACTION_RECT,
    HAND_W,
    HINT_RECT,
    HISTORY_RECT,
    MAT_RECT,
    MESSAGE_Y,
    PICKER_PANEL,
    STATUS_RECT,
    card_spots,
    picker_rects,
    seat_places,
)
from scenes.sota.table import sota_table
from tests.game.sota.helpers import c, cs, from_layout

SCREEN = pygame.FRect(0, 0, 1280, 720)
HAND = "1 coins, 3 swords, 5 cups, 9 clubs, 10 cups, 2 coins, 4 coins"


def view_of(players: int) -> SotaView:
    names = ["Amina", "Hafsa", "Omar", "Badr"][:players]
    hands = [HAND, "6 cups, 6 swords", "2 cups, 2 swords", "8 cups, 8 swords"][:players]
    return from_layout(names, [cs(h) for h in hands], [c("5 coins")], cs("3 cups, 3 coins")).view(0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hand_is_big_and_the_message_sits_between_the_piles_and_the_hand(players):
    spots = card_spots(view_of(players), 0)
    hand = [spots[card] for card in cs(HAND)]
    assert all(spot.width >= 110 and spot.width == HAND_W for spot in hand)
    hand_top = min(spot.y for spot in hand) - HAND_W / 0.7 / 2
    assert MAT_RECT[1] + MAT_RECT[3] < ACTION_RECT[1] < MESSAGE_Y - 20
    assert hand_top - HOVER_LIFT >= MESSAGE_Y + 20, "the message box clears a card raised under the mouse"
    assert hand_top - (MESSAGE_Y + 20) < 40, "the message is near the hand, not at the top edge"


def test_the_row_over_the_hand_is_balanced_around_the_centre():
    history, status, mat = (pygame.FRect(r) for r in (HISTORY_RECT, STATUS_RECT, MAT_RECT))
    assert mat.centerx == pytest.approx(640)
    assert 640 - history.centerx == pytest.approx(status.centerx - 640)
    hint = pygame.FRect(HINT_RECT)
    assert history.top == status.top == mat.top and hint.bottom == status.bottom == mat.bottom
    assert not history.colliderect(mat) and not status.colliderect(mat) and not hint.colliderect(history)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_seat_plate_runs_into_the_row_or_out_of_the_window(players):
    row = [pygame.FRect(r) for r in (HISTORY_RECT, STATUS_RECT, MAT_RECT, HINT_RECT)]
    for seat, place in seat_places(players, 0).items():
        if seat == 0:
            continue
        plate = pygame.FRect(0, 0, 200, 46)
        plate.center = place.plate
        assert SCREEN.contains(plate) and not any(plate.colliderect(r) for r in row)


def test_the_suit_picker_covers_the_piles_and_the_status_not_the_moves():
    panel = pygame.FRect(PICKER_PANEL)
    assert panel.contains(pygame.FRect(MAT_RECT)) and not panel.colliderect(pygame.FRect(HISTORY_RECT))
    assert all(panel.contains(pygame.FRect(rect)) for _, rect in picker_rects())


@pytest.mark.driver(speed="normal")
def test_a_computer_thinking_is_said_in_the_status_panel(driver):
    seats = [Seat("Amina"), Seat("Hafsa", "computer", "normal")]
    rules = from_layout([s.name for s in seats], [cs("3 swords, 5 cups"), cs("6 cups, 9 swords")],
                        [c("5 coins")], cs("9 clubs, 10 clubs"), current=1)
    table = sota_table(driver.app, Match(rules, seats, 3))
    driver.app.push(table, transition=False)
    assert driver.until(table.clock.thinking, 3)
    assert table.shown().thinking.startswith("Hafsa is thinking.")
