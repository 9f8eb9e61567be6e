"""The Skyjo score sheet: every round, every player, doubled scores marked, the totals."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from game.skyjo import SkyjoGame
from scenes.seats import Seat
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, RED, TEXT_DIM
from sprites.widgets import Button

SHEET_RECT = (90, 60, 1100, 600)
BUTTON_W, BUTTON_H = 230, 56
MAX_ROUNDS_SHOWN = 10
AUTO_NEXT_SECONDS = 3.0  # a computers-only table shows each sheet this long


class ScoreSheet(WidgetScene):
    """Over the table after each round (Next round) and at the end (the buttons given)."""

    opaque = False

    def __init__(self, app, rules: SkyjoGame, seats: Sequence[Seat],
                 next_round: Callable[[], None] | None,
                 buttons: Sequence[tuple[str, Callable[[], None]]] = ()) -> None:
        super().__init__(app)
        self.rules = rules
        self.seats = list(seats)
        self.final = next_round is None
        actions = list(buttons) if self.final else [("Next round", next_round)]
        x, y, w, h = SHEET_RECT
        total = len(actions) * BUTTON_W + (len(actions) - 1) * 20
        left = x + w / 2 - total / 2
        self.group.widgets = [Button((left + i * (BUTTON_W + 20), y + h - BUTTON_H - 20, BUTTON_W, BUTTON_H),
                                     label, self._runner(action), size=28)
                              for i, (label, action) in enumerate(actions)]
        self.group.columns = len(actions)
        # With no human at the table nobody presses Next round: it goes on by itself.
        self.auto_next = AUTO_NEXT_SECONDS if not self.final and not any(s.is_human for s in self.seats) else None

    def update(self, dt: float) -> None:
        if self.auto_next is not None:
            self.auto_next -= dt
            if self.auto_next <= 0:
                self.group.widgets[0].on_click()

    def _runner(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()
        return run

    def enter(self) -> None:
        self.app.sounds.play("win" if self.final else "score")

    def title(self) -> str:
        if not self.final:
            return f"Score sheet after round {self.rules.round_number}"
        winners = self.rules.result()["winners"]
        names = " and ".join(self.seats[w].name for w in winners)
        return f"{names} {'wins' if len(winners) == 1 else 'share the win'}!"

    def draw(self, canvas: Canvas) -> None:
        canvas.shade(150)
        x, y, w, h = SHEET_RECT
        canvas.box(PANEL, SHEET_RECT, radius=18)
        canvas.box(GOLD, SHEET_RECT, width=2, radius=18)
        canvas.text(self.title(), (x + w / 2, y + 38), 40, GOLD, bold=True, shadow=True)
        history = self.rules.history
        shown = history[-MAX_ROUNDS_SHOWN:]
        first_round = len(history) - len(shown) + 1
        players = len(self.seats)
        col_w = (w - 180) / players
        header_y = y + 92
        canvas.text("Round", (x + 30, header_y), 22, TEXT_DIM, anchor="midleft")
        for p, seat in enumerate(self.seats):
            canvas.text(seat.name[:12], (x + 160 + col_w * (p + 0.5), header_y), 22, CREAM, bold=True)
        row_h = min(34, (h - 250) / max(1, len(shown) + 1))
        for r, entry in enumerate(shown):
            row_y = header_y + 34 + r * row_h
            canvas.text(str(first_round + r), (x + 30, row_y), 22, TEXT_DIM, anchor="midleft")
            for p in range(players):
                score = entry["scores"][p]
                text = str(score)
                colour = CREAM
                if p == entry["ender"]:
                    text += f"  (x2 from {entry['raw'][p]})" if entry["doubled"] else "  (ended)"
                    colour = RED if entry["doubled"] else GOLD
                canvas.text(text, (x + 160 + col_w * (p + 0.5), row_y), 22, colour)
        total_y = header_y + 34 + len(shown) * row_h + 12
        canvas.line(TEXT_DIM, (x + 24, total_y - 16), (x + w - 24, total_y - 16), 1)
        canvas.text("Total", (x + 30, total_y + 4), 24, GOLD, anchor="midleft", bold=True)
        best = min(self.rules.totals)
        for p in range(players):
            total = self.rules.totals[p]
            canvas.text(str(total), (x + 160 + col_w * (p + 0.5), total_y + 4), 26,
                        GOLD if total == best else CREAM, bold=True)
        canvas.text(f"The game ends when someone reaches {self.rules.target}; the lowest total wins.",
                    (x + w / 2, y + h - BUTTON_H - 42), 20, TEXT_DIM)
        super().draw(canvas)
