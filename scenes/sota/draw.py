"""Drawing the Sota table: name plates, piles, the status badge, the action button, the picker."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.cards import Card
from game.seats import Seat
from game.sota.moves import Phase, Play
from game.sota.text import a_rank
from game.sota.view import SotaView
from game.words import plural
from lang import _
from scenes.sota.input import Pointer
from scenes.sota.layout import (
    ACTION_RECT,
    DRAW_POS,
    MAT_RECT,
    PICKER_PANEL,
    STATUS_RECT,
    draw_pile_rect,
    picker_rects,
    seat_places,
)
from scenes.sota.symbols import suit_icon
from scenes.table_marks import draw_focus_ring
from scenes.table_parts import Shown
from sprites.bubble import Anchor, Side
from sprites.canvas import Canvas
from sprites.card_sprite import draw_sprites
from sprites.theme import CREAM, GOLD, HIGHLIGHT, PANEL, RED, TEXT_DIM, WHITE
from sprites.widgets import draw_button_box

PLATE_W, PLATE_H = 200.0, 46.0  # a plate around the table, at least
FRONT_W = 380.0  # the front seat's plate, at least
FRONT_SIZE, NAME_SIZE, INFO_SIZE = 21, 23, 17  # the front plate's line; another plate's name and its line
KEYS_HELP = "D: draw  -  H: hint  -  L: all moves  -  Esc: menu"
MAT_COLOUR = (0, 0, 0, 40)
PILE_LABEL_SIZE = 18  # "draw pile: 21" under the pile


class SotaDrawer:
    """Draws the Sota table from the view, what the table shows and where the player points."""

    def __init__(self, pointer: Callable[[], Pointer]) -> None:
        self.pointer = pointer  # the input controller's presentation state, read each frame

    def draw(self, canvas: Canvas, view: SotaView, shown: Shown) -> None:
        draw_table_parts(shown, self.pointer(), view, canvas)

    def draw_over(self, canvas: Canvas, view: SotaView, shown: Shown) -> bool:
        """Sota draws nothing over the shared parts: no dialog of its own."""
        return False

    def message_shown(self, view: SotaView) -> bool:
        return True


def draw_table_parts(shown: Shown, pointer: Pointer, view: SotaView, canvas: Canvas) -> None:
    """The whole table (never called while the pass screen shows)."""
    draw_plates(shown, view, canvas)
    canvas.box(MAT_COLOUR, MAT_RECT, radius=18)
    draw_piles(view, canvas)
    mark_drawn_card(shown, view)
    draw_sprites(canvas, shown.painter, [s for s in shown.sprites.values() if s.visible])
    if not (shown.my_turn and view.phase == Phase.SUIT):  # the suit picker stands over the status
        draw_status(shown, view, canvas)
    if shown.my_turn:
        if view.phase == Phase.SUIT:
            draw_picker(pointer, canvas)
        else:
            draw_action(shown, pointer, canvas)
            draw_focus(shown, pointer, view, canvas)
        canvas.text("Click, or arrows + Enter", (14, 706), 18, TEXT_DIM, anchor="midleft")
        canvas.text(KEYS_HELP, (1266, 706), 18, TEXT_DIM, anchor="midright")
    elif shown.watching and not view.is_over:
        canvas.text("Watching: nobody plays at this screen", (14, 706), 18, TEXT_DIM, anchor="midleft")


def draw_plates(shown: Shown, view: SotaView, canvas: Canvas) -> None:
    """Each seat's name, card count and kind; the seat to play has a gold frame."""
    bottom = shown.bottom
    for seat in seat_places(view.num_players, bottom):
        s = shown.seats[seat]
        first, second = plate_lines(shown.seats, view, seat, bottom)
        box = plate_rect(canvas, shown.seats, view, seat, bottom)
        to_play = seat == view.current_player and not view.is_over
        if seat == bottom:
            canvas.box(PANEL, box, radius=10)
            canvas.text(first, (box.centerx, box.y + 13), FRONT_SIZE, GOLD if to_play else CREAM, bold=to_play)
        else:
            name_h = canvas.text_size(first, NAME_SIZE, True)[1]
            info_h = canvas.text_size(second, INFO_SIZE)[1]
            canvas.box(PANEL, box, radius=12)
            canvas.text(first, (box.centerx, box.y + 2 + name_h / 2), NAME_SIZE, GOLD if to_play else WHITE, bold=True)
            canvas.text(second, (box.centerx, box.y + 2 + name_h + info_h / 2), INFO_SIZE, TEXT_DIM)
        if to_play:
            canvas.box(GOLD, box, width=3, radius=12)
        canvas.frame(box, f"plate of {s.name}", keep_clear=True)


