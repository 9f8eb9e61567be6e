"""The move history of a table: one line per move, the newest on the table, the whole game in a panel."""
from __future__ import annotations

from typing import Any

import pygame

from scenes.base import Scene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, TEXT_DIM, WHITE

MAX_LINES = 2000  # a saved history longer than any real game is cut to its newest lines
MAX_LINE_CHARS = 300
RECENT_SIZE = 17  # text size of the lines shown on the table
PANEL_RECT = (190, 40, 900, 640)
LINE_H, TEXT_SIZE, TOP, BOTTOM = 30, 23, 120, 610
SCROLL_KEYS = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 14, pygame.K_PAGEUP: -14}
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_l, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def lines_from_save(data: Any) -> list[str]:
    """The history kept in a save (none in saves of earlier versions); anything else than a list
    of short texts is dropped, never a reason to lose the game."""
    if not isinstance(data, list) or not all(isinstance(line, str) for line in data):
        return []
    return [line[:MAX_LINE_CHARS] for line in data[-MAX_LINES:]]


def draw_recent(canvas: Canvas, lines: list[str], rect: tuple[float, float, float, float], count: int) -> None:
    """The newest `count` lines in a small panel, newest last and brightest, cut to the panel's width."""
    x, y, w, h = rect
    canvas.box((10, 30, 20, 170), rect, radius=10)
    canvas.text("Moves  (L: all)", (x + 10, y + 6), 15, GOLD, anchor="topleft", bold=True)
    shown = lines[-count:]
    step = (h - 28) / max(1, count)
    for i, line in enumerate(shown):
        newest = i == len(shown) - 1
        text = fit(canvas, line, RECENT_SIZE, w - 20)
        canvas.text(text, (x + 10, y + 26 + i * step), RECENT_SIZE, WHITE if newest else TEXT_DIM, anchor="topleft")


def fit(canvas: Canvas, text: str, size: float, width: float) -> str:
    """The text, cut with an ellipsis if it is wider than `width`."""
    if canvas.text_size(text, size)[0] <= width:
        return text
    while text and canvas.text_size(text + "...", size)[0] > width:
        text = text[:-1]
    return text.rstrip() + "..."


class HistoryScene(Scene):
    """Every move of the game, numbered, newest at the bottom; scrolls with the wheel, arrows, Page
    keys, Home/End or by dragging the bar. Esc, L or a click outside closes it."""

    opaque = False

    def __init__(self, app, title: str, lines: list[str]) -> None:
        super().__init__(app)
        self.title = title
        self.source = lines
        self.rows: list[str] = []
        self.scale = 0.0
        self.count = -1  # how many lines the rows were laid out from
        self.scroll = 0
        self.at_end = True  # follows new moves while it shows the newest
        self.dragging = False

    def visible_count(self) -> int:
        return (BOTTOM - TOP) // LINE_H

    def max_scroll(self) -> int:
        return max(0, len(self.rows) - self.visible_count())

    def scroll_to(self, value: int) -> None:
        self.scroll = max(0, min(value, self.max_scroll()))
        self.at_end = self.scroll == self.max_scroll()

    def bar_rect(self) -> pygame.FRect:
        return pygame.FRect(PANEL_RECT[0] + PANEL_RECT[2] - 34, TOP, 12, BOTTOM - TOP)

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in CLOSE_KEYS:
                self.close()
            elif event.key in SCROLL_KEYS:
                self.scroll_to(self.scroll + SCROLL_KEYS[event.key])
            elif event.key == pygame.K_HOME:
                self.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroll_to(self.max_scroll())
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - 3 * event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.bar_rect().inflate(24, 0).collidepoint(event.pos):
                self.dragging = True
                self.drag_to(event.pos[1])
            elif not pygame.FRect(PANEL_RECT).collidepoint(event.pos):
                self.close()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.drag_to(event.pos[1])

    def drag_to(self, y: float) -> None:
        bar = self.bar_rect()
        self.scroll_to(round((y - bar.top) / bar.height * self.max_scroll()))

    def layout_rows(self, canvas: Canvas) -> None:
        """Number and wrap the lines for this window size (again when the size or history changes)."""
        rows: list[str] = []
        for number, line in enumerate(self.source, 1):
            wrapped = canvas.wrap(line, TEXT_SIZE, PANEL_RECT[2] - 150)
            rows.append(f"{number:>4}.  {wrapped[0]}")
            rows += [f"        {more}" for more in wrapped[1:]]
        self.rows, self.scale, self.count = rows, canvas.scale, len(self.source)
        if self.at_end:
            self.scroll = self.max_scroll()

    def draw(self, canvas: Canvas) -> None:
        if self.scale != canvas.scale or self.count != len(self.source):
            self.layout_rows(canvas)
        canvas.shade(170)
        x, y, w, h = PANEL_RECT
        canvas.box((14, 40, 28), PANEL_RECT, radius=20)
        canvas.box(GOLD, PANEL_RECT, width=2, radius=20)
        canvas.text(f"{self.title}: moves", (x + w / 2, y + 42), 40, GOLD, bold=True, shadow=True)
        if not self.rows:
            canvas.text("No moves yet.", (x + w / 2, TOP + 40), TEXT_SIZE, TEXT_DIM)
        for i, row in enumerate(self.rows[self.scroll:self.scroll + self.visible_count()]):
            canvas.text(row, (x + 40, TOP + i * LINE_H), TEXT_SIZE, CREAM, anchor="topleft")
        if self.max_scroll():
            bar = self.bar_rect()
            canvas.box((255, 255, 255, 40), bar, radius=6)
            share = self.visible_count() / len(self.rows)
            thumb_h = max(30.0, bar.height * share)
            thumb_y = bar.top + (bar.height - thumb_h) * self.scroll / self.max_scroll()
            canvas.box(GOLD, (bar.x, thumb_y, bar.w, thumb_h), radius=6)
            first, last = self.scroll + 1, min(len(self.rows), self.scroll + self.visible_count())
            canvas.text(f"lines {first}-{last} of {len(self.rows)}", (x + w - 40, y + h - 24), 18, TEXT_DIM,
                        anchor="midright")
        canvas.text("Wheel, arrows, Page keys, Home/End scroll  -  L or Esc closes", (x + 40, y + h - 24), 18,
                    TEXT_DIM, anchor="midleft")
