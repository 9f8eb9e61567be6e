"""Statistics from the menu: per game, per name: games, wins, best score (the lowest where the
lowest score wins). A game may add a richer page of its own (War)."""
from __future__ import annotations

from game.registry import GAME_NAMES, game_info
from scenes.plugins import game_scenes
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM
from sprites.widgets import Button

ROWS = 11
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
        self.group.widgets = [*tabs, self.more, Button((680, 626, 180, 54), "Back", self.back, size=26)]
        self.group.columns = 1
        self._refresh()

    def _chooser(self, index: int):
        def choose() -> None:
            self.current = index
            self._refresh()
        return choose

    def _refresh(self) -> None:
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
