"""The statistics details page of every game without a page of its own: one player's games, wins,
streaks, averages, best and worst results and two charts of the results over time; "Reset
statistics" behind a confirmation. The figures' helpers (streaks, the win-rate curve, the reset
dialog) serve War's page too; the charts are scenes/stats_charts.py.

Keys: Left/Right choose the player, Up/Down/Tab move between the player and the buttons, Esc back."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.registry import ScoreWords, game_info
from lang import _, n_, percent
from lang import number as written
from scenes.base import Host
from scenes.dialog import Dialog
from scenes.stats_charts import Bar, bar_chart, line_chart
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, SPACE, TEXT_DIM
from sprites.widgets import Button, Choice, fitted, mirrored
from storage.stats_reading import Figures, Who

WIN, LOSS, TIE = (104, 200, 120), (236, 118, 96), (176, 184, 180)
OUTCOME_COLOURS = {"win": WIN, "loss": LOSS, "draw": TIE}
# Each outcome as a streak counts it, in the language's plural form for the count
OUTCOME_WORDS: dict[str, Callable[[int], str]] = {
    "win": lambda n: n_("{n} win", "{n} wins", n),
    "loss": lambda n: n_("{n} loss", "{n} losses", n),
    "draw": lambda n: n_("{n} draw", "{n} draws", n)}
FIGURES_RECT = (30.0, 146.0, 400.0)  # x, y, width: the height follows the lines
CHART_X, CHART_W, CHART_TOP, CHART_H, CHART_GAP = 450.0, 800.0, 146.0, 228.0, 12.0
ROW_H, HEADING_H, TEXT = 26.0, 31.0, 21
LABEL_GAP = 10  # at least between a figure's label and its value


# -- figures -------------------------------------------------------------------------------------
def seat_label(name: str, kind: str, level: str | None) -> str:
    """How a player is named: a computer by its level ("Computer (normal)", "Hafsa (hard computer)")."""
    if kind != "computer":
        return name
    if name.casefold() == "computer":  # a computer named Computer is not said twice
        return _("Computer ({level})", level=_(level)) if level else _("Computer")
    return _("{name} ({level} computer)", name=name, level=_(level)) if level else _("{name} (computer)", name=name)


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
    return words(count) if words else "-"


def win_rate_curve(outcomes: Sequence[str]) -> list[tuple[float, float]]:
    """The win rate after each game, oldest first: (games so far, rate)."""
    points, wins = [], 0
    for i, outcome in enumerate(outcomes, 1):
        wins += outcome == "win"
        points.append((float(i), wins / i))
    return points


def number(value: float) -> str:
    """A figure (an average) as the player's language writes it, with one decimal at most."""
    return written(value, 1)


def scored(value: float, score: ScoreWords) -> str:
    """A score with its unit in the language's plural form for it: '1 point', '3 cards left'."""
    return score.amount(round(value))


def figure_sections(figures: Figures, low_wins: bool, score: ScoreWords) -> list[tuple[str, list[tuple[str, str]]]]:
    """The figures panel: (heading, [(label, value)]) for one player's games."""
    f = figures
    results = [(_("Games played"), written(f.games)),
               (_("Won / lost / drawn") if f.draws else _("Won / lost"),
                " / ".join(written(n) for n in ((f.wins, f.losses, f.draws) if f.draws else (f.wins, f.losses)))),
               (_("Win rate"), percent(100 * f.wins / f.games))]
    sections = [(_("Results"), results),
                (_("Streaks"), [(_("Current streak"), run_text(f.newest, f.run)),
                                (_("Best winning streak"), run_text("win", f.best_wins)),
                                (_("Longest losing streak"), run_text("loss", f.worst_losses))])]
    if f.average_score is not None and f.lowest_score is not None and f.highest_score is not None:
        best, worst = (f.lowest_score, f.highest_score) if low_wins else (f.highest_score, f.lowest_score)
        lines = [(_("Average score"), number(f.average_score)), (_("Best game"), scored(best, score)),
                 (_("Worst game"), scored(worst, score))]
        if f.per_round is not None:
            lines.append((_("Average per round"), number(f.per_round)))
        sections.append((_("Scores (lower is better)") if low_wins else _("Scores"), lines))
    lines = []
    if f.average_rounds is not None:
        lines.append((_("Rounds per game"), _("{average} (most {most})", average=number(f.average_rounds),
                                                  most=f.most_rounds)))
    if f.hints is not None:
        lines.append((_("Hints used"), n_("{hints} in {n} game", "{hints} in {n} games", f.hinted_games,
                                          hints=format(f.hints, ","))))
    if lines:
        sections.append((_("Games"), lines))
    return sections


def skipped_sentence(count: int) -> str:
    """The one sentence telling that damaged rows of the statistics are left out ("" if none)."""
    if not count:
        return ""
    return n_("{n} recorded game could not be read (damaged) and is left out.",
              "{n} recorded games could not be read (damaged) and are left out.", count)


def draw_skipped(canvas: Canvas, count: int, y: float) -> None:
    """`skipped_sentence` in small print, centred at height `y`."""
    if count:
        canvas.text(skipped_sentence(count), (640, y), 18, TEXT_DIM)


