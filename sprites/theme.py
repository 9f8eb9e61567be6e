"""Colours, sizes and the felt table shared by every screen."""
from __future__ import annotations

import random

import pygame

LOGICAL_SIZE = (1280, 720)
FELT = (22, 92, 58)
FELT_DARK = (12, 58, 36)
FELT_LIGHT = (36, 120, 76)
GOLD = (240, 196, 64)
CREAM = (250, 244, 228)
WHITE = (255, 255, 255)
INK = (24, 28, 36)
SHADOW = (0, 0, 0, 90)
PANEL = (14, 40, 28, 225)
BUTTON = (36, 66, 52)
BUTTON_HOVER = (52, 94, 72)
BUTTON_DISABLED = (48, 56, 52)
FOCUS = (255, 214, 90)
RED = (214, 64, 64)
HIGHLIGHT = (120, 230, 255)
TEXT_DIM = (190, 210, 196)

CARD_W = 90  # logical width of a standard table card (height from the aspect)
CARD_ASPECT = 0.7


def paint_felt(size: tuple[int, int], seed: int = 7) -> pygame.Surface:
    """A felt table: radial light in the middle, darker edges, a faint woven grain."""
    w, h = size
    surface = pygame.Surface((max(1, w), max(1, h)))
    surface.fill(FELT_DARK)
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        colour = [int(FELT_DARK[k] + (FELT_LIGHT[k] - FELT_DARK[k]) * t ** 1.4) for k in range(3)]
        rw, rh = int(w * (1.5 - 1.1 * t)), int(h * (1.5 - 1.1 * t))
        pygame.draw.ellipse(surface, colour, ((w - rw) // 2, (h - rh) // 2, rw, rh))
    grain = pygame.Surface((w, h), pygame.SRCALPHA)
    rng = random.Random(seed)
    for _ in range(w * h // 90):
        x, y = rng.randrange(w), rng.randrange(h)
        shade = rng.choice((0, 255))
        grain.set_at((x, y), (shade, shade, shade, 14))
    surface.blit(grain, (0, 0))
    return surface
