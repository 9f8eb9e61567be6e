"""French court cards: a framed, double-ended stylised Jack, Queen or King drawn with shapes."""
from __future__ import annotations

import pygame

from game.cards import Card
from sprites.faces_draw import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    SKIN,
    SKIN_SHADE,
    Colour,
    canvas,
    draw_suit,
    mix,
    star_points,
)

PANEL = (255, 249, 232)
BLUE = (38, 72, 162)
CRIMSON = (186, 34, 44)
ERMINE = (250, 250, 250)
BEARD = (236, 232, 222)
HAIR_BROWN = (120, 72, 34)
HAIR_GOLD = (214, 160, 52)
STEEL = (206, 214, 226)


def _accent(main: Colour) -> Colour:
    """The second robe colour: blue beside red, red beside black, green or blue."""
    return BLUE if main[0] > 150 and main[2] < 100 else CRIMSON


def _poly(surface: pygame.Surface, fill: Colour, pts: list, line: int) -> None:
    """A filled polygon with an ink outline."""
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, INK, pts, line)


def _ellipse(surface: pygame.Surface, fill: Colour, rect, line: int) -> None:
    pygame.draw.ellipse(surface, fill, rect)
    pygame.draw.ellipse(surface, INK, rect, line)


def paint_court(surface: pygame.Surface, card: Card, rect: pygame.Rect, colour: Colour) -> None:
    """Paint the framed double-ended picture of a Jack (11), Queen (12) or King (13) in rect."""
    line = max(1, round(rect.width * 0.012))
    pygame.draw.rect(surface, PANEL, rect)
    half = canvas(rect.width, rect.height // 2 + 1)
    _figure(half, card, colour, line)
    surface.blit(half, rect.topleft)
    turned = pygame.transform.rotate(half, 180)
    surface.blit(turned, (rect.left, rect.bottom - turned.get_height()))
    mid = rect.top + rect.height / 2
    pygame.draw.line(surface, colour, (rect.left, mid), (rect.right - 1, mid), line)
    pygame.draw.rect(surface, colour, rect, line * 2)
    inner = rect.inflate(-line * 5, -line * 5)
    pygame.draw.rect(surface, GOLD, inner, max(1, line // 2 + 1))


def _figure(s: pygame.Surface, card: Card, main: Colour, line: int) -> None:
    """The upper half-figure; the lower half is the same turned round."""
    w, h = s.get_size()
    accent = _accent(main)
    rank = card.rank

    def p(x: float, y: float) -> tuple[float, float]:
        return (x * w, y * h)

    if rank == 11:  # halberd behind the Jack
        pygame.draw.line(s, INK, p(0.2, 1.0), p(0.2, 0.1), line * 3)
        pygame.draw.line(s, GOLD_DARK, p(0.2, 1.0), p(0.2, 0.1), line * 2)
        _poly(s, STEEL, [p(0.2, 0.04), p(0.23, 0.14), p(0.2, 0.2), p(0.17, 0.14)], line)
        _poly(s, STEEL, [p(0.2, 0.16), p(0.31, 0.13), p(0.33, 0.24), p(0.2, 0.26)], line)
    if rank == 12:  # long hair behind the Queen
        _ellipse(s, HAIR_GOLD, pygame.Rect(p(0.3, 0.22), (w * 0.4, h * 0.5)), line)
    if rank == 13:  # sword raised behind the King
        _poly(s, STEEL, [p(0.8, 0.03), p(0.83, 0.09), p(0.83, 0.78), p(0.77, 0.78),
                         p(0.77, 0.09)], line)
        pygame.draw.line(s, (150, 158, 170), p(0.8, 0.1), p(0.8, 0.76), line)
        _poly(s, GOLD, [p(0.71, 0.78), p(0.89, 0.78), p(0.89, 0.82), p(0.71, 0.82)], line)

    # robe: the suit colour in the middle, a mantle of the second colour over the shoulders
    robe = [p(0.05, 1.02), p(0.05, 0.82), p(0.12, 0.7), p(0.3, 0.62), p(0.7, 0.62),
            p(0.88, 0.7), p(0.95, 0.82), p(0.95, 1.02)]
    _poly(s, main, robe, line)
    for side in (-1, 1):
        def q(x: float, y: float, side: int = side) -> tuple[float, float]:
            return p(0.5 + side * x, y)
        mantle = [q(0.45, 1.02), q(0.45, 0.82), q(0.38, 0.7), q(0.2, 0.62), q(0.13, 0.66),
                  q(0.24, 0.8), q(0.27, 1.02)]
        _poly(s, accent, mantle, line)
        pygame.draw.lines(s, GOLD, False, mantle[3:], line * 2)
        for x, y in ((0.36, 0.8), (0.38, 0.92), (0.31, 0.72)):
            pygame.draw.circle(s, GOLD_LIGHT, q(x, y), w * 0.014)
    _poly(s, GOLD, [p(0.45, 0.66), p(0.55, 0.66), p(0.56, 1.02), p(0.44, 1.02)], line)
    for y in (0.74, 0.84, 0.94):
        draw_suit(s, card.suit, p(0.5, y), h * 0.06, main)
    for x in (0.36, 0.64):  # buttons down the robe
        for y in (0.8, 0.92):
            pygame.draw.circle(s, GOLD_LIGHT, p(x, y), w * 0.016)
            pygame.draw.circle(s, INK, p(x, y), w * 0.016, line)

    # collar
    if rank == 13:
        _ellipse(s, ERMINE, pygame.Rect(p(0.26, 0.58), (w * 0.48, h * 0.13)), line)
        for x in (0.33, 0.42, 0.5, 0.58, 0.67):
            pygame.draw.circle(s, INK, p(x, 0.645), w * 0.012)
    elif rank == 12:
        pygame.draw.arc(s, GOLD, pygame.Rect(p(0.36, 0.5), (w * 0.28, h * 0.2)), 3.4, 6.0,
                        line * 3)
        pygame.draw.circle(s, CRIMSON, p(0.5, 0.695), w * 0.022)
    else:
        pts = []
        for i in range(13):
            x = 0.3 + 0.4 * i / 12
            pts.append(p(x, 0.6 if i % 2 else 0.68))
        _poly(s, ERMINE, [p(0.3, 0.6), *pts, p(0.7, 0.6)], line)

    # neck and head
    pygame.draw.rect(s, SKIN_SHADE, pygame.Rect(p(0.45, 0.5), (w * 0.1, h * 0.1)))
    if rank == 11:
        _ellipse(s, HAIR_BROWN, pygame.Rect(p(0.36, 0.24), (w * 0.28, h * 0.34)), line)
    if rank == 13:
        _ellipse(s, BEARD, pygame.Rect(p(0.37, 0.24), (w * 0.26, h * 0.3)), line)
    head = pygame.Rect(p(0.39, 0.26), (w * 0.22, h * 0.3))
    _ellipse(s, SKIN, head, line)
    if rank == 13:  # beard and moustache
        _poly(s, BEARD, [p(0.39, 0.42), p(0.44, 0.47), p(0.56, 0.47), p(0.61, 0.42),
                         p(0.58, 0.58), p(0.5, 0.64), p(0.42, 0.58)], line)
        _poly(s, BEARD, [p(0.43, 0.47), p(0.5, 0.44), p(0.57, 0.47), p(0.5, 0.49)], line)
    if rank == 12:  # fringe
        _poly(s, HAIR_GOLD, [p(0.39, 0.36), p(0.42, 0.27), p(0.5, 0.25), p(0.58, 0.27),
                             p(0.61, 0.36), p(0.54, 0.31), p(0.46, 0.31)], line)
    for x in (0.455, 0.545):  # eyes and brows
        pygame.draw.ellipse(s, INK, pygame.Rect(p(x - 0.015, 0.37), (w * 0.03, h * 0.025)))
        pygame.draw.line(s, INK, p(x - 0.03, 0.345), p(x + 0.03, 0.345), line)
    pygame.draw.line(s, SKIN_SHADE, p(0.5, 0.38), p(0.49, 0.44), line)
    if rank != 13:
        pygame.draw.line(s, CRIMSON, p(0.47, 0.48), p(0.53, 0.48), line + 1)
        pygame.draw.circle(s, mix(SKIN, CRIMSON, 0.25), p(0.43, 0.44), w * 0.018)
        pygame.draw.circle(s, mix(SKIN, CRIMSON, 0.25), p(0.57, 0.44), w * 0.018)

    # headwear
    if rank == 13:
        crown = [p(0.36, 0.3), p(0.35, 0.1), p(0.42, 0.19), p(0.5, 0.05), p(0.58, 0.19),
                 p(0.65, 0.1), p(0.64, 0.3)]
        _poly(s, GOLD, crown, line)
        pygame.draw.rect(s, GOLD_DARK, pygame.Rect(p(0.36, 0.26), (w * 0.28, h * 0.04)))
        for x, c in ((0.43, CRIMSON), (0.5, BLUE), (0.57, CRIMSON)):
            pygame.draw.circle(s, c, p(x, 0.23), w * 0.02)
    elif rank == 12:
        crown = [p(0.39, 0.27), p(0.4, 0.16), p(0.45, 0.21), p(0.5, 0.13), p(0.55, 0.21),
                 p(0.6, 0.16), p(0.61, 0.27)]
        _poly(s, GOLD, crown, line)
        for x, y in ((0.4, 0.15), (0.5, 0.12), (0.6, 0.15)):
            pygame.draw.circle(s, GOLD_LIGHT, p(x, y), w * 0.018)
            pygame.draw.circle(s, INK, p(x, y), w * 0.018, line)
        pygame.draw.circle(s, accent, p(0.5, 0.235), w * 0.018)
    else:
        _ellipse(s, accent, pygame.Rect(p(0.33, 0.2), (w * 0.36, h * 0.1)), line)
        _poly(s, accent, [p(0.38, 0.26), p(0.42, 0.16), p(0.6, 0.16), p(0.63, 0.26)], line)
        feather = [p(0.6, 0.2), p(0.72, 0.06), p(0.78, 0.03), p(0.74, 0.1), p(0.63, 0.22)]
        _poly(s, GOLD_LIGHT, feather, line)

    # held attribute
    if rank == 12:  # a rose
        pygame.draw.line(s, (40, 120, 50), p(0.33, 0.95), p(0.33, 0.72), line * 2)
        for dx, dy in ((-0.03, 0), (0.03, 0), (0, -0.03), (0, 0.03)):
            pygame.draw.circle(s, CRIMSON, p(0.33 + dx, 0.7 + dy), w * 0.03)
        pygame.draw.circle(s, GOLD_LIGHT, p(0.33, 0.7), w * 0.022)
        pygame.draw.circle(s, SKIN, p(0.33, 0.86), w * 0.035)
        pygame.draw.circle(s, INK, p(0.33, 0.86), w * 0.035, line)
    elif rank == 13:
        pygame.draw.circle(s, SKIN, p(0.8, 0.86), w * 0.04)
        pygame.draw.circle(s, INK, p(0.8, 0.86), w * 0.04, line)
    else:
        pygame.draw.circle(s, SKIN, p(0.2, 0.8), w * 0.04)
        pygame.draw.circle(s, INK, p(0.2, 0.8), w * 0.04, line)

    # suit badge in the corner of the frame
    draw_suit(s, card.suit, p(0.1, 0.12), h * 0.12, main)
    if rank == 13:
        pygame.draw.polygon(s, GOLD, star_points(p(0.1, 0.3), w * 0.03, w * 0.013))
