"""Drawing the Memory Match table: the players' panels, the grid, hover, the choice, the coin."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.memory_match.moves import CHOICES, GRID_SIZE, Outcome
from game.memory_match.text import CHOICE_LABELS
from game.memory_match.view import MemoryView
from game.seats import Seat
from lang import _, n_
from scenes.memory_match.fx import Coin, Effects, draw_coin
from scenes.memory_match.input import Pointer
from scenes.memory_match.layout import (
    BADGE_Y,
    CHOICE_BUTTONS,
    CHOICE_PANEL,
    HELP_Y,
    PILE_CARD_W,
    PILE_TOP,
    cell_rect,
    panel_rect,
    pile_spot,
    score_anchor,
)
from scenes.memory_match.motion import Panels
from scenes.table_marks import draw_focus_ring
from scenes.table_parts import Shown
from sprites.canvas import Canvas
from sprites.card_sprite import draw_sprites
from sprites.theme import CARD_ASPECT, CREAM, GOLD, HIGHLIGHT, PANEL, RED, SPACE, TEXT_DIM, WHITE
from sprites.widgets import draw_button_box, fitted

SLOT_COLOUR = (0, 0, 0, 60)
PAIR_SLOT = (0, 0, 0, 45)
PAIRS = 6  # the most pairs a player can win: six symbols
CHOICE_BACK = (14, 40, 28)
CHOICE_SHADE = 150  # the table dims under the choice
REFUSED = (230, 110, 100)
SCORE_SIZE = 64.0  # the score, at the right of a panel's header
SCORE_LABEL_W = 100.0  # "points" under the score


@dataclass(frozen=True, slots=True)
class Board:
    """What Memory Match's drawer needs besides the view: the panels as animated, the coin, the
    effects, the pointer and the table's state of play."""

    panels: Panels
    coin: Coin | None
    effects: Effects | None  # None: the table is not on top (its effects would stand still)
    pointer: Pointer
    can_act: bool  # a human may move now
    busy: bool  # cards move
    waited: float  # seconds the turn has waited (a computer's "thinking" dots)
    humans: bool  # a human plays at this screen


class MemoryDrawer:
    """Draws the Memory Match table from the view, what the table shows and the board; tells
    `drawn` once a frame's cards are drawn (the faces it showed count as seen)."""

    def __init__(self, board: Callable[[], Board], drawn: Callable[[], None]) -> None:
        self.board = board
        self.drawn = drawn

    def draw(self, canvas: Canvas, view: MemoryView, shown: Shown) -> None:
        draw_table_parts(canvas, view, shown, self.board())
        self.drawn()

    def draw_over(self, canvas: Canvas, view: MemoryView, shown: Shown) -> bool:
        """The coin toss, or the Bonus or Penalty choice: a dialog the marks and message show over."""
        board = self.board()
        draw_over(canvas, view, shown, board)
        return choice_shown(view, board.busy)

    def message_shown(self, view: MemoryView) -> bool:
        return True


def draw_table_parts(canvas: Canvas, view: MemoryView, shown: Shown, board: Board) -> None:
    """The whole table, back to front, but for the choice and the coin (`draw_over`)."""
    for seat in (0, 1):
        draw_panel(canvas, shown, board, seat, view)
    for index in range(GRID_SIZE):
        canvas.box(SLOT_COLOUR, cell_rect(index).inflate(-4, -4), radius=10)
    draw_sprites(canvas, shown.painter, [s for s in shown.sprites.values() if s.visible])
    draw_pointer(canvas, board, view)
    if board.effects is not None:  # under a dialog the effects would stand still: they show only on top
        board.effects.draw(canvas)
    if view.is_over:  # no keys left to teach; the View table's way back sits on this line
        return
    help_text = (_("Click a card or arrows + Enter - a click skips the wait once both cards have shown - Esc: menu")
                 if board.humans else _("Watching - Esc: menu") if any(s.is_human for s in shown.seats)
                 else _("Computers playing - Esc: menu"))  # a watcher's window, or a table of computers
    help_text, size = fitted(canvas, help_text, 17, 1280 - 2 * 14)
    canvas.text(help_text, (640, HELP_Y), size, TEXT_DIM)


def choice_shown(view: MemoryView, busy: bool) -> bool:
    """The Bonus or Penalty choice stands over the table (once the cards that led to it have landed)."""
    return view.pending_choice is not None and not busy and not view.is_over


def draw_over(canvas: Canvas, view: MemoryView, shown: Shown, board: Board) -> None:
    """What stands over the whole table, the moves and the message: the choice, or the coin toss."""
    if choice_shown(view, board.busy):
        canvas.shade(CHOICE_SHADE)
        draw_choice(canvas, shown, board, view)
    if board.coin is not None:
        draw_coin_toss(canvas, shown, board.coin)


