"""Drawing the Skyjo table: labels of every grid, the piles, the turn's panel, the keyboard cursor, banners."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.seats import Seat
from game.skyjo.moves import Phase
from game.skyjo.view import SkyjoView
from game.words import computer_name
from lang import N_, _
from scenes.skyjo.layout import (
    BANNER_RECT,
    BIG_TOP,
    DISCARD_POS,
    DRAW_POS,
    HAND_POS,
    GridBox,
    grid_boxes,
    pile_rect,
)
from scenes.table_marks import draw_focus_ring
from scenes.table_parts import Shown
from sprites.bubble import Anchor, Side
from sprites.canvas import Canvas
from sprites.card_sprite import draw_sprites
from sprites.theme import CREAM, GOLD, PANEL, RED, TEXT_DIM, WHITE
from sprites.widgets import fitted, mirrored_text

PANEL_LEFT, PANEL_W = 24.0, 360.0  # left of the big grid, from its top: as high as its rows need
ROW_H = 27.0  # a player's line in the panel
MESSAGE_H = 80.0  # the message box, under the panel
FELT_FOOT = 706.0  # a long message's box may grow down to here (nothing lies under it, left of the big grid)
CUE_TEXT = (40, 30, 10)
LABEL_SIZE, CUE_SIZE = 20, 24  # the big grid's label: the name and scores line, the "Ben's turn" pill
BIG_LABEL_RISE = 24.0  # the label's middle, over the big grid's top
INSTRUCTIONS = {
    Phase.REVEAL: N_("Turn up two of your cards ({left} left)."),
    Phase.CHOOSE: N_("Click the draw pile (D) or take the top discard (T)."),
    Phase.PLACE_TAKEN: N_("Click a card of your grid to exchange it."),
    Phase.PLACE_DRAWN: N_("Click a grid card to exchange, or the discard pile to throw the card away (X)."),
    Phase.TURN_UP: N_("Turn up one of your face-down cards."),
    Phase.ROUND_OVER: N_("The round is over: click or press Enter for the score sheet."),
    Phase.GAME_OVER: N_("The game is over."),
}


@dataclass(frozen=True, slots=True)
class Board:
    """What Skyjo's drawer needs besides the view: the grids as shown and the keyboard cursor."""

    active: int  # whose grid is big
    top_order: tuple[int, ...]  # the small grids, left to right
    turn: int  # whose turn the panel names
    cue: int | None  # a human whose grid just came down
    banner: str
    focus_ring: tuple[pygame.FRect, bool] | None  # the keyboard cursor, and whether it may be picked
    here: tuple[int, ...]  # the seats played at this screen (none: a watcher's window)


class SkyjoDrawer:
    """Draws the Skyjo table from the view, what the table shows and the board as shown."""

    def __init__(self, board: Callable[[], Board]) -> None:
        self.board = board  # the parts' presentation state, read each frame

    def draw(self, canvas: Canvas, view: SkyjoView, shown: Shown) -> None:
        draw_table_parts(canvas, view, shown, self.board())

    def draw_over(self, canvas: Canvas, view: SkyjoView, shown: Shown) -> bool:
        """Skyjo draws nothing over the shared parts: no dialog of its own."""
        return False

    def message_shown(self, view: SkyjoView) -> bool:
        return True


def instruction(view: SkyjoView, seat: Seat, landing: bool, here: Sequence[int] | None = None) -> str:
    """What the player named on the panel does now (nothing while their last move lands). `here`: the
    seats played at this screen (None: every human seat); another's turn is only watched here, and a
    window where nobody plays (a watcher's) is told so."""
    if landing and not view.round_done:
        return ""
    watching = here == ()
    if view.round_done:
        over = watching and view.phase == Phase.ROUND_OVER
        return _("Watching: the round is over.") if over else _(INSTRUCTIONS[view.phase], left=0)
    if not (seat.is_human if here is None else view.current_player in here):
        name = seat.name if seat.is_human else computer_name(seat.name, seat.level)
        return _("Watching: {name} is playing...", name=name) if watching else _("{name} is playing...", name=name)
    return _(INSTRUCTIONS[view.phase], left=view.reveals_left[view.current_player])


