"""Statistics from the menu: per game, per name: games, wins, best score (the lowest where the
lowest score wins). A game may add a richer page of its own (War).

Keys: Left/Right change the game tab (or move between the buttons under the table), Up/Down go
between the row of tabs and the row of buttons; Tab walks through everything."""
from __future__ import annotations

import pygame

from game.registry import GAME_NAMES, game_info
from scenes.plugins import game_scenes
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM
from sprites.widgets import Button

ROWS = 11
SHOWN_TAB = (44, 112, 80)  # the tab whose game the table shows
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
COLUMNS = ((200, "Name"), (560, "Games"), (700, "Wins"), (840, "Win rate"), (1000, "Best score"))


class StatsScene(WidgetScene):
    """One tab per game; a game may add a richer statistics page of its own."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.names = list(GAME_NAMES)
        self.current = 0
        count = max(1, len(self.names))
        width = min(200, 1000 / count)
        tabs = [Button((640 - count * width / 2 + i * width + 4, 110, width - 8, 50), game_info(n).title,
                       self._chooser(i), size=24) for i, n in enumerate(self.names)]
        self.more = Button((420, 626, 240, 54), "More details", self.open_details, size=26)
        self.tabs = tabs
        self.group.widgets = [*tabs, self.more, Button((680, 626, 180, 54), "Back", self.back, size=26)]
        self.group.columns = 1
        self.group.pointer_takes_focus = True  # one highlight: the pointer moves the focus
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
            step = 1 if key == pygame.K_RIGHT else -1
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
        self.low_wins = bool(name) and game_info(name).low_score_wins
        self.more.enabled = bool(name) and game_scenes(name).stats is not None

    def open_details(self) -> None:
        page = game_scenes(self.names[self.current]).stats
        if page is not None:
            self.app.push(page(self.app))

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        canvas.text("Statistics", (640, 60), 60, GOLD, bold=True, shadow=True)
        canvas.box(PANEL, (160, 180, 960, 430), radius=16)
        for x, label in COLUMNS:
            canvas.text(label, (x, 210), 26, GOLD, anchor="midleft", bold=True)
        if not self.rows:
            canvas.text("No finished games yet.", (640, 380), 30, TEXT_DIM)
        for i, row in enumerate(self.rows[:ROWS]):
            y = 250 + i * 32
            who = row["name"] + ("" if row["kind"] == "human" else " (computer)")
            rate = f"{100 * row['wins'] / row['games']:.0f}%" if row["games"] else "-"
            score = row["lowest"] if self.low_wins else row["best"]
            best = "-" if score is None else f"{score:g}"
            for (x, _), value in zip(COLUMNS, (who, row["games"], row["wins"], rate, best), strict=True):
                canvas.text(str(value), (x, y), 24, CREAM, anchor="midleft")
        super().draw(canvas)
        if self.tabs:
            shown = self.tabs[self.current].rect
            canvas.box(GOLD, (shown.x + 12, shown.bottom + 5, shown.w - 24, 4), radius=2)
        canvas.text("Left/Right: game  -  Up/Down: tabs or buttons  -  Enter opens  -  Esc: back", (640, 702), 19,
                    TEXT_DIM)
