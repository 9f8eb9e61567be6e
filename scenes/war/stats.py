"""War statistics: past games (open one for details), totals and rates, and three charts."""
from __future__ import annotations

import time

import pygame

from game.war.summary import summarize
from game.war.text import format_play_time, war_name
from scenes.dialog import Dialog
from scenes.war.charts import bar_chart, rate_chart
from scenes.war.records import war_records
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, FOCUS, GOLD, PANEL, TEXT_DIM, WHITE
from sprites.widgets import Button

LIST_RECT = (30.0, 92.0, 380.0, 540.0)
ROW_H = 33.0
LIST_TOP = LIST_RECT[1] + 58
VISIBLE_ROWS = 14
TOTALS_RECT = (428.0, 92.0, 822.0, 218.0)
CHART_RECTS = ((428.0, 322.0, 266.0, 310.0), (706.0, 322.0, 266.0, 310.0),
               (984.0, 322.0, 266.0, 310.0))
OUTCOME_WORDS = {"win": "Won", "loss": "Lost", "draw": "Draw"}


def length_bars(game_lengths: dict, bucket: int, max_bars: int = 30) -> list[tuple[str, float]]:
    """Game-length histogram bars with empty buckets filled in, merged to at most `max_bars`."""
    counts = {int(start): n for start, n in game_lengths.items()}
    if not counts:
        return []
    width = bucket
    while max(counts) // width + 1 > max_bars:
        width *= 2
    merged = [0] * (max(counts) // width + 1)
    for start, n in counts.items():
        merged[start // width] += n
    return [(str(i * width), float(n)) for i, n in enumerate(merged)]


def percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def win_curve(outcomes: list[str]) -> list[tuple[float, float]]:
    """The player's win rate after each game: (games so far, rate)."""
    points, wins = [], 0
    for i, outcome in enumerate(outcomes, 1):
        wins += outcome == "win"
        points.append((float(i), wins / i))
    return points


def totals_lines(s: dict) -> list[list[str]]:
    """Three columns of totals and rates from a summary dict."""
    longest = war_name(s["longest_war"]).rstrip("!") if s["longest_war"] else "-"
    per_game = s["play_time_s"] / s["games"] if s["games"] else 0.0
    return [
        [f"Games: {s['games']:,}", f"Won: {s['wins']:,} ({percent(s['win_rate'])})",
         f"Lost: {s['losses']:,} ({percent(s['loss_rate'])})",
         f"Draws: {s['draws']:,} (endless {s['endless_draws']})"],
        [f"Battles: {s['battles']:,} ({s['battles_per_game']:.1f}/game)",
         f"Battles won: {s['battles_won']:,} ({percent(s['battle_win_rate'])})",
         f"Wars: {s['wars']:,} ({s['wars_per_game']:.2f}/game)",
         f"Wars won: {s['wars_won']:,} ({percent(s['war_win_rate'])})"],
        [f"Double {s['double_wars']}  Triple {s['triple_wars']}",
         f"Quadruple {s['quadruple_wars']}  Deeper {s['deeper_wars']}",
         f"Longest war: {longest}",
         f"Play time: {format_play_time(s['play_time_s'])}",
         f"per game: {format_play_time(per_game)}"],
    ]


def detail_lines(record: dict) -> list[str]:
    """The facts of one finished game for its details dialog."""
    d = record["details"]
    options = d.get("options", {})
    hand = d.get("hand", {})
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(record["finished_at"]))
    longest = war_name(d["longest_war"]).rstrip("!") if d["longest_war"] else "none"
    lines = [f"{record['players']}  -  {when}",
             (f"{options.get('variant', '?')}, ace {options.get('ace', '?')}, pickup "
             f"{options.get('pickup', '?')}, {options.get('deck', '?')} deck, seed {d.get('seed', '?')}")]
    if hand:
        lines.append(f"Hand: {hand.get('percent', 0):.1f}% strength, "
                     f"{hand.get('face_cards', 0)} face cards")
    lines += [f"Battles: {d['battles']}, won {d['battles_won']}",
              f"Wars: {d['wars']}, won {d['wars_won']}, longest {longest}",
              (f"Double {d['double_wars']}  Triple {d['triple_wars']}  "
              f"Quadruple {d['quadruple_wars']}  Deeper {d['deeper_wars']}"),
              f"Simulated play time: {format_play_time(d['play_time_s'])}"]
    if d["reason"] == "endless":
        lines.append("Ended as a draw: a position came back (endless war).")
    elif d["reason"] == "both_out":
        lines.append("Ended as a draw: both ran out of cards together.")
    return lines


class WarStatsScene(WidgetScene):
    """Every finished War game from the store; or, given `batch`, one simulated batch."""

    def __init__(self, app, batch: dict | None = None,
                 curve: list[tuple[float, float]] | None = None) -> None:
        super().__init__(app)
        self.batch = batch
        if batch is None:
            self.records = list(reversed(war_records(app.stats)))  # newest first
            oldest_first = [r["details"] for r in reversed(self.records)]
            self.summary = summarize(oldest_first)
            self.curve = win_curve([d["outcome"] for d in oldest_first])
        else:
            self.records = []
            self.summary = batch
            self.curve = list(curve or [])
        self.selected = 0
        self.scroll = 0
        self.group.widgets = [Button((540, 650, 200, 54), "Back", self.back, size=26)]

    # -- the list --------------------------------------------------------------------------
    def row_rect(self, visible_index: int) -> pygame.FRect:
        x, _, w, _ = LIST_RECT
        return pygame.FRect(x + 10, LIST_TOP + visible_index * ROW_H, w - 20, ROW_H - 3)

    def select(self, index: int) -> None:
        if not self.records:
            return
        self.selected = max(0, min(len(self.records) - 1, index))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + VISIBLE_ROWS:
            self.scroll = self.selected - VISIBLE_ROWS + 1

    def open_selected(self) -> None:
        if not self.records:
            return
        record = self.records[self.selected]
        number = len(self.records) - self.selected
        word = OUTCOME_WORDS.get(record["details"]["outcome"], "?")
        self.app.sounds.play("button")
        self.app.push(Dialog(self.app, f"Game {number}: {word}", detail_lines(record),
                             [("Close", lambda: None)], width=900))

    def handle_event(self, event: pygame.Event) -> None:
        keys = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -VISIBLE_ROWS,
                pygame.K_PAGEDOWN: VISIBLE_ROWS}
        if event.type == pygame.KEYDOWN and event.key in keys and self.records:
            self.select(self.selected + keys[event.key])
            self.app.sounds.play("tick")
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE) and self.records:
            self.open_selected()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.records) - VISIBLE_ROWS), self.scroll - event.y))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(min(VISIBLE_ROWS, len(self.records) - self.scroll)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.selected = self.scroll + i
                    self.open_selected()
                    return
        super().handle_event(event)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        s = self.summary
        if self.batch is None:
            title = "War statistics"
        else:
            title = f"Batch simulation: {s['games']:,} games" + (
                f" (cancelled of {s['games_requested']:,})" if s.get("cancelled") else "")
        canvas.text(title, (640, 46), 48, GOLD, bold=True, shadow=True)
        if self.batch is None:
            self.draw_list(canvas)
        else:
            self.draw_batch_facts(canvas)
        canvas.box(PANEL, TOTALS_RECT, radius=16)
        x, y, w, _ = TOTALS_RECT
        canvas.text("Totals and rates" + ("" if self.batch else " (the first human seat)"),
                    (x + 16, y + 20), 21, GOLD, anchor="midleft", bold=True)
        for c, column in enumerate(totals_lines(s)):
            for r, line in enumerate(column):
                canvas.text(line, (x + 16 + c * w / 3, y + 54 + 32 * r), 21, CREAM, anchor="midleft")
        depths = [(str(d), float(n)) for d, n in s["war_depths"].items()]
        bar_chart(canvas, CHART_RECTS[0], "Wars by depth", depths, note="deepest level, log scale",
                  log=True)
        rate_chart(canvas, CHART_RECTS[1], "Win rate over time", self.curve)
        lengths = length_bars(s["game_lengths"], s["length_bucket"])
        width = int(lengths[1][0]) if len(lengths) > 1 else s["length_bucket"]
        bar_chart(canvas, CHART_RECTS[2], "Game lengths", lengths, colour=(120, 210, 255),
                  note=f"battles, bars of {width}")
        super().draw(canvas)
        hint = "Up/Down choose a game - Enter opens it - Esc back" if self.batch is None else "Esc back"
        canvas.text(hint, (640, 712), 18, TEXT_DIM)

    def draw_list(self, canvas: Canvas) -> None:
        canvas.box(PANEL, LIST_RECT, radius=16)
        x, y, w, _ = LIST_RECT
        canvas.text("Past games (newest first)", (x + w / 2, y + 26), 22, GOLD, bold=True)
        if not self.records:
            canvas.text("No finished games yet.", (x + w / 2, y + 140), 22, TEXT_DIM)
            return
        total = len(self.records)
        for i, record in enumerate(self.records[self.scroll:self.scroll + VISIBLE_ROWS]):
            index = self.scroll + i
            rect = self.row_rect(i)
            d = record["details"]
            if index == self.selected:
                canvas.box((255, 214, 90, 60), rect, radius=8)
                canvas.box(FOCUS, rect, width=2, radius=8)
            word = OUTCOME_WORDS.get(d["outcome"], "?")
            colour = (120, 220, 120) if word == "Won" else (240, 130, 110) if word == "Lost" else WHITE
            canvas.text(f"#{total - index}", (rect.x + 8, rect.centery), 19, TEXT_DIM, anchor="midleft")
            canvas.text(word, (rect.x + 62, rect.centery), 20, colour, anchor="midleft", bold=True)
            canvas.text(f"{d['battles']} battles, {d['wars']} wars", (rect.right - 8, rect.centery),
                        19, CREAM, anchor="midright")
        if total > VISIBLE_ROWS:
            canvas.text(f"{self.scroll + 1}-{min(total, self.scroll + VISIBLE_ROWS)} of {total}",
                        (x + w / 2, y + LIST_RECT[3] - 16), 17, TEXT_DIM)

    def draw_batch_facts(self, canvas: Canvas) -> None:
        canvas.box(PANEL, LIST_RECT, radius=16)
        x, y, w, _ = LIST_RECT
        s = self.summary
        options = s.get("options", {})
        lines = [f"Seed {s.get('seed', '?')}", f"Variant {options.get('variant', '?')}",
                 f"Ace {options.get('ace', '?')}", f"Pickup {options.get('pickup', '?')}",
                 f"Deck {options.get('deck', '?')}", "",
                 f"Shortest game: {s['shortest_game']} battles",
                 f"Longest game: {s['longest_game']} battles"]
        if "seconds" in s:
            lines.append(f"Simulated in {s['seconds']:.1f} s")
        canvas.text("This batch", (x + w / 2, y + 26), 22, GOLD, bold=True)
        for i, line in enumerate(lines):
            canvas.text(line, (x + 24, y + 70 + 32 * i), 21, CREAM, anchor="midleft")
        canvas.text("Not added to your statistics.", (x + w / 2, y + LIST_RECT[3] - 24), 18, TEXT_DIM)
