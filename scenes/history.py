"""The move history of a table: one line per move, the newest on the table, the whole game in a panel."""
from __future__ import annotations

import pygame

from lang import N_, _
from scenes.base import Host, Scene
from sprites.canvas import Canvas
from sprites.scroll_panel import Line, ScrollPanel, wrap_block
from sprites.theme import BODY_SIZE, CAPTION_SIZE, GOLD, PANEL_PAD, SPACE, TEXT_DIM, TITLE_SIZE, WHITE
from sprites.widgets import draw_panel, fitted

RECENT_SIZES = (17.0, 15.0, 13.0)  # the newest moves' text; a smaller one only when the newest is too long
RECENT_ROW = 20.0  # from one row of the newest moves to the next, at the first size (in proportion at the others)
RECENT_TOP = 26.0  # the first row under the panel's title
RECENT_TITLE = N_("Moves  (L: all)")  # the title of the newest moves, with the key that shows them all
TITLE_TOP, TITLE_PX = 6.0, 15.0  # the title's top in the panel and its size
PANEL_RECT = pygame.FRect(190, 40, 900, 640)
TEXT_SIZE = BODY_SIZE
NUMBER_W = 56  # the move numbers, right-aligned in this indent
FOOTER_H = 56
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_l, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def draw_recent(canvas: Canvas, lines: list[str], rect: tuple[float, float, float, float], count: int) -> None:
    """The newest moves (at most `count`) in a small panel, newest last and brightest. A move's line
    wraps onto as many rows as it needs and is never cut: the older moves give way, and a newest move
    longer than the whole panel is shown in smaller text."""
    x, y, w, h = rect
    canvas.box((10, 30, 20, 170), rect, radius=10)
    start, anchor = canvas.line_start(x + 10, x + w - 10), canvas.start_anchor("topleft")
    title, title_size = fitted(canvas, _(RECENT_TITLE), TITLE_PX, w - 20, bold=True)
    canvas.text(title, (start, y + TITLE_TOP), title_size, GOLD, anchor=anchor, bold=True)
    size, rows = recent_rows(canvas, lines, w - 20, count, h)
    step, top = line_step(canvas, lines[-count:] if count > 0 else [], size), rows_top(canvas)
    for i, (row, newest) in enumerate(rows):
        canvas.text(row, (start, y + top + i * step), size, WHITE if newest else TEXT_DIM, anchor=anchor)


def row_step(size: float) -> float:
    """From one row to the next at this text size."""
    return RECENT_ROW * size / RECENT_SIZES[0]


def line_step(canvas: Canvas, lines: list[str], size: float) -> float:
    """From one row of these lines to the next: `row_step`, or more where the window sets the type taller
    (a small window's smallest type, Arabic letters)."""
    return max([row_step(size)] + [canvas.text_size(line, size)[1] + 1 for line in lines])


def rows_top(canvas: Canvas) -> float:
    """Where the first row starts under the panel's title: RECENT_TOP, or lower under a taller title."""
    return max(RECENT_TOP, TITLE_TOP + canvas.text_size(_(RECENT_TITLE), TITLE_PX, bold=True)[1] + 1)


