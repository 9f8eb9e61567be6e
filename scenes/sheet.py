"""The score sheet every game with rounds shows over its table: a grid a game fills with its rows."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM
from sprites.widgets import Button

Colour = tuple[int, int, int]
SHEET_RECT = (90, 60, 1100, 600)
BUTTON_W, BUTTON_H = 230, 56
LABEL_W = 150  # the first column: a round number or a seat's name


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
    """Over the dimmed table. `fill()` is read every frame, so a table may count into it live.

    With `auto_seconds`, the first button presses itself after that long (a table of computers)."""

    opaque = False

    def __init__(self, app, fill: Callable[[], Sheet], buttons: Sequence[tuple[str, Callable[[], None]]],
                 auto_seconds: float | None = None, sound: str = "score") -> None:
        super().__init__(app)
        self.fill = fill
        self.auto_seconds = auto_seconds
        self.sound = sound
        x, y, w, h = SHEET_RECT
        total = len(buttons) * BUTTON_W + (len(buttons) - 1) * 20
        left = x + w / 2 - total / 2
        self.group.widgets = [Button((left + i * (BUTTON_W + 20), y + h - BUTTON_H - 20, BUTTON_W, BUTTON_H),
                                     label, self._runner(action), size=28)
                              for i, (label, action) in enumerate(buttons)]
        self.group.columns = max(1, len(buttons))

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
            self.group.widgets[0].on_click()

    def draw(self, canvas: Canvas) -> None:
        sheet = self.fill()
        canvas.shade(150)
        x, y, w, h = SHEET_RECT
        canvas.box(PANEL, SHEET_RECT, radius=18)
        canvas.box(GOLD, SHEET_RECT, width=2, radius=18)
        canvas.text(sheet.title, (x + w / 2, y + 38), 40, GOLD, bold=True, shadow=True)
        columns = max(1, len(sheet.columns))
        col_w = (w - LABEL_W - 40) / columns
        header_y = y + 92

        def centre(i: int) -> float:
            return x + LABEL_W + 10 + col_w * (i + 0.5)

        canvas.text(sheet.label_heading, (x + 30, header_y), 22, TEXT_DIM, anchor="midleft")
        for i, heading in enumerate(sheet.columns):
            canvas.text(heading[:14], (centre(i), header_y), 22, CREAM, bold=True)
        rows = list(sheet.rows)[-sheet.max_rows:]
        row_h = min(34, (h - 250) / max(1, len(rows) + 1))
        for r, row in enumerate(rows):
            row_y = header_y + 34 + r * row_h
            canvas.text(row.label, (x + 30, row_y), 22, TEXT_DIM, anchor="midleft")
            for i, cell in enumerate(row.cells):
                canvas.text(cell.text, (centre(i), row_y), 22, cell.colour)
        if sheet.total is not None:
            total_y = header_y + 34 + len(rows) * row_h + 12
            canvas.line(TEXT_DIM, (x + 24, total_y - 16), (x + w - 24, total_y - 16), 1)
            canvas.text(sheet.total.label, (x + 30, total_y + 4), 24, GOLD, anchor="midleft", bold=True)
            for i, cell in enumerate(sheet.total.cells):
                canvas.text(cell.text, (centre(i), total_y + 4), 26, cell.colour, bold=True)
        if sheet.note:
            canvas.text(sheet.note, (x + w / 2, y + h - BUTTON_H - 42), 20, TEXT_DIM)
        super().draw(canvas)
