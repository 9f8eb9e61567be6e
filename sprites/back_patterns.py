"""The all-over designs of a card back's field, each painted on the field at a card width `w`."""
from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from sprites.faces_draw import Colour, canvas, lattice, mix, star_points

Pattern = Callable[[pygame.Surface, Colour, int], None]  # (field, pattern colour, card width)


def paint_lattice(field: pygame.Surface, colour: Colour, w: int) -> None:
    """A diamond lattice with a finer one between, and dots at the crossings."""
    rect, step = field.get_rect(), w * 0.11
    lattice(field, rect, step, colour, max(1, round(w * 0.012)))
    lattice(field, rect.move(round(step / 2), 0), step, mix(colour, (0, 0, 0), 0.35), max(1, round(w * 0.006)))
    dot = mix(colour, (255, 255, 255), 0.35)
    for row in range(int(rect.height / step * 2) + 2):
        for col in range(int(rect.width / step) + 2):
            centre = (col * step + (step / 2 if row % 2 else 0), row * step / 2)
            pygame.draw.circle(field, dot, centre, max(1, w * 0.008))


def paint_plain_lattice(field: pygame.Surface, colour: Colour, w: int) -> None:
    """A diamond lattice with a finer, darker one between (the Skyjo deck's own back)."""
    rect, step = field.get_rect(), w * 0.11
    lattice(field, rect, step, colour, max(1, round(w * 0.012)))
    lattice(field, rect.move(round(step / 2), 0), step, mix(colour, (0, 0, 0), 0.35), max(1, round(w * 0.006)))


def paint_stars(field: pygame.Surface, colour: Colour, w: int) -> None:
    """Rows of small four-pointed stars, every other row shifted by half a step."""
    rect, step = field.get_rect(), w * 0.11
    for row, y in enumerate(range(0, rect.height + 1, max(2, round(step)))):
        x = step / 2 if row % 2 else 0.0
        while x < rect.width + step:
            pygame.draw.polygon(field, colour, star_points((x, y), step * 0.28, step * 0.1, 4))
            x += step


def paint_stripes(field: pygame.Surface, colour: Colour, w: int) -> None:
    """Broad diagonal stripes with a thin one between each two."""
    rect, step = field.get_rect(), w * 0.14
    broad, thin = max(1, round(w * 0.045)), max(1, round(w * 0.01))
    x = -float(rect.height)
    while x < rect.width + step:
        pygame.draw.line(field, colour, (x, rect.height), (x + rect.height, 0), broad)
        pygame.draw.line(field, mix(colour, (255, 255, 255), 0.3), (x + step / 2, rect.height),
                         (x + step / 2 + rect.height, 0), thin)
        x += step


def paint_tartan(field: pygame.Surface, colour: Colour, w: int) -> None:
    """A plaid: see-through bands across and down, broad and narrow, where they cross they darken."""
    rect, step = field.get_rect(), w * 0.24
    layer = canvas(*rect.size)
    light = mix(colour, (255, 255, 255), 0.45)
    for i in range(int(max(rect.width, rect.height) / step) + 2):
        at = i * step
        for band, tint, alpha in ((0.34, colour, 120), (0.06, light, 170)):
            size = max(1, round(step * band))
            offset = at if band > 0.1 else at + step * 0.6
            layer.fill((*tint, alpha), (0, round(offset), rect.width, size))
            layer.fill((*tint, alpha), (round(offset), 0, size, rect.height))
    field.blit(layer, (0, 0))


def paint_waves(field: pygame.Surface, colour: Colour, w: int) -> None:
    """Rows of gentle waves, alternately broad and fine."""
    rect, step = field.get_rect(), w * 0.085
    wave_len, height = w * 0.22, step * 0.32
    for row in range(int(rect.height / step) + 2):
        y0 = row * step
        points = [(x, y0 + math.sin(x / wave_len * math.tau + row * 0.9) * height)
                  for x in range(0, rect.width + 4, max(1, round(w * 0.02)))]
        width = max(1, round(w * (0.018 if row % 2 else 0.008)))
        pygame.draw.lines(field, colour if row % 2 else mix(colour, (255, 255, 255), 0.3), False, points, width)


def paint_rings(field: pygame.Surface, colour: Colour, w: int) -> None:
    """Overlapping circles in a grid (a Bicycle-like wheel pattern), with a dot at each centre."""
    rect, step = field.get_rect(), w * 0.16
    line = max(1, round(w * 0.009))
    for row in range(int(rect.height / step) + 2):
        for col in range(int(rect.width / step) + 2):
            centre = (col * step + (step / 2 if row % 2 else 0), row * step * 0.87)
            pygame.draw.circle(field, colour, centre, step * 0.62, line)
            pygame.draw.circle(field, mix(colour, (255, 255, 255), 0.35), centre, max(1, w * 0.012))


PATTERNS: dict[str, Pattern] = {
    "lattice": paint_lattice, "plain_lattice": paint_plain_lattice, "stars": paint_stars,
    "stripes": paint_stripes, "tartan": paint_tartan, "waves": paint_waves, "rings": paint_rings,
}
