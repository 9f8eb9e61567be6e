"""Drawing the Skyjo table: labels of every grid, the piles, the active player's panel, banners."""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Protocol

from game.skyjo.view import SkyjoView
from scenes.seats import Seat
from scenes.skyjo.layout import DISCARD_POS, DRAW_POS, HAND_POS, grid_boxes, pile_rect
from sprites.canvas import Canvas
from sprites.card_faces import CardPainter
from sprites.card_sprite import CardSprite, draw_sprites
from sprites.theme import CREAM, GOLD, PANEL, RED, TEXT_DIM, WHITE

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


class Table(Protocol):
    """What drawing needs of the table."""

    @property
    def seats(self) -> Sequence[Seat]: ...
    @property
    def shown_active(self) -> int: ...  # whose grid is big
    @property
    def banner(self) -> str: ...
    @property
    def sprites(self) -> Mapping[Hashable, CardSprite]: ...

    def view(self) -> SkyjoView: ...


def instruction(view: SkyjoView, seat: Seat) -> str:
    if not view.round_done and not seat.is_human:
        return f"{seat.name} ({seat.level} computer) is playing..."
    return INSTRUCTIONS[view.phase].format(left=view.reveals_left[view.current_player])


def draw_table_parts(table: Table, canvas: Canvas, painter: CardPainter) -> None:
    """Everything of the table scene but the message line."""
    view = table.view()
    active = table.shown_active
    for box in grid_boxes(view.player_count, active):
        grid = view.grids[box.player]
        name = table.seats[box.player].name
        frame = box.rect.inflate(box.gap * 2 + 4, box.gap * 2 + 4)
        is_turn = box.player == view.current_player and not view.round_done
        canvas.box((0, 0, 0, 60), frame, radius=8)
        if is_turn:
            canvas.box(GOLD, frame, width=3, radius=8)
        if box.player == view.ender:
            canvas.box(RED, frame.inflate(6, 6), width=2, radius=10)
        if box.player != active:
            canvas.text(name, (box.rect.centerx, box.top - 26), 20, GOLD if is_turn else CREAM, bold=True)
            canvas.text(f"shows {grid.visible_score}  ·  total {view.totals[box.player]}",
                        (box.rect.centerx, box.top - 11), 17, TEXT_DIM)
        for slot in grid.removed:
            canvas.box((255, 255, 255, 30), box.slot_rect(slot), width=1, radius=4)
    for pos, label in ((DRAW_POS, f"Draw pile ({view.draw_count})"), (DISCARD_POS, "Discard")):
        rect = pile_rect(pos)
        canvas.box((0, 0, 0, 50), rect, radius=8)
        canvas.box((255, 255, 255, 70), rect, width=2, radius=8)
        canvas.text(label, (rect.centerx, rect.bottom + 16), 20, CREAM)
    if view.hand is not None:
        canvas.text("In hand", (HAND_POS[0], HAND_POS[1] - 76), 20, GOLD, bold=True)
    draw_panel(view, table.seats, canvas)
    draw_sprites(canvas, painter, table.sprites.values())
    if table.banner:
        canvas.box((120, 20, 20, 220), (860, 236, 300, 48), radius=12)
        canvas.text(table.banner, (1010, 260), 36, WHITE, bold=True, shadow=True)


def draw_panel(view: SkyjoView, seats: Sequence[Seat], canvas: Canvas) -> None:
    """The active player's name, what to do, and every player's shown points and total."""
    x, y, w, h = PANEL_RECT
    canvas.box(PANEL, PANEL_RECT, radius=14)
    current = seats[view.current_player]
    title = "Round over" if view.round_done else f"{current.name}'s turn"
    canvas.text(title, (x + 18, y + 26), 34, GOLD, anchor="midleft", bold=True, shadow=True)
    for i, line in enumerate(canvas.wrap(instruction(view, current), 21, w - 36)[:3]):
        canvas.text(line, (x + 18, y + 58 + 22 * i), 21, CREAM, anchor="midleft")
    top = y + 136
    canvas.text(f"Round {view.round_number}", (x + 18, top), 19, TEXT_DIM, anchor="midleft")
    canvas.text("shows", (x + 300, top), 19, TEXT_DIM, anchor="midright")
    canvas.text("total", (x + w - 18, top), 19, TEXT_DIM, anchor="midright")
    row_h = min(30, (h - 160) / max(1, view.player_count))
    for p, seat in enumerate(seats):
        row_y = top + 26 + p * row_h
        colour = GOLD if p == view.current_player and not view.round_done else CREAM
        mark = " (ended)" if p == view.ender else ""
        canvas.text(f"{seat.name}{mark}", (x + 18, row_y), 22, colour, anchor="midleft")
        canvas.text(str(view.grids[p].visible_score), (x + 300, row_y), 22, colour, anchor="midright")
        canvas.text(str(view.totals[p]), (x + w - 18, row_y), 22, colour, anchor="midright")
