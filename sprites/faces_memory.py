"""Memory Match faces: six coloured symbols, a gold Bonus star and a dark-red Penalty bomb."""
from __future__ import annotations

import math

import pygame

from game.cards import MEMORY_BONUS, MEMORY_PENALTY, MEMORY_SYMBOLS, Card
from sprites.faces_draw import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    Colour,
    Point,
    card_base,
    draw_text,
    heart_outline,
    mix,
    place,
    star_points,
)

# symbol name and colour by rank
COLOURS: dict[int, Colour] = {
    1: (242, 146, 24),
    2: (112, 80, 196),
    3: (222, 48, 96),
    4: (56, 156, 64),
    5: (24, 170, 196),
    6: (36, 100, 214),
    MEMORY_BONUS: GOLD,
    MEMORY_PENALTY: (150, 22, 32),
}
SYMBOLS: dict[int, tuple[str, Colour]] = {rank: (MEMORY_SYMBOLS[rank], colour) for rank, colour in COLOURS.items()}


def symbol_colour(rank: int) -> Colour:
    return SYMBOLS[rank][1]


def paint_memory(card: Card, w: int, h: int) -> pygame.Surface:
    """A Memory Match face painted at w x h pixels."""
    name, colour = SYMBOLS[card.rank]
    surface = card_base(w, h, (253, 252, 248))
    inner = pygame.Rect(0, 0, w, h).inflate(-w * 0.12, -w * 0.12)
    pygame.draw.rect(surface, mix(colour, (255, 255, 255), 0.82), inner, 0, round(w * 0.05))
    pygame.draw.rect(surface, mix(colour, (255, 255, 255), 0.3), inner,
                     max(1, round(w * 0.016)), round(w * 0.05))
    centre = (w / 2, h / 2)
    r = w * 0.38
    pygame.draw.circle(surface, (255, 255, 255), centre, r)
    pygame.draw.circle(surface, mix(colour, (255, 255, 255), 0.55), centre, r,
                       max(1, round(w * 0.012)))
    for dx, dy in ((0.22, 0.16), (0.78, 0.16), (0.22, 0.84), (0.78, 0.84)):  # corner sparkles
        pygame.draw.polygon(surface, mix(colour, (255, 255, 255), 0.45),
                            star_points((w * dx, h * dy), w * 0.05, w * 0.015, 4))
    line = max(1, round(w * 0.012))
    DRAWERS[name](surface, centre, r * 0.82, colour, line)
    return surface


def _sun(s: pygame.Surface, c: Point, r: float, colour: Colour, line: int) -> None:
    for i in range(12):
        a = math.tau * i / 12
        tip = (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r)
        left = (c[0] + math.cos(a - 0.2) * r * 0.62, c[1] + math.sin(a - 0.2) * r * 0.62)
        right = (c[0] + math.cos(a + 0.2) * r * 0.62, c[1] + math.sin(a + 0.2) * r * 0.62)
        pygame.draw.polygon(s, (250, 196, 40) if i % 2 else colour, [left, tip, right])
    pygame.draw.circle(s, (252, 206, 52), c, r * 0.55)
    pygame.draw.circle(s, colour, c, r * 0.55, line * 2)
    pygame.draw.circle(s, (255, 236, 150), (c[0] - r * 0.15, c[1] - r * 0.15), r * 0.2)


def _moon(s: pygame.Surface, c: Point, r: float, colour: Colour, line: int) -> None:
    pts = []
    for k in range(41):  # outer arc then inner arc of a crescent
        a = math.radians(60 + 240 * k / 40)
        pts.append((c[0] + math.cos(a) * r * 0.85, c[1] + math.sin(a) * r * 0.85))
    for k in range(41):
        a = math.radians(300 - 240 * k / 40)
        pts.append((c[0] + r * 0.3 + math.cos(a) * r * 0.62, c[1] + math.sin(a) * r * 0.72))
    pygame.draw.polygon(s, colour, pts)
    pygame.draw.polygon(s, mix(colour, INK, 0.4), pts, line)
    for dx, dy, size in ((0.55, -0.45, 0.16), (0.7, 0.3, 0.1)):
        pygame.draw.polygon(s, GOLD, star_points((c[0] + dx * r, c[1] + dy * r), r * size,
                                                  r * size * 0.45))


def _heart(s: pygame.Surface, c: Point, r: float, colour: Colour, line: int) -> None:
    pts = place(heart_outline(), c, r * 1.5)
    pygame.draw.polygon(s, colour, pts)
    pygame.draw.polygon(s, mix(colour, INK, 0.35), pts, line)
    pygame.draw.circle(s, mix(colour, (255, 255, 255), 0.55), (c[0] - r * 0.42, c[1] - r * 0.28),
                       r * 0.14)


