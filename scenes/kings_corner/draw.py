"""Drawing the Kings Corner table from its view: plates, pile slots and numbers, highlights, buttons,
hints. It reads the view, `Shown` and the game's `Look`, never the table."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.kings_corner.moves import CORNERS, TARGET, LayCard, MovePile, Phase, Undo
from game.kings_corner.view import KingsCornerView
from lang import N_, _, n_
from scenes.kings_corner.input import Pointer
from scenes.kings_corner.layout import (
    BUTTON_RECTS,
    CENTRE_X,
    DRAW_POS,
    FAN_DIR,
    HAND_CENTRE_X,
    HAND_W,
    HINT_LINE_Y,
    HINT_RECT,
    HISTORY_RECT,
    OTHER_LEFT,
    OTHER_W,
    PILE_H,
    PILE_W,
    PLATE_H,
    PLATE_PAD,
    PLATE_TOP,
    draw_pile_rect,
    fan_point,
    hand_row,
    other_plate_right,
    pile_rect,
)
from scenes.kings_corner.sheet import PenaltyCount, shown_total
from scenes.table_marks import draw_focus_ring
from scenes.table_parts import Shown
from sprites.canvas import Canvas
from sprites.card_sprite import draw_sprites
from sprites.theme import CREAM, GOLD, HIGHLIGHT, PANEL, SPACE, TEXT_DIM, WHITE
from sprites.widgets import draw_button_box, fitted

DROP_GLOW = (120, 230, 140)  # the pile under a dragged card that takes it
DISABLED_VEIL = (10, 24, 18, 130)
DISABLED_TEXT = (110, 128, 118)
HINT_POS = (CENTRE_X, HINT_LINE_Y)
BADGE_R = 13.0
HELP_SIZE, HELP_STEP = 14, 16.0
DRAW_LABEL_W = 96.0  # "draw pile" and its count, between the draw pile and the side pile right of it
HELP_LINES = (N_("Click to pick, click a pile to place; arrows, 1-8, Enter"),
              N_("H: hint  -  L: moves  -  S: score sheet  -  Esc: menu"))


@dataclass(frozen=True, slots=True)
class Look:
    """What Kings Corner's drawer reads beside the view and `Shown`."""

    pointer: Pointer  # what the input has picked up and points at
    count: PenaltyCount | None  # the cards left in hand, counted at a round's end
    four_colour: bool  # four-colour suits are on: the colour groups' marks are explained
    hint: HintButton | None  # the table's own Hint button (None: no hints at this table)


@dataclass(frozen=True, slots=True)
class HintButton:
    """The Hint button's state: asked and not answered yet, under the mouse."""

    pending: bool
    hovered: bool


class KingsCornerDrawer:
    """Draws the Kings Corner table (its Hint button too: `TableSettings.own_hint_button`) from the
    view, what the table shows and the `Look`."""

    def __init__(self, look: Callable[[], Look]) -> None:
        self.look = look  # the parts' presentation state, read each frame

    def draw(self, canvas: Canvas, view: KingsCornerView, shown: Shown) -> None:
        look = self.look()
        draw_table_parts(shown, look, view, canvas)
        if look.hint is not None:
            label = _("Thinking...") if look.hint.pending else _("Hint")
            draw_control(canvas, pygame.FRect(HINT_RECT), label, "H", False, look.hint.hovered, shown.my_turn)

    def draw_over(self, canvas: Canvas, view: KingsCornerView, shown: Shown) -> bool:
        """Kings Corner draws nothing over the shared parts: no dialog of its own."""
        return False

    def message_shown(self, view: KingsCornerView) -> bool:
        """Only while a round is played (the hint line tells the count at its end)."""
        return view.phase == Phase.PLAY


def draw_table_parts(shown: Shown, look: Look, view: KingsCornerView, canvas: Canvas) -> None:
    """The whole table (never called while the pass screen shows)."""
    pointer = look.pointer
    draw_plates(shown, look, view, canvas)
    draw_slots(view, canvas)
    draw_targets(pointer, view, canvas)
    draw_sprites(canvas, shown.painter, [s for s in shown.sprites.values() if s.visible])
    draw_selection(shown, pointer, view, canvas)
    draw_buttons(shown, pointer, view, canvas)
    draw_hint(shown, look, view, canvas)
    draw_focus(shown, pointer, view, canvas)


