"""The Kings Corner score sheet: the cards left in hand counted one by one, and every round."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cards import Card
from game.kings_corner.moves import TARGET
from game.kings_corner.rules import KingsCornerGame as KingsCorner
from game.kings_corner.view import GAME_OVER
from game.kings_corner.moves import penalty
from scenes.kings_corner.layout import NEXT_RECT, SHEET_RECT
from sprites.canvas import Canvas
from sprites.theme import CREAM, FOCUS, GOLD, PANEL, RED, TEXT_DIM, WHITE
from sprites.widgets import draw_button_box

if TYPE_CHECKING:
    from scenes.kings_corner.table import KingsCornerTable

SMALL_W = 44.0
SMALL_STEP = 30.0
CARDS_LEFT_X = 420.0
CARDS_SPAN = 470.0
MAX_COLUMNS = 12  # rounds shown on the sheet (the latest ones)


class ScoreSheet:
    """The last round's penalty cards, `counted` of them already added to the sheet."""

    def __init__(self, rules: KingsCorner, counted_all: bool = False) -> None:
        self.round = rules.rounds[-1]
        self.round_number = len(rules.rounds)
        self.items: list[tuple[int, Card, int]] = [
            (seat, card, penalty(card)) for seat in (0, 1) for card in self.round.left[seat]]
        self.counted = len(self.items) if counted_all else 0

    @property
    def done(self) -> bool:
        return self.counted >= len(self.items)

    def count_one(self) -> bool:
        """Add the next card's points; False when every card is counted."""
        if self.done:
            return False
        self.counted += 1
        return True

    def running(self, seat: int) -> int:
        """The points of `seat` counted so far this round."""
        return sum(points for s, _, points in self.items[:self.counted] if s == seat)


def draw_sheet(table: KingsCornerTable, canvas: Canvas) -> None:
    """The round's end: both hands counted card by card, the rounds so far, then what next."""
    sheet = table.sheet
    rules = table.rules
    panel(canvas)
    x, y, w, _ = SHEET_RECT
    names = [s.name for s in table.seats]
    out = sheet.round.out
    title = (f"Round {sheet.round_number}: {names[out]} lays down every card" if out is not None
             else f"Round {sheet.round_number} is blocked: both players passed")
    canvas.text(title, (x + w / 2, y + 32), 32, GOLD, bold=True, shadow=True)
    counted = 0
    for row, seat in enumerate((table.bottom, table.top_seat)):
        cards = [(c, p, i) for i, (s, c, p) in enumerate(sheet.items) if s == seat]
        row_y = y + 110 + row * 96
        canvas.text(names[seat], (x + 30, row_y - 10), 26, WHITE, anchor="midleft", bold=True)
        canvas.text("penalty cards:" if cards else "no cards left", (x + 30, row_y + 16), 19,
                    TEXT_DIM, anchor="midleft")
        step = min(SMALL_STEP, CARDS_SPAN / max(1, len(cards) - 1))
        for k, (card, points, index) in enumerate(cards):
            is_counted = index < sheet.counted
            counted += is_counted
            cx = CARDS_LEFT_X + k * step
            face_px = (canvas.px(SMALL_W), canvas.px(SMALL_W / 0.7))
            image = table.app.painter.face(card, face_px)
            if not is_counted:
                image = image.copy()
                image.set_alpha(110)
            lift = 8 if index == sheet.counted - 1 else 0
            canvas.image(image, (cx, row_y - lift), anchor="center")
            if is_counted and points > 1:
                canvas.text(f"+{points}", (cx, row_y + 42), 18, RED, bold=True)
        total = sheet.running(seat)
        canvas.text(f"+{total}", (x + w - 40, row_y), 44, GOLD if total else CREAM, anchor="midright",
                    bold=True, shadow=True)
    draw_rounds(table, canvas, y + 290, live=sheet)
    if not sheet.done:
        canvas.text("Counting... (click or press a key to skip)", (x + w / 2, y + 385), 20, TEXT_DIM)
    elif rules.phase == GAME_OVER:
        winners = rules.result()["winners"]
        text = (f"{names[winners[0]]} wins the game!" if len(winners) == 1 else "The game is a tie!")
        canvas.text(text, (x + w / 2, y + 385), 30, GOLD, bold=True, shadow=True)
    elif table.humans:
        rect = pygame.FRect(NEXT_RECT)
        draw_button_box(canvas, rect, table.keyboard_focus, False, True, accent=(40, 120, 70))
        canvas.text("Next round", rect.center, 26, WHITE, shadow=True)
        canvas.text("Enter", (rect.right + 40, rect.centery), 18, TEXT_DIM)
    else:
        canvas.text("The next round starts by itself.", (x + w / 2, y + 385), 20, TEXT_DIM)


def draw_rounds(table: KingsCornerTable, canvas: Canvas, top: float,
                live: ScoreSheet | None = None) -> None:
    """A row per player: the penalty points of each round and the total (game to 25)."""
    rules = table.rules
    x, _, w, _ = SHEET_RECT
    rounds = rules.rounds[-MAX_COLUMNS:]
    first = len(rules.rounds) - len(rounds) + 1
    col = 46.0
    left = x + 200
    canvas.text("Round", (x + 30, top), 19, TEXT_DIM, anchor="midleft")
    for i in range(len(rounds)):
        canvas.text(str(first + i), (left + i * col, top), 19, TEXT_DIM)
    canvas.text(f"Total (game to {TARGET})", (x + w - 40, top), 19, TEXT_DIM, anchor="midright")
    for row, seat in enumerate((table.bottom, table.top_seat)):
        y = top + 30 + row * 30
        canvas.text(table.seats[seat].name, (x + 30, y), 22, WHITE, anchor="midleft")
        total = rules.penalties[seat]
        for i, result in enumerate(rounds):
            points = result.penalties[seat]
            is_live = live is not None and i == len(rounds) - 1
            if is_live:
                total -= points - live.running(seat)
                points = live.running(seat)
            canvas.text(str(points), (left + i * col, y), 22, FOCUS if is_live else CREAM)
        colour = RED if total >= TARGET else GOLD
        canvas.text(str(total), (x + w - 40, y), 26, colour, anchor="midright", bold=True)


def draw_sheet_on_request(table: KingsCornerTable, canvas: Canvas) -> None:
    """The score sheet during a round (S or the button): every round so far."""
    panel(canvas)
    x, y, w, _ = SHEET_RECT
    canvas.text(f"Score sheet - game {table.rules.game_number}", (x + w / 2, y + 32), 32, GOLD,
                bold=True, shadow=True)
    if not table.rules.rounds:
        canvas.text("No round has ended yet.", (x + w / 2, y + 120), 24, CREAM)
    draw_rounds(table, canvas, y + 180)
    canvas.text("Kings cost 10 penalty points, every other card 1. At 25 the other player wins.",
                (x + w / 2, y + 300), 20, TEXT_DIM)
    canvas.text("Click or press a key to close.", (x + w / 2, y + 385), 20, TEXT_DIM)


def panel(canvas: Canvas) -> None:
    x, y, w, h = SHEET_RECT
    canvas.box((0, 0, 0, 90), (x + 6, y + 8, w, h), radius=20)
    canvas.box(PANEL, SHEET_RECT, radius=20)
    canvas.box((*PANEL[:3], 255), SHEET_RECT, radius=20)
    canvas.box(GOLD, SHEET_RECT, width=2, radius=20)
