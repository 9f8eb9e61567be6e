"""Shared drawing primitives for card faces: canvases, rounded masks, glyphs, suit shapes, stars."""
from __future__ import annotations

import math
from functools import cache, lru_cache

import pygame

from sprites import fonts

Colour = tuple[int, ...]
Point = tuple[float, float]

CARD_WHITE = (252, 251, 247)
BORDER_GREY = (150, 150, 156)
INK = (26, 26, 32)
GOLD = (222, 172, 44)
GOLD_DARK = (150, 106, 20)
GOLD_LIGHT = (250, 222, 120)
SKIN = (247, 214, 178)
SKIN_SHADE = (214, 168, 130)
MAX_SUPERSAMPLED_HEIGHT = 1200


# -- canvases ---------------------------------------------------------------------------------
def supersample(size: tuple[int, int]) -> int:
    """How many times larger than the target to paint, for smooth edges after smoothscale."""
    return max(1, min(3, MAX_SUPERSAMPLED_HEIGHT // max(1, size[1])))


def canvas(w: float, h: float) -> pygame.Surface:
    """A transparent per-pixel-alpha surface."""
    return pygame.Surface((max(1, int(w)), max(1, int(h))), pygame.SRCALPHA)


def corner_radius(w: int) -> int:
    """The rounded-corner radius of a card of width w."""
    return max(2, round(w * 0.075))


def round_clip(surface: pygame.Surface, radius: int) -> None:
    """Make everything outside a rounded rectangle the size of the surface transparent."""
    mask = canvas(*surface.get_size())
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), 0, radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def seal(surface: pygame.Surface, inset: int = 0) -> None:
    """Make the card's rounded body fully opaque: SDL's alpha blending and smoothscale leave 253."""
    mask = canvas(*surface.get_size())
    radius = max(1, corner_radius(surface.get_width()) - inset)
    pygame.draw.rect(mask, (0, 0, 0, 255), mask.get_rect().inflate(-2 * inset, -2 * inset), 0,
                     radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)


def finish(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Seal the supersampled painting and scale it down to the wanted size."""
    seal(surface)
    if surface.get_size() == tuple(size):
        return surface
    small = pygame.transform.smoothscale(surface, size)
    seal(small, inset=1)  # keep the anti-aliased rim, make the inside exactly opaque
    return small


def card_base(w: int, h: int, fill: Colour = CARD_WHITE, border: Colour = BORDER_GREY,
              ) -> pygame.Surface:
    """A blank card: filled rounded rectangle with a thin border."""
    surface = canvas(w, h)
    radius = corner_radius(w)
    pygame.draw.rect(surface, fill, surface.get_rect(), 0, radius)
    pygame.draw.rect(surface, border, surface.get_rect(), max(1, round(w * 0.008)), radius)
    return surface


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour a fraction t of the way from a to b."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def vertical_gradient(surface: pygame.Surface, rect: pygame.Rect, top: Colour,
                      bottom: Colour) -> None:
    """Fill rect with a top-to-bottom colour gradient (in bands of a few pixels)."""
    band = max(1, rect.height // 48)
    for y in range(rect.top, rect.bottom, band):
        t = (y - rect.top) / max(1, rect.height - 1)
        pygame.draw.rect(surface, mix(top, bottom, t), (rect.left, y, rect.width, band))


# -- text ---------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _font(px: int) -> pygame.font.Font:
    return fonts.load(px, bold=True)


@lru_cache(maxsize=512)
def _raw_glyph(text: str, px: int) -> pygame.Surface:
    """White text cropped to its ink."""
    try:
        img = _font(px).render(text, True, (255, 255, 255))
    except pygame.error:  # pygame was quit and started again (a second App): its fonts went with it
        _font.cache_clear()
        img = _font(px).render(text, True, (255, 255, 255))
    return img.subsurface(img.get_bounding_rect()).copy()


def glyph(text: str, height: float, colour: Colour, max_width: float | None = None,
          ) -> pygame.Surface:
    """Text whose ink is exactly `height` pixels tall (narrowed to max_width if wider)."""
    height = max(2, round(height))
    base = _raw_glyph(text, min(400, max(12, round(height * 1.45))))
    bw, bh = base.get_size()
    width = max(1, round(bw * height / max(1, bh)))
    if max_width is not None:
        width = min(width, max(1, round(max_width)))
    img = pygame.transform.smoothscale(base, (width, height))
    tint = canvas(width, height)
    tint.fill((*colour[:3], 255))
    img.blit(tint, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return img


def draw_text(surface: pygame.Surface, text: str, center: Point, height: float, colour: Colour,
              max_width: float | None = None, outline: Colour | None = None,
              outline_width: float = 0) -> pygame.Rect:
    """Draw centred text of a given ink height, optionally with an outline; returns its rect."""
    img = glyph(text, height, colour, max_width)
    rect = img.get_rect(center=(round(center[0]), round(center[1])))
    if outline is not None and outline_width > 0:
        ring = glyph(text, height, outline, max_width)
        steps = 16
        for i in range(steps):
            a = 2 * math.pi * i / steps
            surface.blit(ring, rect.move(round(math.cos(a) * outline_width),
                                         round(math.sin(a) * outline_width)))
    surface.blit(img, rect)
    return rect


# -- shapes -------------------------------------------------------------------------------------
def _normalise(points: list[Point]) -> tuple[Point, ...]:
    """Scale points to a height of 1, centred on the origin."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    span = max(ys) - min(ys)
    return tuple(((x - cx) / span, (y - cy) / span) for x, y in points)


@cache
def heart_outline() -> tuple[Point, ...]:
    """A unit-height heart, point down."""
    pts = []
    for i in range(72):
        t = 2 * math.pi * i / 72
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return _normalise(pts)


@cache
def diamond_outline() -> tuple[Point, ...]:
    """A unit-height playing-card diamond with gently curved sides."""
    corners = [(0.0, -0.5), (0.37, 0.0), (0.0, 0.5), (-0.37, 0.0)]
    pts: list[Point] = []
    for i in range(4):
        (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 4]
        for k in range(10):
            t = k / 10
            bow = math.sin(math.pi * t) * 0.045
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            pts.append((x - math.copysign(bow, x) if x else x, y - math.copysign(bow, y) if y else y))
    return tuple(pts)


def place(outline: tuple[Point, ...], center: Point, height: float, flip: bool = False,
          width_scale: float = 1.0) -> list[Point]:
    """A unit outline moved to center and scaled to height (flipped upside down if asked)."""
    cx, cy = center
    sign = -1 if flip else 1
    return [(cx + x * height * width_scale, cy + sign * y * height) for x, y in outline]


def _stem(center: Point, height: float, sign: int, colour: Colour, surface: pygame.Surface,
          top: float, width: float) -> None:
    """The flared foot of a spade or club."""
    cx, cy = center
    y_top = cy + sign * top * height
    y_bot = cy + sign * 0.5 * height
    pts = [(cx - 0.03 * height, y_top)]
    for k in range(9):
        t = k / 8
        pts.append((cx - 0.03 * height - (width - 0.03) * height * t ** 2.2,
                    y_top + (y_bot - y_top) * t))
    for k in range(8, -1, -1):
        t = k / 8
        pts.append((cx + 0.03 * height + (width - 0.03) * height * t ** 2.2,
                    y_top + (y_bot - y_top) * t))
    pts.append((cx + 0.03 * height, y_top))
    pygame.draw.polygon(surface, colour, pts)


def draw_suit(surface: pygame.Surface, suit: str, center: Point, height: float, colour: Colour,
              flip: bool = False) -> None:
    """Draw a French suit symbol of the given height centred at center."""
    cx, cy = center
    sign = -1 if flip else 1
    if suit == "hearts":
        pygame.draw.polygon(surface, colour, place(heart_outline(), center, height, flip,
                                                   width_scale=1.0))
    elif suit == "diamonds":
        pygame.draw.polygon(surface, colour, place(diamond_outline(), center, height, flip))
    elif suit == "spades":
        body = place(heart_outline(), (cx, cy - sign * 0.09 * height), height * 0.8, not flip)
        pygame.draw.polygon(surface, colour, body)
        _stem(center, height, sign, colour, surface, 0.12, 0.2)
    elif suit == "clubs":
        r = 0.2 * height
        for dx, dy in ((0.0, -0.27), (-0.22, 0.04), (0.22, 0.04)):
            pygame.draw.circle(surface, colour, (cx + dx * height, cy + sign * dy * height), r)
        pygame.draw.circle(surface, colour, (cx, cy + sign * -0.02 * height), 0.12 * height)
        _stem(center, height, sign, colour, surface, 0.02, 0.19)


def suit_width(suit: str) -> float:
    """Width of a suit symbol as a fraction of its height."""
    return {"hearts": 1.1, "diamonds": 0.76, "spades": 0.86, "clubs": 0.86}.get(suit, 1.0)


def star_points(center: Point, outer: float, inner: float, points: int = 5,
                rotation: float = -90.0) -> list[Point]:
    """The outline of a star."""
    cx, cy = center
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(rotation + 180.0 * i / points)
        pts.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
    return pts


def lattice(surface: pygame.Surface, rect: pygame.Rect, step: float, colour: Colour,
            width: int) -> None:
    """Diagonal crossing lines (a diamond lattice) clipped to rect."""
    old = surface.get_clip()
    surface.set_clip(rect)
    span = rect.width + rect.height
    x: float = rect.left - rect.height
    while x < rect.left + span:
        pygame.draw.line(surface, colour, (x, rect.top), (x + rect.height, rect.bottom), width)
        pygame.draw.line(surface, colour, (x + rect.height, rect.top), (x, rect.bottom), width)
        x += step
    surface.set_clip(old)


def blit_rotated_copy(surface: pygame.Surface, part: pygame.Surface, topleft: Point) -> None:
    """Blit part at topleft and its 180-degree turn at the mirrored spot (bottom-right)."""
    w, h = surface.get_size()
    surface.blit(part, (round(topleft[0]), round(topleft[1])))
    turned = pygame.transform.rotate(part, 180)
    surface.blit(turned, (round(w - topleft[0] - part.get_width()),
                          round(h - topleft[1] - part.get_height())))
