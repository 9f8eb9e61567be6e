"""A scrolling column of text lines with a scroll bar and its position: the rules pages, the move history."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from lang import _, rtl
from sprites.canvas import Canvas
from sprites.theme import BODY_SIZE, CAPTION_SIZE, CREAM, GOLD, HEADING_SIZE, LINE_SPACING, SPACE, TEXT_DIM

BAR_W = 12  # the scroll bar's width; the text keeps SPACE clear of it
MIN_THUMB = 30
WHEEL_LINES = 3
LINE_KEYS = {pygame.K_DOWN: 1, pygame.K_UP: -1}
PAGE_KEYS = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: -1}


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the column: its text and look, its indent, the space above it, and a marker
    (a bullet or a number) drawn right-aligned in the indent."""

    text: str
    size: float = BODY_SIZE
    colour: tuple[int, int, int] = CREAM
    bold: bool = False
    indent: float = 0.0
    gap: float = 0.0  # space above it, left out when it is the first line shown
    marker: str = ""

    @property
    def height(self) -> float:
        return self.size * LINE_SPACING


def wrap_block(canvas: Canvas, text: str, width: float, size: float = BODY_SIZE, colour=CREAM,
               bold: bool = False, indent: float = 0.0, gap: float = 0.0, marker: str = "") -> list[Line]:
    """One paragraph as lines wrapped to `width` (measured at the canvas's scale); the marker goes
    on its first line, the next lines keep the indent."""
    wrapped = canvas.wrap(text, size, width - indent, bold)
    return [Line(part, size, colour, bold, indent, gap if i == 0 else 0.0, marker if i == 0 else "")
            for i, part in enumerate(wrapped)]


def heading(canvas: Canvas, text: str, width: float) -> list[Line]:
    """A section heading: gold, bold, with room above it."""
    return wrap_block(canvas, text, width, HEADING_SIZE, GOLD, bold=True, gap=SPACE)


