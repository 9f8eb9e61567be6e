"""The application icon: a fan of three playing cards on a round green felt table, at any size."""
from __future__ import annotations

import math

import pygame

Colour = tuple[int, int, int]

WOOD_DARK: Colour = (74, 44, 22)
WOOD_LIGHT: Colour = (128, 80, 40)
FELT_EDGE: Colour = (18, 86, 46)
FELT_CENTRE: Colour = (46, 146, 78)
CARD_WHITE: Colour = (250, 248, 240)
CARD_EDGE: Colour = (150, 150, 140)
SUIT_RED: Colour = (206, 30, 44)
SUIT_BLACK: Colour = (24, 24, 30)
BACK_RED: Colour = (168, 28, 40)
BACK_LINE: Colour = (236, 200, 120)
SHADOW = (0, 0, 0, 90)

SUPERSAMPLE = 4  # paint larger, then smooth-scale down: cheap anti-aliasing for every shape
MIN_PAINT_SIZE = 256
DISC_RADIUS = 0.49  # of the icon's width
FAN_ANGLES = (24.0, 0.0, -24.0)  # left (drawn first, behind), middle, right (front)


def paint_app_icon(size: int) -> pygame.Surface:
    """The icon as a size x size surface with per-pixel alpha (transparent outside the disc)."""
    if size < 1:
        raise ValueError(f"icon size must be positive, not {size}")
    work = max(size * SUPERSAMPLE, MIN_PAINT_SIZE)
    canvas = pygame.Surface((work, work), 0, 32)  # opaque: the cards blend onto solid felt
    canvas.fill(WOOD_DARK)  # what the disc's anti-aliased edge blends with
    _paint_table(canvas, work)
    _paint_fan(canvas, work)
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    icon.blit(pygame.transform.smoothscale(canvas, (size, size)), (0, 0))
    _cut_disc(icon)
    return icon


paint_icon = paint_app_icon  # the name scenes/app.py imports


def _cut_disc(icon: pygame.Surface) -> None:
    """Make everything outside the disc transparent, with an anti-aliased edge one pixel wide."""
    size = icon.get_width()
    middle, radius = size / 2, DISC_RADIUS * size
    for y in range(size):
        for x in range(size):
            coverage = radius - math.hypot(x + 0.5 - middle, y + 0.5 - middle) + 0.5
            if coverage < 1:
                colour = icon.get_at((x, y))
                colour.a = round(255 * max(coverage, 0.0))
                icon.set_at((x, y), colour)


def _paint_table(canvas: pygame.Surface, work: int) -> None:
    """A wooden rim around felt that is lighter in the middle."""
    centre = (work / 2, work / 2)
    rim, felt = DISC_RADIUS * work, 0.43 * work
    pygame.draw.circle(canvas, WOOD_DARK, centre, rim)
    pygame.draw.circle(canvas, WOOD_LIGHT, centre, rim - 0.012 * work)
    pygame.draw.circle(canvas, WOOD_DARK, centre, felt + 0.008 * work)
    steps = 24
    for step in range(steps):
        share = step / (steps - 1)
        colour = _blend(FELT_EDGE, FELT_CENTRE, share ** 0.7)
        pygame.draw.circle(canvas, colour, (centre[0], centre[1] - 0.04 * work * share),
                           felt * (1 - 0.75 * share))


def _paint_fan(canvas: pygame.Surface, work: int) -> None:
    """Three cards fanned around a pivot below the middle: a card back, the ace of hearts and
    the ace of spades in front."""
    card_w, card_h = round(0.33 * work), round(0.46 * work)
    pivot = pygame.Vector2(work / 2, 0.80 * work)
    reach = 0.33 * work  # distance from the pivot to each card's centre
    painters = (_paint_back, _paint_hearts, _paint_spades)
    for angle, painter in zip(FAN_ANGLES, painters, strict=True):
        card = pygame.Surface((card_w, card_h), pygame.SRCALPHA)
        painter(card)
        radians = math.radians(angle)
        centre = pivot + pygame.Vector2(-reach * math.sin(radians), -reach * math.cos(radians))
        shadow = pygame.Surface((card_w, card_h), pygame.SRCALPHA)
        pygame.draw.rect(shadow, SHADOW, shadow.get_rect(), border_radius=_corner(card_w))
        _blit_rotated(canvas, shadow, angle, centre + pygame.Vector2(0.012, 0.018) * work)
        _blit_rotated(canvas, card, angle, centre)


def _blit_rotated(canvas: pygame.Surface, image: pygame.Surface, angle: float,
                  centre: pygame.Vector2) -> None:
    """Blit an image turned counter-clockwise by angle degrees, centred on centre."""
    turned = pygame.transform.rotozoom(image, angle, 1.0)
    canvas.blit(turned, turned.get_rect(center=(round(centre.x), round(centre.y))))


def _corner(card_w: int) -> int:
    """Corner radius of a card."""
    return max(round(card_w * 0.1), 2)


