"""The statistics details page of every game without a page of its own: one player's games, wins,
streaks, averages, best and worst results and two charts of the results over time; "Reset
statistics" behind a confirmation. The figures' helpers (streaks, the win-rate curve, the reset
dialog) serve War's page too; the charts are scenes/stats_charts.py.

Keys: Left/Right choose the player, Up/Down/Tab move between the player and the buttons, Esc back."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.registry import game_info
from game.words import amount, computer_name, plural
from scenes.base import Host
from scenes.dialog import Dialog
from scenes.stats_charts import Bar, bar_chart, line_chart
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM
from sprites.widgets import Button, Choice
from storage.stats_reading import Figures, Who

WIN, LOSS, TIE = (104, 200, 120), (236, 118, 96), (176, 184, 180)
OUTCOME_COLOURS = {"win": WIN, "loss": LOSS, "draw": TIE}
OUTCOME_WORDS = {"win": ("win", "wins"), "loss": ("loss", "losses"), "draw": ("draw", "draws")}
FIGURES_RECT = (30.0, 146.0, 400.0)  # x, y, width: the height follows the lines
CHART_X, CHART_W, CHART_TOP, CHART_H, CHART_GAP = 450.0, 800.0, 146.0, 228.0, 12.0
ROW_H, HEADING_H, TEXT = 26.0, 31.0, 21


# -- figures -------------------------------------------------------------------------------------
def seat_label(name: str, kind: str, level: str | None) -> str:
    """How a player is named: a computer by its level ("Computer (normal)", "Hafsa (hard computer)")."""
    return computer_name(name, level) if kind == "computer" else name


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


def run_text(outcome: str | None, count: int) -> str:
    """'1 win', '3 losses', '2 draws'; '-' without an outcome."""
    words = OUTCOME_WORDS.get(outcome or "")
    return plural(count, *words) if words else "-"


def win_rate_curve(outcomes: Sequence[str]) -> list[tuple[float, float]]:
    """The win rate after each game, oldest first: (games so far, rate)."""
    points, wins = [], 0
    for i, outcome in enumerate(outcomes, 1):
        wins += outcome == "win"
        points.append((float(i), wins / i))
    return points


def number(value: float) -> str:
    return f"{value:,.1f}".removesuffix(".0")


def figure_sections(figures: Figures, low_wins: bool, unit: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The figures panel: (heading, [(label, value)]) for one player's games."""
    f = figures
    results = [("Games played", f"{f.games:,}"),
               ("Won / lost" + (" / drawn" if f.draws else ""),
                " / ".join(f"{n:,}" for n in ((f.wins, f.losses, f.draws) if f.draws else (f.wins, f.losses)))),
               ("Win rate", f"{100 * f.wins / f.games:.0f}%")]
    sections = [("Results", results),
                ("Streaks", [("Current streak", run_text(f.newest, f.run)),
                             ("Best winning streak", run_text("win", f.best_wins)),
                             ("Longest losing streak", run_text("loss", f.worst_losses))])]
    if f.average_score is not None and f.lowest_score is not None and f.highest_score is not None:
        best, worst = (f.lowest_score, f.highest_score) if low_wins else (f.highest_score, f.lowest_score)
        lines = [("Average score", number(f.average_score)), ("Best game", amount(best, unit, number(best))),
                 ("Worst game", amount(worst, unit, number(worst)))]
        if f.per_round is not None:
            lines.append(("Average per round", number(f.per_round)))
        sections.append(("Scores" + (" (lower is better)" if low_wins else ""), lines))
    lines = []
    if f.average_rounds is not None:
        lines.append(("Rounds per game", f"{number(f.average_rounds)} (most {f.most_rounds})"))
    if f.hints is not None:
        lines.append(("Hints used", f"{f.hints:,} in {plural(f.hinted_games, 'game')}"))
    if lines:
        sections.append(("Games", lines))
    return sections


def skipped_sentence(count: int) -> str:
    """The one sentence telling that damaged rows of the statistics are left out ("" if none)."""
    if not count:
        return ""
    return f"{plural(count, 'recorded game')} could not be read (damaged) and {'is' if count == 1 else 'are'} left out."


def draw_skipped(canvas: Canvas, count: int, y: float) -> None:
    """`skipped_sentence` in small print, centred at height `y`."""
    if count:
        canvas.text(skipped_sentence(count), (640, y), 18, TEXT_DIM)


