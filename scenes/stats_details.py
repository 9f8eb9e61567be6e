"""The statistics details page of every game without a page of its own: one player's games, wins,
streaks, averages, best and worst results and two charts of the results over time; "Reset
statistics" behind a confirmation. Its charts (axes with tick values, units, a legend) serve War's
page too.

Keys: Left/Right choose the player, Up/Down/Tab move between the player and the buttons, Esc back."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.registry import game_info
from scenes.dialog import Dialog
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM, WHITE
from sprites.widgets import Button, Choice

WIN, LOSS, TIE = (104, 200, 120), (236, 118, 96), (176, 184, 180)
RATE = (120, 210, 255)
AXIS, GRID = (176, 196, 184), (44, 78, 60)  # GRID: a faint line on the panel
TICK = 17  # type size of tick values and axis captions
LegendItem = tuple[str, tuple, str]  # label, colour, "bar" | "line" | "dash"
RECENT = 30  # games in the results chart
SCORE_UNITS = {"sota": "cards left", "kings_corner": "penalty points"}  # any other game: "points"
OUTCOME_COLOURS = {"win": WIN, "loss": LOSS, "draw": TIE}
FIGURES_RECT = (30.0, 146.0, 400.0)  # x, y, width: the height follows the lines
CHART_X, CHART_W, CHART_TOP, CHART_H, CHART_GAP = 450.0, 800.0, 146.0, 228.0, 12.0
ROW_H, HEADING_H, TEXT = 26.0, 31.0, 21

Who = tuple[str, str, str | None]  # name, kind, a computer's level (None if not recorded)


# -- charts --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Bar:
    label: str  # under the bar (shown where there is room)
    value: float
    colour: tuple


def plural(count: int, word: str, many: str = "") -> str:
    """'1 game', '22 games'."""
    return f"{count:,} {word if count == 1 else many or word + 's'}"


def short_number(value: float) -> str:
    """1234 -> '1.2k', 12 -> '12', 2.5 -> '2.5'."""
    if abs(value) >= 10000:
        return f"{value / 1000:.0f}k"
    if abs(value) >= 1000:
        return f"{value / 1000:.1f}k".replace(".0k", "k")
    return f"{value:g}"


def nice_ticks(low: float, high: float, count: int = 4, whole: bool = False) -> list[float]:
    """Round tick values (steps of 1, 2, 2.5 or 5 times a power of ten) covering low..high."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw and not (whole and m == 2.5))
    if whole:
        step = max(1.0, round(step))
    first = math.floor(low / step + 1e-9) * step
    return [round(first + i * step, 9) for i in range(math.ceil((high - first) / step - 1e-9) + 1)]


