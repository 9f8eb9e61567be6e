"""The Skyjo table uses the felt: your grid big in the middle, the turn's panel and the message
left of it, the piles and the moves right of it, the others' grids along the top."""
import pygame
import pytest

from game.seats import Seat
from scenes.message_line import BOX_TEXT
from scenes.skyjo.draw import message_rect, panel_rect
from scenes.skyjo.layout import (
    BANNER_RECT,
    DISCARD_POS,
    DRAW_POS,
    HAND_POS,
    HINT_RECT,
    HISTORY_RECT,
    grid_boxes,
    pile_rect,
    top_row,
)
from scenes.skyjo.table import start_table

SCREEN = pygame.FRect(0, 0, 1280, 720)


@pytest.mark.parametrize("players", range(2, 9))
def test_your_grid_is_big_centred_and_clear_of_everything_else(players):
    boxes = grid_boxes(0, top_row(players, 0))
    big = boxes[0]
    assert big.card_w >= 100 and big.rect.centerx == pytest.approx(640)
    places = [panel_rect(players), message_rect(players), pile_rect(HAND_POS), pile_rect(DRAW_POS),
              pile_rect(DISCARD_POS), *(pygame.FRect(r) for r in (HISTORY_RECT, HINT_RECT, BANNER_RECT))]
    smalls = [box.rect for box in boxes[1:]]
    for rect in [big.rect, *places, *smalls]:
        assert SCREEN.contains(rect)
    for i, rect in enumerate([big.rect, *places]):
        assert not any(rect.colliderect(other) for other in [big.rect, *places][i + 1:])
        assert not any(rect.colliderect(small.inflate(0, 40)) for small in smalls), "clear of the names too"


def test_the_panel_and_the_piles_are_either_side_of_the_big_grid():
    big = grid_boxes(0, top_row(4, 0))[0].rect
    assert panel_rect(4).right < big.left < big.right < pile_rect(HAND_POS).left
    assert big.left - panel_rect(4).right == pytest.approx(pile_rect(HAND_POS).left - big.right, abs=8)


def test_a_long_message_wraps_inside_its_box_beside_the_big_grid(driver):
    table = start_table(driver.app, [Seat("Ann"), Seat("Ben", "computer")], {}, 5)
    driver.app.push(table, transition=False)
    driver.run(0.5)
    table.say("Youssef completes a column of 12s: it goes to the discard pile, and this line goes on "
              "long enough to need a second line and a third.", 5)
    driver.frames(1)
    box = pygame.FRect(table.settings.message_box)
    assert box == message_rect(2)
    lines = driver.app.canvas.wrap(table.message.text, BOX_TEXT, box.width - 28)
    assert 1 < len(lines) <= 3
    assert all(driver.app.canvas.text_size(line, BOX_TEXT)[0] <= box.width - 28 for line in lines)
    assert box.right < grid_boxes(0, top_row(2, 0))[0].rect.left
