"""The statistics charts: a panel with a title, a legend, axis captions (units), axes with tick
values; bars (a linear or log scale) and a win-rate line with its 50% mark. Used by every game's
details page and by War's statistics page."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from lang import N_, _, number, percent
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM, WHITE

RATE = (120, 210, 255)
AXIS, GRID = (176, 196, 184), (44, 78, 60)  # GRID: a faint line on the panel
TICK = 17  # type size of tick values and axis captions
LegendItem = tuple[str, tuple, str]  # label, colour, "bar" | "line" | "dash"


@dataclass(frozen=True, slots=True)
class Bar:
    label: str  # under the bar (shown where there is room)
    value: float
    colour: tuple


def short_number(value: float) -> str:
    """1234 -> '1.2k', 12 -> '12', 2.5 -> '2.5' (in French '1,2k', '2,5')."""
    if abs(value) >= 10000:
        return f"{number(value / 1000)}k"
    if abs(value) >= 1000:
        return f"{number(value / 1000, 1)}k"
    return number(value, 6)


def nice_ticks(low: float, high: float, count: int = 4, whole: bool = False) -> list[float]:
    """Round tick values (steps of 1, 2, 2.5 or 5 times a power of ten) covering low..high."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw and not (whole and m == 2.5))
    if whole:
        step = max(1.0, round(step))
    first = math.floor(low / step + 1e-9) * step
    return [round(first + i * step, 9) for i in range(math.ceil((high - first) / step - 1e-9) + 1)]


