"""Drawing the Kings Corner table from its view: plates, pile slots and numbers, highlights, buttons,
hints. The table is seen through the small `Table` protocol, so this module never imports it."""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol

import pygame

from game.kings_corner.moves import CORNERS, TARGET, Undo
from game.kings_corner.view import PLAY, ROUND_OVER, KingsCornerView
from scenes.kings_corner.layout import (
    BUTTON_RECTS,
    DRAW_POS,
    HINT_LINE_Y,
    OTHER_PLATE,
    PILE_ANGLES,
    PILE_H,
    PILE_W,
    SCORE_PLATE,
    draw_pile_rect,
    fan_point,
    pile_rect,
)
from scenes.kings_corner.sheet import PenaltyCount, shown_total
from scenes.seats import Seat
from sprites.canvas import Canvas
from sprites.card_faces import CardPainter
from sprites.card_sprite import CardSprite, draw_sprites
from sprites.theme import CREAM, FOCUS, GOLD, HIGHLIGHT, PANEL, TEXT_DIM, WHITE
from sprites.widgets import draw_button_box

DROP_GLOW = (120, 230, 140)  # the pile under a dragged card that takes it
DISABLED_VEIL = (10, 24, 18, 130)
DISABLED_TEXT = (110, 128, 118)
HINT_POS = (560.0, HINT_LINE_Y)


class Table(Protocol):
    """What drawing needs of the table."""

    seats: list[Seat]
    sprites: dict[Hashable, CardSprite]
    selected: tuple[str, Any] | None
    dragging: bool
    drop_target: int | None
    focus: tuple[str, Any]
    hover_button: str | None
    keyboard_focus: bool
    count: PenaltyCount | None

    @property
    def painter(self) -> CardPainter: ...
    @property
    def bottom(self) -> int: ...
    def view(self) -> KingsCornerView: ...
    def can_act(self) -> bool: ...
    def legal_moves(self) -> Sequence[Any]: ...
    def legal_targets(self, source: tuple[str, Any] | None) -> list[int]: ...
    def focus_ok(self) -> bool: ...


def draw_table_parts(table: Table, canvas: Canvas) -> None:
    """The whole table (never called while the pass screen shows)."""
    view = table.view()
    draw_plates(table, view, canvas)
    draw_slots(view, canvas)
    draw_targets(table, view, canvas)
    draw_sprites(canvas, table.painter, [s for s in table.sprites.values() if s.visible])
    draw_selection(table, view, canvas)
    draw_buttons(table, view, canvas)
    draw_hint(table, view, canvas)
    draw_focus(table, view, canvas)


def draw_plates(table: Table, view: KingsCornerView, canvas: Canvas) -> None:
    """The other player's name and card count; both penalty totals and the round."""
    other = 1 - table.bottom
    seat = table.seats[other]
    to_play = view.phase == PLAY and view.current_player == other
    canvas.box(PANEL, OTHER_PLATE, radius=12)
    if to_play:
        canvas.box(GOLD, OTHER_PLATE, width=3, radius=12)
    x, y, _, h = OTHER_PLATE
    kind = "human" if seat.is_human else f"computer, {seat.level}"
    count = view.hand_counts[other]
    canvas.text(seat.name, (x + 14, y + 22), 24, GOLD if to_play else WHITE, anchor="midleft",
                bold=True)
    canvas.text(f"{count} card{'s' if count != 1 else ''} - {kind}", (x + 14, y + h - 18), 18,
                TEXT_DIM, anchor="midleft")
    canvas.box(PANEL, SCORE_PLATE, radius=12)
    x, y, w, h = SCORE_PLATE
    canvas.text(f"Penalties (game to {TARGET})", (x + 14, y + 18), 18, TEXT_DIM, anchor="midleft")
    canvas.text(f"round {view.round_number}, game {view.game_number}", (x + w - 14, y + 18), 18,
                TEXT_DIM, anchor="midright")
    counting = table.count if view.phase != PLAY else None
    parts = [f"{table.seats[s].name} {shown_total(view.penalties, counting, s)}" for s in (table.bottom, other)]
    canvas.text("   ".join(parts), (x + w / 2, y + h - 20), 26, CREAM, bold=True)
    dealer = table.seats[view.dealer].name
    canvas.text(f"{dealer} dealt", (20, 24), 18, TEXT_DIM, anchor="midleft")


def draw_slots(view: KingsCornerView, canvas: Canvas) -> None:
    """Each pile's number; an empty pile's outline says what may start it; the draw pile."""
    for pile_no in range(1, 9):
        pile = view.piles[pile_no - 1]
        cx, cy = fan_point(pile_no, 0)
        corner = pile_no in CORNERS
        if not pile:
            slot = pygame.FRect(0, 0, PILE_W, PILE_H)
            slot.center = (cx, cy)
            canvas.box((0, 0, 0, 40), slot, radius=8)
            canvas.box((255, 255, 255, 70), slot, width=2, radius=8)
            canvas.text("K" if corner else "any", (cx, cy - 8), 26 if corner else 20, TEXT_DIM,
                        bold=corner)
            canvas.text("corner" if corner else "side", (cx, cy + 18), 16, TEXT_DIM)
        badge = (cx - PILE_W / 2 - 16, cy - PILE_H / 2 + 12)
        if PILE_ANGLES.get(pile_no, 0) > 0 and pile:
            badge = (badge[0], badge[1] + 4)
        canvas.circle((0, 0, 0, 110), badge, 13)
        canvas.circle(GOLD if corner else CREAM, badge, 13, width=2)
        canvas.text(str(pile_no), badge, 20, GOLD if corner else CREAM, bold=True)
    rect = draw_pile_rect().inflate(-12, -12)
    count = view.draw_count
    if not count:
        canvas.box((255, 255, 255, 60), rect, width=2, radius=8)
        canvas.text("empty", (rect.centerx, rect.centery - 8), 20, TEXT_DIM)
        canvas.text("pass", (rect.centerx, rect.centery + 14), 18, TEXT_DIM)
    canvas.text(f"draw pile: {count}", (DRAW_POS[0], rect.bottom + 12), 17, TEXT_DIM)


