"""Drawing the Sota table: name plates, piles, the status badge, the action button, the picker."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.cards import Card, card_words, suit_words
from game.seats import Seat
from game.sota.moves import Phase, Play
from game.sota.text import a_rank
from game.sota.view import SotaView
from lang import N_, _, n_
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
from sprites.widgets import draw_button_box, fitted

PLATE_W, PLATE_H = 200.0, 46.0  # a plate around the table, at least
PLATE_MARGIN = 4.0  # between a plate and the window's edge, at least
FRONT_W = 380.0  # the front seat's plate, at least
FRONT_SIZE, NAME_SIZE, INFO_SIZE = 21, 23, 17  # the front plate's line; another plate's name and its line
KEYS_HELP = N_("D: draw  -  H: hint  -  L: all moves  -  Esc: menu")
KEYS_SIZE = 18.0  # the keys along the bottom edge
KEYS_Y, KEYS_MARGIN, KEYS_GAP = 706.0, 14.0, 12.0  # their last row; from the window's edges; from the front plate
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
    plate = plate_rect(canvas, shown.seats, view, shown.bottom, shown.bottom)  # the keys stand beside it and the hand
    plate = plate.unionall([pygame.FRect(shown.sprites[card].rect) for card in view.hand if card in shown.sprites])
    if shown.my_turn:
        if view.phase == Phase.SUIT:
            draw_picker(pointer, canvas)
        else:
            draw_action(shown, pointer, canvas)
            draw_focus(shown, pointer, view, canvas)
        draw_keys(canvas, plate, _("Click, or arrows + Enter"), _(KEYS_HELP))
    elif shown.watching and not view.is_over:
        draw_keys(canvas, plate, _("Watching: nobody plays at this screen"), "")


def draw_keys(canvas: Canvas, plate: pygame.FRect, start: str, end: str) -> None:
    """The keys along the bottom edge, either side of the front plate and hand (`plate`): `start` where reading
    starts, `end` at the other side, each wrapped onto rows upwards from the edge when it is longer than its side."""
    sides = ((KEYS_MARGIN, plate.left - KEYS_GAP), (plate.right + KEYS_GAP, 1280 - KEYS_MARGIN))
    for text, (left, right) in zip((start, end), reversed(sides) if canvas.rtl else sides, strict=True):
        width, high = canvas.text_size(text, KEYS_SIZE)
        rows = [] if not text else [text] if width <= right - left else canvas.wrap(text, KEYS_SIZE, right - left)
        step = max(KEYS_SIZE + 2, high + 1)
        x, anchor = (left, "midleft") if left == KEYS_MARGIN else (right, "midright")
        for i, row in enumerate(reversed(rows)):
            canvas.text(row, (x, KEYS_Y - step * i), KEYS_SIZE, TEXT_DIM, anchor=anchor)


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
            name, size = fitted(canvas, first, NAME_SIZE, box.w - 24, bold=True)
            canvas.text(name, (box.centerx, box.y + 2 + name_h / 2), size, GOLD if to_play else WHITE, bold=True)
            info, size = fitted(canvas, second, INFO_SIZE, box.w - 24)
            canvas.text(info, (box.centerx, box.y + 2 + name_h + info_h / 2), size, TEXT_DIM)
        if to_play:
            canvas.box(GOLD, box, width=3, radius=12)
        canvas.frame(box, f"plate of {s.name}", keep_clear=True)


def plate_lines(seats: Sequence[Seat], view: SotaView, seat: int, bottom: int) -> tuple[str, str]:
    """A plate's words: the front seat's one line (and ""), another seat's name and its count and kind."""
    s, count = seats[seat], view.hand_counts[seat]
    kind = _("human") if s.is_human else _("{level} computer", level=_(s.level))
    if seat == bottom:
        return n_("{name} ({kind}) - {n} card", "{name} ({kind}) - {n} cards", count, name=s.name, kind=kind), ""
    return s.name, n_("{n} card - {kind}", "{n} cards - {kind}", count, kind=kind)


def plate_rect(canvas: Canvas, seats: Sequence[Seat], view: SotaView, seat: int, bottom: int) -> pygame.FRect:
    """A seat's name plate, as big as its words: the front one never narrower than FRONT_W."""
    x, y = seat_places(view.num_players, bottom)[seat].plate
    first, second = plate_lines(seats, view, seat, bottom)
    if seat == bottom:
        width, high = canvas.text_size(first, FRONT_SIZE, bold=True)
        width = max(FRONT_W, width + 24)
        return pygame.FRect(x - width / 2, y - 13, width, max(26.0, high + 4))
    (name_w, name_h), (info_w, info_h) = canvas.text_size(first, NAME_SIZE, True), canvas.text_size(second, INFO_SIZE)
    widest = 2 * min(x, 1280 - x) - 2 * PLATE_MARGIN  # a plate by the window's edge stays inside it
    width, high = min(widest, max(PLATE_W, name_w + 24, info_w + 24)), max(PLATE_H, name_h + info_h + 4)
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
        canvas.text(_("empty"), rect.center, 20, TEXT_DIM)
    canvas.text(pile_label(view), (DRAW_POS[0], rect.bottom + 13), PILE_LABEL_SIZE, TEXT_DIM)