def dashed(canvas: Canvas, colour, start: tuple[float, float], end: tuple[float, float], dash: float = 6) -> None:
    length = math.dist(start, end)
    steps = max(1, int(length // (dash * 1.7)))
    for i in range(steps):
        a, b = i / steps, min(1.0, (i + 0.6) / steps)
        canvas.line(colour, (start[0] + (end[0] - start[0]) * a, start[1] + (end[1] - start[1]) * a),
                    (start[0] + (end[0] - start[0]) * b, start[1] + (end[1] - start[1]) * b), 2)


def legend_rows(canvas: Canvas, items: Sequence[LegendItem], width: float) -> list[list[LegendItem]]:
    """The legend's items in rows no wider than `width`."""
    rows: list[list[LegendItem]] = [[]]
    for item in items:
        if rows[-1] and legend_width(canvas, [*rows[-1], item]) > width:
            rows.append([])
        rows[-1].append(item)
    return rows


def legend_width(canvas: Canvas, items: Sequence[LegendItem]) -> float:
    return sum(30 + canvas.text_size(label, TICK)[0] for label, _, _ in items) + 16 * max(0, len(items) - 1)


def draw_legend(canvas: Canvas, x: float, y: float, items: Sequence[LegendItem]) -> None:
    """Swatches and labels in a row from (x, middle y)."""
    for label, colour, kind in items:
        if kind == "bar":
            canvas.box(colour, (x, y - 7, 22, 14), radius=3)
        elif kind == "line":
            canvas.line(colour, (x, y), (x + 22, y), 3)
        else:
            dashed(canvas, colour, (x, y), (x + 22, y), 4)
        x = canvas.text(label, (x + 30, y), TICK, CREAM, anchor="midleft").right + 16


def chart_frame(canvas: Canvas, rect: pygame.FRect, title: str, legend: Sequence[LegendItem], y_unit: str,
                x_unit: str, y_labels: Sequence[str]) -> pygame.FRect:
    """The chart's panel, title, legend and axis captions (each cut to the panel: a small chart may be
    narrower than a translation); returns the plotting area."""
    canvas.box(PANEL, rect, radius=14)
    title_x = canvas.line_start(rect.x + 16, rect.right - 16)  # where reading starts; the axes stay as drawn
    canvas.text(canvas.fit(title, 21, rect.w - 32, bold=True), (title_x, rect.y + 20), 21, GOLD,
                anchor=canvas.start_anchor("midleft"), bold=True)
    row = rect.y + 46
    legend = [(canvas.fit(label, TICK, rect.w - 32 - 30), colour, kind) for label, colour, kind in legend]
    caption = canvas.text(canvas.fit(y_unit, TICK, rect.w - 32), (rect.x + 16, row), TICK, TEXT_DIM, anchor="midleft")
    if legend:
        if caption.right + 24 + legend_width(canvas, legend) > rect.right - 16:
            row += 22
        for i, items in enumerate(legend_rows(canvas, legend, rect.w - 32)):
            row += 22 * (i > 0)
            draw_legend(canvas, rect.right - 16 - legend_width(canvas, items), row, items)
    left = rect.x + 24 + max((canvas.text_size(label, TICK)[0] for label in y_labels), default=0)
    area = pygame.FRect(left, row + 20, rect.right - 20 - left, rect.bottom - 46 - (row + 20))
    room = 2 * min(area.centerx - rect.x, rect.right - area.centerx) - 16  # centred under the plot, in the panel
    canvas.text(canvas.fit(x_unit, TICK, room), (area.centerx, rect.bottom - 14), TICK, TEXT_DIM)
    return area


def y_axis(canvas: Canvas, area: pygame.FRect, ticks: Sequence[float], labels: Sequence[str],
           scale: Callable[[float], float]) -> Callable[[float], float]:
    """Grid lines and tick values at the left; returns value -> logical y."""
    low, high = scale(ticks[0]), scale(ticks[-1])

    def y(value: float) -> float:
        return area.bottom - area.h * (scale(value) - low) / (high - low)

    for tick, label in zip(ticks, labels, strict=True):
        canvas.line(GRID, (area.x, y(tick)), (area.right, y(tick)), 1)
        canvas.line(AXIS, (area.x - 5, y(tick)), (area.x, y(tick)), 1)
        canvas.text(label, (area.x - 8, y(tick)), TICK, CREAM, anchor="midright")
    canvas.line(AXIS, (area.x, area.y), (area.x, area.bottom), 1)
    return y


def x_labels(canvas: Canvas, area: pygame.FRect, marks: Sequence[tuple[float, str]]) -> None:
    """Tick marks and values under the plot; every n-th where they would touch."""
    widest = max((canvas.text_size(label, TICK)[0] for _, label in marks), default=0)
    room = area.w / max(1, len(marks))
    every = max(1, math.ceil((widest + 16) / room)) if room > 0 else 1
    for i, (x, label) in enumerate(marks):
        if i % every == 0:
            canvas.line(AXIS, (x, area.bottom), (x, area.bottom + 4), 1)
            canvas.text(label, (x, area.bottom + 14), TICK, CREAM)


def bar_chart(canvas: Canvas, rect, title: str, bars: Sequence[Bar], y_unit: str, x_unit: str,
              legend: Sequence[LegendItem] = (), log: bool = False, values: bool = False,
              stubs: bool = False) -> list[pygame.FRect]:
    """Vertical bars on a y axis with tick values (log: 0, 10, 100...); `stubs`: a zero still shows
    its bar's colour. Returns the bar rectangles."""
    rect = pygame.FRect(rect)
    top = max((bar.value for bar in bars), default=1.0)
    if log:
        ticks = [0.0] + [10.0 ** k for k in range(1, math.ceil(math.log10(max(10.0, top))) + 1)]
    else:
        ticks = nice_ticks(min(0.0, *(bar.value for bar in bars)) if bars else 0.0, max(top, 1.0),
                           whole=all(float(bar.value).is_integer() for bar in bars))
    labels = [short_number(t) for t in ticks]
    area = chart_frame(canvas, rect, title, legend, y_unit, x_unit, labels)
    y = y_axis(canvas, area, ticks, labels, (lambda v: math.log10(1 + max(0.0, v))) if log else float)
    if not bars:
        canvas.text(_("no data yet"), area.center, 20, TEXT_DIM)
        return []
    slot = area.w / len(bars)
    width = max(3.0, min(46.0, slot * 0.7))
    base = y(0.0)
    drawn = []
    for i, bar in enumerate(bars):
        cx = area.x + slot * (i + 0.5)
        end = y(bar.value)
        if stubs and abs(end - base) < 3:
            end = base - 3 if bar.value >= 0 else base + 3
        shape = pygame.FRect(cx - width / 2, min(base, end), width, abs(end - base))
        canvas.box(bar.colour, shape, radius=2)
        drawn.append(shape)
        if values and bar.value and slot >= 30:
            canvas.text(short_number(bar.value), (cx, shape.y - 10), 16, WHITE)
    canvas.line(AXIS, (area.x, base), (area.right, base), 1)
    x_labels(canvas, area, [(area.x + slot * (i + 0.5), bar.label) for i, bar in enumerate(bars)])
    return drawn


def line_chart(canvas: Canvas, rect, title: str, points: Sequence[tuple[float, float]], x_unit: str,
               name: str = N_("Win rate"), colour=RATE,
               even: str = N_("50%: as many won as not")) -> list[tuple[float, float]]:
    """A rate (0..1) after each of `points` (count, rate), with the 50% line; returns the plotted points.
    `title`, `x_unit` are shown as given; `name` and `even` through the catalogue."""
    rect = pygame.FRect(rect)
    ticks = [0.0, 0.25, 0.5, 0.75, 1.0]
    named = _("{name}, now {rate}%", name=_(name), rate=number(round(100 * points[-1][1]))) if points else _(name)
    legend = [(named, colour, "line"), (_(even), AXIS, "dash")]
    area = chart_frame(canvas, rect, title, legend, _("Games won (%)"), x_unit, [percent(100)])
    y = y_axis(canvas, area, ticks, [percent(100 * t) for t in ticks], float)
    dashed(canvas, AXIS, (area.x, y(0.5)), (area.right, y(0.5)))
    last = max((p[0] for p in points), default=1.0)
    span = max(1.0, last - 1)

    def x(count: float) -> float:
        return area.x + 10 + (area.w - 20) * (count - 1) / span if last > 1 else area.centerx

    canvas.line(AXIS, (area.x, area.bottom), (area.right, area.bottom), 1)
    marks = [t for t in nice_ticks(1, last, 5, whole=True) if 1 <= t <= last] or [1.0]
    x_labels(canvas, area, [(x(t), short_number(t)) for t in marks])
    if not points:
        canvas.text(_("no data yet"), area.center, 20, TEXT_DIM)
        return []
    plotted = [(x(count), y(min(1.0, max(0.0, rate)))) for count, rate in points]
    if len(plotted) > 1:
        canvas.polygon(colour, [*plotted, *reversed(plotted)], 3)  # one joined line, no gaps at the corners
    canvas.circle(colour, plotted[-1], 5)
    return plotted