def draw_plates(shown: Shown, look: Look, view: KingsCornerView, canvas: Canvas) -> None:
    """Along the top, each as big as its words: who dealt (and the colour marks when four-colour
    suits are on), the other player's name, count and cards, both penalty totals and the round."""
    other = 1 - shown.bottom
    seat = shown.seats[other]
    dealer = shown.seats[view.dealer].name
    canvas.keep_clear(canvas.text(_("{name} dealt", name=dealer), (PLATE_PAD, PLATE_TOP + 12), 17, TEXT_DIM,
                                  anchor="midleft"))
    to_play = view.phase == Phase.PLAY and view.current_player == other
    count = view.hand_counts[other]
    name = seat.name
    detail = _("{cards} - {kind}", cards=n_("{n} card", "{n} cards", count),
               kind=_("human") if seat.is_human else _(seat.level))
    text_w = max(canvas.text_size(name, 22, bold=True)[0], canvas.text_size(detail, 16)[0])
    right = other_plate_right(count)
    text_right = OTHER_LEFT - OTHER_W / 2 - 12
    plate = pygame.FRect(text_right - text_w - PLATE_PAD, PLATE_TOP, 0, PLATE_H)
    plate.w = right - plate.x
    if look.four_colour:  # under who dealt, clear of the other player's plate
        draw_colour_key(canvas, (PLATE_PAD, PLATE_TOP + PLATE_H - 12), plate.x - 2 * PLATE_PAD)
    canvas.box(PANEL, plate, radius=12)
    canvas.frame(plate, "name plate", keep_clear=True)
    if to_play:
        canvas.box(GOLD, plate, width=3, radius=12)
    canvas.text(name, (text_right, plate.y + 15), 22, GOLD if to_play else WHITE, anchor="midright", bold=True)
    canvas.text(detail, (text_right, plate.bottom - 13), 16, TEXT_DIM, anchor="midright")
    counting = look.count if view.phase != Phase.PLAY else None
    totals = _("{first} {first_total}   {second} {second_total}", first=shown.seats[shown.bottom].name,
               first_total=shown_total(view.penalties, counting, shown.bottom), second=shown.seats[other].name,
               second_total=shown_total(view.penalties, counting, other))
    heading = _("Penalties to {target} - round {number}, game {game}", target=TARGET, number=view.round_number,
                game=view.game_number)
    width = max(canvas.text_size(heading, 16)[0], canvas.text_size(totals, 22, bold=True)[0]) + 2 * PLATE_PAD
    score = pygame.FRect(1280 - PLATE_PAD - width, PLATE_TOP, width, PLATE_H)
    canvas.box(PANEL, score, radius=12)
    canvas.frame(score, "score", keep_clear=True)
    canvas.text(heading, (score.centerx, score.y + 13), 16, TEXT_DIM)
    canvas.text(totals, (score.centerx, score.bottom - 15), 22, CREAM, bold=True)


def draw_colour_key(canvas: Canvas, pos: tuple[float, float], width: float) -> None:
    """What the four-colour faces' corner marks mean: a round mark on red suits, a square on black; at most
    `width` wide (in smaller type, or each half cut, if it must)."""
    x, y = pos
    keys = (("round", _("red: Diamonds, Hearts")), ("square", _("black: Clubs, Spades")))
    size = next((s for s in (16.0, 14.0, 12.0)
                 if sum(34 + canvas.text_size(words, s)[0] for _shape, words in keys) <= width), 12.0)
    for shape, words in keys:
        draw_group_mark(canvas, shape, (x + 6, y), 6)
        shown = canvas.fit(words, size, width / 2 - 34)
        x += 16 + canvas.text(shown, (x + 16, y), size, CREAM, anchor="midleft").w + 18