def draw_targets(table: Table, view: KingsCornerView, canvas: Canvas) -> None:
    """While a card or pile is dragged, the pile under the pointer glows if it takes it (the move
    marks ring every pile that takes it)."""
    target = table.drop_target
    if table.selected is None or target is None:
        return
    rect = pile_rect(target, len(view.piles[target - 1]) + 1)
    canvas.box((*DROP_GLOW, 60), rect, radius=10)
    canvas.box(DROP_GLOW, rect, width=3, radius=10)


def draw_selection(table: Table, view: KingsCornerView, canvas: Canvas) -> None:
    """The picked-up card or pile wears a ring (not while it is being dragged)."""
    selected = table.selected
    if selected is None or table.dragging:
        return
    kind, what = selected
    if kind == "hand":
        sprite = table.sprites[what]
        canvas.box(HIGHLIGHT, sprite.rect.move(0, -sprite.lift).inflate(8, 8), width=3, radius=9)
    else:
        rect = pile_rect(what, len(view.piles[what - 1]))
        canvas.box(HIGHLIGHT, rect, width=3, radius=10)


def draw_buttons(table: Table, view: KingsCornerView, canvas: Canvas) -> None:
    """Draw (or Pass), Undo and Score sheet, with their keys (only while a round is played)."""
    if view.phase != PLAY:
        return
    can_act = table.can_act()
    labels = {"draw": ("Draw a card" if view.draw_count else "Pass", "D"),
              "undo": ("Undo", "Ctrl+Z"), "sheet": ("Score sheet", "S")}
    enabled = {"draw": can_act, "undo": can_act and Undo() in table.legal_moves(), "sheet": True}
    for name, rect in BUTTON_RECTS.items():
        focused = table.keyboard_focus and table.focus == ("button", name)
        draw_control(canvas, pygame.FRect(rect), *labels[name], focused, table.hover_button == name, enabled[name])


def draw_control(canvas: Canvas, box: pygame.FRect, label: str, key: str, focused: bool, hovered: bool,
                 enabled: bool) -> None:
    """One of the table's buttons with its key; a disabled one is veiled and its label greyed, so
    it never looks as if it could be pressed."""
    draw_button_box(canvas, box, focused, hovered and enabled, enabled)
    if not enabled:
        canvas.box(DISABLED_VEIL, box, radius=12)
    canvas.text(label, (box.centerx - 14, box.centery), 24, WHITE if enabled else DISABLED_TEXT, shadow=enabled)
    canvas.text(key, (box.right - 10, box.centery), 15, TEXT_DIM if enabled else DISABLED_TEXT, anchor="midright")


def draw_hint(table: Table, view: KingsCornerView, canvas: Canvas) -> None:
    """One line on what may be done now (at a round's end: the count as it runs)."""
    if view.phase != PLAY:
        count = table.count
        if count is not None and not count.done:
            parts = [f"{table.seats[s].name} +{count.running(s)}" for s in (table.bottom, 1 - table.bottom)]
            text = "Counting the cards left in hand: " + ", ".join(parts) + " (click to skip)"
        elif view.phase == ROUND_OVER:
            text = "The round is over: click or press a key for the score sheet."
        else:
            return
        canvas.text(text, (HINT_POS[0], HINT_POS[1]), 19, CREAM)
        return
    name = table.seats[view.current_player].name
    if table.can_act():
        moves = [m for m in table.legal_moves() if type(m).__name__ in ("LayCard", "MovePile")]
        end = "draw a card" if view.draw_count else "pass"
        text = (f"Your turn, {name}: drag a card or a whole pile onto a pile, then {end}."
                if moves else f"Your turn, {name}: nothing fits, {end} (D).")
    else:
        text = f"{name}'s turn."  # a computer's moves are named on the message line and in the history
    canvas.text(text, (HINT_POS[0], HINT_POS[1]), 19, CREAM)
    canvas.text("Click to pick, click a pile to place - arrows, 1-8, Enter - H: hint - L: moves - Esc: menu",
                (14, 708), 16, TEXT_DIM, anchor="midleft")


def draw_focus(table: Table, view: KingsCornerView, canvas: Canvas) -> None:
    """The keyboard focus ring: on a hand card, a pile or a button."""
    if not table.keyboard_focus or not table.can_act() or not table.focus_ok():
        return
    kind, what = table.focus
    if kind == "hand" and what is not None:
        sprite = table.sprites[what]
        canvas.box(FOCUS, sprite.rect.move(0, -sprite.lift).inflate(10, 10), width=3, radius=10)
    elif kind == "pile":
        rect = pile_rect(what, max(1, len(view.piles[what - 1])))
        canvas.box(FOCUS, rect.inflate(6, 6), width=3, radius=12)
