"""Colours, sizes and the felt table shared by every screen."""
from __future__ import annotations

import random

import pygame

from lang import N_

LOGICAL_SIZE = (1280, 720)
FELT = (22, 92, 58)
FELT_DARK = (12, 58, 36)
FELT_LIGHT = (36, 120, 76)
GOLD = (240, 196, 64)
CREAM = (250, 244, 228)
WHITE = (255, 255, 255)
INK = (24, 28, 36)
SHADOW = (0, 0, 0, 90)
PANEL = (14, 40, 28, 255)  # opaque: what is under a panel never shows through
BUTTON = (36, 66, 52)
BUTTON_HOVER = (52, 94, 72)
BUTTON_DISABLED = (30, 40, 35)  # darker than BUTTON, and drawn flat: plainly not clickable
FOCUS = (255, 214, 90)
RED = (214, 64, 64)
HIGHLIGHT = (120, 230, 255)
# On a table each kind of mark has a colour of its own: gold for a legal move (MARK), HIGHLIGHT for a
# hint, lilac for what another player's turn changed, and the keyboard focus a white ring between two
# dark lines (a shape as well as a colour: it never reads as a legal move).
MARK = (250, 220, 110)
CHANGED = (200, 140, 255)
FOCUS_RING = WHITE
FOCUS_RING_DARK = (12, 16, 24)
FOCUS_REFUSED = (255, 120, 110)  # the focus ring on a card that may not be chosen now
TEXT_DIM = (190, 210, 196)

# One visual language: every screen's type sizes, panel, buttons and spacing (logical px)
DISPLAY_SIZE = 96  # the game's name on the menu
TITLE_SIZE = 44  # a screen's or a panel's title
HEADING_SIZE = 28  # a section heading, a button's label
BODY_SIZE = 22  # text to read, a choice's label
CAPTION_SIZE = 18  # key help, notes, small print
LINE_SPACING = 1.05  # lines of text are this many times their size apart (the typeface draws smaller than its size)
PANEL_BORDER = GOLD
PANEL_RADIUS = 18
PANEL_PAD = 32  # inside a panel, around its content
SPACE = 16  # between two things in a panel
BUTTON_W, BUTTON_H = 220, 56
BUTTON_RADIUS = 12
SHADE_ALPHA = 160  # how much an overlay dims the screen behind it

CARD_W = 90  # logical width of a standard table card (height from the aspect)
CARD_ASPECT = 0.7


# The felts a player may choose (storage/settings.py FELTS): (edge, middle). Each is as dark as the
# green one or darker, so the marks, the focus ring and the text read on it as well (tests/sprites/test_looks.py).
FELTS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "green": (FELT_DARK, FELT_LIGHT),
    "blue": ((12, 36, 72), (28, 72, 128)),
    "burgundy": ((58, 12, 22), (116, 32, 46)),
    "charcoal": ((24, 26, 30), (62, 66, 74)),
    "walnut": ((52, 32, 18), (104, 68, 40)),
}
FELT_LABELS = {"green": N_("Green baize"), "blue": N_("Ocean blue"), "burgundy": N_("Burgundy"),
               "charcoal": N_("Charcoal"), "walnut": N_("Walnut")}  # shown through lang._
FELT_DETAIL = (320, 180)  # the felt's light is painted at most this big, then scaled to the window
GRAIN_TILE = 128  # the woven grain is one tile of noise, repeated


def paint_felt(size: tuple[int, int], felt: str = "green", seed: int = 7) -> pygame.Surface:
    """A felt table of one of FELTS: radial light in the middle, darker edges, a faint woven grain.
    Its cost hardly grows with the window: the light is scaled up, the grain tiled."""
    dark, lit = FELTS[felt]
    w, h = max(1, size[0]), max(1, size[1])
    scale = min(1.0, FELT_DETAIL[0] / w, FELT_DETAIL[1] / h)
    light = pygame.Surface((max(1, round(w * scale)), max(1, round(h * scale))))
    lw, lh = light.get_size()
    light.fill(dark)
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        colour = [int(dark[k] + (lit[k] - dark[k]) * t ** 1.4) for k in range(3)]
        rw, rh = int(lw * (1.5 - 1.1 * t)), int(lh * (1.5 - 1.1 * t))
        pygame.draw.ellipse(light, colour, ((lw - rw) // 2, (lh - rh) // 2, rw, rh))
    surface = light if (lw, lh) == (w, h) else pygame.transform.smoothscale(light, (w, h))
    grain = grain_tile(seed)
    for y in range(0, h, GRAIN_TILE):
        for x in range(0, w, GRAIN_TILE):
            surface.blit(grain, (x, y))
    return surface


def grain_tile(seed: int) -> pygame.Surface:
    """A square of faint light and dark specks, one in 90 pixels."""
    tile = pygame.Surface((GRAIN_TILE, GRAIN_TILE), pygame.SRCALPHA)
    rng = random.Random(seed)
    for _ in range(GRAIN_TILE * GRAIN_TILE // 90):
        shade = rng.choice((0, 255))
        tile.set_at((rng.randrange(GRAIN_TILE), rng.randrange(GRAIN_TILE)), (shade, shade, shade, 14))
    return tile