def draw_table_parts(canvas: Canvas, view: SkyjoView, shown: Shown, board: Board) -> None:
    """Everything of the table scene but the message line."""
    active, seats = board.active, shown.seats
    for box in grid_boxes(active, list(board.top_order)):
        grid = view.grids[box.player]
        name = seats[box.player].name
        frame = box.rect.inflate(box.gap * 2 + 4, box.gap * 2 + 4)
        is_turn = box.player == board.turn and not view.round_done
        canvas.box((0, 0, 0, 60), frame, radius=8)
        if is_turn:
            canvas.box(GOLD, frame, width=3, radius=8)
        if box.player == view.ender:
            canvas.box(RED, frame.inflate(6, 6), width=2, radius=10)
        outer = frame.inflate(6, 6) if box.player == view.ender else frame
        canvas.frame(outer, f"grid of {name}")
        if box.player != active:  # over the frame (and the ender's red one), measured upwards
            above = frame.top - (9 if box.player == view.ender else 4)
            scores = scores_line(view, box.player)
            scores_h, name_h = canvas.text_size(scores, 15)[1], canvas.text_size(name, 19, True)[1]
            canvas.text(scores, (box.rect.centerx, above - scores_h / 2), 15, TEXT_DIM)
            canvas.text(name, (box.rect.centerx, above - scores_h - name_h / 2 + 2), 19,
                        GOLD if is_turn else CREAM, bold=True)
            label_w = max(canvas.text_size(scores, 15)[0], canvas.text_size(name, 19, True)[0])
            top = above - scores_h - name_h + 2
            plate = pygame.FRect(min(outer.x, box.rect.centerx - label_w / 2), top, 0, outer.bottom - top)
            plate.w = max(outer.right, box.rect.centerx + label_w / 2) - plate.x
            canvas.keep_clear(plate)  # the grid and its name over it: its player's plate
        else:
            draw_big_label(canvas, box, name, board.cue == box.player, scores_line(view, box.player))
        for slot in grid.removed:
            canvas.box((255, 255, 255, 30), box.slot_rect(slot), width=1, radius=4)
    for pos, label in ((DRAW_POS, _("Draw pile ({n})", n=view.draw_count)), (DISCARD_POS, _("Discard"))):
        rect = pile_rect(pos)
        canvas.box((0, 0, 0, 50), rect, radius=8)
        canvas.box((255, 255, 255, 70), rect, width=2, radius=8)
        words, size = fitted(canvas, label, 20.0, DISCARD_POS[0] - DRAW_POS[0] - 6)
        canvas.text(words, (rect.centerx, rect.bottom + 16), size, CREAM)
    hand = pile_rect(HAND_POS)  # the card in hand's place, marked even while it is empty
    canvas.box((0, 0, 0, 35), hand, radius=8)
    canvas.box((255, 255, 255, 40), hand, width=2, radius=8)
    mine = view.hand is not None and view.current_player == active  # others hold theirs by their grid
    canvas.text(_("In hand"), (HAND_POS[0], hand.top - 16), 20, GOLD if mine else TEXT_DIM, bold=True)
    draw_panel(view, seats, board.turn, canvas, board.here)
    draw_sprites(canvas, shown.painter, shown.sprites.values())
    if board.focus_ring is not None:
        draw_focus_ring(canvas, *board.focus_ring)
    if board.banner:
        rect = pygame.FRect(BANNER_RECT)
        canvas.box((120, 20, 20, 220), rect, radius=12)
        canvas.text(_(board.banner), rect.center, 30, WHITE, bold=True, shadow=True)


def label_words(name: str, scores: str) -> str:
    """The big grid's label: its player's name, then the scores line."""
    # TRANSLATORS: a grid's label: the player's name, then "shows 12 · total 40"
    return _("{name}   {scores}", name=name, scores=scores)


def turn_words(name: str) -> str:
    """"Ben's turn", in the current language."""
    return _("{name}'s turn", name=name)


def scores_line(view: SkyjoView, player: int) -> str:
    """What a grid's label says of its points: those its face-up cards show, and the total."""
    return _("shows {shown}  ·  total {total}", shown=view.grids[player].visible_score, total=view.totals[player])