def draw_group_mark(canvas: Canvas, shape: str, centre: tuple[float, float], r: float) -> None:
    """The colour group's mark as on the faces: a filled disc (red) or a filled square (black)."""
    if shape == "round":
        canvas.circle(CREAM, centre, r)
    else:
        canvas.box(CREAM, (centre[0] - r * 0.85, centre[1] - r * 0.85, r * 1.7, r * 1.7))


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
            start = "K" if corner else canvas.fit(_("any"), 20, PILE_W - 8)
            canvas.text(start, (cx, cy - 8), 26 if corner else 20, TEXT_DIM, bold=corner)
            canvas.text(canvas.fit(_("corner") if corner else _("side"), 16, PILE_W - 8), (cx, cy + 18), 16, TEXT_DIM)
        # the number on the side the pile does not fan to, so its cards never hide it
        badge = (cx - FAN_DIR[pile_no] * (PILE_W / 2 + BADGE_R + 3), cy - PILE_H / 2 + BADGE_R)
        canvas.circle((0, 0, 0, 110), badge, BADGE_R)
        canvas.circle(GOLD if corner else CREAM, badge, BADGE_R, width=2)
        canvas.text(str(pile_no), badge, 20, GOLD if corner else CREAM, bold=True)
    rect = draw_pile_rect().inflate(-12, -12)
    count = view.draw_count
    if not count:
        canvas.box((255, 255, 255, 60), rect, width=2, radius=8)
        canvas.text(canvas.fit(_("empty"), 20, rect.w - 4), (rect.centerx, rect.centery - 8), 20, TEXT_DIM)
        canvas.text(canvas.fit(_("pass"), 18, rect.w - 4), (rect.centerx, rect.centery + 14), 18, TEXT_DIM)
    label = (_("draw pile"), n_("{n} card", "{n} cards", count))
    step = max(20.0, *(canvas.text_size(words, 16)[1] + 1 for words in label))  # taller type (Arabic) a row apart
    for i, words in enumerate(label):  # clear of the side pile
        shown, size = fitted(canvas, words, 16.0, DRAW_LABEL_W)
        canvas.text(shown, (rect.right + 12, DRAW_POS[1] + PILE_H / 2 - 20 - step / 2 + step * i), size, TEXT_DIM,
                    anchor="midleft")


def draw_targets(pointer: Pointer, view: KingsCornerView, canvas: Canvas) -> None:
    """While a card or pile is dragged, the pile under the pointer glows if it takes it (the move
    marks ring every pile that takes it)."""
    target = pointer.drop_target
    if pointer.selected is None or target is None:
        return
    rect = pile_rect(target, len(view.piles[target - 1]) + 1)
    canvas.box((*DROP_GLOW, 60), rect, radius=10)
    canvas.box(DROP_GLOW, rect, width=3, radius=10)


def draw_selection(shown: Shown, pointer: Pointer, view: KingsCornerView, canvas: Canvas) -> None:
    """The picked-up card or pile wears a ring (not while it is being dragged)."""
    selected = pointer.selected
    if selected is None or pointer.dragging:
        return
    kind, what = selected
    if kind == "hand":
        sprite = shown.sprites[what]
        canvas.box(HIGHLIGHT, sprite.rect.move(0, -sprite.lift).inflate(8, 8), width=3, radius=9)
    else:
        rect = pile_rect(what, len(view.piles[what - 1]))
        canvas.box(HIGHLIGHT, rect, width=3, radius=10)


def draw_buttons(shown: Shown, pointer: Pointer, view: KingsCornerView, canvas: Canvas) -> None:
    """Draw (or Pass), Undo and Score sheet, with their keys (only while a round is played)."""
    if view.phase != Phase.PLAY:
        return
    can_act = pointer.can_act
    labels = {"draw": (_("Draw a card") if view.draw_count else _("Pass"), "D"),
              "undo": (_("Undo"), _("Ctrl+Z")), "sheet": (_("Score sheet"), "S")}
    enabled = {"draw": can_act, "undo": can_act and Undo() in view.legal_moves, "sheet": True}
    for name, rect in BUTTON_RECTS.items():
        focused = shown.keyboard_focus and pointer.focus == ("button", name)
        hovered = pointer.hover_button == name
        draw_control(canvas, pygame.FRect(rect), *labels[name], focused, hovered, enabled[name])


def draw_control(canvas: Canvas, box: pygame.FRect, label: str, key: str, focused: bool, hovered: bool,
                 enabled: bool) -> None:
    """One of the table's buttons with its key; a disabled one is veiled and its label greyed, so
    it never looks as if it could be pressed."""
    draw_button_box(canvas, box, focused, hovered and enabled, enabled)
    if not enabled:
        canvas.box(DISABLED_VEIL, box, radius=12)
    room = box.w - 30 - canvas.text_size(key, 15)[0]  # left of the key
    label, size = fitted(canvas, label, 24.0, room)
    canvas.text(label, (box.left + 8 + room / 2, box.centery), size, WHITE if enabled else DISABLED_TEXT,
                shadow=enabled)
    canvas.text(key, (box.right - 10, box.centery), 15, TEXT_DIM if enabled else DISABLED_TEXT, anchor="midright")


