"""Batch simulation from the War menu: games without animation, a progress bar, a cancel button."""
from __future__ import annotations

import time

from game.war.sim import BatchSimulation
from lang import _, n_, rtl
from scenes.base import Host
from scenes.war.stats import WarStatsScene, option_facts
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM, WHITE
from sprites.widgets import Button

FRAME_BUDGET = 0.012  # seconds of simulation per frame: the window stays responsive
CURVE_POINTS = 100  # the win-rate chart gets about this many points
BAR_RECT = (240.0, 330.0, 800.0, 44.0)


class WarBatchScene(WidgetScene):
    """Runs `games` games a slice per frame; then shows their statistics (also when cancelled)."""

    def __init__(self, app: Host, games: int, seed: int, options: dict) -> None:
        super().__init__(app)
        self.batch = BatchSimulation(games, seed, **options)
        self.curve: list[tuple[float, float]] = []
        self.every = max(1, games // CURVE_POINTS)
        self.elapsed = 0.0
        self.shown_result = False
        self.group.widgets = [Button((540, 460, 200, 58), _("Cancel"), self.cancel, size=28)]

    def relabel(self) -> None:
        self.group.widgets[0].label = _("Cancel")  # type: ignore[attr-defined]

    def cancel(self) -> None:
        """Stop after the game being played; the games done so far are shown."""
        self.batch.cancel()

    def back(self) -> None:
        self.app.sounds.play("button")
        self.cancel()

    def update(self, dt: float) -> None:
        if self.batch.finished:
            self.show_result()
            return
        start = time.perf_counter()
        while not self.batch.finished and time.perf_counter() - start < FRAME_BUDGET:
            self.batch.run(1)
            if self.batch.done % self.every == 0 or self.batch.finished:
                wins = self.batch.summary.outcomes["win"]
                self.curve.append((float(self.batch.done), wins / max(1, self.batch.done)))
        self.elapsed += time.perf_counter() - start
        if self.batch.finished:  # at once: the frames stop being asked for once it is finished
            self.show_result()

    def next_frame(self) -> float | None:
        """Every frame while games are played: the bar and the counts move without any input."""
        return 0.0 if not self.batch.finished else None

    def show_result(self) -> None:
        if self.shown_result:
            return
        self.shown_result = True
        result = self.batch.result()
        result["seconds"] = self.elapsed
        self.app.sounds.play("score")
        self.app.replace(WarStatsScene(self.app, batch=result, curve=self.curve))

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        batch = self.batch
        canvas.box(PANEL, (200, 180, 880, 370), radius=20)
        canvas.text(n_("Simulating {games} game of War", "Simulating {games} games of War", batch.games,
                       games=format(batch.games, ",")), (640, 230), 46, GOLD, bold=True, shadow=True)
        options = batch.options
        facts = option_facts({"variant": options.variant, "ace": options.ace, "pickup": options.pickup,
                              "deck": options.deck}, batch.seed)
        draw_facts(canvas, facts, (640, 276), 820, 22)
        x, y, w, h = BAR_RECT
        canvas.box((0, 0, 0, 160), BAR_RECT, radius=10)
        fraction = batch.done / batch.games if batch.games else 1.0
        if fraction > 0:
            canvas.box(GOLD, (x, y, max(8.0, w * fraction), h), radius=10)
        canvas.text(f"{batch.done:,} / {batch.games:,}  ({100 * fraction:.0f}%)", (640, y + h / 2),
                    24, WHITE, bold=True, shadow=True)
        rate = batch.done / self.elapsed if self.elapsed > 0 else 0.0
        canvas.text(_("{rate} games per second - no animation", rate=format(rate, ",.0f")), (640, 410), 22, CREAM)
        super().draw(canvas)
        canvas.text(_("Esc or Cancel stops and shows the games played so far"), (640, 560), 19, TEXT_DIM)


def draw_facts(canvas: Canvas, facts: list[str], centre: tuple[float, float], width: float, size: float) -> None:
    """The facts side by side in rows as wide as `width`, each row centred, the first row's centre at
    `centre` (in the reading direction: right to left in Arabic); each fact is drawn whole."""
    gap = size
    rows: list[list[tuple[str, float]]] = [[]]
    used = 0.0
    for fact in facts:
        fact_w = min(width, canvas.text_size(fact, size)[0])
        if rows[-1] and used + gap + fact_w > width:
            rows.append([])
            used = 0.0
        used += (gap if rows[-1] else 0.0) + fact_w
        rows[-1].append((canvas.fit(fact, size, width), fact_w))
    for i, row in enumerate(rows):
        total = sum(w for _fact, w in row) + gap * (len(row) - 1)
        x = centre[0] - total / 2
        for fact, fact_w in (reversed(row) if rtl() else row):
            canvas.text(fact, (x, centre[1] + i * (size + 8)), size, TEXT_DIM, anchor="midleft")
            x += fact_w + gap