def last_games_title(count: int) -> str:
    """The results chart's title: "Score in the last 12 games", "Score in the last game"."""
    return n_("Score in the last game", "Score in the last {n} games", count)


def reset_dialog(app: Host, game: str, then: Callable[[], None]) -> Dialog:
    """"Reset statistics?" for one game or all, Cancel focused first; `then` runs after a reset."""
    title = _(game_info(game).title)

    def resetter(which: str | None) -> Callable[[], None]:
        def reset() -> None:
            if app.stats.reset(which):
                app.notify(_("{game} statistics reset.", game=title) if which else _("All statistics reset."))
            then()
        return reset

    finished = app.stats.count(game)
    dialog = Dialog(app, _("Reset statistics?"),
                    [n_("Delete the {n} finished game of {game}, or the statistics of every game?",
                        "Delete the {n} finished games of {game}, or the statistics of every game?", finished,
                        game=title), _("This cannot be undone.")],
                    [(_("Cancel"), lambda: None), (_("Reset this game"), resetter(game)),
                     (_("Reset all games"), resetter(None))], width=820)
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
        self.score = info.score
        self.player = Choice((400, 88, 480, 46), _("Player"), ["-"], on_change=lambda index: self.show_player(),
                             size=22)
        self.reset_button = Button((410, 626, 260, 54), _("Reset statistics"), self.ask_reset, size=26)
        self.back_button = Button((690, 626, 180, 54), _("Back"), self.back, size=26)
        self.buttons = (self.reset_button, self.back_button)
        self.group.pointer_takes_focus = True
        self.reload()

    def relabel(self) -> None:
        self.player.label, self.reset_button.label = _("Player"), _("Reset statistics")
        self.back_button.label = _("Back")
        self.player.options = [seat_label(*who) for who in self.players] or ["-"]

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
        title = _(self.title)
        canvas.text(_("{game} statistics", game=title), (640, 46), 56, GOLD, bold=True, shadow=True)
        if self.shown.games:
            self.draw_figures(canvas, self.shown)
            self.draw_charts(canvas, self.shown)
        else:
            box = pygame.FRect(340, 240, 600, 150)
            canvas.box(PANEL, box, radius=16)
            lines = ((_("No finished {game} games yet.", game=title), 52.0, 28.0, CREAM),
                     (_("Play one from the menu: its results, streaks and charts show here."), 100.0, 20.0, TEXT_DIM))
            for message, y, largest, colour in lines:
                text, size = fitted(canvas, message, largest, box.w - 2 * SPACE)
                canvas.text(text, (640, box.y + y), size, colour)
        draw_skipped(canvas, self.app.stats.skipped.get(self.game, 0), 612)
        super().draw(canvas)
        canvas.text(_("Left/Right: player  -  Up/Down: move  -  Enter: choose  -  Esc: back"), (640, 702), 19, TEXT_DIM)

    def draw_figures(self, canvas: Canvas, figures: Figures) -> None:
        sections = figure_sections(figures, self.low_wins, self.score)
        x, y, w = FIGURES_RECT
        height = 20 + sum(HEADING_H + ROW_H * len(lines) for __, lines in sections)
        panel = pygame.FRect(x, y, w, height)
        canvas.box(PANEL, panel, radius=16)
        y += 10
        for heading, lines in sections:
            hx, anchor = mirrored(panel, x + 18)
            canvas.text(heading, (hx, y + HEADING_H / 2 + 2), 22, GOLD, anchor=anchor, bold=True)
            y += HEADING_H
            for label, value in lines:
                lx, label_anchor = mirrored(panel, x + 18)
                vx, value_anchor = mirrored(panel, x + w - 18, "midright")
                value, value_size = fitted(canvas, value, TEXT, w / 2 - 18, bold=True)
                room = w - 36 - canvas.text_size(value, value_size, True)[0] - LABEL_GAP
                label, label_size = fitted(canvas, label, TEXT, room)
                canvas.text(label, (lx, y + ROW_H / 2), label_size, TEXT_DIM, anchor=label_anchor)
                canvas.text(value, (vx, y + ROW_H / 2), value_size, CREAM, anchor=value_anchor, bold=True)
                y += ROW_H

    def draw_charts(self, canvas: Canvas, figures: Figures) -> None:
        recent = figures.recent
        bars = [Bar(str(g.number), g.score or 0.0, OUTCOME_COLOURS[g.outcome]) for g in recent]
        legend = [(_("Won"), WIN, "bar"), (_("Lost"), LOSS, "bar")]
        if any(g.outcome == "draw" for g in recent):
            legend.append((_("Drawn"), TIE, "bar"))
        unit = _("{unit}, lower is better", unit=_(self.score.unit)) if self.low_wins else _(self.score.unit)
        bar_chart(canvas, (CHART_X, CHART_TOP, CHART_W, CHART_H),
                  last_games_title(len(recent)), bars, y_unit=unit, x_unit=_("game number"),
                  legend=legend, stubs=True)
        line_chart(canvas, (CHART_X, CHART_TOP + CHART_H + CHART_GAP, CHART_W, CHART_H),
                   _("Win rate over time"), figures.curve,
                   x_unit=n_("{n} game played, oldest first", "{n} games played, oldest first", figures.games))
