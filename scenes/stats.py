"""Statistics from the menu: per game, per player: games, wins, draws (ties are never wins), win
rate, best score (the lowest where the lowest score wins), headed by what it counts ("Fewest cards
left"). "More details" opens the game's own page (War) or the shared one.

Keys: Left/Right change the game tab (or move between the buttons under the table), Up/Down go
between the row of tabs and the row of buttons; Tab walks through everything."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.registry import game_info
from lang import N_, _, number, percent, rtl
from scenes.base import Host
from scenes.plugins import game_scenes, playable_games
from scenes.stats_details import StatsDetailsScene, draw_skipped, reset_dialog, seat_label
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM
from sprites.widgets import Button, mirrored, reading_step

ROWS = 11
ROW_H = 32
SHOWN_TAB = (44, 112, 80)  # the tab whose game the table shows
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
# then the best score, said as what it counts
HEADINGS = (N_("Player"), N_("Games"), N_("Wins"), N_("Draws"), N_("Win rate"))
PANEL_X, PANEL_W, PANEL_Y = 160, 960, 180


class StatsScene(WidgetScene):
    """One tab per game; a game may add a richer statistics page of its own."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.names = list(playable_games())
        self.current = 0
        self.build()
        self.group.columns = 1
        self.group.pointer_takes_focus = True  # one highlight: the pointer moves the focus
        self._refresh()

    def build(self) -> None:
        """The tabs and buttons, worded in the current language."""
        count = max(1, len(self.names))
        width = min(200, 1000 / count)
        self.tabs = [Button((640 - count * width / 2 + i * width + 4, 110, width - 8, 50), _(game_info(n).title),
                            self._chooser(i), size=24) for i, n in enumerate(self.names)]
        self.more = Button((280, 626, 240, 54), _("More details"), self.open_details, size=26)
        self.reset = Button((540, 626, 260, 54), _("Reset statistics"), self.ask_reset, size=26)
        back = Button((820, 626, 180, 54), _("Back"), self.back, size=26)
        self.group.widgets = [*self.tabs, self.more, self.reset, back]
        if rtl():  # the tabs and buttons read from the right
            for widget in self.group.widgets:
                widget.rect.x = 1280 - widget.rect.right

    def relabel(self) -> None:
        focus = self.group.focus
        self.build()
        self.group.focus = focus
        self._refresh()

    def _chooser(self, index: int):
        def choose() -> None:
            self.current = index
            self._refresh()
        return choose

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in ARROWS:
            self.group.drop_hover()
            self.arrow(event.key)
            self.app.sounds.play("tick")
            return
        super().handle_event(event)

    def arrow(self, key: int) -> None:
        """Left/Right: the next game's tab (shown at once) or the next button; Up/Down: the other row."""
        count = len(self.tabs)
        on_tabs = self.group.focus < count
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = reading_step(key)
            if on_tabs:
                self.group.focus = (self.group.focus + step) % count
                self.tabs[self.group.focus].on_click()
            else:
                buttons = [i for i in range(count, len(self.group.widgets)) if self.group.widgets[i].enabled]
                at = buttons.index(self.group.focus) if self.group.focus in buttons else 0
                self.group.focus = buttons[(at + step) % len(buttons)]
        elif key == pygame.K_DOWN and on_tabs:
            self.group.focus = count if self.more.enabled else count + 1
        elif key == pygame.K_UP and not on_tabs and count:
            self.group.focus = self.current

    def _refresh(self) -> None:
        for index, tab in enumerate(self.tabs):
            tab.accent = SHOWN_TAB if index == self.current else None
        name = self.names[self.current] if self.names else None
        self.rows = self.app.stats.player_summary(name) if name else []
        info = game_info(name) if name is not None else None
        self.low_wins = info is not None and info.low_score_wins
        self.best_heading = _(info.score.best) if info else _("Best score")
        self.more.enabled = bool(name)
        self.reset.enabled = bool(self.rows)
        if not self.group.widgets[self.group.focus].enabled:
            self.group.focus = len(self.group.widgets) - 1  # Back

    def reveal(self) -> None:
        self._refresh()  # a details page may have reset the statistics

    def open_details(self) -> None:
        """The game's own page (War), else the shared details page."""
        name = self.names[self.current]
        page = game_scenes(name).stats
        self.app.push(page(self.app) if page is not None else StatsDetailsScene(self.app, name))

    def ask_reset(self) -> None:
        self.app.push(reset_dialog(self.app, self.names[self.current], self._refresh))

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        canvas.text(_("Statistics"), (640, 60), 60, GOLD, bold=True, shadow=True)
        self.draw_table(canvas)
        if self.names:
            draw_skipped(canvas, self.app.stats.skipped.get(self.names[self.current], 0), 606)
        super().draw(canvas)
        if self.tabs:
            shown = self.tabs[self.current].rect
            canvas.box(GOLD, (shown.x + 12, shown.bottom + 5, shown.w - 24, 4), radius=2)
        canvas.text(_("Left/Right: game  -  Up/Down: tabs or buttons  -  Enter opens  -  Esc: back"), (640, 702), 19,
                    TEXT_DIM)

    def table_rows(self) -> list[tuple[str, ...]]:
        """One line of text per player (at most ROWS)."""
        lines: list[tuple[str, ...]] = []
        for row in self.rows[:ROWS]:
            rate = percent(100 * row["wins"] / row["games"]) if row["games"] else "-"
            score = row["lowest"] if self.low_wins else row["best"]
            lines.append((seat_label(row["name"], row["kind"], row["level"]), number(row["games"]), number(row["wins"]),
                          number(row["draws"]), rate, "-" if score is None else number(score, 2)))
        return lines

    def draw_table(self, canvas: Canvas) -> None:
        """The players' table in a panel only as tall as its rows; columns from the measured text."""
        lines = self.table_rows()
        if not lines:
            canvas.box(PANEL, (PANEL_X + 180, PANEL_Y + 40, PANEL_W - 360, 120), radius=16)
            canvas.text(_("No finished games yet."), (640, PANEL_Y + 100), 28, TEXT_DIM)
            return
        height = 64 + ROW_H * len(lines) + 12
        canvas.box(PANEL, (PANEL_X, PANEL_Y, PANEL_W, height), radius=16)
        headings = (*(_(h) for h in HEADINGS), self.best_heading)
        first = PANEL_X + 40
        rights = column_rights(canvas, headings, lines, first, PANEL_W - 80)
        panel = pygame.FRect(PANEL_X, PANEL_Y, PANEL_W, height)  # in right to left the columns read from its right
        for y, row, colour, bold in [(PANEL_Y + 32, headings, GOLD, True)] + [
                (PANEL_Y + 64 + ROW_H * (i + 0.5), line, CREAM, False) for i, line in enumerate(lines)]:
            x, anchor = mirrored(panel, first, "midleft")
            canvas.text(row[0], (x, y), 24, colour, anchor=anchor, bold=bold)
            for right, value in zip(rights, row[1:], strict=True):
                x, anchor = mirrored(panel, right, "midright")
                canvas.text(value, (x, y), 24, colour, anchor=anchor, bold=bold)


def column_rights(canvas: Canvas, headings: Sequence[str], lines: list[tuple[str, ...]], left: float,
                  width: float) -> list[float]:
    """The right edges of the number columns after the name column (size 24, headings bold, from
    `left` across `width`): each as wide as its widest text, the room left shared evenly between them."""
    widths = [max([canvas.text_size(heading, 24, bold=True)[0]] + [canvas.text_size(line[i], 24)[0] for line in lines])
              for i, heading in enumerate(headings)]
    gap = (width - sum(widths)) / (len(widths) - 1)
    rights, x = [], left + widths[0]
    for column_w in widths[1:]:
        x += gap + column_w
        rights.append(x)
    return rights

