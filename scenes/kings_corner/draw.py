"""Drawing the Kings Corner table: plates, pile slots and numbers, highlights, buttons, hints."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.kings_corner.moves import CORNERS, TARGET, Undo
from game.kings_corner.view import PLAY, ROUND_OVER
from scenes.kings_corner.input import draw_pile_rect
from scenes.kings_corner.layout import (
    BUTTON_RECTS,
    DRAW_POS,
    OTHER_PLATE,
    PILE_ANGLES,
    PILE_H,
    PILE_W,
    SCORE_PLATE,
    fan_point,
    pile_rect,
)
from scenes.kings_corner.sheet import draw_sheet, draw_sheet_on_request
from sprites.canvas import Canvas
from sprites.card_sprite import draw_sprites
from sprites.theme import CREAM, FOCUS, GOLD, HIGHLIGHT, PANEL, TEXT_DIM, WHITE
from sprites.widgets import draw_button_box

if TYPE_CHECKING:
    from scenes.kings_corner.table import KingsCornerTable

TARGET_GLOW = (120, 230, 140)
DROP_GLOW = (255, 236, 120)
HINT_POS = (560.0, 456.0)


def draw_table_parts(table: KingsCornerTable, canvas: Canvas) -> None:
    """The whole table (never called while the pass screen shows)."""
    draw_plates(table, canvas)
    draw_slots(table, canvas)
    draw_targets(table, canvas)
    draw_sprites(canvas, table.app.painter, [s for s in table.sprites.values() if s.visible])
    draw_selection(table, canvas)
    draw_buttons(table, canvas)
    draw_hint(table, canvas)
    draw_focus(table, canvas)
    if table.rules.phase != PLAY and table.sheet is not None:
        draw_sheet(table, canvas)
    elif table.sheet_open:
        draw_sheet_on_request(table, canvas)


def draw_plates(table: KingsCornerTable, canvas: Canvas) -> None:
    """The other player's name and card count; both penalty totals and the round."""
    rules = table.rules
    other = table.top_seat
    seat = table.seats[other]
    to_play = rules.phase == PLAY and rules.current_player == other
    canvas.box(PANEL, OTHER_PLATE, radius=12)
    if to_play:
        canvas.box(GOLD, OTHER_PLATE, width=3, radius=12)
    x, y, _, h = OTHER_PLATE
    kind = "human" if seat.is_human else f"computer, {seat.level}"
    count = len(rules.hands[other])
    canvas.text(seat.name, (x + 14, y + 22), 24, GOLD if to_play else WHITE, anchor="midleft",
                bold=True)
    canvas.text(f"{count} card{'s' if count != 1 else ''} - {kind}", (x + 14, y + h - 18), 18,
                TEXT_DIM, anchor="midleft")
    canvas.box(PANEL, SCORE_PLATE, radius=12)
    x, y, w, h = SCORE_PLATE
    canvas.text(f"Penalties (game to {TARGET})", (x + 14, y + 18), 18, TEXT_DIM, anchor="midleft")
    canvas.text(f"round {rules.round_number}, game {rules.game_number}", (x + w - 14, y + 18), 18,
                TEXT_DIM, anchor="midright")
    parts = [f"{table.seats[s].name} {shown_penalty(table, s)}" for s in (table.bottom, other)]
    canvas.text("   ".join(parts), (x + w / 2, y + h - 20), 26, CREAM, bold=True)
    dealer = table.seats[rules.dealer].name
    canvas.text(f"{dealer} dealt", (20, 24), 18, TEXT_DIM, anchor="midleft")


def shown_penalty(table: KingsCornerTable, seat: int) -> int:
    """The seat's penalty total as far as the score sheet has counted it."""
    total = table.rules.penalties[seat]
    sheet = table.sheet
    if sheet is not None and table.rules.phase != PLAY:
        total -= sheet.round.penalties[seat] - sheet.running(seat)
    return total


def draw_slots(table: KingsCornerTable, canvas: Canvas) -> None:
    """Each pile's number; an empty pile's outline says what may start it; the draw pile."""
    for pile_no in range(1, 9):
        pile = table.rules.piles[pile_no - 1]
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
    count = len(table.rules.draw_pile)
    if not count:
        canvas.box((255, 255, 255, 60), rect, width=2, radius=8)
        canvas.text("empty", (rect.centerx, rect.centery - 8), 20, TEXT_DIM)
        canvas.text("pass", (rect.centerx, rect.centery + 14), 18, TEXT_DIM)
    canvas.text(f"draw pile: {count}", (DRAW_POS[0], rect.bottom + 12), 17, TEXT_DIM)


