"""French faces in four-colour mode: each colour group wears its own mark; two-colour faces have none."""
from __future__ import annotations

import pygame
import pytest

from game.cards import Card
from sprites.faces_french import group_mark_box, paint_french

SIZE = (336, 480)  # painted large, as the painter does before it scales down
RED_CARDS = [Card("french", 6, "diamonds"), Card("french", 7, "hearts"), Card("french", 13, "diamonds")]
BLACK_CARDS = [Card("french", 6, "clubs"), Card("french", 7, "spades"), Card("french", 12, "clubs")]


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()
    yield


def inked(surface: pygame.Surface, point: tuple[float, float]) -> bool:
    """True if the face is painted darker than its paper at `point`."""
    colour = surface.get_at((round(point[0]), round(point[1])))
    return min(colour.r, colour.g, colour.b) < 170


def mark_samples(surface: pygame.Surface, turned: bool = False) -> tuple[bool, bool]:
    """(centre inked, box corner inked) of the group mark, at the top left or turned at the bottom right."""
    w, h = surface.get_size()
    x, y, r = group_mark_box(w, h)
    corner = (x - r * 0.8, y - r * 0.8)
    if turned:
        x, y, corner = w - 1 - x, h - 1 - y, (w - 1 - corner[0], h - 1 - corner[1])
    return inked(surface, (x, y)), inked(surface, corner)


@pytest.mark.parametrize("turned", [False, True])
def test_four_colour_red_suits_wear_a_disc_and_black_suits_a_square_in_both_corners(turned):
    for card in RED_CARDS:
        assert mark_samples(paint_french(card, *SIZE, True), turned) == (True, False), f"{card}: a disc"
    for card in BLACK_CARDS:
        assert mark_samples(paint_french(card, *SIZE, True), turned) == (True, True), f"{card}: a square"


def test_two_colour_faces_have_no_mark():
    for card in RED_CARDS + BLACK_CARDS:
        assert mark_samples(paint_french(card, *SIZE, False)) == (False, False), card
