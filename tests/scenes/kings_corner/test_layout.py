"""The Kings Corner table's layout: a cross around the draw pile, upright, inside the window, balanced."""
import pygame

from game.kings_corner.moves import CORNERS, PILE_NUMBERS
from scenes.kings_corner.layout import (
    BUTTON_RECTS,
    DRAW_POS,
    HAND_W,
    HINT_LINE_Y,
    MESSAGE_LINE_Y,
    PILE_ORIGINS,
    card_spots,
    draw_pile_rect,
    hand_row,
    pile_rect,
)
from tests.game.kings_corner.helpers import cs, deal_position

WINDOW = pygame.FRect(0, 0, 1280, 720)
LONGEST = 13  # a King down to an Ace


def test_the_side_piles_sit_north_east_south_and_west_of_the_draw_pile_and_the_kings_on_the_diagonals():
    x, y = DRAW_POS
    (nx, ny), (ex, ey), (sx, sy), (wx, wy) = (PILE_ORIGINS[n] for n in (1, 2, 3, 4))
    assert nx == sx == x and ny < y < sy, "N and S in the draw pile's column"
    assert ey == wy == y and wx < x < ex, "W and E in the draw pile's row"
    for n in CORNERS:
        cx, cy = PILE_ORIGINS[n]
        assert cy in (ny, sy) and (cx < wx or cx > ex), f"corner {n} on a diagonal"
    assert [PILE_ORIGINS[n] for n in CORNERS] == [(2 * x - a, b) for a, b in
                                                  (PILE_ORIGINS[n] for n in (6, 5, 8, 7))], "mirror images"


def test_the_cross_is_centred_on_the_felt():
    slots = pile_rect(1, 1).unionall([pile_rect(n, 1) for n in PILE_NUMBERS])
    assert abs(slots.centerx - 640) < 1
    longest = pile_rect(1, LONGEST).unionall([pile_rect(n, LONGEST) for n in PILE_NUMBERS])
    assert longest.left < 1280 / 3 and longest.right > 2 * 1280 / 3, "the piles reach into both outer thirds"


def test_long_piles_stay_inside_the_window_and_never_cover_another_pile_or_the_draw_pile():
    for count in range(1, LONGEST + 1):
        rects = {n: pile_rect(n, count) for n in PILE_NUMBERS}
        for n, rect in rects.items():
            assert WINDOW.contains(rect), (n, count, rect)
            assert not rect.colliderect(draw_pile_rect()), (n, count)
            assert not any(rect.colliderect(other) for m, other in rects.items() if m != n), (n, count)


def test_every_card_is_upright_and_the_hand_cards_are_big_enough_to_act_on():
    rules = deal_position([cs("KS 8D 6H 2D 3C 4C 5H"), cs("3H")], [cs("KH QS JH"), cs("9C"), [], cs("AH")],
                          turn=0)
    spots = card_spots(rules.view(0), 0)
    assert all(spot.angle == 0 for spot in spots.values()), "every pile and hand upright"
    assert HAND_W >= 110
    assert {spots[card].width for card in cs("KS 8D 6H 2D 3C 4C 5H")} == {HAND_W}


def test_the_hand_stays_in_the_window_between_the_side_panels_and_under_the_lines_of_words():
    for count in range(1, 27):
        row = hand_row(count)
        assert abs((row[0][0] + row[-1][0]) / 2 - 640) < 1e-6, "centred"
        for x, y in row:
            card = pygame.FRect(0, 0, HAND_W, HAND_W / 0.7)
            card.center = (x, y)
            assert WINDOW.contains(card)
            assert card.top > MESSAGE_LINE_Y + 20 > HINT_LINE_Y
            assert not any(card.colliderect(pygame.FRect(r)) for r in BUTTON_RECTS.values())
    assert all(pile_rect(n, LONGEST).bottom < HINT_LINE_Y - 8 for n in PILE_NUMBERS), "the words under the piles"
