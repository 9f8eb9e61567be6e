"""Small charts drawn on the canvas for War's statistics: bars (linear or log) and a rate line."""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM, WHITE

TITLE_H = 34.0
LABEL_H = 26.0


def _frame(canvas: Canvas, rect: pygame.FRect, title: str, note: str = "") -> pygame.FRect:
    """The chart's panel and title; returns the plotting area."""
    canvas.box(PANEL, rect, radius=14)
    canvas.text(title, (rect.centerx, rect.y + 18), 21, GOLD, bold=True)
    if note:
        canvas.text(note, (rect.centerx, rect.y + 36), 16, TEXT_DIM)
    return pygame.FRect(rect.x + 16, rect.y + TITLE_H + 14, rect.w - 32,
                        rect.h - TITLE_H - 14 - LABEL_H - 8)


def short_number(value: float) -> str:
    """1234 -> '1.2k', 12 -> '12'."""
    if value >= 10000:
        return f"{value / 1000:.0f}k"
    if value >= 1000:
        return f"{value / 1000:.1f}k"
    return f"{value:g}"


def bar_chart(canvas: Canvas, rect, title: str, bars: Sequence[tuple[str, float]],
              colour=GOLD, log: bool = False, note: str = "") -> list[pygame.FRect]:
    """Vertical bars with labels under and values over them; returns the bar rectangles."""
    rect = pygame.FRect(rect)
    area = _frame(canvas, rect, title, note)
    if not bars:
        canvas.text("no data yet", area.center, 20, TEXT_DIM)
        return []

    def height(value: float) -> float:
        return math.log10(1 + value) if log else value

    top = max(height(v) for _, v in bars) or 1.0
    slot = area.w / len(bars)
    width = max(3.0, min(46.0, slot * 0.7))
    label_every = max(1, math.ceil(len(bars) * 34 / area.w))
    drawn = []
    for i, (label, value) in enumerate(bars):
        cx = area.x + slot * (i + 0.5)
        h = (area.h - 18) * height(value) / top
        if value > 0:
            h = max(2.0, h)
        bar = pygame.FRect(cx - width / 2, area.bottom - h, width, h)
        canvas.box(colour, bar, radius=3)
        drawn.append(bar)
        if value and slot >= 26:
            canvas.text(short_number(value), (cx, bar.y - 9), 15, WHITE)
        if i % label_every == 0:
            canvas.text(label, (cx, area.bottom + 13), 15, CREAM)
    canvas.line((255, 255, 255), (area.x, area.bottom), (area.right, area.bottom), 1)
    return drawn


def rate_chart(canvas: Canvas, rect, title: str, points: Sequence[tuple[float, float]],
               x_label: str = "games", colour=(120, 210, 255)) -> list[tuple[float, float]]:
    """A line of a rate (0..1) over a count, with the 50% line; returns the plotted points."""
    rect = pygame.FRect(rect)
    area = _frame(canvas, rect, title)
    half = area.bottom - area.h * 0.5
    canvas.line((255, 255, 255, 90), (area.x, half), (area.right, half), 1)
    canvas.text("50%", (area.x + 2, half - 9), 14, TEXT_DIM, anchor="midleft")
    canvas.line((255, 255, 255), (area.x, area.bottom), (area.right, area.bottom), 1)
    if not points:
        canvas.text("no data yet", area.center, 20, TEXT_DIM)
        return []
    last_x = max(p[0] for p in points) or 1.0
    plotted = [(area.x + area.w * x / last_x, area.bottom - area.h * min(1.0, max(0.0, y)))
               for x, y in points]
    if len(plotted) == 1:
        canvas.circle(colour, plotted[0], 4)
    else:
        for a, b in itertools.pairwise(plotted):
            canvas.line(colour, a, b, 2)
    canvas.text(f"{100 * points[-1][1]:.0f}%", (plotted[-1][0] - 4, plotted[-1][1] - 12), 17,
                WHITE, anchor="midright")
    canvas.text(f"{short_number(last_x)} {x_label}", (area.right, area.bottom + 13), 15, CREAM,
                anchor="midright")
    return plotted
