"""Where every Kings Corner card belongs on the 1280x720 table: pure functions of the view.

The eight piles sit around the draw pile like a real table: side piles 1-4 above, right of,
below and left of it, corner piles 5-8 in the corners, turned a little. Every pile fans to the
right so that each card's corner index stays readable.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import pygame

from game.kings_corner.moves import PILE_NUMBERS
from game.kings_corner.view import KingsCornerView
from sprites.spots import Spot, pile_spots

PILE_W = 70.0
PILE_H = PILE_W / 0.7
FAN_STEP = 26.0  # 13 cards (King to Ace) fit in 70 + 12 * 26 = 382 logical pixels
HAND_W = 84.0
HAND_Y = 604.0
HAND_CENTRE_X = 675.0  # between the move history (left) and the buttons (right)
HAND_SPAN = 620.0
HAND_STEP = 58.0
OTHER_W = 36.0
OTHER_HAND = (700.0, 42.0)  # the first card of the other player's hand, top middle
OTHER_STEP = 15.0
OTHER_SPAN = 100.0
OTHER_PLATE = (470.0, 8.0, 360.0, 68.0)
SCORE_PLATE = (880.0, 8.0, 380.0, 68.0)
MESSAGE_LINE_Y = 486.0  # the message line, between the piles and the hand
HINT_LINE_Y = 452.0  # what may be done now, over the message line
HISTORY_RECT = (14.0, 560.0, 292.0, 130.0)  # the newest moves, left of the hand
HINT_RECT = (14.0, 512.0, 150.0, 40.0)  # the Hint button, over the moves
DRAW_POS = (507.0, 262.0)
SHOWN_DRAW = 4  # cards drawn of the draw pile; the ones below look the same
CORNER_TURN = 5.0  # degrees the corner piles are turned

COLUMNS = (87.0, 507.0, 927.0)
ROWS = (140.0, 262.0, 384.0)
PILE_ORIGINS: dict[int, tuple[float, float]] = {
    1: (COLUMNS[1], ROWS[0]), 2: (COLUMNS[2], ROWS[1]), 3: (COLUMNS[1], ROWS[2]),
    4: (COLUMNS[0], ROWS[1]), 5: (COLUMNS[0], ROWS[0]), 6: (COLUMNS[2], ROWS[0]),
    7: (COLUMNS[2], ROWS[2]), 8: (COLUMNS[0], ROWS[2]),
}
PILE_ANGLES = {5: CORNER_TURN, 6: -CORNER_TURN, 7: CORNER_TURN, 8: -CORNER_TURN}

BUTTON_W, BUTTON_H = 200.0, 46.0
BUTTONS_X = 1050.0
BUTTON_RECTS = {
    "draw": (BUTTONS_X, 532.0, BUTTON_W, BUTTON_H),
    "undo": (BUTTONS_X, 588.0, BUTTON_W, BUTTON_H),
    "sheet": (BUTTONS_X, 644.0, BUTTON_W, BUTTON_H),
}


def fan_point(pile_no: int, index: int) -> tuple[float, float]:
    """The centre of card `index` (0 = bottom) of pile `pile_no`."""
    x, y = PILE_ORIGINS[pile_no]
    angle = math.radians(PILE_ANGLES.get(pile_no, 0.0))
    return (x + FAN_STEP * index * math.cos(angle), y - FAN_STEP * index * math.sin(angle))


def pile_rect(pile_no: int, count: int) -> pygame.FRect:
    """The logical area covered by `count` cards of the pile (at least one card's slot)."""
    first = pygame.FRect(0, 0, PILE_W, PILE_H)
    first.center = fan_point(pile_no, 0)
    last = first.copy()
    last.center = fan_point(pile_no, max(0, count - 1))
    return first.union(last).inflate(8, 8)


def drop_rect(pile_no: int, count: int) -> pygame.FRect:
    """Where a drop means this pile: its cards and the slot of the next card."""
    return pile_rect(pile_no, count + 1).inflate(10, 10)


def draw_pile_rect() -> pygame.FRect:
    """The draw pile and a margin: a click there draws (or passes)."""
    rect = pygame.FRect(0, 0, PILE_W + 12, PILE_H + 12)
    rect.center = DRAW_POS
    return rect


def pile_at(pos: tuple[float, float], counts: Sequence[int], for_drop: bool = False) -> int | None:
    """The pile under `pos` (None if none): its cards, or for a drop also its next slot."""
    for pile_no in PILE_NUMBERS:
        count = counts[pile_no - 1]
        rect = drop_rect(pile_no, count) if for_drop else pile_rect(pile_no, count)
        if (for_drop or count) and rect.collidepoint(pos):
            return pile_no
    return None


def hand_fan(count: int) -> list[tuple[float, float, float]]:
    """(x, y, angle) of each card of the front hand: a gentle arc."""
    if count == 0:
        return []
    step = min(HAND_STEP, HAND_SPAN / max(1, count - 1))
    left = HAND_CENTRE_X - step * (count - 1) / 2
    fan = []
    for i in range(count):
        t = 0.0 if count == 1 else 2 * i / (count - 1) - 1
        fan.append((left + i * step, HAND_Y + 8 * t * t, -4.0 * t))
    return fan


def other_fan(count: int) -> list[tuple[float, float]]:
    """Centres of the other player's cards along the top left (squeezed when many)."""
    step = min(OTHER_STEP, OTHER_SPAN / max(1, count - 1))
    return [(OTHER_HAND[0] + i * step, OTHER_HAND[1]) for i in range(count)]


def card_spots(view: KingsCornerView, bottom: int) -> dict[Hashable, Spot]:
    """Every card's spot: a card the view shows is keyed by itself, a card seen from the back by
    ("draw", i) or ("hand", seat, i). The hands the view may see lie face up."""
    spots: dict[Hashable, Spot] = {}
    spots.update(pile_spots([("draw", i) for i in range(view.draw_count)], DRAW_POS, width=PILE_W, face_up=False,
                            z=0, shown=SHOWN_DRAW, step=0.4, rise=10))
    for pile_no, pile in zip(PILE_NUMBERS, view.piles, strict=True):
        angle = PILE_ANGLES.get(pile_no, 0.0)
        for i, card in enumerate(pile):
            x, y = fan_point(pile_no, i)
            spots[card] = Spot(x=x, y=y, width=PILE_W, face_up=True, z=100 + 20 * pile_no + i, angle=angle)
    for seat in (0, 1):
        cards = view.shown_hand(seat)
        count = view.hand_counts[seat]
        keys: list[Hashable] = list(cards) if cards is not None else [("hand", seat, i) for i in range(count)]
        face_up = cards is not None
        if seat == bottom:
            for i, (key, (x, y, angle)) in enumerate(zip(keys, hand_fan(count), strict=True)):
                spots[key] = Spot(x=x, y=y, width=HAND_W, face_up=face_up, z=600 + i, angle=angle)
        else:
            for i, (key, (x, y)) in enumerate(zip(keys, other_fan(count), strict=True)):
                spots[key] = Spot(x=x, y=y, width=OTHER_W, face_up=face_up, z=400 + i)
    return spots
