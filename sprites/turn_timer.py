"""The turn time left, as a small clock by the name plate of the seat to move (an online table's)."""
from __future__ import annotations

import math

import pygame

from sprites.bubble import Anchor, Side
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, LOGICAL_SIZE

SIZE = (86.0, 30.0)  # the clock's box
GAP = 10.0  # from the anchor to the box, on the side away from the phrase bubble
HURRY_S = 10  # under this many seconds the clock turns red
DARK = (24, 28, 36, 220)
RED = (200, 60, 50)


def clock_text(seconds: float) -> str:
    """ "1:05" for 65 seconds (rounded up: 0:00 only once the time is out)."""
    left = max(0, math.ceil(seconds))
    return f"{left // 60}:{left % 60:02d}"


def clock_rect(anchor: Anchor) -> pygame.FRect:
    """The clock's box by the anchor, on the side opposite its bubble's, kept on screen."""
    box = pygame.FRect(0, 0, *SIZE)
    box.center = anchor.point
    if anchor.side == Side.ABOVE:
        box.top = anchor.y + GAP
    elif anchor.side == Side.BELOW:
        box.bottom = anchor.y - GAP
    elif anchor.side == Side.LEFT:
        box.left = anchor.x + GAP
    else:
        box.right = anchor.x - GAP
    return box.clamp(pygame.FRect(0, 0, *LOGICAL_SIZE).inflate(-12, -12))


def draw_turn_clock(canvas: Canvas, anchor: Anchor, seconds: float, name: str) -> pygame.FRect:
    """A dark pill with a clock face and the time left (red when short); returns its box."""
    box = clock_rect(anchor)
    colour = RED if seconds < HURRY_S else GOLD
    canvas.box(DARK, box, radius=box.h / 2)
    canvas.box(colour, box, width=2, radius=box.h / 2)
    centre = (box.left + box.h / 2 + 2, box.centery)
    canvas.circle(colour, centre, 9, 2)
    canvas.line(colour, centre, (centre[0], centre[1] - 6), 2)
    canvas.line(colour, centre, (centre[0] + 5, centre[1]), 2)
    canvas.frame(box, f"turn clock of {name}")
    canvas.text(clock_text(seconds), (box.right - 10, box.centery), 20, CREAM, anchor="midright", bold=True)
    return box
