"""Spanish suit symbols: gold coins, goblets, blue swords and green-and-brown wooden cudgels."""
from __future__ import annotations

import math

import pygame

from sprites.faces_draw import GOLD, GOLD_DARK, GOLD_LIGHT, INK, Colour, Point, star_points

CUP_RED = (192, 36, 40)
SWORD_BLUE = (52, 96, 178)
SWORD_LIGHT = (150, 184, 232)
WOOD = (156, 98, 44)
WOOD_DARK = (104, 62, 26)
WOOD_LIGHT = (214, 160, 96)
LEAF = (52, 138, 60)
GRIP = (120, 30, 40)

SUIT_INK: dict[str, Colour] = {
    "coins": (176, 122, 12), "cups": CUP_RED, "swords": SWORD_BLUE, "clubs": (40, 118, 52),
}
# width / height of each symbol's bounding shape
SUIT_ASPECT = {"coins": 1.0, "cups": 0.72, "swords": 0.2, "clubs": 0.3}


def fit(suit: str, bw: float, bh: float) -> float:
    """The height of a symbol that fits a bw x bh box."""
    return min(bh, bw / SUIT_ASPECT[suit])


def draw_symbol(surface: pygame.Surface, suit: str, center: Point, bw: float, bh: float,
                angle: float = 0.0) -> None:
    """Draw the suit symbol as large as fits a bw x bh box centred at center."""
    height = fit(suit, bw, bh)
    line = max(1, round(height * 0.025))
    {"coins": _coin, "cups": _cup, "swords": _sword, "clubs": _club}[suit](
        surface, center, height, line, angle)


def _coin(s: pygame.Surface, c: Point, height: float, line: int, angle: float) -> None:
    r = height / 2
    pygame.draw.circle(s, GOLD_DARK, c, r)
    pygame.draw.circle(s, GOLD, c, r * 0.9)
    pygame.draw.circle(s, GOLD_DARK, c, r * 0.72, max(1, line))
    pygame.draw.circle(s, GOLD_LIGHT, c, r * 0.62)
    pygame.draw.polygon(s, GOLD, star_points(c, r * 0.55, r * 0.25, 8, -90 + angle))
    pygame.draw.polygon(s, GOLD_DARK, star_points(c, r * 0.55, r * 0.25, 8, -90 + angle), line)
    pygame.draw.circle(s, (196, 46, 40), c, r * 0.16)
    pygame.draw.circle(s, GOLD_DARK, c, r * 0.16, line)
    pygame.draw.circle(s, INK, c, r, line)
    pygame.draw.arc(s, (255, 246, 200), pygame.Rect(c[0] - r * 0.8, c[1] - r * 0.8, r * 1.6,
                                                    r * 1.6), 1.9, 2.9, max(1, line * 2))


def _rotate(points: list[Point], c: Point, angle: float) -> list[Point]:
    """Points (relative to c) turned by angle degrees clockwise and moved to c."""
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    return [(c[0] + x * ca - y * sa, c[1] + x * sa + y * ca) for x, y in points]


def _cup(s: pygame.Surface, c: Point, height: float, line: int, angle: float) -> None:
    h = height
    cx, top = c[0], c[1] - h / 2

    def p(x: float, y: float) -> Point:
        return (cx + x * h, top + y * h)

    bowl = [p(-0.36, 0.06)]
    for k in range(13):  # round bowl bottom
        t = math.pi * k / 12
        bowl.append(p(-0.36 * math.cos(t), 0.06 + 0.4 * math.sin(t) ** 0.9))
    bowl.append(p(0.36, 0.06))
    pygame.draw.polygon(s, CUP_RED, bowl)
    pygame.draw.polygon(s, GOLD, [p(-0.35, 0.12), p(0.35, 0.12), p(0.33, 0.2), p(-0.33, 0.2)])
    pygame.draw.polygon(s, INK, bowl, line)
    stem = [p(-0.05, 0.44), p(0.05, 0.44), p(0.06, 0.8), p(-0.06, 0.8)]
    pygame.draw.polygon(s, GOLD, stem)
    pygame.draw.polygon(s, INK, stem, line)
    knob = pygame.Rect(p(-0.11, 0.56), (h * 0.22, h * 0.1))
    pygame.draw.ellipse(s, GOLD_LIGHT, knob)
    pygame.draw.ellipse(s, INK, knob, line)
    foot = [p(-0.06, 0.8), p(0.06, 0.8), p(0.26, 0.95), p(-0.26, 0.95)]
    pygame.draw.polygon(s, GOLD, foot)
    pygame.draw.polygon(s, INK, foot, line)
    base = pygame.Rect(p(-0.27, 0.92), (h * 0.54, h * 0.08))
    pygame.draw.ellipse(s, GOLD_DARK, base)
    pygame.draw.ellipse(s, INK, base, line)
    rim = pygame.Rect(p(-0.37, 0.0), (h * 0.74, h * 0.12))
    pygame.draw.ellipse(s, (120, 18, 24), rim)
    pygame.draw.ellipse(s, GOLD, rim, max(1, line * 2))
    pygame.draw.ellipse(s, INK, rim, line)