def draw_panel(canvas: Canvas, shown: Shown, board: Board, seat: int, view: MemoryView) -> None:
    """A player's name, kind and score in its header; whether they play now or skip a turn; the
    pairs they won."""
    rect = panel_rect(seat)
    s, panels = shown.seats[seat], board.panels
    to_play = panels.current == seat and not view.is_over and board.coin is None
    canvas.box(PANEL, rect, radius=18)
    canvas.frame(rect, f"panel of {s.name}", keep_clear=True)
    if to_play:
        canvas.box(GOLD, rect, width=4, radius=18)
    score = panels.scores[seat]
    score_left = score_anchor(seat)[0] - canvas.text_size(str(score), SCORE_SIZE, bold=True)[0] / 2
    draw_header(canvas, s, rect, to_play, score_left - SPACE)
    canvas.text(str(score), score_anchor(seat), SCORE_SIZE, CREAM if score >= 0 else REFUSED, bold=True, shadow=True)
    points, size = fitted(canvas, n_("point", "points", abs(score)), 17, SCORE_LABEL_W)
    canvas.text(points, (score_anchor(seat)[0], rect.y + 90), size, TEXT_DIM)
    badges = []
    if to_play:
        badges.append((_("your turn") if s.is_human else thinking_label(board), GOLD, (40, 30, 10)))
    if panels.skips[seat] > 0:
        badges.append((_("skips next turn"), RED, WHITE))
    for i, (label, back, ink) in enumerate(badges):
        y = BADGE_Y + 40 * i
        canvas.box(back, (rect.centerx - 120, y - 17, 240, 34), radius=17)
        canvas.frame((rect.centerx - 120, y - 17, 240, 34), "badge")
        label, size = fitted(canvas, label, 24, 240 - 20, bold=True)
        canvas.text(label, (rect.centerx, y), size, ink, bold=True)
    pairs, size = fitted(canvas, _("pairs won: {n}", n=panels.pairs[seat]), 20, rect.w - 24)
    canvas.text(pairs, (rect.centerx, PILE_TOP), size, TEXT_DIM)
    for pair in range(PAIRS):  # where the pairs go, so the panel's lower half reads as their place
        x, y = pile_spot(seat, pair, False)
        slot = pygame.FRect(0, 0, PILE_CARD_W + 22 + 8, PILE_CARD_W / CARD_ASPECT + 6 + 8)
        slot.center = (x + 11, y + 3)
        canvas.box(PAIR_SLOT, slot, radius=8)


def draw_header(canvas: Canvas, s: Seat, rect: pygame.FRect, to_play: bool, end: float) -> None:
    """A panel's header: the player's name and whether a human or which computer plays it, from where
    reading starts, clear of the score (the header ends at `end`)."""
    room = end - rect.x - 22
    start, anchor = canvas.line_start(rect.x + 22, end), canvas.start_anchor("midleft")
    name, size = fitted(canvas, s.name, 34, room, bold=True)
    canvas.text(name, (start, rect.y + 36), size, GOLD if to_play else WHITE, anchor=anchor, bold=True, shadow=True)
    kind = _("Human") if s.is_human else _("Computer: {level}", level=_(s.level))
    kind, size = fitted(canvas, kind, 19, room)
    canvas.text(kind, (start, rect.y + 68), size, TEXT_DIM, anchor=anchor)


def thinking_label(board: Board) -> str:
    """'thinking', with dots that come and go while a computer decides."""
    if board.busy:
        return _("playing")
    return _("thinking{dots}", dots="." * (int(board.waited * 4) % 4))


def draw_pointer(canvas: Canvas, board: Board, view: MemoryView) -> None:
    """The card a click or Enter would flip: the focus ring, light red on an empty place; none on a
    card lying face up (the one just flipped: it is no mistake to be pointing at it)."""
    if not board.can_act or view.pending_choice is not None:
        return
    pointer = board.pointer
    cell = pointer.cell
    if cell is None or (view.present[cell] and cell not in view.face_down_cells()):
        return
    lift = pointer.lift if view.present[cell] else 0.0
    draw_focus_ring(canvas, cell_rect(cell).move(0, -lift), pointer.flippable)


def draw_choice(canvas: Canvas, shown: Shown, board: Board, view: MemoryView) -> None:
    """The two options after a double Bonus or Penalty, as two large buttons."""
    kind = view.pending_choice
    assert kind is not None
    name = shown.seats[view.current_player].name
    canvas.box(CHOICE_BACK, CHOICE_PANEL, radius=20)  # opaque: only the choice reads
    canvas.box(GOLD, CHOICE_PANEL, width=3, radius=20)
    x, y, w, _h = CHOICE_PANEL
    heading = (_("Two Bonus cards! {name} chooses:", name=name) if kind == Outcome.TWO_BONUS
               else _("Two Penalty cards! {name} chooses:", name=name))
    heading, size = fitted(canvas, heading, 34.0, w - 40, bold=True)
    canvas.text(heading, (x + w / 2, y + 40), size, GOLD, bold=True, shadow=True)
    human = board.can_act
    for i, (option, rect) in enumerate(zip(CHOICES[kind], CHOICE_BUTTONS, strict=True)):
        box = pygame.FRect(rect)
        focused = human and board.pointer.choice_focus == i
        accent = (40, 110, 70) if kind == Outcome.TWO_BONUS else (120, 50, 50)
        draw_button_box(canvas, box, focused, board.pointer.hover_choice == i, human, accent)
        points, rest = CHOICE_LABELS[(kind, option)]
        canvas.text(points, (box.centerx, box.y + 36), 44, WHITE, bold=True, shadow=True)
        rest, size = fitted(canvas, _(rest), 26, box.w - 24)
        canvas.text(rest, (box.centerx, box.y + 78), size, CREAM)
        canvas.text(f"{i + 1}", (box.x + 18, box.y + 18), 20, TEXT_DIM)


def draw_coin_toss(canvas: Canvas, shown: Shown, coin: Coin) -> None:
    canvas.shade(110)
    names = [s.name for s in shown.seats]
    draw_coin(canvas, (640, 380), coin.spin, 9, ("1", "2"), coin.result)
    canvas.text(_("Coin toss"), (640, 200), 48, GOLD, bold=True, shadow=True)
    canvas.text(f"1: {names[0]}    2: {names[1]}", (640, 250), 28, CREAM)
    if coin.landed:
        pulse = 1 + 0.06 * math.sin(coin.spin * 20)
        canvas.text(_("{name} starts!", name=names[coin.result]), (640, 520), 48 * pulse, HIGHLIGHT, bold=True,
                    shadow=True)