def big_label_rect(canvas: Canvas, box: GridBox, name: str, cue: bool, scores: str) -> pygame.FRect:
    """Where the big grid's label lies, centred over it: the gold "Ben's turn" pill, or the line of
    name and scores."""
    y = box.top - BIG_LABEL_RISE
    if cue:
        width = canvas.text_size(turn_words(name), CUE_SIZE, bold=True)[0] + 40
        return pygame.FRect(box.rect.centerx - width / 2, y - 16, width, 32)
    width, high = canvas.text_size(label_words(name, scores), LABEL_SIZE, bold=True)
    return pygame.FRect(box.rect.centerx - width / 2, y - high / 2, width, high)


def draw_big_label(canvas: Canvas, box: GridBox, name: str, cue: bool, scores: str) -> None:
    """Whose grid the big one is, over it; "Ben's turn" in gold when another human's grid just came down."""
    rect = big_label_rect(canvas, box, name, cue, scores)
    canvas.keep_clear(rect)
    if cue:
        canvas.box(GOLD, rect, radius=16)
        canvas.text(turn_words(name), rect.center, CUE_SIZE, CUE_TEXT, bold=True)
        return
    canvas.text(label_words(name, scores), rect.center, LABEL_SIZE, CREAM, bold=True)


def big_label_anchor(canvas: Canvas, box: GridBox, name: str, cue: bool, scores: str) -> Anchor:
    """Where the speech bubble of the big grid's player points: at the start of its label (the name),
    from the left."""
    rect = big_label_rect(canvas, box, name, cue, scores)
    return Anchor(rect.left - 6, rect.centery, Side.LEFT)


def panel_rect(players: int) -> pygame.FRect:
    """The turn's panel: its title, what to do (up to 3 lines), then one line per player."""
    return pygame.FRect(PANEL_LEFT, BIG_TOP, PANEL_W, 168 + ROW_H * players)


def message_rect(players: int) -> pygame.FRect:
    """The message box, just under the turn's panel."""
    panel = panel_rect(players)
    return pygame.FRect(panel.x, panel.bottom + 10, panel.width, MESSAGE_H)


def message_room(players: int) -> pygame.FRect:
    """The felt a long message's box grows down into: under the message box, to the window's foot."""
    box = message_rect(players)
    return pygame.FRect(box.x, box.y, box.w, max(box.h, FELT_FOOT - box.y))


def draw_panel(view: SkyjoView, seats: Sequence[Seat], turn: int, canvas: Canvas,
               here: Sequence[int] | None = None) -> None:
    """Whose turn it is (as shown: it changes when the last move has landed), what to do, and
    every player's shown points and total."""
    rect = panel_rect(view.player_count)
    x, y, w = rect.x, rect.y, rect.width
    canvas.box(PANEL, rect, radius=14)
    canvas.frame(rect, "turn panel", keep_clear=True)  # it names every player: a plate of them all
    current = seats[turn]
    title = _("Round over") if view.round_done else turn_words(current.name)
    title, size = fitted(canvas, title, 30.0, w - 36, bold=True)

    put = mirrored_text(canvas, rect)
    put(title, x + 18, y + 26, size, GOLD, bold=True, shadow=True)
    doing = instruction(view, current, turn != view.current_player, here)
    for i, line in enumerate(canvas.wrap(doing, 20, w - 36, balanced=True)[:3]):  # no lone last word
        put(line, x + 18, y + 58 + 22 * i, 20, CREAM)
    top = y + 140
    put(_("Round {number}", number=view.round_number), x + 18, top, 18, TEXT_DIM)
    put(canvas.fit(_("shows"), 18, 76), x + w - 100, top, 18, TEXT_DIM, "midright")
    put(canvas.fit(_("total"), 18, 76), x + w - 18, top, 18, TEXT_DIM, "midright")
    for p, seat in enumerate(seats):
        row_y = top + 26 + p * ROW_H
        colour = GOLD if p == turn and not view.round_done else CREAM
        named = _("{name} (ended)", name=seat.name) if p == view.ender else seat.name
        put(canvas.fit(named, 21, w - 160), x + 18, row_y, 21, colour)
        put(str(view.grids[p].visible_score), x + w - 100, row_y, 21, colour, "midright")
        put(str(view.totals[p]), x + w - 18, row_y, 21, colour, "midright")