def dashed(canvas: Canvas, colour, start: tuple[float, float], end: tuple[float, float], dash: float = 6) -> None:
    length = math.dist(start, end)
    steps = max(1, int(length // (dash * 1.7)))
    for i in range(steps):
        a, b = i / steps, min(1.0, (i + 0.6) / steps)
        canvas.line(colour, (start[0] + (end[0] - start[0]) * a, start[1] + (end[1] - start[1]) * a),
                    (start[0] + (end[0] - start[0]) * b, start[1] + (end[1] - start[1]) * b), 2)


def legend_rows(canvas: Canvas, items: Sequence[LegendItem], width: float) -> list[list[LegendItem]]:
    """The legend's items in rows no wider than `width`."""
    rows: list[list[LegendItem]] = [[]]
    for item in items:
        if rows[-1] and legend_width(canvas, [*rows[-1], item]) > width:
            rows.append([])
        rows[-1].append(item)
    return rows


def legend_width(canvas: Canvas, items: Sequence[LegendItem]) -> float:
    return sum(30 + canvas.text_size(label, TICK)[0] for label, _, _ in items) + 16 * max(0, len(items) - 1)


def draw_legend(canvas: Canvas, x: float, y: float, items: Sequence[LegendItem]) -> None:
    """Swatches and labels in a row from (x, middle y)."""
    for label, colour, kind in items:
        if kind == "bar":
            canvas.box(colour, (x, y - 7, 22, 14), radius=3)
        elif kind == "line":
            canvas.line(colour, (x, y), (x + 22, y), 3)
        else:
            dashed(canvas, colour, (x, y), (x + 22, y), 4)
        x = canvas.text(label, (x + 30, y), TICK, CREAM, anchor="midleft").right + 16


def chart_frame(canvas: Canvas, rect: pygame.FRect, title: str, legend: Sequence[LegendItem], y_unit: str,
                x_unit: str, y_labels: Sequence[str]) -> pygame.FRect:
    """The chart's panel, title, legend and axis captions; returns the plotting area."""
    canvas.box(PANEL, rect, radius=14)
    canvas.text(title, (rect.x + 16, rect.y + 20), 21, GOLD, anchor="midleft", bold=True)
    row = rect.y + 46
    caption = canvas.text(y_unit, (rect.x + 16, row), TICK, TEXT_DIM, anchor="midleft")
    if legend:
        if caption.right + 24 + legend_width(canvas, legend) > rect.right - 16:
            row += 22
        for i, items in enumerate(legend_rows(canvas, legend, rect.w - 32)):
            row += 22 * (i > 0)
            draw_legend(canvas, rect.right - 16 - legend_width(canvas, items), row, items)
    left = rect.x + 24 + max((canvas.text_size(label, TICK)[0] for label in y_labels), default=0)
    area = pygame.FRect(left, row + 20, rect.right - 20 - left, rect.bottom - 46 - (row + 20))
    canvas.text(x_unit, (area.centerx, rect.bottom - 14), TICK, TEXT_DIM)
    return area


def y_axis(canvas: Canvas, area: pygame.FRect, ticks: Sequence[float], labels: Sequence[str],
           scale: Callable[[float], float]) -> Callable[[float], float]:
    """Grid lines and tick values at the left; returns value -> logical y."""
    low, high = scale(ticks[0]), scale(ticks[-1])

    def y(value: float) -> float:
        return area.bottom - area.h * (scale(value) - low) / (high - low)

    for tick, label in zip(ticks, labels, strict=True):
        canvas.line(GRID, (area.x, y(tick)), (area.right, y(tick)), 1)
        canvas.line(AXIS, (area.x - 5, y(tick)), (area.x, y(tick)), 1)
        canvas.text(label, (area.x - 8, y(tick)), TICK, CREAM, anchor="midright")
    canvas.line(AXIS, (area.x, area.y), (area.x, area.bottom), 1)
    return y


def x_labels(canvas: Canvas, area: pygame.FRect, marks: Sequence[tuple[float, str]]) -> None:
    """Tick marks and values under the plot; every n-th where they would touch."""
    widest = max((canvas.text_size(label, TICK)[0] for _, label in marks), default=0)
    room = area.w / max(1, len(marks))
    every = max(1, math.ceil((widest + 16) / room)) if room > 0 else 1
    for i, (x, label) in enumerate(marks):
        if i % every == 0:
            canvas.line(AXIS, (x, area.bottom), (x, area.bottom + 4), 1)
            canvas.text(label, (x, area.bottom + 14), TICK, CREAM)


def bar_chart(canvas: Canvas, rect, title: str, bars: Sequence[Bar], y_unit: str, x_unit: str,
              legend: Sequence[LegendItem] = (), log: bool = False, values: bool = False,
              stubs: bool = False) -> list[pygame.FRect]:
    """Vertical bars on a y axis with tick values (log: 0, 10, 100...); `stubs`: a zero still shows
    its bar's colour. Returns the bar rectangles."""
    rect = pygame.FRect(rect)
    top = max((bar.value for bar in bars), default=1.0)
    if log:
        ticks = [0.0] + [10.0 ** k for k in range(1, math.ceil(math.log10(max(10.0, top))) + 1)]
    else:
        ticks = nice_ticks(min(0.0, *(bar.value for bar in bars)) if bars else 0.0, max(top, 1.0),
                           whole=all(float(bar.value).is_integer() for bar in bars))
    labels = [short_number(t) for t in ticks]
    area = chart_frame(canvas, rect, title, legend, y_unit, x_unit, labels)
    y = y_axis(canvas, area, ticks, labels, (lambda v: math.log10(1 + max(0.0, v))) if log else float)
    if not bars:
        canvas.text("no data yet", area.center, 20, TEXT_DIM)
        return []
    slot = area.w / len(bars)
    width = max(3.0, min(46.0, slot * 0.7))
    base = y(0.0)
    drawn = []
    for i, bar in enumerate(bars):
        cx = area.x + slot * (i + 0.5)
        end = y(bar.value)
        if stubs and abs(end - base) < 3:
            end = base - 3 if bar.value >= 0 else base + 3
        shape = pygame.FRect(cx - width / 2, min(base, end), width, abs(end - base))
        canvas.box(bar.colour, shape, radius=2)
        drawn.append(shape)
        if values and bar.value and slot >= 30:
            canvas.text(short_number(bar.value), (cx, shape.y - 10), 16, WHITE)
    canvas.line(AXIS, (area.x, base), (area.right, base), 1)
    x_labels(canvas, area, [(area.x + slot * (i + 0.5), bar.label) for i, bar in enumerate(bars)])
    return drawn


def line_chart(canvas: Canvas, rect, title: str, points: Sequence[tuple[float, float]], x_unit: str,
               name: str = "Win rate", colour=RATE, even: str = "50%: as many won as not") -> list[tuple[float, float]]:
    """A rate (0..1) after each of `points` (count, rate), with the 50% line; returns the plotted points."""
    rect = pygame.FRect(rect)
    ticks = [0.0, 0.25, 0.5, 0.75, 1.0]
    now = f", now {100 * points[-1][1]:.0f}%" if points else ""
    legend = [(name + now, colour, "line"), (even, AXIS, "dash")]
    area = chart_frame(canvas, rect, title, legend, "% of games won", x_unit, ["100%"])
    y = y_axis(canvas, area, ticks, [f"{100 * t:.0f}%" for t in ticks], float)
    dashed(canvas, AXIS, (area.x, y(0.5)), (area.right, y(0.5)))
    last = max((p[0] for p in points), default=1.0)
    span = max(1.0, last - 1)

    def x(count: float) -> float:
        return area.x + 10 + (area.w - 20) * (count - 1) / span if last > 1 else area.centerx

    canvas.line(AXIS, (area.x, area.bottom), (area.right, area.bottom), 1)
    marks = [t for t in nice_ticks(1, last, 5, whole=True) if 1 <= t <= last] or [1.0]
    x_labels(canvas, area, [(x(t), short_number(t)) for t in marks])
    if not points:
        canvas.text("no data yet", area.center, 20, TEXT_DIM)
        return []
    plotted = [(x(count), y(min(1.0, max(0.0, rate)))) for count, rate in points]
    if len(plotted) > 1:
        canvas.polygon(colour, [*plotted, *reversed(plotted)], 3)  # one joined line, no gaps at the corners
    canvas.circle(colour, plotted[-1], 5)
    return plotted


# -- figures -------------------------------------------------------------------------------------
def seat_label(name: str, kind: str, level: str | None) -> str:
    """How a player is named: a computer by its level ("Computer (normal)", "Hafsa, hard computer")."""
    if kind != "computer":
        return name
    if name.casefold() == "computer":
        return f"Computer ({level})" if level else "Computer"
    return f"{name}, {level} computer" if level else f"{name} (computer)"


def streaks(outcomes: Sequence[str]) -> tuple[str | None, int, int, int]:
    """(the newest outcome, how many in a row end the list, the longest run of wins, of losses)."""
    best = {"win": 0, "loss": 0}
    run_of, run = None, 0
    for outcome in outcomes:
        run = run + 1 if outcome == run_of else 1
        run_of = outcome
        if outcome in best:
            best[outcome] = max(best[outcome], run)
    return run_of, run, best["win"], best["loss"]


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game from one player's side."""

    number: int  # 1 = the oldest game of this kind still recorded
    outcome: str  # win, loss or draw (nobody won)
    score: float | None
    rounds: int | None
    hints: int | None


def played_games(results: Sequence[dict], who: Who) -> list[Played]:
    """The games `who` sat in, oldest first (from StatsStore.results)."""
    games = []
    for number, record in enumerate(results, 1):
        seat = next((s for s in record["seats"] if (s["name"], s["kind"], s["level"]) == who), None)
        if seat is None:
            continue
        outcome = "win" if seat["won"] else "loss" if any(s["won"] for s in record["seats"]) else "draw"
        details = record["details"]
        games.append(Played(number, outcome, seat["score"], count_of(details.get("rounds")),
                            count_of(details.get("hints")) if who[1] == "human" else None))
    return games


def count_of(value: object) -> int | None:
    """A recorded count, or None if it is missing or not a sensible count."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10 ** 9 else None


def number(value: float) -> str:
    return f"{value:,.1f}".removesuffix(".0")


def figure_sections(games: Sequence[Played], low_wins: bool, unit: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The figures panel: (heading, [(label, value)]) for one player's games."""
    count = len(games)
    outcomes = [g.outcome for g in games]
    wins, losses, draws = (outcomes.count(k) for k in ("win", "loss", "draw"))
    newest, run, best_wins, worst_losses = streaks(outcomes)
    words = {"win": ("win", "wins"), "loss": ("loss", "losses"), "draw": ("draw", "draws")}
    current = f"{run} {words[newest][run != 1]}" if newest else "-"
    results = [("Games played", f"{count:,}"),
               ("Won / lost" + (" / drawn" if draws else ""),
                " / ".join(f"{n:,}" for n in ((wins, losses, draws) if draws else (wins, losses)))),
               ("Win rate", f"{100 * wins / count:.0f}%")]
    sections = [("Results", results),
                ("Streaks", [("Current streak", current), ("Best winning streak", plural(best_wins, "win")),
                             ("Longest losing streak", plural(worst_losses, "loss", "losses"))])]
    scores = [g.score for g in games if g.score is not None]
    if scores:
        best, worst = (min(scores), max(scores)) if low_wins else (max(scores), min(scores))
        lines = [("Average score", number(sum(scores) / len(scores))), ("Best game", f"{number(best)} {unit}"),
                 ("Worst game", f"{number(worst)} {unit}")]
        per_round = [g.score / g.rounds for g in games if g.score is not None and g.rounds]
        if per_round:
            lines.append(("Average per round", number(sum(per_round) / len(per_round))))
        sections.append(("Scores" + (" (lower is better)" if low_wins else ""), lines))
    rounds = [g.rounds for g in games if g.rounds]
    hints = [g.hints for g in games if g.hints is not None]
    lines = []
    if rounds:
        lines.append(("Rounds per game", f"{number(sum(rounds) / len(rounds))} (most {max(rounds)})"))
    if hints:
        lines.append(("Hints used", f"{sum(hints):,} in {plural(sum(1 for h in hints if h), 'game')}"))
    if lines:
        sections.append(("Games", lines))
    return sections


def running_rate(games: Sequence[Played]) -> list[tuple[float, float]]:
    """The player's win rate after each of their games: (games so far, rate)."""
    points, wins = [], 0
    for i, game in enumerate(games, 1):
        wins += game.outcome == "win"
        points.append((float(i), wins / i))
    return points


def reset_dialog(app, game: str, then: Callable[[], None]) -> Dialog:
    """"Reset statistics?" for one game or all, Cancel focused first; `then` runs after a reset."""
    title = game_info(game).title

    def resetter(which: str | None) -> Callable[[], None]:
        def reset() -> None:
            if app.stats.reset(which):
                app.notify(f"{title} statistics reset." if which else "All statistics reset.")
            then()
        return reset

    dialog = Dialog(app, "Reset statistics?",
                    [f"Delete the {plural(app.stats.count(game), 'finished game')} of {title},",
                     "or the statistics of every game?", "This cannot be undone."],
                    [("Cancel", lambda: None), ("Reset this game", resetter(game)),
                     ("Reset all games", resetter(None))], width=820)
    dialog.group.focus = 0
    return dialog


# -- the page ------------------------------------------------------------------------------------
class StatsDetailsScene(WidgetScene):
    """One game's statistics for one player at a time (the most active person first)."""

    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.game = game
        info = game_info(game)
        self.title, self.low_wins = info.title, info.low_score_wins
        self.unit = SCORE_UNITS.get(game, "points")
        self.player = Choice((400, 88, 480, 46), "Player", ["-"], on_change=lambda _: self.app.request_draw(),
                             size=22)
        self.reset_button = Button((410, 626, 260, 54), "Reset statistics", self.ask_reset, size=26)
        self.buttons = (self.reset_button, Button((690, 626, 180, 54), "Back", self.back, size=26))
        self.group.pointer_takes_focus = True
        self.reload()

    def reload(self) -> None:
        """Read the game's results again (after a reset); keep the shown player if they are still there."""
        shown = self.who if getattr(self, "players", None) else None
        self.results = self.app.stats.results(self.game)
        rows = self.app.stats.player_summary(self.game)
        rows.sort(key=lambda row: row["kind"] != "human")  # people first, then the most games
        self.players: list[Who] = [(row["name"], row["kind"], row["level"]) for row in rows]
        self.player.options = [seat_label(*who) for who in self.players] or ["-"]
        self.player.index = self.players.index(shown) if shown in self.players else 0
        self.player.enabled = len(self.players) > 1
        self.group.widgets = [self.player, *self.buttons] if self.players else list(self.buttons)
        self.group.focus = 0 if self.player.enabled else len(self.group.widgets) - 1
        self.reset_button.enabled = bool(self.players)

    @property
    def who(self) -> Who:
        return self.players[self.player.index]

    def games(self) -> list[Played]:
        return played_games(self.results, self.who) if self.players else []

    # -- reset -------------------------------------------------------------------------------
    def ask_reset(self) -> None:
        self.app.push(reset_dialog(self.app, self.game, self.reload))

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        canvas.text(f"{self.title} statistics", (640, 46), 56, GOLD, bold=True, shadow=True)
        games = self.games()
        if games:
            self.draw_figures(canvas, games)
            self.draw_charts(canvas, games)
        else:
            box = pygame.FRect(340, 240, 600, 150)
            canvas.box(PANEL, box, radius=16)
            canvas.text(f"No finished {self.title} games yet.", (640, box.y + 52), 28, CREAM)
            canvas.text("Play one from the menu: its results, streaks and charts show here.",
                        (640, box.y + 100), 20, TEXT_DIM)
        super().draw(canvas)
        canvas.text("Left/Right: player  -  Up/Down: move  -  Enter: choose  -  Esc: back", (640, 702), 19, TEXT_DIM)

    def draw_figures(self, canvas: Canvas, games: Sequence[Played]) -> None:
        sections = figure_sections(games, self.low_wins, self.unit)
        x, y, w = FIGURES_RECT
        height = 20 + sum(HEADING_H + ROW_H * len(lines) for _, lines in sections)
        canvas.box(PANEL, (x, y, w, height), radius=16)
        y += 10
        for heading, lines in sections:
            canvas.text(heading, (x + 18, y + HEADING_H / 2 + 2), 22, GOLD, anchor="midleft", bold=True)
            y += HEADING_H
            for label, value in lines:
                canvas.text(label, (x + 18, y + ROW_H / 2), TEXT, TEXT_DIM, anchor="midleft")
                canvas.text(value, (x + w - 18, y + ROW_H / 2), TEXT, CREAM, anchor="midright", bold=True)
                y += ROW_H

    def draw_charts(self, canvas: Canvas, games: Sequence[Played]) -> None:
        recent = games[-RECENT:]
        bars = [Bar(str(g.number), g.score or 0.0, OUTCOME_COLOURS[g.outcome]) for g in recent]
        legend = [("Won", WIN, "bar"), ("Lost", LOSS, "bar")]
        if any(g.outcome == "draw" for g in recent):
            legend.append(("No winner", TIE, "bar"))
        unit = self.unit + (", lower is better" if self.low_wins else "")
        bar_chart(canvas, (CHART_X, CHART_TOP, CHART_W, CHART_H),
                  f"Score in the last {plural(len(recent), 'game')}", bars, y_unit=unit, x_unit="game number",
                  legend=legend, stubs=True)
        rate = running_rate(games)
        line_chart(canvas, (CHART_X, CHART_TOP + CHART_H + CHART_GAP, CHART_W, CHART_H),
                   "Win rate over time", rate, x_unit=f"{plural(len(games), 'game')} played, oldest first")
