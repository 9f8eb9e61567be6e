"""The score sheet every game with rounds shows over its table: a grid a game fills with its rows."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from scenes.base import Host
from scenes.widgets_scene import WidgetScene, word_buttons
from sprites.canvas import Canvas
from sprites.theme import (
    BODY_SIZE,
    BUTTON_H,
    CAPTION_SIZE,
    CREAM,
    GOLD,
    HEADING_SIZE,
    PANEL_PAD,
    SPACE,
    TEXT_DIM,
    TITLE_SIZE,
)
from sprites.widgets import button_row, draw_panel, place_row

Colour = tuple[int, int, int]
SHEET_RECT = (40, 20, 1200, 680)  # the largest the sheet grows
MIN_LABEL_W = 110  # the first column: a round number or a seat's name
MIN_COLUMN_W = 90
ROW_H = BODY_SIZE * 1.5  # a row of the sheet: roomier than a line of text


@dataclass(frozen=True, slots=True)
class Cell:
    """One entry of the sheet."""

    text: str
    colour: Colour = CREAM


@dataclass(frozen=True, slots=True)
class Row:
    label: str
    cells: Sequence[Cell]


@dataclass(frozen=True, slots=True)
class Sheet:
    """What the sheet shows: a title, column headings, rows, a total row and a note under them."""

    title: str
    columns: Sequence[str]
    rows: Sequence[Row]
    total: Row | None = None
    note: str = ""
    label_heading: str = ""  # over the first column, e.g. "Round"
    max_rows: int = field(default=10)  # the latest rows are kept when there are more


class ScoreSheet(WidgetScene):
    """Over the dimmed table, a panel as big as its rows. `fill()` is read every frame, so a table
    may count into it live.

    With `auto_seconds`, the first button presses itself after that long (a table of computers)."""

    opaque = False

    def __init__(self, app: Host, fill: Callable[[], Sheet], buttons: Sequence[tuple[str, Callable[[], None]]],
                 auto_seconds: float | None = None, sound: str = "score") -> None:
        super().__init__(app)
        self.fill = fill
        self.auto_seconds = auto_seconds
        self.sound = sound
        bottom = SHEET_RECT[1] + SHEET_RECT[3] - PANEL_PAD - BUTTON_H  # until drawn at the sheet's size
        self.group.widgets = button_row([(label, self._runner(action)) for label, action in buttons], 640, bottom)
        self.messages = [label for label, _action in buttons]  # messages, worded in the current language
        word_buttons(self.group.widgets, self.messages)
        self.group.columns = max(1, len(buttons))
        self.rect = pygame.FRect(SHEET_RECT)

    def relabel(self) -> None:
        word_buttons(self.group.widgets, self.messages)

    def _runner(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()
        return run

    def enter(self) -> None:
        self.app.sounds.play(self.sound)

    def update(self, dt: float) -> None:
        if self.auto_seconds is None or not self.group.widgets:
            return
        self.auto_seconds -= dt
        if self.auto_seconds <= 0:
            self.auto_seconds = None
            first = self.group.widgets[0]
            first.click(first.rect.center)

    def layout(self, canvas: Canvas, sheet: Sheet, rows: Sequence[Row]) -> tuple[float, float]:
        """Size the panel to the sheet and put the buttons at its foot: (label width, column width)."""
        def widest(texts, size: float, bold: bool = False) -> float:
            return max((canvas.text_size(t, size, bold)[0] for t in texts), default=0.0)

        every = [*rows, *([sheet.total] if sheet.total else [])]
        labels = [sheet.label_heading, *(r.label for r in every)]
        label_w = max(MIN_LABEL_W, widest(labels, BODY_SIZE, True) + SPACE * 2)
        columns = max(1, len(sheet.columns))
        cells = [c.text for r in every for c in r.cells]
        col_w = max(MIN_COLUMN_W, widest(sheet.columns, BODY_SIZE, True), widest(cells, HEADING_SIZE, True)) + SPACE * 2
        buttons = sum(b.rect.w + SPACE for b in self.group.widgets) - SPACE
        inner = max(label_w + col_w * columns, widest([sheet.title], TITLE_SIZE, True),
                    widest([sheet.note], CAPTION_SIZE), buttons)
        width = min(SHEET_RECT[2], inner + 2 * PANEL_PAD)
        col_w = (width - 2 * PANEL_PAD - label_w) / columns  # the columns share the panel's width
        body = ROW_H * (1 + len(rows)) + (ROW_H + SPACE if sheet.total else 0)
        note = CAPTION_SIZE + SPACE if sheet.note else 0
        height = SPACE * 3 + TITLE_SIZE + body + SPACE + note + BUTTON_H + PANEL_PAD
        self.rect = pygame.FRect(640 - width / 2, 360 - height / 2, width, height)
        place_row(self.group.widgets, 640, self.rect.bottom - PANEL_PAD - BUTTON_H)
        return label_w, col_w

    def draw(self, canvas: Canvas) -> None:
        sheet = self.fill()
        rows = list(sheet.rows)[-sheet.max_rows:]
        label_w, col_w = self.layout(canvas, sheet, rows)
        x, w = self.rect.x + PANEL_PAD, self.rect.w - 2 * PANEL_PAD
        y = draw_panel(canvas, self.rect, sheet.title) + ROW_H / 2
        canvas.keep_clear(self.rect)  # the notices hang beside the sheet, not over it

        def centre(i: int) -> float:
            return x + label_w + col_w * (i + 0.5)

        canvas.text(sheet.label_heading, (x, y), BODY_SIZE, TEXT_DIM, anchor="midleft")
        for i, heading in enumerate(sheet.columns):
            canvas.text(heading, (centre(i), y), BODY_SIZE, CREAM, bold=True)
        for row in rows:
            y += ROW_H
            canvas.text(row.label, (x, y), BODY_SIZE, TEXT_DIM, anchor="midleft")
            for i, cell in enumerate(row.cells):
                canvas.text(cell.text, (centre(i), y), BODY_SIZE, cell.colour)
        if sheet.total is not None:
            y += ROW_H / 2 + SPACE / 2
            canvas.line(TEXT_DIM, (x, y), (x + w, y), 1)
            y += ROW_H / 2 + SPACE / 2
            canvas.text(sheet.total.label, (x, y), BODY_SIZE, GOLD, anchor="midleft", bold=True)
            for i, cell in enumerate(sheet.total.cells):
                canvas.text(cell.text, (centre(i), y), HEADING_SIZE, cell.colour, bold=True)
        if sheet.note:
            note_y = self.group.widgets[0].rect.y - SPACE - CAPTION_SIZE / 2 if self.group.widgets else y + ROW_H
            canvas.text(sheet.note, (x + w / 2, note_y), CAPTION_SIZE, TEXT_DIM)
        super().draw(canvas)