def plate_lines(seats: Sequence[Seat], view: SotaView, seat: int, bottom: int) -> tuple[str, str]:
    """A plate's words: the front seat's one line (and ""), another seat's name and its count and kind."""
    s, count = seats[seat], view.hand_counts[seat]
    kind = "human" if s.is_human else f"{s.level} computer"  # as computer_name says it
    if seat == bottom:
        return f"{s.name} ({kind}) - {plural(count, 'card')}", ""
    return s.name, f"{plural(count, 'card')} - {kind}"


def plate_rect(canvas: Canvas, seats: Sequence[Seat], view: SotaView, seat: int, bottom: int) -> pygame.FRect:
    """A seat's name plate, as big as its words: the front one never narrower than FRONT_W."""
    x, y = seat_places(view.num_players, bottom)[seat].plate
    first, second = plate_lines(seats, view, seat, bottom)
    if seat == bottom:
        width, high = canvas.text_size(first, FRONT_SIZE, bold=True)
        width = max(FRONT_W, width + 24)
        return pygame.FRect(x - width / 2, y - 13, width, max(26.0, high + 4))
    (name_w, name_h), (info_w, info_h) = canvas.text_size(first, NAME_SIZE, True), canvas.text_size(second, INFO_SIZE)
    width, high = max(PLATE_W, name_w + 24, info_w + 24), max(PLATE_H, name_h + info_h + 4)
    return pygame.FRect(x - width / 2, y - high / 2, width, high)


def plate_anchor(canvas: Canvas, seats: Sequence[Seat], view: SotaView, seat: int, bottom: int) -> Anchor:
    """Where a seat's speech bubble points: left of the front plate (the hand is over it), under a
    plate at a side, right of one at the top (its hand is over it)."""
    box = plate_rect(canvas, seats, view, seat, bottom)
    if seat == bottom:
        return Anchor(box.left - 4, box.centery, Side.LEFT)
    if seat_places(view.num_players, bottom)[seat].vertical:
        return Anchor(box.centerx, box.bottom + 2, Side.BELOW)
    return Anchor(box.right + 4, box.centery, Side.RIGHT)


def draw_piles(view: SotaView, canvas: Canvas) -> None:
    """The empty-pile outline and the draw pile's count."""
    rect = pygame.FRect(draw_pile_rect()).inflate(-12, -12)
    if not view.draw_count:
        canvas.box((255, 255, 255, 50), rect, width=2, radius=8)
        canvas.text("empty", rect.center, 20, TEXT_DIM)
    canvas.text(f"draw pile: {view.draw_count}", (DRAW_POS[0], rect.bottom + 13), PILE_LABEL_SIZE, TEXT_DIM)


def draw_pile_and_label(view: SotaView, canvas: Canvas) -> pygame.FRect:
    """The draw pile's card and its count under it: what its focus ring goes round."""
    card = pygame.FRect(draw_pile_rect()).inflate(-12, -12)
    w, h = canvas.text_size(f"draw pile: {view.draw_count}", PILE_LABEL_SIZE)
    return card.union(pygame.FRect(DRAW_POS[0] - w / 2 - 6, card.bottom + 13 - h / 2, w + 12, h))


def mark_drawn_card(shown: Shown, view: SotaView) -> None:
    """With 'play the drawn card', the card just drawn glows until it is played or kept."""
    drawn = view.drawn_card  # only ever given to the seat that drew it
    for card in view.hand:
        sprite = shown.sprites[card]
        if card == drawn:
            sprite.highlight = HIGHLIGHT
        elif sprite.highlight == HIGHLIGHT:
            sprite.highlight = None


