"""War statistics: past games (open one for details), totals, rates and streaks, three charts with
axes, tick values, units and legends, and "Reset statistics" behind a confirmation. The totals are
kept summed by the store and the list reads only the games it shows (scenes/war/records.py)."""
from __future__ import annotations

import time

import pygame

from game.registry import game_info
from game.war.text import format_play_time, longest_war
from lang import N_, _, n_
from scenes.base import Host
from scenes.dialog import Dialog
from scenes.stats_details import draw_skipped, reset_dialog, run_text
from scenes.war.charts import depth_chart, length_bars, length_chart, rate_chart
from scenes.war.records import WarState, war_page, war_totals
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, FOCUS, GOLD, PANEL, TEXT_DIM, WHITE
from sprites.widgets import Button
from storage.stats_reading import win_rates
from storage.stats_totals import DetailsTotals

LIST_RECT = (30.0, 88.0, 380.0, 538.0)
ROW_H = 33.0
LIST_TOP = LIST_RECT[1] + 58
VISIBLE_ROWS = 14
TOTALS_RECT = (428.0, 88.0, 822.0, 230.0)
CHART_Y, CHART_H = 330.0, 296.0
CHART_RECTS = ((428.0, CHART_Y, 266.0, CHART_H), (706.0, CHART_Y, 266.0, CHART_H), (984.0, CHART_Y, 266.0, CHART_H))
OUTCOME_WORDS = {"win": N_("Won"), "loss": N_("Lost"), "draw": N_("Drawn")}
OUTCOME_COLOURS = {"win": (120, 220, 120), "loss": (240, 130, 110)}
__all__ = ["WarStatsScene", "length_bars"]  # length_bars: read by the tests from here


def option_facts(options: dict, seed: object) -> list[str]:
    """A game's options as setup names them ('Ace: low'), then its seed."""
    facts = []
    for option in game_info("war").options:
        value = options.get(option.key, "?")
        shown = _(option.labels[option.values.index(value)]) if value in option.values else str(value)
        facts.append(_("{option}: {value}", option=_(option.label), value=shown))
    return [*facts, _("{option}: {value}", option=_("Seed"), value=seed)]


def squeezed(canvas: Canvas, text: str, size: int, width: float, smallest: int = 15) -> tuple[str, int]:
    """The text and size that fit `width`: set smaller down to `smallest` (a longer language's figures
    in this page's narrow columns), then cut with '...'."""
    while size > smallest and canvas.text_size(text, size)[0] > width:
        size -= 1
    return canvas.fit(text, size, width), size


def percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def streak_lines(summary: dict) -> list[str]:
    """The current streak and the longest runs of wins and losses, as the summary counted them game by
    game."""
    current = summary.get("current_streak") or {}
    newest, run = current.get("outcome"), current.get("games", 0)
    wins, losses = summary.get("longest_win_streak", 0), summary.get("longest_loss_streak", 0)
    best = (_("Best streak: {best}, worst {worst}", best=run_text("win", wins), worst=run_text("loss", losses))
            if losses else _("Best streak: {best}", best=run_text("win", wins)))
    return [_("Streak now: {streak}", streak=run_text(newest, run)), best]


