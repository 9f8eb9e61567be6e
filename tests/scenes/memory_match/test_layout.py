"""The Memory Match table uses the felt: big cards, compact panels either side, an opaque choice."""
import pygame
import pytest

from game.memory_match.moves import GRID_SIZE
from scenes.memory_match.draw import CHOICE_BACK
from scenes.memory_match.layout import (
    CHOICE_PANEL,
    GRID_CARD_W,
    HINT_RECT,
    HISTORY_RECT,
    MESSAGE_RECT,
    cell_centre,
    cell_rect,
    panel_rect,
    pile_spot,
)
from tests.scenes.memory_match.test_follow_the_game import computer_table

SCREEN = pygame.FRect(0, 0, 1280, 720)


def grid_rect() -> pygame.FRect:
    return cell_rect(0).union(cell_rect(GRID_SIZE - 1))


def test_the_grid_cards_are_big_and_the_grid_is_centred():
    assert GRID_CARD_W >= 110
    grid = grid_rect()
    assert SCREEN.contains(grid)
    assert grid.centerx == pytest.approx(640)
    assert grid.height > 0.9 * SCREEN.height, "the grid fills the felt's height"


def test_the_panels_sit_either_side_of_the_grid_symmetrically_and_hold_the_won_pairs():
    left, right, grid = panel_rect(0), panel_rect(1), grid_rect()
    assert left.right < grid.left and right.left > grid.right
    assert left.left == pytest.approx(SCREEN.right - right.right), "as far from either window edge"
    assert grid.left - left.right == pytest.approx(right.left - grid.right)
    for seat in (0, 1):
        panel = panel_rect(seat)
        assert panel.width < 300, "a panel only as wide as its content"
        for pair in range(6):
            for second in (False, True):
                assert panel.collidepoint(pile_spot(seat, pair, second))


def test_the_moves_the_message_and_the_hint_fit_in_the_side_columns():
    boxes = [pygame.FRect(r) for r in (HISTORY_RECT, MESSAGE_RECT, HINT_RECT)]
    others = [grid_rect(), panel_rect(0), panel_rect(1)]
    for box in boxes:
        assert SCREEN.contains(box)
        assert not any(box.colliderect(other) for other in others)
    assert not boxes[1].colliderect(boxes[2])


def test_the_choice_is_an_opaque_panel_over_a_dimmed_table(driver):
    table = computer_table(driver)
    assert driver.until(table.can_act, 10)
    felt = (30, 360)  # left of the panels, outside the choice
    before = sum(driver.app.window.get_at(felt)[:3])
    driver.click(cell_centre(12))
    driver.run(0.5)
    driver.click(cell_centre(13))
    assert driver.until(table.can_act, 5) and table.rules.pending_choice == "two_bonus"
    driver.frames(2)
    x, y = CHOICE_PANEL[:2]
    over_felt, over_card = (x + 10, y + 75), (700, y + 75)
    assert grid_rect().collidepoint(over_card) and not grid_rect().collidepoint(over_felt)
    for point in (over_felt, over_card):
        assert tuple(driver.app.window.get_at(point)[:3]) == CHOICE_BACK, "nothing shows through the panel"
    assert sum(driver.app.window.get_at(felt)[:3]) < 0.6 * before, "the table around it is dimmed"

