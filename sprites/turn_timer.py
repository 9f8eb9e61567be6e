"""By a seat's name plate at an online table: the turn time left, as a small clock, and the seat's
mark ("away", "left", "lost connection", "joined", "back"), side by side where the seat's speech
bubble opens (the felt there is free), after the bubble while one shows."""
from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from sprites.bubble import TAIL, Anchor, Side
from sprites.canvas import Canvas
from sprites.theme import CAPTION_SIZE, CREAM, GOLD, LOGICAL_SIZE

CLOCK_SIZE = (86.0, 30.0)  # the clock's box
MARK_H = 30.0
MARK_PAD = 12.0  # between a mark's edge and its word
GAP = 8.0  # between two tags, and between the bubble and the first
MARGIN = 6.0  # the least room between a tag and the screen's edge
HURRY_S = 10  # under this many seconds the clock turns red
DARK = (24, 28, 36, 225)
RED = (210, 70, 60)
MARK_COLOURS = {"away": (230, 170, 60), "lost connection": RED, "left": (170, 170, 170),
                "joined": (110, 200, 120), "back": (110, 200, 120)}


def clock_text(seconds: float) -> str:
    """ "1:05" for 65 seconds (rounded up: 0:00 only once the time is out)."""
    left = max(0, math.ceil(seconds))
    return f"{left // 60}:{left % 60:02d}"


def tag_boxes(anchor: Anchor, sizes: Sequence[tuple[float, float]], bubble: pygame.FRect | None = None
              ) -> list[pygame.FRect]:
    """Boxes of `sizes` in a row on the anchor's bubble side, TAIL away (after `bubble` if one shows):
    centred under or over the anchor, or going outwards left or right of it; each kept on screen."""
    boxes = [pygame.FRect(0, 0, w, h) for w, h in sizes]
    row_w = sum(b.w for b in boxes) + GAP * (len(boxes) - 1)
    row_h = max((b.h for b in boxes), default=0.0)
    if anchor.side in (Side.ABOVE, Side.BELOW):
        y = anchor.y + TAIL + row_h / 2 if anchor.side == Side.BELOW else anchor.y - TAIL - row_h / 2
        x = anchor.x - row_w / 2
        if bubble is not None:
            x, y = bubble.right + GAP, bubble.centery
        step = 1.0
    else:
        step = -1.0 if anchor.side == Side.LEFT else 1.0
        x, y = anchor.x + step * TAIL, anchor.y
        if bubble is not None:
            x = bubble.left - GAP if step < 0 else bubble.right + GAP
    screen = pygame.FRect(0, 0, *LOGICAL_SIZE).inflate(-2 * MARGIN, -2 * MARGIN)
    for box in boxes:
        box.centery = y
        if step > 0:
            box.left = x
            x = box.right + GAP
        else:
            box.right = x
            x = box.left - GAP
    return [box.clamp(screen) for box in boxes]


def mark_size(canvas: Canvas, mark: str) -> tuple[float, float]:
    return (canvas.text_size(mark, CAPTION_SIZE, bold=True)[0] + 2 * MARK_PAD, MARK_H)


def draw_turn_clock(canvas: Canvas, box: pygame.FRect, seconds: float, name: str) -> None:
    """A dark pill with a clock face and the time left (red when short)."""
    colour = RED if seconds < HURRY_S else GOLD
    canvas.box(DARK, box, radius=box.h / 2)
    canvas.box(colour, box, width=2, radius=box.h / 2)
    centre = (box.left + box.h / 2 + 2, box.centery)
    canvas.circle(colour, centre, 9, 2)
    canvas.line(colour, centre, (centre[0], centre[1] - 6), 2)
    canvas.line(colour, centre, (centre[0] + 5, centre[1]), 2)
    canvas.frame(box, f"turn clock of {name}", keep_clear=True)  # (no notice hides it)
    canvas.text(clock_text(seconds), (box.right - 10, box.centery), 20, CREAM, anchor="midright", bold=True)


def draw_mark(canvas: Canvas, box: pygame.FRect, mark: str, name: str, shown: str | None = None) -> None:
    """A dark pill with the mark's word (`shown`: in the player's language) in the mark's colour."""
    colour = MARK_COLOURS.get(mark, CREAM)
    canvas.box(DARK, box, radius=box.h / 2)
    canvas.box(colour, box, width=2, radius=box.h / 2)
    canvas.frame(box, f"mark of {name}", keep_clear=True)
    canvas.text(mark if shown is None else shown, box.center, CAPTION_SIZE, colour, bold=True)
