"""Skyjo faces: colour band by value, the number big in the middle and in two corners."""
from __future__ import annotations

import pygame

from game.cards import Card
from sprites.faces_draw import (
    Colour,
    blit_rotated_copy,
    canvas,
    corner_radius,
    draw_text,
    lattice,
    mix,
    round_clip,
    vertical_gradient,
)

DARK_BLUE = (36, 54, 146)
LIGHT_BLUE = (92, 184, 234)
GREEN = (62, 166, 76)
YELLOW = (246, 206, 52)
RED = (214, 54, 50)
DARK_TEXT = (28, 30, 44)
LIGHT_TEXT = (255, 255, 255)


def band_colour(value: int) -> Colour:
    """The card colour of a value: -2/-1 dark blue, 0 light blue, 1-4 green, 5-8 yellow, 9-12 red."""
    if value < 0:
        return DARK_BLUE
    if value == 0:
        return LIGHT_BLUE
    if value <= 4:
        return GREEN
    if value <= 8:
        return YELLOW
    return RED


def text_colours(background: Colour) -> tuple[Colour, Colour]:
    """(ink, outline) readable on background: dark ink on light colours, white on dark ones."""
    r, g, b = background[:3]
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return (DARK_TEXT, (255, 255, 255)) if luminance > 150 else (LIGHT_TEXT, DARK_TEXT)


def _number(surface: pygame.Surface, value: int, center, height: float, fill: Colour,
            max_width: float | None = None) -> None:
    """The value with an outline; 6 and 9 underlined so they read the right way up."""
    ink, outline = text_colours(fill)
    text = str(value)
    rect = draw_text(surface, text, center, height, ink, max_width=max_width, outline=outline,
                     outline_width=max(1.0, height * 0.06))
    if value in (6, 9):
        bar = pygame.Rect(0, 0, rect.width * 0.8, max(2, height * 0.09))
        bar.midtop = (rect.centerx, rect.bottom + height * 0.1)
        pygame.draw.rect(surface, outline, bar.inflate(height * 0.1, height * 0.1), 0,
                         round(height * 0.05))
        pygame.draw.rect(surface, ink, bar)


# The value in the middle, of the face's height (the corner's repeats it): 8 px on the small grids at 800x600
NUMBER_H = 0.3


def smallest_mark(w: int, h: int) -> float:
    """The value's ink height in pixels: Skyjo's cards lie apart, so the middle one is read."""
    return h * NUMBER_H


def paint_skyjo(card: Card, w: int, h: int) -> pygame.Surface:
    """A Skyjo face painted at w x h pixels."""
    value = card.rank
    fill = band_colour(value)
    surface = canvas(w, h)
    vertical_gradient(surface, surface.get_rect(), mix(fill, (255, 255, 255), 0.18),
                      mix(fill, (0, 0, 0), 0.12))
    lattice(surface, surface.get_rect(), w * 0.16, mix(fill, (255, 255, 255), 0.1),
            max(1, round(w * 0.012)))
    radius = corner_radius(w)
    inset = pygame.Rect(0, 0, w, h).inflate(-w * 0.07, -w * 0.07)
    pygame.draw.rect(surface, (255, 255, 255), inset, max(1, round(w * 0.014)), radius)
    medal = pygame.Rect(0, 0, w * 0.8, h * 0.56)
    medal.center = (w / 2, h / 2)
    pygame.draw.ellipse(surface, mix(fill, (0, 0, 0), 0.25), medal.move(0, h * 0.012))
    pygame.draw.ellipse(surface, mix(fill, (255, 255, 255), 0.45), medal)
    pygame.draw.ellipse(surface, (255, 255, 255), medal, max(1, round(w * 0.018)))
    _number(surface, value, (w / 2, h / 2 - (h * 0.02 if value in (6, 9) else 0)), h * NUMBER_H, fill,
            max_width=w * 0.64)
    corner = canvas(w * 0.26, h * 0.16)
    cw, ch = corner.get_size()
    _number(corner, value, (cw / 2, ch * 0.42), h * 0.085, fill)
    blit_rotated_copy(surface, corner, (w * 0.04, h * 0.035))
    round_clip(surface, radius)
    pygame.draw.rect(surface, mix(fill, (0, 0, 0), 0.45), surface.get_rect(),
                     max(1, round(w * 0.01)), radius)
    return surface
