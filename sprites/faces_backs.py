"""Card backs: a bordered, patterned back per deck with a central medallion."""
from __future__ import annotations

import math

import pygame

from sprites.faces_draw import (
    CARD_WHITE,
    GOLD,
    GOLD_LIGHT,
    Colour,
    canvas,
    card_base,
    draw_suit,
    draw_text,
    lattice,
    mix,
    round_clip,
    star_points,
    vertical_gradient,
)
from sprites.faces_skyjo import DARK_BLUE, GREEN, LIGHT_BLUE, RED, YELLOW
from sprites.faces_spanish_suits import draw_symbol

# deck: (field top, field bottom, pattern colour, frame colour)
STYLES: dict[str, tuple[Colour, Colour, Colour, Colour]] = {
    "french": ((36, 62, 140), (22, 40, 100), (86, 120, 200), (236, 240, 255)),
    "spanish": ((160, 30, 40), (118, 18, 28), (214, 160, 58), GOLD_LIGHT),
    "skyjo": ((92, 58, 168), (48, 28, 104), (132, 100, 210), (255, 255, 255)),
    "memory": ((28, 148, 132), (16, 98, 90), (80, 196, 176), (255, 255, 255)),
}


def paint_back(deck: str, w: int, h: int) -> pygame.Surface:
    """The back of deck painted at w x h pixels."""
    top, bottom, pattern, frame = STYLES[deck]
    surface = card_base(w, h, CARD_WHITE)
    margin = round(w * 0.06)
    field_rect = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    field = canvas(*field_rect.size)
    vertical_gradient(field, field.get_rect(), top, bottom)
    _pattern(field, deck, pattern, w)
    line = max(1, round(w * 0.012))
    inner = field.get_rect().inflate(-w * 0.05, -w * 0.05)
    pygame.draw.rect(field, frame, inner, line, round(w * 0.03))
    pygame.draw.rect(field, mix(frame, top, 0.5), inner.inflate(-line * 4, -line * 4),
                     max(1, line // 2), round(w * 0.025))
    _medallion(field, deck, (field_rect.width / 2, field_rect.height / 2), w * 0.27, frame, top)
    round_clip(field, round(w * 0.045))
    surface.blit(field, field_rect)
    return surface


def _pattern(field: pygame.Surface, deck: str, colour: Colour, w: int) -> None:
    """The all-over design of the field."""
    rect = field.get_rect()
    step = w * 0.11
    if deck == "memory":
        for row, y in enumerate(range(0, rect.height + 1, max(2, round(step)))):
            offset = step / 2 if row % 2 else 0
            x = offset
            while x < rect.width + step:
                pygame.draw.polygon(field, colour, star_points((x, y), step * 0.28, step * 0.1, 4))
                x += step
        return
    lattice(field, rect, step, colour, max(1, round(w * 0.012)))
    lattice(field, rect.move(round(step / 2), 0), step, mix(colour, (0, 0, 0), 0.35),
            max(1, round(w * 0.006)))
    if deck in ("french", "spanish"):
        dot = mix(colour, (255, 255, 255), 0.35)
        for row in range(int(rect.height / step * 2) + 2):
            for col in range(int(rect.width / step) + 2):
                centre = (col * step + (step / 2 if row % 2 else 0), row * step / 2)
                pygame.draw.circle(field, dot, centre, max(1, w * 0.008))


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
        size = r * 0.62
        for suit, dx, dy, ink in (("spades", 0, -0.55, ground), ("hearts", 0.45, 0, (200, 28, 40)),
                                  ("clubs", 0, 0.55, ground), ("diamonds", -0.45, 0, (200, 28, 40))):
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