def draw_hint(shown: Shown, look: Look, view: KingsCornerView, canvas: Canvas) -> None:
    """One line on what may be done now (at a round's end: the count as it runs)."""
    if view.phase != Phase.PLAY:
        count = look.count
        if count is not None and not count.done:
            bottom = shown.bottom
            text = _("Counting the cards left in hand: {first} +{first_points}, {second} +{second_points} (click to "
                     "skip)", first=shown.seats[bottom].name, first_points=count.running(bottom),
                     second=shown.seats[1 - bottom].name, second_points=count.running(1 - bottom))
        elif view.phase == Phase.ROUND_OVER:
            text = _("The round is over: click or press a key for the score sheet.")
        else:
            return
        canvas.text(text, (HINT_POS[0], HINT_POS[1]), 19, CREAM)
        return
    name = shown.seats[view.current_player].name
    if look.pointer.can_act:
        moves = [m for m in view.legal_moves if isinstance(m, LayCard | MovePile)]
        text = your_turn_words(name, bool(moves), bool(view.draw_count))
    else:  # a computer's moves are named on the message line and in the history
        text = _("Watching: {name}'s turn.", name=name) if shown.watching else _("{name}'s turn.", name=name)
    canvas.text(text, (HINT_POS[0], HINT_POS[1]), 19, CREAM)
    if not shown.watching:  # a watcher has nothing to click
        draw_help(canvas, view.hand_counts[shown.bottom])


def your_turn_words(name: str, moves: bool, can_draw: bool) -> str:
    """What the player to move may do: lay and move, then draw (or pass when the draw pile is empty)."""
    if moves and can_draw:
        return _("Your turn, {name}: drag a card or a whole pile onto a pile, then draw a card.", name=name)
    if moves:
        return _("Your turn, {name}: drag a card or a whole pile onto a pile, then pass.", name=name)
    return _("Your turn, {name}: nothing fits, draw a card (D).", name=name) if can_draw else \
        _("Your turn, {name}: nothing fits, pass (D).", name=name)


def draw_help(canvas: Canvas, hand_count: int) -> None:
    """The key help under the moves, left of the hand: each help line wrapped to that room, in
    order while they fit (in a small window the text is set larger than its logical size; what
    the second line says is also on the buttons and the moves' title)."""
    x, y, _w, h = HISTORY_RECT
    row = hand_row(hand_count)
    right = (row[0][0] - HAND_W / 2 if row else HAND_CENTRE_X) - SPACE
    step = max(HELP_STEP, canvas.text_size(_(HELP_LINES[0]), HELP_SIZE)[1])
    room = int((720 - (y + h)) // step)
    lines: list[str] = []
    for help_line in HELP_LINES:
        wrapped = canvas.wrap(_(help_line), HELP_SIZE, right - x)
        if len(lines) + len(wrapped) > room:
            break
        lines += wrapped
    top = y + h + (720 - (y + h) - step * len(lines)) / 2
    for i, line in enumerate(lines):
        canvas.text(line, (x, top + step * (i + 0.5)), HELP_SIZE, TEXT_DIM, anchor="midleft")


def draw_focus(shown: Shown, pointer: Pointer, view: KingsCornerView, canvas: Canvas) -> None:
    """The keyboard focus ring: on a hand card (light red if it fits on no pile) or on a pile (light
    red if the card or pile picked up may not go there)."""
    if not shown.keyboard_focus or not pointer.can_act or not pointer.focus_ok:
        return
    kind, what = pointer.focus
    if kind == "hand" and what is not None:
        sprite = shown.sprites[what]
        fits = any(isinstance(m, LayCard) and m.card == what for m in view.legal_moves)
        draw_focus_ring(canvas, sprite.rect.move(0, -sprite.lift), fits)
    elif kind == "pile":
        takes = pointer.selected is None or what in pointer.targets
        draw_focus_ring(canvas, pile_rect(what, max(1, len(view.piles[what - 1]))), takes)