def draw_status(shown: Shown, view: SotaView, canvas: Canvas) -> None:
    """Whose turn it is (or who thinks), the suit a Seven named, and a pending skip or draw."""
    x, top, w = STATUS_RECT[:3]
    cx = x + w / 2
    canvas.box(PANEL, STATUS_RECT, radius=14)
    canvas.frame(STATUS_RECT, "status")
    if view.is_over:
        canvas.text("Round over", (cx, top + 24), 24, GOLD, bold=True)
        return
    name = shown.seats[view.current_player].name
    title, size = shown.thinking or f"{name} to play", 22.0
    while size > 14 and canvas.text_size(title, size, bold=True)[0] > w - 24:
        size -= 1
    canvas.text(title, (cx, top + 26), size, GOLD, bold=True)
    y = top + 56  # the lines below, centred in the panel
    if view.phase == Phase.SUIT:
        canvas.text(f"{view.top_card}", (cx, y + 40), 20, WHITE)
        canvas.text("a suit is being named", (cx, y + 66), 18, TEXT_DIM)
    elif view.pending_draw:
        badge(canvas, (cx, y + 28), f"+{view.pending_draw}", RED)
        canvas.text(f"{name} draws {view.pending_draw}", (cx, y + 72), 20, WHITE)
        if view.stacking:
            canvas.text("or plays a Two", (cx, y + 94), 18, TEXT_DIM)
    elif view.pending_skips:
        badge(canvas, (cx, y + 28), f"skip x{view.pending_skips}", RED, width=120)
        canvas.text(f"{name} is skipped", (cx, y + 72), 20, WHITE)
        canvas.text("or plays an Ace", (cx, y + 94), 18, TEXT_DIM)
    elif view.active_suit is not None:
        size_px = canvas.px(58)
        canvas.image(suit_icon(view.active_suit, size_px), (cx, y + 34), anchor="center")
        canvas.text(f"{view.active_suit.capitalize()} only", (cx, y + 80), 22, WHITE, bold=True)
        canvas.text("(or a Seven)", (cx, y + 102), 18, TEXT_DIM)
    else:
        top_card = view.top_card
        canvas.text("Play a card of", (cx, y + 20), 19, TEXT_DIM)
        canvas.text(top_card.suit.capitalize(), (cx, y + 46), 24, WHITE, bold=True)
        canvas.text(_("or {rank}", rank=a_rank(top_card.rank)), (cx, y + 74), 22, WHITE, bold=True)
        canvas.text("(a Seven plays on anything)", (cx, y + 102), 16, TEXT_DIM)
    if view.active_suit is not None and (view.pending_draw or view.pending_skips):
        canvas.text(f"named: {view.active_suit}", (cx, y + 122), 17, TEXT_DIM)


def badge(canvas: Canvas, centre: tuple[float, float], text: str, colour, width: float = 80) -> None:
    """A round-cornered coloured label, for penalties."""
    box = (centre[0] - width / 2, centre[1] - 22, width, 44)
    canvas.box(colour, box, radius=22)
    canvas.box(WHITE, box, width=2, radius=22)
    canvas.frame(box, "badge")
    canvas.text(text, centre, 30, WHITE, bold=True, shadow=True)


def draw_action(shown: Shown, pointer: Pointer, canvas: Canvas) -> None:
    """The button for the move that is not a card (Draw 2, Take the skip, Keep it, Pass)."""
    label = pointer.action_label
    if not label:
        return
    rect = pygame.FRect(ACTION_RECT)
    focused = shown.keyboard_focus and pointer.focus_item == "action"
    draw_button_box(canvas, rect, focused, pointer.action_hovered, True, accent=(120, 60, 40))
    canvas.text(label, rect.center, 26, WHITE, shadow=True)


def draw_focus(shown: Shown, pointer: Pointer, view: SotaView, canvas: Canvas) -> None:
    """The keyboard focus ring, on a hand card (light red if it may not be played) or on the draw pile."""
    if not shown.keyboard_focus:
        return
    item = pointer.focus_item
    if isinstance(item, Card):
        sprite = shown.sprites[item]
        playable = Play(item) in view.legal_moves
        draw_focus_ring(canvas, sprite.rect.move(0, -sprite.lift), playable or not shown.my_turn)
    elif item == "draw":
        draw_focus_ring(canvas, draw_pile_and_label(view, canvas))  # round the count too, never through it


def draw_picker(pointer: Pointer, canvas: Canvas) -> None:
    """Four suit symbols to name after a Seven."""
    x, y, w, h = PICKER_PANEL
    canvas.box((0, 0, 0, 90), (x + 5, y + 6, w, h), radius=18)
    canvas.box(PANEL, PICKER_PANEL, radius=18)
    canvas.box(GOLD, PICKER_PANEL, width=2, radius=18)
    canvas.text("Name a suit for your Seven", (x + w / 2, y + 32), 28, GOLD, bold=True)
    for i, (suit, rect) in enumerate(picker_rects()):
        box = pygame.FRect(rect)
        focused = i == pointer.suit_focus
        canvas.box((250, 244, 228, 235), box, radius=12)
        canvas.box((0, 0, 0), box, width=1.5, radius=12)
        if focused:
            draw_focus_ring(canvas, box)
        canvas.image(suit_icon(suit, canvas.px(64)), (box.centerx, box.y + 46), anchor="center")
        canvas.text(f"{i + 1} {suit.capitalize()}", (box.centerx, box.bottom - 18), 20, (40, 40, 40),
                    bold=True)
