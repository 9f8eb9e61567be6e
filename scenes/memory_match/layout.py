"""Where everything sits on the Memory Match table (logical 1280x720): pure functions of the view."""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.memory_match.moves import GRID_COLS, GRID_ROWS, GRID_SIZE, is_standard
from game.memory_match.view import MemoryView
from sprites.bubble import Anchor, Side
from sprites.spots import Spot
from sprites.theme import CARD_ASPECT

GRID_CARD_W = 112.0  # the grid fills the felt's height; the players' panels sit either side
GRID_CARD_H = GRID_CARD_W / CARD_ASPECT
GAP_X, GAP_Y = 16.0, 8.0
GRID_W = GRID_COLS * GRID_CARD_W + (GRID_COLS - 1) * GAP_X
GRID_H = GRID_ROWS * GRID_CARD_H + (GRID_ROWS - 1) * GAP_Y
GRID_LEFT = 640 - GRID_W / 2
GRID_TOP = 14.0
DECK_POS = (640.0, 820.0)  # below the screen: where the deal comes from
HELP_Y = 701.0  # the line of keys under the grid

PANEL_W, PANEL_H = 290.0, 384.0
SIDE_GAP = 36.0  # between the grid and a side column
PANEL_LEFT = (GRID_LEFT - SIDE_GAP - PANEL_W, GRID_LEFT + GRID_W + SIDE_GAP)
COLUMN_H = PANEL_H + 14 + 150  # a panel, then the moves and the Hint button (left) or the message (right)
PANEL_TOP = GRID_TOP + (GRID_H - COLUMN_H) / 2  # each side column centred on the grid
PILE_CARD_W = 50.0
PILE_PAIR_STEP = 85.0  # between the pairs of a row of won pairs
PILE_TOP = PANEL_TOP + 200  # the "pairs won" line; the won pairs below it
PILE_ROW_H = 78.0
BADGE_Y = PANEL_TOP + 126  # "your turn", "skips next turn"
BELOW_PANEL = PANEL_TOP + PANEL_H + 14
HISTORY_RECT = (PANEL_LEFT[0], BELOW_PANEL, PANEL_W, 150.0)  # the newest moves, under the left panel
HINT_RECT = (PANEL_LEFT[0] + (PANEL_W - 150) / 2, BELOW_PANEL + 162, 150.0, 44.0)  # under the moves
MESSAGE_RECT = (PANEL_LEFT[1], BELOW_PANEL, PANEL_W, 96.0)  # the message, under the right panel
FELT_FOOT = 684.0  # above the line of keys (its type is taller in a small window)
MESSAGE_ROOM = (PANEL_LEFT[1], BELOW_PANEL, PANEL_W, FELT_FOOT - BELOW_PANEL)  # a long message grows into it

CHOICE_PANEL = (300.0, 250.0, 680.0, 230.0)
CHOICE_BUTTONS = ((325.0, 340.0, 305.0, 110.0), (650.0, 340.0, 305.0, 110.0))


def cell_centre(index: int) -> tuple[float, float]:
    """The centre of grid cell `index` (row by row)."""
    row, col = divmod(index, GRID_COLS)
    return (GRID_LEFT + col * (GRID_CARD_W + GAP_X) + GRID_CARD_W / 2,
            GRID_TOP + row * (GRID_CARD_H + GAP_Y) + GRID_CARD_H / 2)


def cell_rect(index: int) -> pygame.FRect:
    x, y = cell_centre(index)
    return pygame.FRect(x - GRID_CARD_W / 2, y - GRID_CARD_H / 2, GRID_CARD_W, GRID_CARD_H)


def cell_at(pos: tuple[float, float]) -> int | None:
    """The grid cell under a logical point, removed or not; None between cells."""
    for index in range(GRID_SIZE):
        if cell_rect(index).collidepoint(pos):
            return index
    return None


def panel_rect(seat: int) -> pygame.FRect:
    return pygame.FRect(PANEL_LEFT[seat], PANEL_TOP, PANEL_W, PANEL_H)


def seat_anchor(seat: int) -> Anchor:
    """Where a seat's speech bubble points: down onto the top of its panel, from the felt over it."""
    panel = panel_rect(seat)
    return Anchor(panel.centerx, panel.top - 2, Side.ABOVE)


def pile_spot(seat: int, pair_number: int, second: bool) -> tuple[float, float]:
    """Centre of a won card in a player's panel: pairs in 3 columns, the two cards overlapping."""
    row, col = divmod(pair_number, 3)
    left = PANEL_LEFT[seat] + 24 + PILE_CARD_W / 2
    x = left + col * PILE_PAIR_STEP + (22 if second else 0)
    y = PILE_TOP + 52 + row * PILE_ROW_H + (6 if second else 0)
    return (x, y)


def score_anchor(seat: int) -> tuple[float, float]:
    """Where a seat's score is written, right in its panel's header (and where won pairs fly towards)."""
    panel = panel_rect(seat)
    return (panel.right - 56, panel.y + 52)


def card_spots(view: MemoryView) -> dict[Hashable, Spot]:
    """Every card's place: in its grid cell (keyed by its card if face up, else by ("cell", index)),
    or in its winner's pile (won pairs), or gone (a Bonus or Penalty taken: not drawn)."""
    spots: dict[Hashable, Spot] = {}
    for index in range(GRID_SIZE):
        if view.present[index]:
            x, y = cell_centre(index)
            card = view.face_up[index]
            key: Hashable = card if card is not None else ("cell", index)
            spots[key] = Spot(x=x, y=y, width=GRID_CARD_W, face_up=card is not None, z=10 + index)
    for seat, pile in enumerate(view.taken):
        pairs = [c for c in pile if is_standard(c)]
        for n, card in enumerate(pairs):
            x, y = pile_spot(seat, n // 2, n % 2 == 1)
            spots[card] = Spot(x=x, y=y, width=PILE_CARD_W, face_up=True, z=100 + n)
        for card in pile:
            if not is_standard(card):  # a Bonus or Penalty that burst or crumbled away
                x, y = score_anchor(seat)
                spots[card] = Spot(x=x, y=y, width=PILE_CARD_W, face_up=True, z=0, visible=False)
    return spots


def grid_neighbour(index: int, key_dx: int, key_dy: int) -> int:
    """The cell one step away in a direction, wrapping around the grid's edges."""
    row, col = divmod(index, GRID_COLS)
    return ((row + key_dy) % GRID_ROWS) * GRID_COLS + (col + key_dx) % GRID_COLS
