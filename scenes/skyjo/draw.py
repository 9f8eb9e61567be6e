"""Drawing the Skyjo table: labels of every grid, the piles, the active player's panel, banners."""
from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.skyjo.layout import DISCARD_POS, DRAW_POS, HAND_POS, grid_boxes, pile_rect
from sprites.canvas import Canvas
from sprites.card_sprite import draw_sprites
from sprites.theme import CREAM, GOLD, PANEL, RED, TEXT_DIM, WHITE

if TYPE_CHECKING:
    from scenes.skyjo.table import SkyjoTable

PANEL_RECT = (24, 300, 420, 400)
MESSAGE_LINE_Y = 300.0  # the message line, between the small grids and the big one
INSTRUCTIONS = {
    "reveal": "Turn up two of your cards ({left} left).",
    "choose": "Click the draw pile (D) or take the top discard (T).",
    "place_taken": "Click a card of your grid to exchange it.",
    "place_drawn": "Click a grid card to exchange, or the discard pile to throw the card away (X).",
    "turn_up": "Turn up one of your face-down cards.",
    "round_over": "The round is over: click or press Enter for the score sheet.",
    "game_over": "The game is over.",
}


def instruction(table: SkyjoTable) -> str:
    rules = table.rules
    if rules.phase not in ("round_over", "game_over") and not table.seat.is_human:
        return f"{table.seat.name} ({table.seat.level} computer) is playing..."
    return INSTRUCTIONS[rules.phase].format(left=rules.reveals_left[rules.current_player])


def draw_table_parts(table: SkyjoTable, canvas: Canvas) -> None:
    """Everything of the table scene but the message line."""
    rules = table.rules
    active = table.shown_active
    for box in grid_boxes(rules.player_count, active):
        name = table.seats[box.player].name
        shown, total = rules.visible_score(box.player), rules.totals[box.player]
        frame = box.rect.inflate(box.gap * 2 + 4, box.gap * 2 + 4)
        is_turn = box.player == rules.current_player and not table.round_done
        canvas.box((0, 0, 0, 60), frame, radius=8)
        if is_turn:
            canvas.box(GOLD, frame, width=3, radius=8)
        if box.player == rules.ender:
            canvas.box(RED, frame.inflate(6, 6), width=2, radius=10)
        if box.player != active:
            canvas.text(name, (box.rect.centerx, box.top - 26), 20, GOLD if is_turn else CREAM, bold=True)
            canvas.text(f"shows {shown}  ·  total {total}", (box.rect.centerx, box.top - 11), 17, TEXT_DIM)
        for slot in range(12):
            if rules.grids[box.player][slot] is None:
                canvas.box((255, 255, 255, 30), box.slot_rect(slot), width=1, radius=4)
    for pos, label in ((DRAW_POS, f"Draw pile ({len(rules.draw_pile)})"), (DISCARD_POS, "Discard")):
        rect = pile_rect(pos)
        canvas.box((0, 0, 0, 50), rect, radius=8)
        canvas.box((255, 255, 255, 70), rect, width=2, radius=8)
        canvas.text(label, (rect.centerx, rect.bottom + 16), 20, CREAM)
    if rules.hand is not None:
        canvas.text("In hand", (HAND_POS[0], HAND_POS[1] - 76), 20, GOLD, bold=True)
    draw_panel(table, canvas)
    draw_sprites(canvas, table.app.painter, table.sprites.values())
    if table.banner:
        canvas.box((120, 20, 20, 220), (860, 236, 300, 48), radius=12)
        canvas.text(table.banner, (1010, 260), 36, WHITE, bold=True, shadow=True)


def draw_panel(table: SkyjoTable, canvas: Canvas) -> None:
    """The active player's name, what to do, and every player's shown points and total."""
    rules = table.rules
    x, y, w, h = PANEL_RECT
    canvas.box(PANEL, PANEL_RECT, radius=14)
    current = table.seats[rules.current_player]
    title = "Round over" if table.round_done else f"{current.name}'s turn"
    canvas.text(title, (x + 18, y + 26), 34, GOLD, anchor="midleft", bold=True, shadow=True)
    for i, line in enumerate(canvas.wrap(instruction(table), 21, w - 36)[:3]):
        canvas.text(line, (x + 18, y + 58 + 22 * i), 21, CREAM, anchor="midleft")
    top = y + 136
    canvas.text(f"Round {rules.round_number}", (x + 18, top), 19, TEXT_DIM, anchor="midleft")
    canvas.text("shows", (x + 300, top), 19, TEXT_DIM, anchor="midright")
    canvas.text("total", (x + w - 18, top), 19, TEXT_DIM, anchor="midright")
    row_h = min(30, (h - 160) / max(1, rules.player_count))
    for p, seat in enumerate(table.seats):
        row_y = top + 26 + p * row_h
        colour = GOLD if p == rules.current_player and not table.round_done else CREAM
        mark = " (ended)" if p == rules.ender else ""
        canvas.text(f"{seat.name}{mark}", (x + 18, row_y), 22, colour, anchor="midleft")
        canvas.text(str(rules.visible_score(p)), (x + 300, row_y), 22, colour, anchor="midright")
        canvas.text(str(rules.totals[p]), (x + w - 18, row_y), 22, colour, anchor="midright")
