"""The move history of a table: one line per move, the newest on the table, the whole game in a panel."""
from __future__ import annotations

import pygame

from scenes.base import Host, Scene
from sprites.canvas import Canvas
from sprites.scroll_panel import Line, ScrollPanel, wrap_block
from sprites.theme import BODY_SIZE, CAPTION_SIZE, GOLD, PANEL_PAD, SPACE, TEXT_DIM, TITLE_SIZE, WHITE
from sprites.widgets import draw_panel

RECENT_SIZE = 17  # text size of the lines shown on the table
RECENT_ROW = 20.0  # from one row of the newest moves to the next
PANEL_RECT = pygame.FRect(190, 40, 900, 640)
TEXT_SIZE = BODY_SIZE
NUMBER_W = 56  # the move numbers, right-aligned in this indent
FOOTER_H = 56
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_l, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def draw_recent(canvas: Canvas, lines: list[str], rect: tuple[float, float, float, float], count: int) -> None:
    """The newest moves (at most `count`) in a small panel, newest last and brightest; a move's line
    wraps onto a second row rather than losing its end, and only a line longer than two rows is cut.
    The panel holds as many rows as its height allows."""
    x, y, w, h = rect
    canvas.box((10, 30, 20, 170), rect, radius=10)
    canvas.text("Moves  (L: all)", (x + 10, y + 6), 15, GOLD, anchor="topleft", bold=True)
    for i, (row, newest) in enumerate(recent_rows(canvas, lines, w - 20, count, rows_in(h))):
        canvas.text(row, (x + 10, y + 26 + i * RECENT_ROW), RECENT_SIZE, WHITE if newest else TEXT_DIM,
                    anchor="topleft")


def rows_in(height: float) -> int:
    """How many rows of moves a panel of this height holds under its title."""
    return max(1, int((height - 28) // RECENT_ROW))


def recent_rows(canvas: Canvas, lines: list[str], width: float, count: int, rows: int) -> list[tuple[str, bool]]:
    """The rows the newest moves take, oldest first, each with whether it belongs to the newest
    move: every move gets up to two rows, the newest moves first, while rows are left."""
    taken: list[list[str]] = []
    for line in reversed(lines[-count:]):
        wrapped = canvas.wrap(line, RECENT_SIZE, width)
        if len(wrapped) > 2:
            wrapped = [wrapped[0], fit(canvas, " ".join(wrapped[1:]), RECENT_SIZE, width)]
        if sum(map(len, taken)) + len(wrapped) > rows:
            if taken:
                break
            wrapped = wrapped[:rows]
        taken.append(wrapped)
    return [(row, i == 0) for i, move in reversed(list(enumerate(taken))) for row in move]


def fit(canvas: Canvas, text: str, size: float, width: float) -> str:
    """The text, cut with an ellipsis if it is wider than `width`."""
    return canvas.fit(text, size, width)


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

    def draw(self, canvas: Canvas) -> None:
        if self.scale != canvas.scale or self.count != len(self.source):
            self.layout_rows(canvas)
        x, y, w, h = PANEL_RECT
        draw_panel(canvas, PANEL_RECT, f"{self.title}: moves")
        self.panel.draw(canvas, empty="No moves yet.")
        footer_y = y + h - FOOTER_H / 2
        canvas.text("Wheel, arrows, Page keys, Home/End  -  L or Esc closes", (x + PANEL_PAD, footer_y),
                    CAPTION_SIZE, TEXT_DIM, anchor="midleft")
        self.panel.draw_position(canvas, (x + w - PANEL_PAD, footer_y))