def draw_targets(table: KingsCornerTable, canvas: Canvas) -> None:
    """While a card or pile is picked up, the piles that take it glow."""
    if table.selected is None:
        return
    for pile_no in table.legal_targets(table.selected):
        count = len(table.rules.piles[pile_no - 1])
        rect = pile_rect(pile_no, count + 1)
        colour = DROP_GLOW if pile_no == table.drop_target else TARGET_GLOW
        canvas.box((*colour, 60), rect, radius=10)
        canvas.box(colour, rect, width=3, radius=10)


def draw_selection(table: KingsCornerTable, canvas: Canvas) -> None:
    """The picked-up card or pile wears a ring (not while it is being dragged)."""
    selected = table.selected
    if selected is None or table.dragging:
        return
    kind, what = selected
    if kind == "hand":
        sprite = table.sprites[what]
        canvas.box(HIGHLIGHT, sprite.rect.move(0, -sprite.lift).inflate(8, 8), width=3, radius=9)
    else:
        rect = pile_rect(what, len(table.rules.piles[what - 1]))
        canvas.box(HIGHLIGHT, rect, width=3, radius=10)


def draw_buttons(table: KingsCornerTable, canvas: Canvas) -> None:
    """Draw (or Pass), Undo and Score sheet, with their keys (only while a round is played)."""
    if table.rules.phase != PLAY:
        return
    can_act = table.can_act()
    labels = {"draw": ("Draw a card" if table.rules.draw_pile else "Pass", "D"),
              "undo": ("Undo", "Ctrl+Z"), "sheet": ("Score sheet", "S")}
    enabled = {"draw": can_act, "undo": can_act and Undo() in table.rules.legal_moves(),
               "sheet": table.rules.phase == PLAY}
    for name, rect in BUTTON_RECTS.items():
        box = pygame.FRect(rect)
        focused = table.keyboard_focus and table.focus == ("button", name)
        draw_button_box(canvas, box, focused, table.hover_button == name, enabled[name])
        label, key = labels[name]
        canvas.text(label, (box.centerx - 14, box.centery), 24,
                    WHITE if enabled[name] else TEXT_DIM, shadow=enabled[name])
        canvas.text(key, (box.right - 10, box.centery), 15, TEXT_DIM, anchor="midright")


def draw_hint(table: KingsCornerTable, canvas: Canvas) -> None:
    """One line on what may be done now."""
    rules = table.rules
    if rules.phase == ROUND_OVER or rules.is_over or table.sheet_open:
        return
    name = table.seats[rules.current_player].name
    if table.can_act():
        moves = [m for m in rules.legal_moves() if type(m).__name__ in ("LayCard", "MovePile")]
        end = "draw a card" if rules.draw_pile else "pass"
        text = (f"Your turn, {name}: drag a card or a whole pile onto a pile, then {end}."
                if moves else f"Your turn, {name}: nothing fits, {end} (D).")
    elif rules.current_player in table.computers:
        text = f"{name} is playing..."
    else:
        text = f"{name}'s turn."
    canvas.text(text, (HINT_POS[0], HINT_POS[1]), 19, CREAM)
    canvas.text("Click to pick, click a pile to place - arrows, 1-8, Enter - Esc: menu",
                (14, 708), 16, TEXT_DIM, anchor="midleft")



def draw_focus(table: KingsCornerTable, canvas: Canvas) -> None:
    """The keyboard focus ring: on a hand card, a pile or a button."""
    if not table.keyboard_focus or not table.can_act() or not table.focus_ok():
        return
    kind, what = table.focus
    if kind == "hand" and what is not None:
        sprite = table.sprites[what]
        canvas.box(FOCUS, sprite.rect.move(0, -sprite.lift).inflate(10, 10), width=3, radius=10)
    elif kind == "pile":
        rect = pile_rect(what, max(1, len(table.rules.piles[what - 1])))
        canvas.box(FOCUS, rect.inflate(6, 6), width=3, radius=12)
