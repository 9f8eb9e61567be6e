"""A speech bubble: a short line said by someone at the table, pointing at their name plate.

A table names where the bubble points (an `Anchor`: a point on the edge of the plate and the side of
it the bubble opens to); the bubble keeps inside the 1280x720 screen however near its edge the point
is, and its tail still points there."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pygame

from sprites.canvas import Canvas
from sprites.theme import BODY_SIZE, CREAM, GOLD, INK, LOGICAL_SIZE

PAD_X, PAD_Y = 16.0, 8.0  # between the bubble's edge and its line
TAIL = 14.0  # from the anchor to the bubble's edge
TAIL_HALF = 9.0  # half the tail's width where it meets the bubble
RADIUS = 14.0
BORDER = 2.0
MARGIN = 6.0  # the least room between the bubble and the screen's edge
MAX_TEXT_W = 360.0  # a longer line is cut short with "..."
SHADOW = (0, 0, 0, 90)
SHADOW_DROP = 4.0


class Side(StrEnum):
    """The side of its anchor a bubble opens to."""

    ABOVE = "above"
    BELOW = "below"
    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Anchor:
    """Where a seat's bubble points (logical px) and the side of that point it opens to."""

    x: float
    y: float
    side: Side

    @property
    def point(self) -> tuple[float, float]:
        return (self.x, self.y)


def bubble_rect(anchor: Anchor, size: tuple[float, float]) -> pygame.FRect:
    """The bubble's box of `size` on its anchor's side, TAIL away, moved inside the screen."""
    w, h = size
    box = pygame.FRect(0, 0, w, h)
    box.center = anchor.point
    if anchor.side == Side.ABOVE:
        box.bottom = anchor.y - TAIL
    elif anchor.side == Side.BELOW:
        box.top = anchor.y + TAIL
    elif anchor.side == Side.LEFT:
        box.right = anchor.x - TAIL
    else:
        box.left = anchor.x + TAIL
    screen = pygame.FRect(0, 0, *LOGICAL_SIZE).inflate(-2 * MARGIN, -2 * MARGIN)
    return box.clamp(screen)


def tail_points(anchor: Anchor, box: pygame.FRect) -> list[tuple[float, float]]:
    """The tail's triangle: the anchor, then its two corners on the bubble's near edge (kept clear of
    the round corners; they reach RADIUS / 2 into the box, so that the edge's line under them is covered)."""
    inset = RADIUS / 2
    if anchor.side in (Side.ABOVE, Side.BELOW):
        x = min(max(anchor.x, box.left + RADIUS + TAIL_HALF), box.right - RADIUS - TAIL_HALF)
        y = box.bottom - inset if anchor.side == Side.ABOVE else box.top + inset
        return [anchor.point, (x - TAIL_HALF, y), (x + TAIL_HALF, y)]
    y = min(max(anchor.y, box.top + RADIUS + TAIL_HALF), box.bottom - RADIUS - TAIL_HALF)
    x = box.right - inset if anchor.side == Side.LEFT else box.left + inset
    return [anchor.point, (x, y - TAIL_HALF), (x, y + TAIL_HALF)]


def bubble_size(canvas: Canvas, text: str) -> tuple[float, float]:
    """The bubble's box around one line of `text`."""
    w, h = canvas.text_size(text, BODY_SIZE, bold=True)
    return (w + 2 * PAD_X, max(h, BODY_SIZE * 1.25) + 2 * PAD_Y)


def draw_bubble(canvas: Canvas, anchor: Anchor, text: str, name: str = "") -> pygame.FRect:
    """A cream bubble with a gold edge saying `text` (one line), its tail on `anchor`; returns its box."""
    text = canvas.fit(text, BODY_SIZE, MAX_TEXT_W, bold=True)
    box = bubble_rect(anchor, bubble_size(canvas, text))
    tail = tail_points(anchor, box)
    canvas.box(SHADOW, box.move(0, SHADOW_DROP), radius=RADIUS)
    canvas.box(CREAM, box, radius=RADIUS)
    canvas.box(GOLD, box, width=BORDER, radius=RADIUS)
    canvas.polygon(CREAM, tail)
    canvas.line(GOLD, tail[0], tail[1], BORDER)
    canvas.line(GOLD, tail[0], tail[2], BORDER)
    canvas.frame(box, f"phrase of {name}" if name else "phrase", keep_clear=True)
    canvas.text(text, box.center, BODY_SIZE, INK, bold=True)
    return box