def last_games_title(count: int) -> str:
    """The results chart's title: "Score in the last 12 games", "Score in the last game"."""
    return "Score in the last game" if count == 1 else f"Score in the last {count:,} games"


def reset_dialog(app: Host, game: str, then: Callable[[], None]) -> Dialog:
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

    def __init__(self, app: Host, game: str) -> None:
        super().__init__(app)
        self.game = game
        info = game_info(game)
        self.title, self.low_wins = info.title, info.low_score_wins
        self.unit = info.score_unit
        self.player = Choice((400, 88, 480, 46), "Player", ["-"], on_change=lambda _: self.show_player(),
                             size=22)
        self.reset_button = Button((410, 626, 260, 54), "Reset statistics", self.ask_reset, size=26)
        self.buttons = (self.reset_button, Button((690, 626, 180, 54), "Back", self.back, size=26))
        self.group.pointer_takes_focus = True
        self.reload()

    def reload(self) -> None:
        """Read the game's results again (after a reset); keep the shown player if they are still there."""
        shown = self.who if getattr(self, "players", None) else None
        rows = self.app.stats.player_summary(self.game)
        rows.sort(key=lambda row: row["kind"] != "human")  # people first, then the most games
        self.players: list[Who] = [(row["name"], row["kind"], row["level"]) for row in rows]
        self.player.options = [seat_label(*who) for who in self.players] or ["-"]
        self.player.index = self.players.index(shown) if shown in self.players else 0
        self.player.enabled = len(self.players) > 1
        self.group.widgets = [self.player, *self.buttons] if self.players else list(self.buttons)
        self.group.focus = 0 if self.player.enabled else len(self.group.widgets) - 1
        self.reset_button.enabled = bool(self.players)
        self.show_player()

    def show_player(self) -> None:
        """Read the shown player's figures once (not every frame), and draw them."""
        self.shown = self.app.stats.player_figures(self.game, self.who) if self.players else Figures()
        self.app.request_draw()

    @property
    def who(self) -> Who:
        return self.players[self.player.index]

    # -- reset -------------------------------------------------------------------------------
    def ask_reset(self) -> None:
        self.app.push(reset_dialog(self.app, self.game, self.reload))

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        canvas.text(f"{self.title} statistics", (640, 46), 56, GOLD, bold=True, shadow=True)
        if self.shown.games:
            self.draw_figures(canvas, self.shown)
            self.draw_charts(canvas, self.shown)
        else:
            box = pygame.FRect(340, 240, 600, 150)
            canvas.box(PANEL, box, radius=16)
            canvas.text(f"No finished {self.title} games yet.", (640, box.y + 52), 28, CREAM)
            canvas.text("Play one from the menu: its results, streaks and charts show here.",
                        (640, box.y + 100), 20, TEXT_DIM)
        draw_skipped(canvas, self.app.stats.skipped.get(self.game, 0), 612)
        super().draw(canvas)
        canvas.text("Left/Right: player  -  Up/Down: move  -  Enter: choose  -  Esc: back", (640, 702), 19, TEXT_DIM)

    def draw_figures(self, canvas: Canvas, figures: Figures) -> None:
        sections = figure_sections(figures, self.low_wins, self.unit)
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

    def draw_charts(self, canvas: Canvas, figures: Figures) -> None:
        recent = figures.recent
        bars = [Bar(str(g.number), g.score or 0.0, OUTCOME_COLOURS[g.outcome]) for g in recent]
        legend = [("Won", WIN, "bar"), ("Lost", LOSS, "bar")]
        if any(g.outcome == "draw" for g in recent):
            legend.append(("Drawn", TIE, "bar"))
        unit = self.unit + (", lower is better" if self.low_wins else "")
        bar_chart(canvas, (CHART_X, CHART_TOP, CHART_W, CHART_H),
                  last_games_title(len(recent)), bars, y_unit=unit, x_unit="game number",
                  legend=legend, stubs=True)
        line_chart(canvas, (CHART_X, CHART_TOP + CHART_H + CHART_GAP, CHART_W, CHART_H),
                   "Win rate over time", figures.curve, x_unit=f"{plural(figures.games, 'game')} played, oldest first")