def pile_label(view: SotaView) -> str:
    return _("draw pile: {n}", n=view.draw_count)


def draw_pile_and_label(view: SotaView, canvas: Canvas) -> pygame.FRect:
    """The draw pile's card and its count under it: what its focus ring goes round."""
    card = pygame.FRect(draw_pile_rect()).inflate(-12, -12)
    w, h = canvas.text_size(pile_label(view), PILE_LABEL_SIZE)
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
        status_line(canvas, _("Round over"), (cx, top + 24), 24, GOLD, bold=True)
        return
    name = shown.seats[view.current_player].name
    status_line(canvas, shown.thinking or _("{name} to play", name=name), (cx, top + 26), 22, GOLD, bold=True)
    y = top + 56  # the lines below, centred in the panel
    for text, dy, size, colour, bold in status_lines(view, name):
        status_line(canvas, text, (cx, y + dy), size, colour, bold)
    if view.pending_draw:
        badge(canvas, (cx, y + 28), f"+{view.pending_draw}", RED)
    elif view.pending_skips:
        badge(canvas, (cx, y + 28), _("skip x{n}", n=view.pending_skips), RED, width=120)
    elif view.active_suit is not None and view.phase != Phase.SUIT:
        canvas.image(suit_icon(view.active_suit, canvas.px(58)), (cx, y + 34), anchor="center")


def status_lines(view: SotaView, name: str) -> list[tuple[str, float, float, tuple[int, int, int], bool]]:
    """The status panel's lines under whose turn it is: (text, y below the first, size, colour, bold)."""
    lines: list[tuple[str, float, float, tuple[int, int, int], bool]] = []
    if view.phase == Phase.SUIT:
        lines += [(str(card_words(view.top_card)), 40, 20, WHITE, False),
                  (_("a suit is being named"), 66, 18, TEXT_DIM, False)]
    elif view.pending_draw:
        lines.append((n_("{name} draws {n} card", "{name} draws {n} cards", view.pending_draw, name=name),
                      72, 20, WHITE, False))
        if view.stacking:
            lines.append((_("or plays a Two"), 94, 18, TEXT_DIM, False))
    elif view.pending_skips:
        lines += [(_("{name} is skipped", name=name), 72, 20, WHITE, False),
                  (_("or plays an Ace"), 94, 18, TEXT_DIM, False)]
    elif view.active_suit is not None:
        lines += [(_("{suit} only", suit=str(suit_words(view.active_suit))), 80, 22, WHITE, True),
                  (_("(or a Seven)"), 102, 18, TEXT_DIM, False)]
    else:
        # TRANSLATORS: three lines of Sota's status panel: "Play a card of" / "Swords" / "or a Sota"
        lines += [(_("Play a card of"), 20, 19, TEXT_DIM, False),
                  (str(suit_words(view.top_card.suit)), 46, 24, WHITE, True),
                  (_("or {rank}", rank=a_rank(view.top_card.rank)), 74, 22, WHITE, True),
                  (_("(a Seven plays on anything)"), 102, 16, TEXT_DIM, False)]
    if view.active_suit is not None and (view.pending_draw or view.pending_skips):
        lines.append((_("named: {suit}", suit=str(suit_words(view.active_suit))), 122, 17, TEXT_DIM, False))
    return lines


def status_line(canvas: Canvas, text: str, centre: tuple[float, float], size: float, colour: tuple[int, int, int],
                bold: bool = False) -> None:
    """A line of the status panel, in smaller type (never under the smallest) when it is wider than the panel."""
    text, size = fitted(canvas, text, size, STATUS_RECT[2] - 24, bold)
    canvas.text(text, centre, size, colour, bold=bold)


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
    label, size = fitted(canvas, label, 26, rect.w - 16)
    canvas.text(label, rect.center, size, WHITE, shadow=True)


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
    title, size = fitted(canvas, _("Name a suit for your Seven"), 28, w - 24, bold=True)
    canvas.text(title, (x + w / 2, y + 32), size, GOLD, bold=True)
    for i, (suit, rect) in enumerate(picker_rects()):
        box = pygame.FRect(rect)
        focused = i == pointer.suit_focus
        canvas.box((250, 244, 228, 235), box, radius=12)
        canvas.box((0, 0, 0), box, width=1.5, radius=12)
        if focused:
            draw_focus_ring(canvas, box)
        canvas.image(suit_icon(suit, canvas.px(64)), (box.centerx, box.y + 46), anchor="center")
        canvas.text(str(i + 1), (box.x + 14, box.y + 16), 18, (90, 90, 90), bold=True)  # its key
        label, size = fitted(canvas, str(suit_words(suit)), 20, box.w - 8, bold=True)
        canvas.text(label, (box.centerx, box.bottom - 18), size, (40, 40, 40), bold=True)