def totals_lines(s: dict) -> list[list[str]]:
    """Three columns of totals and rates from a summary dict."""
    longest = longest_war(s["longest_war"])
    per_game = s["play_time_s"] / s["games"] if s["games"] else 0.0
    return [
        [_("Games: {count}", count=format(s["games"], ",")),
         _("Won: {count} ({percent})", count=format(s["wins"], ","), percent=percent(s["win_rate"])),
         _("Lost: {count} ({percent})", count=format(s["losses"], ","), percent=percent(s["loss_rate"])),
         _("Draws: {count} (endless {endless})", count=format(s["draws"], ","), endless=s["endless_draws"]),
         *streak_lines(s)][:6],
        [_("Battles: {count} ({per_game}/game)", count=format(s["battles"], ","),
           per_game=format(s["battles_per_game"], ".1f")),
         _("Battles won: {count} ({percent})", count=format(s["battles_won"], ","),
           percent=percent(s["battle_win_rate"])),
         _("Wars: {count} ({per_game}/game)", count=format(s["wars"], ","), per_game=format(s["wars_per_game"], ".2f")),
         _("Wars won: {count} ({percent})", count=format(s["wars_won"], ","), percent=percent(s["war_win_rate"]))],
        [_("Double {double}  Triple {triple}", double=s["double_wars"], triple=s["triple_wars"]),
         _("Quadruple {quadruple}  Deeper {deeper}", quadruple=s["quadruple_wars"], deeper=s["deeper_wars"]),
         _("Longest war: {war}", war=longest),
         _("Play time: {time}", time=format_play_time(s["play_time_s"])),
         _("per game: {time}", time=format_play_time(per_game))],
    ]


def detail_lines(record: dict) -> list[str]:
    """The facts of one finished game for its details dialog."""
    d = record["details"]
    options = d.get("options", {})
    hand = d.get("hand", {})
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(record["finished_at"]))
    longest = longest_war(d["longest_war"])
    lines = [f"{record['players']}  -  {when}", _(", ").join(option_facts(options, d.get("seed", "?")))]
    if hand:
        faces = hand.get("face_cards", 0)
        lines.append(_("Hand: strength {percent}%, {faces}", percent=format(hand.get("percent", 0), ".1f"),
                       faces=n_("{n} face card", "{n} face cards", faces) if isinstance(faces, int) else faces))
    lines += [_("Battles: {count}, won {won}", count=d["battles"], won=d["battles_won"]),
              _("Wars: {count}, won {won}, longest {war}", count=d["wars"], won=d["wars_won"], war=longest),
              _("Double {double}  Triple {triple}  Quadruple {quadruple}  Deeper {deeper}", double=d["double_wars"],
                triple=d["triple_wars"], quadruple=d["quadruple_wars"], deeper=d["deeper_wars"]),
              _("Simulated play time: {time}", time=format_play_time(d["play_time_s"]))]
    if d["reason"] == "endless":
        lines.append(_("Ended as a draw: a position came back (endless war)."))
    elif d["reason"] == "both_out":
        lines.append(_("Ended as a draw: both ran out of cards together."))
    return lines