class ScrollPanel:
    """Lines in `rect` (logical units, the bar at its right): the wheel, Up/Down, Page Up/Down,
    Home/End and dragging the bar scroll it; `scroll` is the first line shown."""

    def __init__(self, rect) -> None:
        self.rect = pygame.FRect(rect)
        self.lines: list[Line] = []
        self.scroll = 0
        self.dragging = False
        self.grab = 0.0  # where in the thumb the drag took it

    @property
    def text_width(self) -> float:
        """How wide a line may be."""
        return self.rect.w - BAR_W - SPACE

    def set_lines(self, lines: list[Line], at_end: bool = False) -> None:
        self.lines = lines
        self.scroll_to(self.max_scroll() if at_end else self.scroll)

    def _height(self, first: int, last: int) -> float:
        """The height of lines first..last-1 shown from `first`."""
        return sum(line.height + (line.gap if i > first else 0.0)
                   for i, line in enumerate(self.lines[first:last], first))

    def shown_range(self, first: int | None = None) -> tuple[int, int]:
        """The lines that fit from `first` (the scroll by default): (first, end)."""
        first = self.scroll if first is None else first
        end, used = first, 0.0
        while end < len(self.lines):
            line = self.lines[end]
            used += line.height + (line.gap if end > first else 0.0)
            if used > self.rect.h and end > first:
                break
            end += 1
        return first, end

    def max_scroll(self) -> int:
        """The first line shown when the last line is at the bottom."""
        first, used = len(self.lines), 0.0
        while first > 0:
            line = self.lines[first - 1]
            if used + line.height > self.rect.h:
                break
            used += line.height + line.gap
            first -= 1
        return first

    def at_end(self) -> bool:
        return self.scroll >= self.max_scroll()

    def scroll_to(self, value: int) -> None:
        self.scroll = max(0, min(value, self.max_scroll()))

    def page(self) -> int:
        """Lines moved by Page Up/Down: a screenful but one."""
        first, end = self.shown_range()
        return max(1, end - first - 1)

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.Event) -> bool:
        """Scroll on a key, the wheel or the bar; True if the event was used."""
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - WHEEL_LINES * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.scrolls():
            if not self.bar_rect().inflate(SPACE * 2, 0).collidepoint(event.pos):
                return False
            thumb = self.thumb_rect()
            self.dragging = True
            self.grab = event.pos[1] - thumb.y if thumb.top <= event.pos[1] <= thumb.bottom else thumb.h / 2
            self.drag_to(event.pos[1])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.drag_to(event.pos[1])
            return True
        return False

    def _key(self, key: int) -> bool:
        if key in LINE_KEYS:
            self.scroll_to(self.scroll + LINE_KEYS[key])
        elif key in PAGE_KEYS:
            self.scroll_to(self.scroll + PAGE_KEYS[key] * self.page())
        elif key == pygame.K_HOME:
            self.scroll_to(0)
        elif key == pygame.K_END:
            self.scroll_to(self.max_scroll())
        else:
            return False
        return True

    def drag_to(self, y: float) -> None:
        """Put the thumb's grabbed point at `y`."""
        bar, thumb = self.bar_rect(), self.thumb_rect()
        room = bar.h - thumb.h
        share = 0.0 if room <= 0 else (y - self.grab - bar.y) / room
        self.scroll_to(round(share * self.max_scroll()))

    # -- drawing -------------------------------------------------------------------------------
    def scrolls(self) -> bool:
        return self.max_scroll() > 0

    def bar_rect(self) -> pygame.FRect:
        return pygame.FRect(self.rect.right - BAR_W, self.rect.y, BAR_W, self.rect.h)

    def thumb_rect(self) -> pygame.FRect:
        bar = self.bar_rect()
        first, end = self.shown_range()
        height = max(MIN_THUMB, bar.h * (end - first) / max(1, len(self.lines)))
        top = bar.y + (bar.h - height) * self.scroll / max(1, self.max_scroll())
        return pygame.FRect(bar.x, top, BAR_W, height)

    def position(self) -> str:
        """Where the page is: "lines 12-30 of 84"."""
        first, end = self.shown_range()
        return _("lines {first}-{last} of {count}", first=first + 1, last=end, count=len(self.lines))

    def draw(self, canvas: Canvas, empty: str = "") -> None:
        """The lines shown, from the column's left (its right when the interface reads right to left)."""
        x, y = self.rect.x, self.rect.y
        right = rtl()

        def at(dx: float, anchor: str) -> tuple[float, str]:
            if not right:
                return x + dx, anchor
            return x + self.text_width - dx, anchor.replace("left", "RIGHT").replace("right", "left").lower()

        if not self.lines and empty:
            ex, anchor = at(0, "topleft")
            canvas.text(empty, (ex, y), BODY_SIZE, TEXT_DIM, anchor=anchor)
        first, end = self.shown_range()
        for i, line in enumerate(self.lines[first:end], first):
            if i > first:
                y += line.gap
            if line.marker:
                mx, anchor = at(line.indent - SPACE / 2, "topright")
                canvas.text(line.marker, (mx, y), line.size, line.colour, anchor=anchor, bold=line.bold)
            tx, anchor = at(line.indent, "topleft")
            canvas.text(line.text, (tx, y), line.size, line.colour, anchor=anchor, bold=line.bold)
            y += line.height
        if self.scrolls():
            canvas.box((255, 255, 255, 40), self.bar_rect(), radius=BAR_W / 2)
            canvas.box(GOLD, self.thumb_rect(), radius=BAR_W / 2)

    def draw_position(self, canvas: Canvas, pos: tuple[float, float]) -> None:
        """The position, right-aligned at `pos`, when not everything fits."""
        if self.scrolls():
            canvas.text(self.position(), pos, CAPTION_SIZE, TEXT_DIM, anchor="midright")
