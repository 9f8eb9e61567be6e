"""Spanish faces: cream card, suit-coloured frame with 'la pinta' gaps, corner numbers, symbols."""
from __future__ import annotations

import math

import pygame

from game.cards import Card
from sprites.faces_draw import blit_rotated_copy, canvas, card_base, glyph
from sprites.faces_spanish_figures import paint_figure
from sprites.faces_spanish_suits import SUIT_INK, draw_symbol

CREAM = (253, 249, 236)
PINTA_GAPS = {"coins": 0, "cups": 1, "swords": 2, "clubs": 3}

# symbol centres as fractions of the symbol area, and each symbol's box (fraction of the area)
LAYOUTS: dict[int, tuple[tuple[tuple[float, float], ...], tuple[float, float]]] = {
    1: (((0.5, 0.5),), (0.78, 0.8)),
    2: (((0.5, 0.23), (0.5, 0.77)), (0.56, 0.44)),
    3: (((0.5, 0.16), (0.5, 0.5), (0.5, 0.84)), (0.46, 0.3)),
    4: (((0.25, 0.23), (0.75, 0.23), (0.25, 0.77), (0.75, 0.77)), (0.46, 0.44)),
    5: (((0.22, 0.18), (0.78, 0.18), (0.5, 0.5), (0.22, 0.82), (0.78, 0.82)), (0.4, 0.33)),
    6: (((0.25, 0.16), (0.75, 0.16), (0.25, 0.5), (0.75, 0.5), (0.25, 0.84), (0.75, 0.84)),
        (0.44, 0.3)),
    7: (((0.22, 0.14), (0.78, 0.14), (0.5, 0.32), (0.22, 0.5), (0.78, 0.5), (0.22, 0.86),
         (0.78, 0.86)), (0.36, 0.25)),
}
# swords and cudgels are long and thin: they stand side by side in one or two rows
TALL_LAYOUTS: dict[int, tuple[tuple[tuple[float, float], ...], tuple[float, float]]] = {
    1: (((0.5, 0.5),), (0.78, 0.86)),
    2: (((0.3, 0.5), (0.7, 0.5)), (0.36, 0.7)),
    3: (((0.2, 0.5), (0.5, 0.5), (0.8, 0.5)), (0.36, 0.58)),
    4: (((0.3, 0.25), (0.7, 0.25), (0.3, 0.75), (0.7, 0.75)), (0.3, 0.48)),
    5: (((0.18, 0.25), (0.5, 0.25), (0.82, 0.25), (0.32, 0.75), (0.68, 0.75)), (0.22, 0.48)),
    6: (((0.18, 0.25), (0.5, 0.25), (0.82, 0.25), (0.18, 0.75), (0.5, 0.75), (0.82, 0.75)),
        (0.22, 0.48)),
    7: (((0.12, 0.25), (0.37, 0.25), (0.63, 0.25), (0.88, 0.25), (0.2, 0.75), (0.5, 0.75),
         (0.8, 0.75)), (0.19, 0.47)),
}
# gentle alternating tilts so cudgels and swords look hand-laid rather than stamped
TILT = {"clubs": 12.0, "swords": 5.0, "coins": 0.0, "cups": 0.0}


def paint_spanish(card: Card, w: int, h: int) -> pygame.Surface:
    """A Spanish face painted at w x h pixels."""
    ink = SUIT_INK[card.suit]
    surface = card_base(w, h, CREAM)
    _frame(surface, card.suit, w, h, ink)
    blit_rotated_copy(surface, _number(card.rank, w, h, ink), (w * 0.045, h * 0.045))
    if card.rank <= 7:
        _symbols(surface, card, w, h)
    else:
        paint_figure(surface, card, pygame.Rect(round(w * 0.16), round(h * 0.1),
                                                round(w * 0.68), round(h * 0.8)))
    return surface


def _frame(surface: pygame.Surface, suit: str, w: int, h: int, ink) -> None:
    """The traditional frame; its top and bottom lines break once per suit rank (la pinta)."""
    rect = pygame.Rect(round(w * 0.055), round(h * 0.04), round(w * 0.89), round(h * 0.92))
    line = max(1, round(w * 0.014))
    pygame.draw.rect(surface, ink, rect, line, round(w * 0.03))
    pygame.draw.rect(surface, ink, rect.inflate(-line * 4, -line * 4), max(1, line // 2),
                     round(w * 0.02))
    gaps = PINTA_GAPS[suit]
    gap_w, step = w * 0.06, w * 0.1
    first = w / 2 - step * (gaps - 1) / 2
    for i in range(gaps):
        x = first + i * step - gap_w / 2
        for y in (rect.top - line, rect.bottom - line * 4):
            pygame.draw.rect(surface, CREAM, (x, y, gap_w, line * 5))


NUMBER_H = 0.085  # the corner number's ink, of the face's height: 8 px on the smallest cards shown


def smallest_mark(w: int, h: int) -> float:
    """The corner number's ink height in pixels (the symbols in the middle are bigger)."""
    return h * NUMBER_H


def _number(rank: int, w: int, h: int, ink) -> pygame.Surface:
    """A corner number on a small cream patch that interrupts the frame."""
    pw, ph = round(w * 0.15), round(h * 0.115)
    part = canvas(pw, ph)
    pygame.draw.rect(part, CREAM, part.get_rect(), 0, round(w * 0.02))
    img = glyph(str(rank), h * NUMBER_H, ink, max_width=pw * 0.9)
    part.blit(img, img.get_rect(center=(pw / 2, ph / 2)))
    return part


def _symbols(surface: pygame.Surface, card: Card, w: int, h: int) -> None:
    """Lay 1-7 suit symbols out in the middle of the card."""
    area = pygame.Rect(round(w * 0.16), round(h * 0.13), round(w * 0.68), round(h * 0.74))
    tall = card.suit in ("swords", "clubs")
    centres, (bx, by) = (TALL_LAYOUTS if tall else LAYOUTS)[card.rank]
    for fx, fy in centres:
        tilt = 0.0 if abs(fx - 0.5) < 0.05 else math.copysign(TILT[card.suit], fx - 0.5)
        draw_symbol(surface, card.suit, (area.left + area.width * fx, area.top + area.height * fy),
                    area.width * bx, area.height * by, tilt)