def rows_in(height: float, size: float = RECENT_SIZES[0], step: float | None = None, top: float = RECENT_TOP) -> int:
    """How many rows of moves a panel of this height holds under its title at this text size (rows `step`
    apart, the first at `top`)."""
    return max(1, int((height - top - 2) // (step or row_step(size))))


def recent_rows(canvas: Canvas, lines: list[str], width: float, count: int,
                height: float) -> tuple[float, list[tuple[str, bool]]]:
    """The text size and the rows the newest moves take in a panel of this height, oldest first, each
    with whether it belongs to the newest move: every move whole, the newest first, while rows are
    left; the largest size at which the newest move fits."""
    recent = lines[-count:] if count > 0 else []
    top = rows_top(canvas)

    def room(size: float) -> int:
        return rows_in(height, size, line_step(canvas, recent, size), top)
    size = next((size for size in RECENT_SIZES
                 if len(wrap_words(canvas, recent[-1] if recent else "", size, width)) <= room(size)),
                RECENT_SIZES[-1])
    rows = room(size)
    taken: list[list[str]] = []
    for line in reversed(recent):
        wrapped = wrap_words(canvas, line, size, width)
        if sum(map(len, taken)) + len(wrapped) > rows:
            if taken:
                break
            wrapped = wrapped[:rows]  # longer than the panel even in its smallest text: L shows it all
        taken.append(wrapped)
    return size, [(row, i == 0) for i, move in reversed(list(enumerate(taken))) for row in move]


def wrap_words(canvas: Canvas, text: str, size: float, width: float) -> list[str]:
    """The text's rows at `width`; a word wider than a row (a long name) is broken across rows."""
    rows: list[str] = []
    for row in canvas.wrap(text, size, width):
        while canvas.text_size(row, size)[0] > width and len(row) > 1:
            cut = max(1, len(canvas.fit(row, size, width, mark="")))
            rows.append(row[:cut])
            row = row[cut:].lstrip()
        rows.append(row)
    return rows


class HistoryScene(Scene):
    """Every move of the game, numbered, newest at the bottom; scrolls with the wheel, arrows, Page
    keys, Home/End or by dragging the bar. Esc, L or a click outside closes it."""

    opaque = False

    def __init__(self, app: Host, title: str, lines: list[str]) -> None:
        super().__init__(app)
        self.title = title
        self.source = lines
        x, y, w, h = PANEL_RECT
        body_top = y + SPACE * 3 + TITLE_SIZE
        self.panel = ScrollPanel((x + PANEL_PAD, body_top, w - 2 * PANEL_PAD, y + h - FOOTER_H - body_top))
        self.rect = PANEL_RECT
        self.scale = 0.0
        self.count = -1  # how many lines the rows were laid out from

    @property
    def scroll(self) -> int:
        return self.panel.scroll

    def max_scroll(self) -> int:
        return self.panel.max_scroll()

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS:
            self.close()
        elif self.panel.handle_event(event):
            return
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
              and not PANEL_RECT.collidepoint(event.pos)):
            self.close()

    def layout_rows(self, canvas: Canvas) -> None:
        """Number and wrap the lines for this window size (again when the size or history changes);
        it follows new moves while it shows the newest."""
        follow = self.count < 0 or self.panel.at_end()
        rows: list[Line] = []
        for number, line in enumerate(self.source, 1):
            rows += wrap_block(canvas, line, self.panel.text_width, TEXT_SIZE, indent=NUMBER_W, marker=f"{number}.")
        self.scale, self.count = canvas.scale, len(self.source)
        self.panel.set_lines(rows, at_end=follow)

    def relabel(self) -> None:
        self.scale = 0.0  # the lines are worded again: laid out anew

    def draw(self, canvas: Canvas) -> None:
        if self.scale != canvas.scale or self.count != len(self.source):
            self.layout_rows(canvas)
        x, y, w, h = PANEL_RECT
        title, _size = fitted(canvas, _("{game}: moves", game=_(self.title)), TITLE_SIZE, w - 2 * PANEL_PAD, bold=True)
        draw_panel(canvas, PANEL_RECT, title)
        self.panel.draw(canvas, empty=_("No moves yet."))
        footer_y = y + h - FOOTER_H / 2
        left, right = x + PANEL_PAD, x + w - PANEL_PAD  # the keys, then the position at the right
        keys_end = right - (canvas.text_size(self.panel.position(), CAPTION_SIZE)[0] + SPACE
                            if self.panel.scrolls() else 0)
        keys, size = fitted(canvas, _("Wheel, arrows, Page keys, Home/End  -  L or Esc closes"), CAPTION_SIZE,
                            keys_end - left)
        canvas.text(keys, (canvas.line_start(left, keys_end), footer_y), size, TEXT_DIM,
                    anchor=canvas.start_anchor("midleft"))
        self.panel.draw_position(canvas, (right, footer_y))