def _card_blank(card: pygame.Surface, face: Colour) -> pygame.Rect:
    """A rounded card with an edge; returns the inner rectangle."""
    rect = card.get_rect()
    edge = max(round(rect.width * 0.02), 1)
    pygame.draw.rect(card, CARD_EDGE, rect, border_radius=_corner(rect.width))
    inner = rect.inflate(-2 * edge, -2 * edge)
    pygame.draw.rect(card, face, inner, border_radius=_corner(rect.width) - edge)
    return inner


def _paint_back(card: pygame.Surface) -> None:
    """A red card back with a gold lattice inside a white margin."""
    inner = _card_blank(card, CARD_WHITE)
    panel = inner.inflate(-round(inner.width * 0.16), -round(inner.width * 0.16))
    pygame.draw.rect(card, BACK_RED, panel, border_radius=max(round(panel.width * 0.06), 1))
    lattice = pygame.Surface(panel.size, pygame.SRCALPHA)
    step = max(panel.width / 5, 4)
    width = max(round(panel.width * 0.025), 1)
    span = panel.width + panel.height
    offset: float = -panel.height
    while offset < span:
        pygame.draw.line(lattice, BACK_LINE, (offset, 0), (offset + panel.height, panel.height), width)
        pygame.draw.line(lattice, BACK_LINE, (offset, panel.height), (offset + panel.height, 0), width)
        offset += step
    mask = pygame.Surface(panel.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(),
                     border_radius=max(round(panel.width * 0.06), 1))
    lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    card.blit(lattice, panel.topleft)


def _paint_hearts(card: pygame.Surface) -> None:
    """The ace of hearts."""
    inner = _card_blank(card, CARD_WHITE)
    _paint_ace(card, inner, _heart, SUIT_RED)


def _paint_spades(card: pygame.Surface) -> None:
    """The ace of spades."""
    inner = _card_blank(card, CARD_WHITE)
    _paint_ace(card, inner, _spade, SUIT_BLACK)


def _paint_ace(card: pygame.Surface, inner: pygame.Rect, pip, colour: Colour) -> None:
    """A big pip in the middle and an 'A' over a small pip in the top-left corner."""
    pip(card, pygame.Vector2(inner.center), inner.width * 0.56, colour)
    letter_w, letter_h = inner.width * 0.16, inner.width * 0.2
    corner = pygame.Vector2(inner.left + inner.width * 0.08, inner.top + inner.width * 0.08)
    _letter_a(card, corner, letter_w, letter_h, colour)
    small = corner + pygame.Vector2(letter_w / 2, letter_h + inner.width * 0.12)
    pip(card, small, inner.width * 0.16, colour)


def _letter_a(card: pygame.Surface, top_left: pygame.Vector2, width: float, height: float,
              colour: Colour) -> None:
    """A capital A drawn with strokes (no font needed)."""
    stroke = max(round(width * 0.2), 1)
    apex = top_left + pygame.Vector2(width / 2, 0)
    left = top_left + pygame.Vector2(0, height)
    right = top_left + pygame.Vector2(width, height)
    pygame.draw.line(card, colour, left, apex, stroke)
    pygame.draw.line(card, colour, apex, right, stroke)
    bar_y = top_left.y + height * 0.62
    pygame.draw.line(card, colour, (left.x + width * 0.2, bar_y), (right.x - width * 0.2, bar_y),
                     stroke)


def _heart(card: pygame.Surface, centre: pygame.Vector2, size: float, colour: Colour) -> None:
    """A heart about size wide, centred on centre."""
    radius = 0.27 * size
    for side in (-1, 1):
        pygame.draw.circle(card, colour, centre + pygame.Vector2(side * 0.23 * size, -0.16 * size),
                           radius)
    pygame.draw.polygon(card, colour, [
        centre + pygame.Vector2(-0.49 * size, -0.08 * size),
        centre + pygame.Vector2(0.49 * size, -0.08 * size),
        centre + pygame.Vector2(0, 0.46 * size),
    ])


def _spade(card: pygame.Surface, centre: pygame.Vector2, size: float, colour: Colour) -> None:
    """A spade about size wide, centred on centre."""
    radius = 0.27 * size
    for side in (-1, 1):
        pygame.draw.circle(card, colour, centre + pygame.Vector2(side * 0.23 * size, 0.06 * size),
                           radius)
    pygame.draw.polygon(card, colour, [
        centre + pygame.Vector2(-0.49 * size, -0.02 * size),
        centre + pygame.Vector2(0.49 * size, -0.02 * size),
        centre + pygame.Vector2(0, -0.5 * size),
    ])
    pygame.draw.polygon(card, colour, [
        centre + pygame.Vector2(0, 0.1 * size),
        centre + pygame.Vector2(-0.17 * size, 0.5 * size),
        centre + pygame.Vector2(0.17 * size, 0.5 * size),
    ])


def _blend(start: Colour, end: Colour, share: float) -> Colour:
    """A colour share of the way from start to end."""
    return (
        round(start[0] + (end[0] - start[0]) * share),
        round(start[1] + (end[1] - start[1]) * share),
        round(start[2] + (end[2] - start[2]) * share),
    )