def _sword(s: pygame.Surface, c: Point, height: float, line: int, angle: float) -> None:
    h = height
    blade = [(0, -0.5), (0.05, -0.4), (0.05, 0.2), (-0.05, 0.2), (-0.05, -0.4)]
    pts = _rotate([(x * h, y * h) for x, y in blade], c, angle)
    pygame.draw.polygon(s, SWORD_BLUE, pts)
    ridge = _rotate([(0, -0.44 * h), (0, 0.18 * h)], c, angle)
    pygame.draw.line(s, SWORD_LIGHT, ridge[0], ridge[1], max(1, round(h * 0.025)))
    pygame.draw.polygon(s, INK, pts, line)
    guard = _rotate([(-0.1 * h, 0.2 * h), (0.1 * h, 0.2 * h), (0.1 * h, 0.25 * h),
                     (-0.1 * h, 0.25 * h)], c, angle)
    pygame.draw.polygon(s, GOLD, guard)
    pygame.draw.polygon(s, INK, guard, line)
    for x in (-0.1, 0.1):
        end = _rotate([(x * h, 0.225 * h)], c, angle)[0]
        pygame.draw.circle(s, GOLD, end, h * 0.035)
        pygame.draw.circle(s, INK, end, h * 0.035, line)
    grip = _rotate([(-0.035 * h, 0.25 * h), (0.035 * h, 0.25 * h), (0.035 * h, 0.42 * h),
                    (-0.035 * h, 0.42 * h)], c, angle)
    pygame.draw.polygon(s, GRIP, grip)
    pygame.draw.polygon(s, INK, grip, line)
    pommel = _rotate([(0, 0.455 * h)], c, angle)[0]
    pygame.draw.circle(s, GOLD, pommel, h * 0.045)
    pygame.draw.circle(s, INK, pommel, h * 0.045, line)


def _club(s: pygame.Surface, c: Point, height: float, line: int, angle: float) -> None:
    h = height
    body = [(-0.15, -0.5), (0.15, -0.5), (0.1, 0.1), (0.06, 0.5), (-0.06, 0.5), (-0.1, 0.1)]
    pts = _rotate([(x * h, y * h) for x, y in body], c, angle)
    pygame.draw.polygon(s, WOOD, pts)
    top = _rotate([(0, -0.5 * h)], c, angle)[0]
    end = pygame.Rect(0, 0, h * 0.3, h * 0.12)
    end.center = (round(top[0]), round(top[1]))
    grain = _rotate([(0.04 * h, -0.42 * h), (0.02 * h, 0.45 * h)], c, angle)
    pygame.draw.line(s, WOOD_DARK, grain[0], grain[1], max(1, line))
    pygame.draw.polygon(s, INK, pts, line)
    pygame.draw.ellipse(s, WOOD_LIGHT, end)
    pygame.draw.ellipse(s, WOOD_DARK, end.inflate(-end.width * 0.5, -end.height * 0.5),
                        max(1, line))
    pygame.draw.ellipse(s, INK, end, line)
    for side, y in ((-1, -0.3), (1, -0.12), (-1, 0.08), (1, 0.28)):  # knots and sprouts
        knot = _rotate([(side * 0.1 * h, y * h)], c, angle)[0]
        leaf = _rotate([(side * 0.1 * h, y * h), (side * 0.22 * h, (y - 0.08) * h),
                        (side * 0.24 * h, (y - 0.16) * h), (side * 0.14 * h, (y - 0.1) * h)],
                       c, angle)
        pygame.draw.polygon(s, LEAF, leaf)
        pygame.draw.polygon(s, INK, leaf, line)
        pygame.draw.circle(s, WOOD_DARK, knot, h * 0.03)
