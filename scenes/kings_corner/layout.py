"""Where every Kings Corner card belongs on the 1280x720 table: pure functions of the view.

The eight piles make a cross around the draw pile, as on a real table: side piles 1-4 above
(N), right of (E), below (S) and left of (W) it, the King corners 5-8 on the diagonals, every
card upright. Each pile fans away from the centre line, the left ones to the left and the others
to the right, and a long pile overlaps more so that it stays inside the window. The player's hand
is a straight row along the bottom, the other hand a small row at the top.
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import pygame

from game.cards import Card
from game.kings_corner.moves import PILE_NUMBERS, Phase
from game.kings_corner.view import KingsCornerView
from sprites.bubble import Anchor, Side
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, pile_spots

PILE_W = 80.0
PILE_H = PILE_W / 0.7
FAN_STEP = 26.0  # the strip of each lower card that shows its corner index
FAN_MIN_STEP = 8.0  # a very long pile in a short room never overlaps more than this
MARGIN = 10.0  # between a pile and the window's edge or the next pile
CENTRE_X = 640.0
ROWS = (112.0, 246.0, 380.0)  # N row, the draw pile's row, S row
SIDE_DX = 200.0  # the W and E piles, left and right of the draw pile
CORNER_DX = 300.0  # the corners, further out on the diagonals
DRAW_POS = (CENTRE_X, ROWS[1])
PILE_ORIGINS: dict[int, tuple[float, float]] = {
    1: (CENTRE_X, ROWS[0]), 2: (CENTRE_X + SIDE_DX, ROWS[1]),
    3: (CENTRE_X, ROWS[2]), 4: (CENTRE_X - SIDE_DX, ROWS[1]),
    5: (CENTRE_X - CORNER_DX, ROWS[0]), 6: (CENTRE_X + CORNER_DX, ROWS[0]),
    7: (CENTRE_X + CORNER_DX, ROWS[2]), 8: (CENTRE_X - CORNER_DX, ROWS[2]),
}
Source = tuple[str, Any]  # what a player picks up: ("hand", Card) or ("pile", pile number)
FAN_DIR = {1: 1, 2: 1, 3: 1, 4: -1, 5: -1, 6: 1, 7: 1, 8: -1}  # +1 fans right, -1 left
# The furthest a pile's top card centre may go: the window's edges, or for the N and S piles in the
# middle column the number badge left of the next corner.
_CORNER_LEFT = PILE_ORIGINS[6][0] - PILE_W / 2 - 32.0 - MARGIN
FAN_LIMIT = {n: (_CORNER_LEFT - PILE_W / 2 if n in (1, 3) else
                 1280.0 - MARGIN - PILE_W / 2 if FAN_DIR[n] > 0 else MARGIN + PILE_W / 2)
             for n in PILE_NUMBERS}
SHOWN_DRAW = 4  # cards drawn of the draw pile; the ones below look the same

HAND_W = 112.0  # the cards the player acts on: at least 110 logical px at 1280x720
HAND_H = HAND_W / 0.7
HAND_Y = 720.0 - 10.0 - HAND_H / 2
HAND_CENTRE_X = CENTRE_X
HAND_SPAN = 520.0  # centre of the first card to centre of the last, at most
HAND_STEP = 88.0
OTHER_W = 30.0
OTHER_Y = 30.0
OTHER_LEFT = 660.0  # the first card of the other player's hand, in its plate at the top middle
OTHER_STEP = 12.0
OTHER_SPAN = 120.0
PLATE_TOP, PLATE_H = 6.0, 48.0  # the plates along the top: the other player, the penalties
PLATE_PAD = 14.0  # inside a plate, around its words and cards
BUBBLE_INSET = 30.0  # the front player's speech bubble points this far into their hand's left end
HINT_LINE_Y = 455.0  # what may be done now, under the S row
MESSAGE_LINE_Y = 490.0  # the message line, between the piles and the hand
HISTORY_RECT = (14.0, 560.0, 292.0, 112.0)  # the newest moves, left of the hand
HINT_RECT = (14.0, 512.0, 150.0, 40.0)  # the Hint button, over the moves

BUTTON_W, BUTTON_H = 200.0, 44.0
BUTTONS_X = 1280.0 - 14.0 - BUTTON_W
BUTTON_RECTS = {
    "draw": (BUTTONS_X, 548.0, BUTTON_W, BUTTON_H),
    "undo": (BUTTONS_X, 600.0, BUTTON_W, BUTTON_H),
    "sheet": (BUTTONS_X, 652.0, BUTTON_W, BUTTON_H),
}


def fan_step(pile_no: int, count: int) -> float:
    """The distance between two cards of a pile of `count` cards: less when it is long."""
    if count <= 1:
        return FAN_STEP
    room = abs(FAN_LIMIT[pile_no] - PILE_ORIGINS[pile_no][0])
    return max(FAN_MIN_STEP, min(FAN_STEP, room / (count - 1)))


def fan_point(pile_no: int, index: int, count: int = 0) -> tuple[float, float]:
    """The centre of card `index` (0 = bottom) of pile `pile_no` holding `count` cards."""
    x, y = PILE_ORIGINS[pile_no]
    return (x + FAN_DIR[pile_no] * fan_step(pile_no, max(count, index + 1)) * index, y)


def pile_rect(pile_no: int, count: int) -> pygame.FRect:
    """The logical area covered by `count` cards of the pile (at least one card's slot)."""
    first = pygame.FRect(0, 0, PILE_W, PILE_H)
    first.center = fan_point(pile_no, 0)
    last = first.copy()
    last.center = fan_point(pile_no, max(0, count - 1), count)
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


def pile_counts(view: KingsCornerView) -> list[int]:
    """How many cards each pile holds, pile 1 first."""
    return [len(p) for p in view.piles]


def own_hand(view: KingsCornerView) -> list[Card]:
    """The hand of the player in front of the screen (none while the pass screen shows)."""
    return list(view.hand) if view.player is not None and view.phase == Phase.PLAY else []


def source_at(view: KingsCornerView, sprites: Mapping[Hashable, CardSprite], pos: tuple[float, float]) -> Source | None:
    """The viewer's hand card (topmost) or the non-empty pile under `pos`."""
    shown = [(sprites[c], c) for c in own_hand(view) if c in sprites]
    for sprite, card in sorted(shown, key=lambda pair: -pair[0].z):
        if sprite.contains(pos):
            return ("hand", card)
    pile_no = pile_at(pos, pile_counts(view))
    return ("pile", pile_no) if pile_no is not None else None


def button_at(view: KingsCornerView, pos: tuple[float, float]) -> str | None:
    """The button under `pos` (the buttons show while a round is played)."""
    if view.phase != Phase.PLAY:
        return None
    for name, rect in BUTTON_RECTS.items():
        if pygame.FRect(rect).collidepoint(pos):
            return name
    return None


def hand_row(count: int) -> list[tuple[float, float]]:
    """Centres of the cards of the front hand: one straight row, overlapping more when long."""
    if count == 0:
        return []
    step = min(HAND_STEP, HAND_SPAN / max(1, count - 1))
    left = HAND_CENTRE_X - step * (count - 1) / 2
    return [(left + i * step, HAND_Y) for i in range(count)]


def other_row(count: int) -> list[tuple[float, float]]:
    """Centres of the other player's cards in the top plate (squeezed when many)."""
    step = min(OTHER_STEP, OTHER_SPAN / max(1, count - 1))
    return [(OTHER_LEFT + i * step, OTHER_Y) for i in range(count)]


def other_plate_right(count: int) -> float:
    """The right edge of the other player's plate at the top: just past their cards."""
    cards = other_row(count)
    return (cards[-1][0] if cards else OTHER_LEFT) + OTHER_W / 2 + PLATE_PAD


def seat_anchor(seat: int, bottom: int, hand_counts: Sequence[int]) -> Anchor:
    """Where a seat's speech bubble points: right of the other player's plate at the top; for the
    player in front, from above onto the left end of their hand (the felt beside it holds the moves
    and the buttons)."""
    if seat != bottom:
        return Anchor(other_plate_right(hand_counts[seat]) + 4, PLATE_TOP + PLATE_H / 2, Side.RIGHT)
    row = hand_row(hand_counts[seat])
    left = row[0][0] - HAND_W / 2 if row else HAND_CENTRE_X
    return Anchor(left + BUBBLE_INSET, HAND_Y - HAND_H / 2 - 4, Side.ABOVE)


def card_spots(view: KingsCornerView, bottom: int) -> dict[Hashable, Spot]:
    """Every card's spot: a card the view shows is keyed by itself, a card seen from the back by
    ("draw", i) or ("hand", seat, i). The hands the view may see lie face up."""
    spots: dict[Hashable, Spot] = {}
    spots.update(pile_spots([("draw", i) for i in range(view.draw_count)], DRAW_POS, width=PILE_W, face_up=False,
                            z=0, shown=SHOWN_DRAW, step=0.4, rise=10))
    for pile_no, pile in zip(PILE_NUMBERS, view.piles, strict=True):
        for i, card in enumerate(pile):
            x, y = fan_point(pile_no, i, len(pile))
            spots[card] = Spot(x=x, y=y, width=PILE_W, face_up=True, z=100 + 20 * pile_no + i)
    for seat in (0, 1):
        cards = view.shown_hand(seat)
        count = view.hand_counts[seat]
        keys: list[Hashable] = list(cards) if cards is not None else [("hand", seat, i) for i in range(count)]
        face_up = cards is not None
        if seat == bottom:
            for i, (key, (x, y)) in enumerate(zip(keys, hand_row(count), strict=True)):
                spots[key] = Spot(x=x, y=y, width=HAND_W, face_up=face_up, z=600 + i)
        else:
            for i, (key, (x, y)) in enumerate(zip(keys, other_row(count), strict=True)):
                spots[key] = Spot(x=x, y=y, width=OTHER_W, face_up=face_up, z=400 + i)
    return spots
