"""French faces: corner indices, pips laid out as on real cards, a big ace, framed court cards.

With four-colour suits (blue Diamonds, green Clubs) the ink no longer tells red suits from black
ones, so each corner index also wears its colour group's mark: a disc for the red suits, a square
for the black suits (Kings Corner's rule is red on black)."""
from __future__ import annotations

import pygame

from game.cards import Card
from sprites.drawn import MIN_MARK_PX
from sprites.faces_court import paint_court
from sprites.faces_draw import (
    Colour,
    blit_rotated_copy,
    canvas,
    card_base,
    draw_suit,
    glyph,
    suit_width,
)

RED = (200, 28, 40)
BLACK = (24, 24, 30)
FOUR_COLOUR = {"clubs": (18, 128, 52), "diamonds": (28, 84, 196)}
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}

L, M, R = 0.0, 0.5, 1.0
# Pip positions on the pip area as (column, row) fractions; rows below the middle are turned.
PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((M, 0), (M, 1)),
    3: ((M, 0), (M, 0.5), (M, 1)),
    4: ((L, 0), (R, 0), (L, 1), (R, 1)),
    5: ((L, 0), (R, 0), (M, 0.5), (L, 1), (R, 1)),
    6: ((L, 0), (R, 0), (L, 0.5), (R, 0.5), (L, 1), (R, 1)),
    7: ((L, 0), (R, 0), (M, 0.25), (L, 0.5), (R, 0.5), (L, 1), (R, 1)),
    8: ((L, 0), (R, 0), (M, 0.25), (L, 0.5), (R, 0.5), (M, 0.75), (L, 1), (R, 1)),
    9: ((L, 0), (R, 0), (L, 1 / 3), (R, 1 / 3), (M, 0.5), (L, 2 / 3), (R, 2 / 3),
        (L, 1), (R, 1)),
    10: ((L, 0), (R, 0), (M, 1 / 6), (L, 1 / 3), (R, 1 / 3), (L, 2 / 3), (R, 2 / 3),
         (M, 5 / 6), (L, 1), (R, 1)),
}


def suit_colour(suit: str, four_colour: bool) -> Colour:
    """The ink of a French suit (four-colour: green clubs, blue diamonds)."""
    if four_colour and suit in FOUR_COLOUR:
        return FOUR_COLOUR[suit]
    return RED if suit in ("hearts", "diamonds") else BLACK


def rank_label(rank: int) -> str:
    return RANK_LABELS.get(rank, str(rank))


# The corner index, of the face's height: read in an overlapped hand, so at least 8 px tall (the
# digits of 11 px text) on the smallest cards shown (100 px high, at 800x600)
INDEX_TEXT_H = 0.1  # the rank
INDEX_PIP_H = 0.082  # the suit under it
GROUP_MARK_R = 0.0456  # the colour group's mark under the suit (four-colour): its half size


def index_scale(h: int) -> float:
    """How much bigger than its proportion the corner index of a face h pixels high is drawn: on
    a face under 100 px (a small pile card in a small window) it grows so that its suit stays
    MIN_MARK_PX tall, as the indices of miniature patience cards do."""
    return max(1.0, MIN_MARK_PX / (h * INDEX_PIP_H)) if h > 0 else 1.0


def smallest_mark(w: int, h: int, four_colour: bool) -> float:
    """The ink height in pixels of the corner index's smallest part: its suit, or the colour
    group's mark with four-colour suits."""
    k = index_scale(h)
    marks = [h * INDEX_TEXT_H * k, h * INDEX_PIP_H * k]
    if four_colour:
        marks.append(group_mark_box(w, h)[2] * 1.8)  # a square's side; a disc's is its diameter, bigger
    return min(marks)


def group_mark_box(w: int, h: int) -> tuple[float, float, float]:
    """Centre (x, y) and half-size of the colour group's mark in the top-left corner of a w x h face."""
    k = index_scale(h)
    return (w * 0.015 + w * 0.085 * k, h * 0.035 + h * 0.247 * k, h * GROUP_MARK_R * k)


def _group_mark(surface: pygame.Surface, card: Card, w: int, h: int, colour: Colour) -> None:
    """Under the index: a disc for Diamonds and Hearts, a square for Clubs and Spades."""
    x, y, r = group_mark_box(w, h)
    x, y = x - w * 0.015, y - h * 0.035  # in the index's own coordinates
    if card.is_red:
        pygame.draw.circle(surface, colour, (x, y), r)
    else:
        pygame.draw.rect(surface, colour, pygame.Rect(round(x - r * 0.9), round(y - r * 0.9),
                                                      round(r * 1.8), round(r * 1.8)))


def _index(card: Card, w: int, h: int, colour: Colour, four_colour: bool) -> pygame.Surface:
    """The corner index: rank above a small suit symbol (and the colour group's mark)."""
    k = index_scale(h)
    iw, ih = round(w * 0.17 * k), round(h * (0.3 if four_colour else 0.21) * k)
    part = canvas(iw, ih)
    label = rank_label(card.rank)
    text_h = h * INDEX_TEXT_H * k
    img = glyph(label, text_h, colour, max_width=iw * (0.98 if len(label) > 1 else 0.8))
    part.blit(img, img.get_rect(midtop=(iw / 2, 0)))
    pip_h = h * INDEX_PIP_H * k
    draw_suit(part, card.suit, (iw / 2, text_h + h * 0.018 * k + pip_h / 2), pip_h, colour)
    if four_colour:
        _group_mark(part, card, w, h, colour)
    return part


def paint_french(card: Card, w: int, h: int, four_colour: bool) -> pygame.Surface:
    """A French face painted at w x h pixels."""
    colour = suit_colour(card.suit, four_colour)
    surface = card_base(w, h)
    blit_rotated_copy(surface, _index(card, w, h, colour, four_colour), (w * 0.015, h * 0.035))
    if card.rank == 1:
        _ace(surface, card.suit, w, h, colour)
    elif card.rank in PIP_LAYOUTS:
        _pips(surface, card, w, h, colour)
    else:
        paint_court(surface, card, pygame.Rect(round(w * 0.185), round(h * 0.085),
                                               round(w * 0.63), round(h * 0.83)), colour)
    return surface


def _pips(surface: pygame.Surface, card: Card, w: int, h: int, colour: Colour) -> None:
    """Lay the pips of a number card out as on printed cards."""
    left, right = w * 0.3, w * 0.7
    top, bottom = h * 0.2, h * 0.8
    pip_h = h * (0.135 if card.rank <= 8 else 0.125)
    pip_h = min(pip_h, (right - left) / suit_width(card.suit) * 0.78)
    for col, row in PIP_LAYOUTS[card.rank]:
        x = left + (right - left) * col
        y = top + (bottom - top) * row
        draw_suit(surface, card.suit, (x, y), pip_h, colour, flip=row > 0.5)


def _ace(surface: pygame.Surface, suit: str, w: int, h: int, colour: Colour) -> None:
    """One large centre pip; the ace of spades gets a fine ring like the printed ones."""
    centre = (w / 2, h / 2)
    size = h * (0.36 if suit != "spades" else 0.34)
    if suit == "spades":
        ring_r = round(w * 0.33)
        pygame.draw.circle(surface, colour, centre, ring_r, max(1, round(w * 0.008)))
        pygame.draw.circle(surface, colour, centre, ring_r - round(w * 0.025),
                           max(1, round(w * 0.004)))
    draw_suit(surface, suit, centre, size, colour)
