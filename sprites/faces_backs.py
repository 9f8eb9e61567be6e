"""Card backs: a bordered, patterned field with the deck's medallion in the middle, in the colours
and design of the back the player chose."""
from __future__ import annotations

import math
from typing import NamedTuple

import pygame

from lang import N_
from sprites.back_patterns import PATTERNS
from sprites.faces_draw import (
    CARD_WHITE,
    GOLD,
    GOLD_LIGHT,
    Colour,
    canvas,
    card_base,
    draw_suit,
    draw_text,
    mix,
    round_clip,
    star_points,
    vertical_gradient,
)
from sprites.faces_skyjo import DARK_BLUE, GREEN, LIGHT_BLUE, RED, YELLOW
from sprites.faces_spanish_suits import draw_symbol


class BackStyle(NamedTuple):
    """A back's colours and the all-over design of its field (sprites/back_patterns.py PATTERNS)."""

    top: Colour  # the field's colour at its top
    bottom: Colour  # ... and at its foot
    pattern: Colour
    frame: Colour  # the lines round the field and the medallion
    design: str


# Each deck's own back: the "classic" choice
DECK_BACKS: dict[str, BackStyle] = {
    "french": BackStyle((36, 62, 140), (22, 40, 100), (86, 120, 200), (236, 240, 255), "lattice"),
    "spanish": BackStyle((160, 30, 40), (118, 18, 28), (214, 160, 58), GOLD_LIGHT, "lattice"),
    "skyjo": BackStyle((92, 58, 168), (48, 28, 104), (132, 100, 210), (255, 255, 255), "plain_lattice"),
    "memory": BackStyle((28, 148, 132), (16, 98, 90), (80, 196, 176), (255, 255, 255), "stars"),
}
# The backs a player may choose (storage/settings.py CARD_BACKS), each worn by every deck: the
# medallion in the middle stays the deck's own, so a deck is still told by its back.
BACK_STYLES: dict[str, BackStyle | None] = {
    "classic": None,  # each deck its own (DECK_BACKS)
    "royal": BackStyle((30, 70, 170), (18, 40, 116), (110, 150, 230), (236, 240, 255), "lattice"),
    "crimson": BackStyle((170, 28, 44), (110, 14, 26), (226, 84, 96), (255, 236, 220), "stripes"),
    "tartan": BackStyle((24, 96, 66), (14, 68, 46), (190, 40, 48), (250, 232, 170), "tartan"),
    "midnight": BackStyle((24, 30, 64), (8, 10, 28), GOLD, GOLD_LIGHT, "stars"),
    "sunset": BackStyle((230, 120, 50), (120, 40, 110), (255, 200, 120), (255, 244, 220), "waves"),
    "slate": BackStyle((84, 96, 112), (46, 54, 66), (160, 172, 188), (236, 240, 246), "rings"),
}
# Their names, in English: `lang._` shows them in the player's language.
BACK_LABELS = {"classic": N_("Each deck's own"), "royal": N_("Royal blue"), "crimson": N_("Crimson stripes"),
               "tartan": N_("Tartan"), "midnight": N_("Midnight stars"), "sunset": N_("Sunset waves"),
               "slate": N_("Slate rings")}


def back_style(deck: str, choice: str) -> BackStyle:
    """The back `deck` wears under the player's `choice` of back."""
    return BACK_STYLES[choice] or DECK_BACKS[deck]


def paint_back(deck: str, w: int, h: int, choice: str = "classic") -> pygame.Surface:
    """The back of deck painted at w x h pixels, in the chosen back's colours and design."""
    top, bottom, pattern, frame, design = back_style(deck, choice)
    surface = card_base(w, h, CARD_WHITE)
    margin = round(w * 0.06)
    field_rect = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    field = canvas(*field_rect.size)
    vertical_gradient(field, field.get_rect(), top, bottom)
    PATTERNS[design](field, pattern, w)
    line = max(1, round(w * 0.012))
    inner = field.get_rect().inflate(-w * 0.05, -w * 0.05)
    pygame.draw.rect(field, frame, inner, line, round(w * 0.03))
    pygame.draw.rect(field, mix(frame, top, 0.5), inner.inflate(-line * 4, -line * 4),
                     max(1, line // 2), round(w * 0.025))
    _medallion(field, deck, (field_rect.width / 2, field_rect.height / 2), w * 0.27, frame, top)
    round_clip(field, round(w * 0.045))
    surface.blit(field, field_rect)
    return surface


def _medallion(field: pygame.Surface, deck: str, c, r: float, frame: Colour,
               ground: Colour) -> None:
    """The central emblem of a back."""
    line = max(1, round(r * 0.04))
    oval = pygame.Rect(0, 0, r * 2, r * 2.5)
    oval.center = (round(c[0]), round(c[1]))
    pygame.draw.ellipse(field, ground, oval.inflate(r * 0.3, r * 0.3))
    pygame.draw.ellipse(field, frame, oval.inflate(r * 0.3, r * 0.3), line)
    if deck == "french":
        pygame.draw.ellipse(field, CARD_WHITE, oval)
        pygame.draw.ellipse(field, GOLD, oval, line * 2)
        size, black = r * 0.62, mix(ground, (0, 0, 0), 0.35)  # the black suits in a dark shade of the back
        for suit, dx, dy, ink in (("spades", 0, -0.55, black), ("hearts", 0.45, 0, (200, 28, 40)),
                                  ("clubs", 0, 0.55, black), ("diamonds", -0.45, 0, (200, 28, 40))):
            draw_suit(field, suit, (c[0] + dx * r, c[1] + dy * r), size, ink)
    elif deck == "spanish":
        pygame.draw.ellipse(field, (253, 246, 226), oval)
        pygame.draw.ellipse(field, GOLD, oval, line * 2)
        draw_symbol(field, "coins", c, r * 1.5, r * 1.5, 22.5)
    elif deck == "skyjo":
        pygame.draw.ellipse(field, (255, 255, 255), oval)
        for i, colour in enumerate((RED, YELLOW, GREEN, LIGHT_BLUE, DARK_BLUE)):
            ring = oval.inflate(-r * 0.36 * i - line * 4, -r * 0.45 * i - line * 4)
            pygame.draw.ellipse(field, colour, ring)
        pygame.draw.polygon(field, (255, 255, 255), star_points(c, r * 0.3, r * 0.12))
    else:
        pygame.draw.ellipse(field, (255, 255, 255), oval)
        pygame.draw.ellipse(field, GOLD, oval, line * 2)
        draw_text(field, "?", c, r * 1.2, ground)
        for k in range(8):
            a = math.tau * k / 8
            pygame.draw.circle(field, GOLD, (c[0] + math.cos(a) * r * 0.82,
                                             c[1] + math.sin(a) * r * 1.05), r * 0.06)