def _leaf(s: pygame.Surface, c: Point, r: float, colour: Colour, line: int) -> None:
    pts = []
    for k in range(41):
        t = k / 40
        pts.append((c[0] - r * 0.9 + 1.8 * r * t, c[1] - math.sin(math.pi * t) * r * 0.55
                    + (t - 0.5) * r * 0.6))
    for k in range(40, -1, -1):
        t = k / 40
        pts.append((c[0] - r * 0.9 + 1.8 * r * t, c[1] + math.sin(math.pi * t) * r * 0.55
                    + (t - 0.5) * r * 0.6))
    turned = [(c[0] + (x - c[0]) * 0.8 - (y - c[1]) * 0.6, c[1] + (x - c[0]) * 0.6
               + (y - c[1]) * 0.8) for x, y in pts]
    pygame.draw.polygon(s, colour, turned)
    pygame.draw.polygon(s, mix(colour, INK, 0.4), turned, line)
    start, end = turned[0], turned[40]
    vein = mix(colour, (255, 255, 255), 0.5)
    pygame.draw.line(s, vein, start, end, line * 2)
    for t in (0.3, 0.5, 0.7):
        x = start[0] + (end[0] - start[0]) * t
        y = start[1] + (end[1] - start[1]) * t
        for side in (-1, 1):
            pygame.draw.line(s, vein, (x, y), (x + side * r * 0.25 + r * 0.12,
                                               y - side * r * 0.2 + r * 0.12), line)
    pygame.draw.line(s, mix(colour, INK, 0.4), start, (start[0] - r * 0.2, start[1] - r * 0.05),
                     line * 2)


def _gem(s: pygame.Surface, c: Point, r: float, colour: Colour, line: int) -> None:
    x, y = c
    top, girdle, bottom = y - r * 0.55, y - r * 0.15, y + r * 0.8
    outline = [(x - r * 0.5, top), (x + r * 0.5, top), (x + r * 0.9, girdle), (x, bottom),
               (x - r * 0.9, girdle)]
    pygame.draw.polygon(s, colour, outline)
    light = mix(colour, (255, 255, 255), 0.5)
    pygame.draw.polygon(s, light, [(x - r * 0.5, top), (x + r * 0.5, top), (x + r * 0.25, girdle),
                                   (x - r * 0.25, girdle)])
    pygame.draw.polygon(s, mix(colour, INK, 0.25), [(x + r * 0.25, girdle), (x + r * 0.9, girdle),
                                                     (x, bottom)])
    edge = mix(colour, INK, 0.45)
    for a, b in (((x - r * 0.25, girdle), (x, bottom)), ((x - r * 0.9, girdle), (x + r * 0.9, girdle))):
        pygame.draw.line(s, edge, a, b, line)
    pygame.draw.polygon(s, edge, outline, line)


def _drop(s: pygame.Surface, c: Point, r: float, colour: Colour, line: int) -> None:
    x, y = c[0], c[1] + r * 0.25
    pts = [(x, y - r * 1.05)] + [(x + math.cos(math.radians(a)) * r * 0.62,
                                   y + math.sin(math.radians(a)) * r * 0.62)
                                  for a in range(-30, 211, 8)]
    pygame.draw.polygon(s, colour, pts)
    pygame.draw.polygon(s, mix(colour, INK, 0.4), pts, line)
    pygame.draw.ellipse(s, mix(colour, (255, 255, 255), 0.6),
                        pygame.Rect(x - r * 0.35, y - r * 0.2, r * 0.18, r * 0.4))


def _bonus(s: pygame.Surface, c: Point, r: float, colour: Colour, line: int) -> None:
    pts = star_points(c, r * 1.05, r * 0.45)
    pygame.draw.polygon(s, GOLD_LIGHT, [(x, y) for x, y in star_points(c, r * 1.15, r * 0.52)])
    pygame.draw.polygon(s, colour, pts)
    pygame.draw.polygon(s, GOLD_DARK, pts, line * 2)
    draw_text(s, "+", (c[0], c[1] + r * 0.05), r * 0.62, (255, 255, 255), outline=GOLD_DARK,
              outline_width=max(1, r * 0.05))


def _penalty(s: pygame.Surface, c: Point, r: float, colour: Colour, line: int) -> None:
    body = (c[0] - r * 0.08, c[1] + r * 0.12)
    fuse_start = (body[0] + r * 0.45, body[1] - r * 0.55)
    pygame.draw.line(s, (120, 90, 60), fuse_start, (body[0] + r * 0.75, body[1] - r * 0.95),
                     line * 3)
    pygame.draw.polygon(s, (255, 170, 30), star_points((body[0] + r * 0.78, body[1] - r * 0.98),
                                                        r * 0.22, r * 0.08, 8))
    pygame.draw.polygon(s, (255, 240, 120), star_points((body[0] + r * 0.78, body[1] - r * 0.98),
                                                         r * 0.1, r * 0.04, 8))
    cap = [(fuse_start[0] - r * 0.18, fuse_start[1] + r * 0.02),
           (fuse_start[0] + r * 0.02, fuse_start[1] - r * 0.18),
           (fuse_start[0] + r * 0.16, fuse_start[1] - r * 0.04),
           (fuse_start[0] - r * 0.04, fuse_start[1] + r * 0.16)]
    pygame.draw.polygon(s, (90, 20, 26), cap)
    pygame.draw.circle(s, colour, body, r * 0.72)
    pygame.draw.circle(s, mix(colour, INK, 0.5), body, r * 0.72, line * 2)
    pygame.draw.circle(s, mix(colour, (255, 255, 255), 0.4),
                       (body[0] - r * 0.3, body[1] - r * 0.3), r * 0.13)
    bar = pygame.Rect(0, 0, r * 0.6, r * 0.16)
    bar.center = (round(body[0]), round(body[1]))
    pygame.draw.rect(s, (255, 255, 255), bar, 0, round(r * 0.04))


DRAWERS = {"sun": _sun, "moon": _moon, "heart": _heart, "leaf": _leaf, "gem": _gem,
           "drop": _drop, "bonus": _bonus, "penalty": _penalty}