class WarStatsScene(WidgetScene):
    """Every finished War game from the store; or, given `batch`, one simulated batch."""

    def __init__(self, app: Host, batch: dict | None = None,
                 curve: list[tuple[float, float]] | None = None) -> None:
        super().__init__(app)
        self.batch = batch
        self.total = 0  # the games in the list
        self.page: tuple[int, list[dict]] | None = None  # the list's rows read last: the first one's index, records
        self.kept: DetailsTotals | None = None  # what the list's rows are read from
        self.selected = 0
        self.scroll = 0
        self.on_buttons = True  # the keyboard is on the buttons (Tab), not on the list (Up/Down)
        self.group.columns = 2
        self.back_button = back = Button((690 if batch is None else 550, 640, 180, 54), _("Back"), self.back, size=26)
        if batch is None:
            self.reset_button = Button((410, 640, 260, 54), _("Reset statistics"),
                                       lambda: self.app.push(reset_dialog(self.app, "war", self.reload)), size=26)
            self.group.widgets = [self.reset_button, back]
            self.reload()
        else:
            self.summary = batch
            self.curve = list(curve or [])
            self.group.widgets = [back]

    def relabel(self) -> None:
        self.back_button.label = _("Back")
        if self.batch is None:
            self.reset_button.label = _("Reset statistics")

    def reload(self) -> None:
        """Read the totals again (after a reset): of every finished game, kept summed by the store."""
        self.kept = war_totals(self.app.stats)
        state = self.kept.state if self.kept is not None else WarState()
        self.summary = state.summary.as_dict()
        self.curve = win_rates(state.outcomes)  # every game's point, or every n-th's of many
        self.total = self.kept.shown if self.kept is not None else 0
        self.page = None
        self.selected = self.scroll = 0
        self.reset_button.enabled = bool(self.total)
        self.group.focus = 0 if self.total else 1
        self.on_buttons = not self.total

    def shown_records(self) -> list[dict]:
        """The records of the rows the list shows now, newest first (read when it scrolls)."""
        if self.kept is None or not self.total:
            return []
        if self.page is None or self.page[0] != self.scroll:
            self.page = (self.scroll, war_page(self.app.stats, self.kept, self.scroll, VISIBLE_ROWS))
        return self.page[1]

    # -- the list --------------------------------------------------------------------------
    def row_rect(self, visible_index: int) -> pygame.FRect:
        x, __, w, ___ = LIST_RECT
        return pygame.FRect(x + 10, LIST_TOP + visible_index * ROW_H, w - 20, ROW_H - 3)

    def select(self, index: int) -> None:
        if not self.total:
            return
        self.selected = max(0, min(self.total - 1, index))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + VISIBLE_ROWS:
            self.scroll = self.selected - VISIBLE_ROWS + 1

    def open_selected(self) -> None:
        shown = self.shown_records()
        if not 0 <= self.selected - self.scroll < len(shown):
            return
        record = shown[self.selected - self.scroll]
        number = self.total - self.selected
        word = _(OUTCOME_WORDS.get(record["details"]["outcome"], "?"))
        self.app.sounds.play("button")
        self.app.push(Dialog(self.app, _("Game {number}: {outcome}", number=number, outcome=word), detail_lines(record),
                             [(_("Close"), lambda: None)], width=900))

    def handle_event(self, event: pygame.Event) -> None:
        keys = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -VISIBLE_ROWS,
                pygame.K_PAGEDOWN: VISIBLE_ROWS}
        if event.type == pygame.KEYDOWN and event.key in keys and self.total:
            self.on_buttons = False
            self.select(self.selected + keys[event.key])
            self.app.sounds.play("tick")
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and not self.on_buttons:
            self.on_buttons = True  # the first Tab goes from the list to the focused button
            self.app.sounds.play("tick")
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE) and not self.on_buttons:
            self.open_selected()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, self.total - VISIBLE_ROWS), self.scroll - event.y))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(min(VISIBLE_ROWS, self.total - self.scroll)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.on_buttons = False
                    self.selected = self.scroll + i
                    self.open_selected()
                    return
        super().handle_event(event)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        s = self.summary
        if self.batch is None:
            title = _("War statistics")
        elif s.get("cancelled"):
            title = n_("Batch simulation: {games} game (cancelled of {requested})",
                       "Batch simulation: {games} games (cancelled of {requested})", s["games"],
                       games=format(s["games"], ","), requested=format(s["games_requested"], ","))
        else:
            title = n_("Batch simulation: {games} game", "Batch simulation: {games} games", s["games"],
                       games=format(s["games"], ","))
        canvas.text(title, (640, 44), 52, GOLD, bold=True, shadow=True)
        if self.batch is None and not self.total:
            box = pygame.FRect(340, 240, 600, 150)
            canvas.box(PANEL, box, radius=16)
            canvas.text(_("No finished War games yet."), (640, box.y + 52), 28, CREAM)
            canvas.text(_("Play or watch one from the menu: its totals and charts show here."), (640, box.y + 100),
                        20, TEXT_DIM)
        else:
            self.draw_results(canvas)
        if self.batch is None:
            draw_skipped(canvas, self.app.stats.skipped.get("war", 0), 633)
        for widget in self.group.widgets:  # the focus ring only while the keyboard is on the buttons
            widget.draw(canvas, self.on_buttons and widget is self.group.focused)
        hint = _("Up/Down: choose a game  -  Enter: open it  -  Tab: buttons  -  Esc: back") if self.total \
            else _("Esc: back")
        canvas.text(hint, (640, 708), 18, TEXT_DIM)

    def draw_results(self, canvas: Canvas) -> None:
        """The list (or the batch's facts), the totals and the three charts."""
        s = self.summary
        if self.batch is None:
            self.draw_list(canvas)
        else:
            self.draw_batch_facts(canvas)
        canvas.box(PANEL, TOTALS_RECT, radius=16)
        x, y, w, __ = TOTALS_RECT
        canvas.text(_("Totals and rates") if self.batch else _("Totals and rates (the first human seat)"),
                    (x + 16, y + 20), 21, GOLD, anchor="midleft", bold=True)
        for c, column in enumerate(totals_lines(s)):
            for r, line in enumerate(column):
                text, size = squeezed(canvas, line, 21, w / 3 - 24)
                canvas.text(text, (x + 16 + c * w / 3, y + 52 + 30 * r), size, CREAM, anchor="midleft")
        depth_chart(canvas, CHART_RECTS[0], s["war_depths"])
        rate_chart(canvas, CHART_RECTS[1], self.curve)
        length_chart(canvas, CHART_RECTS[2], s["game_lengths"], s["length_bucket"])

    def draw_list(self, canvas: Canvas) -> None:
        canvas.box(PANEL, LIST_RECT, radius=16)
        x, y, w, __ = LIST_RECT
        canvas.text(_("Past games (newest first)"), (x + w / 2, y + 26), 22, GOLD, bold=True)
        total = self.total
        for i, record in enumerate(self.shown_records()):
            index = self.scroll + i
            rect = self.row_rect(i)
            d = record["details"]
            if index == self.selected:
                canvas.box((255, 214, 90, 60), rect, radius=8)
                canvas.box(FOCUS if not self.on_buttons else TEXT_DIM, rect, width=2, radius=8)
            word = _(OUTCOME_WORDS.get(d["outcome"], "?"))
            colour = OUTCOME_COLOURS.get(d["outcome"], WHITE)
            canvas.text(f"#{total - index}", (rect.x + 8, rect.centery), 19, TEXT_DIM, anchor="midleft")
            word_right = canvas.text(word, (rect.x + 62, rect.centery), 20, colour, anchor="midleft", bold=True).right
            counts = _("{battles}, {wars}", battles=n_("{n} battle", "{n} battles", d["battles"]),
                       wars=n_("{n} war", "{n} wars", d["wars"]))
            counts, size = squeezed(canvas, counts, 19, rect.right - 8 - word_right - 10)
            canvas.text(counts, (rect.right - 8, rect.centery), size, CREAM, anchor="midright")
        if total > VISIBLE_ROWS:
            canvas.text(_("{first}-{last} of {total}", first=self.scroll + 1,
                          last=min(total, self.scroll + VISIBLE_ROWS), total=total),
                        (x + w / 2, y + LIST_RECT[3] - 16), 17, TEXT_DIM)

    def draw_batch_facts(self, canvas: Canvas) -> None:
        canvas.box(PANEL, LIST_RECT, radius=16)
        x, y, w, __ = LIST_RECT
        s = self.summary
        options = s.get("options", {})
        lines = [*option_facts(options, s.get("seed", "?")), "",
                 n_("Shortest game: {n} battle", "Shortest game: {n} battles", s["shortest_game"]),
                 n_("Longest game: {n} battle", "Longest game: {n} battles", s["longest_game"])]
        if "seconds" in s:
            lines.append(_("Simulated in {seconds} s", seconds=format(s["seconds"], ".1f")))
        canvas.text(_("This batch"), (x + w / 2, y + 26), 22, GOLD, bold=True)
        for i, line in enumerate(lines):
            canvas.text(line, (x + 24, y + 70 + 32 * i), 21, CREAM, anchor="midleft")
        canvas.text(_("Not added to your statistics."), (x + w / 2, y + LIST_RECT[3] - 24), 18, TEXT_DIM)
