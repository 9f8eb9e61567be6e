"""Where everything sits on the Skyjo table: pure functions of the view, of whose grid is big (the
seat in front of the screen) and of the order of the small grids along the top (`Grids`, as shown).

A face-up card is keyed by its Card; a face-down grid card by ("grid", player, slot), the draw pile's
cards by ("draw", index), bottom first.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from game.skyjo.moves import COLUMNS, ROWS, SLOTS
from game.skyjo.view import SkyjoView
from sprites.bubble import Anchor, Side
from sprites.spots import Spot, pile_spots
from sprites.theme import CARD_ASPECT, LOGICAL_SIZE

BIG_W = 104.0  # the cards of the grid in front of the screen
BIG_GAP = 6.0
BIG_TOP = 240.0  # under the small grids; its name line sits above this
BIG_CENTRE_X = 640.0
SMALL_MAX_W = 31.0  # the other players' cards, smaller with more players
SMALL_GAP = 4.0
SMALL_TOP = 56.0  # the name and scores lines of each small grid sit above this (44 px at 800x600)
SMALL_AREA = (20.0, 1260.0)
NAME_LINES_Y = SMALL_TOP - 26  # the middle of a small grid's name and scores lines
SIDE_BUBBLE_W = 190.0  # the felt a speech bubble beside a small grid's names takes, its tail included
# Either side of the big grid: the turn's panel and the message left (scenes.skyjo.draw), the card
# in hand, the piles, the moves and the Hint button right.
SIDE_TOP = BIG_TOP
RIGHT_COLUMN = (888.0, 1264.0)
PILE_W = 110.0
HAND_W = 110.0
PILES_Y = SIDE_TOP + 48 + PILE_W / CARD_ASPECT / 2  # under the "In hand" line
HAND_POS = (RIGHT_COLUMN[0] + HAND_W / 2, PILES_Y)  # the drawn or taken card, next to the big grid
DRAW_POS = (HAND_POS[0] + 126, PILES_Y)
DISCARD_POS = (DRAW_POS[0] + 126, PILES_Y)
HISTORY_LINES = 5
HISTORY_RECT = (RIGHT_COLUMN[0], PILES_Y + 118, RIGHT_COLUMN[1] - RIGHT_COLUMN[0], 150.0)  # under the piles
HINT_RECT = (RIGHT_COLUMN[0], HISTORY_RECT[1] + HISTORY_RECT[3] + 12, 150.0, 40.0)
BANNER_RECT = (HINT_RECT[0] + HINT_RECT[2] + 16, HINT_RECT[1], RIGHT_COLUMN[1] - HINT_RECT[0] - HINT_RECT[2] - 16,
               40.0)  # "Last turn!", beside the Hint button
VISIBLE_PILE_CARDS = 3  # only the top few cards of a pile are drawn
HAND_Z = 600
HELD_MIN_W = 46.0  # the card another player holds, over their small grid, is at least this wide
FLYING_Z = 700


@dataclass(frozen=True, slots=True)
class GridBox:
    """One player's grid on screen: top-left corner, card width and gap."""

    player: int
    left: float
    top: float
    card_w: float
    gap: float

    @property
    def card_h(self) -> float:
        return self.card_w / CARD_ASPECT

    @property
    def width(self) -> float:
        return COLUMNS * self.card_w + (COLUMNS - 1) * self.gap

    @property
    def height(self) -> float:
        return ROWS * self.card_h + (ROWS - 1) * self.gap

    @property
    def rect(self) -> pygame.FRect:
        return pygame.FRect(self.left, self.top, self.width, self.height)

    def slot_centre(self, slot: int) -> tuple[float, float]:
        row, column = divmod(slot, COLUMNS)
        return (self.left + column * (self.card_w + self.gap) + self.card_w / 2,
                self.top + row * (self.card_h + self.gap) + self.card_h / 2)

    def slot_rect(self, slot: int) -> pygame.FRect:
        x, y = self.slot_centre(slot)
        return pygame.FRect(x - self.card_w / 2, y - self.card_h / 2, self.card_w, self.card_h)

    def slot_at(self, pos: tuple[float, float]) -> int | None:
        for slot in range(SLOTS):
            if self.slot_rect(slot).collidepoint(pos):
                return slot
        return None


@dataclass
class Grids:
    """Whose grid the table shows big and where the small ones are, as shown: it follows the moves
    once they have landed, not the rules."""

    active: int  # whose grid is big: the seat in front of the screen
    top_order: list[int]  # the small grids, left to right
    turn: int  # whose turn the panel names: changes when a move has landed
    cue: int | None = None  # a human whose grid just came down: "Ben's turn" until they move
    banner: str = ""  # "Last turn!"

    def big_box(self) -> GridBox:
        """The grid shown big: the one a human clicks."""
        return grid_boxes(self.active, self.top_order)[self.active]


def top_row(players: int, bottom: int) -> list[int]:
    """The small grids along the top, left to right: the seats after `bottom`, in playing order."""
    return [(bottom + k) % players for k in range(1, players)]


def swap_bottom(top: list[int], old: int, new: int) -> list[int]:
    """The top row after `new` comes to the bottom: `old` takes its place, nobody else moves."""
    return [old if seat == new else seat for seat in top]


def grid_boxes(bottom: int, top: list[int]) -> list[GridBox]:
    """The big grid of `bottom` under the piles' row, the others small along the top in `top`'s
    order; indexed by seat."""
    big = GridBox(bottom, 0, BIG_TOP, BIG_W, BIG_GAP)
    big = GridBox(bottom, BIG_CENTRE_X - big.width / 2, BIG_TOP, BIG_W, BIG_GAP)
    span = SMALL_AREA[1] - SMALL_AREA[0]
    cell = span / max(1, len(top))
    card_w = min(SMALL_MAX_W, (cell - 24 - (COLUMNS - 1) * SMALL_GAP) / COLUMNS)
    boxes = {bottom: big}
    for i, player in enumerate(top):
        box = GridBox(player, 0, SMALL_TOP, card_w, SMALL_GAP)
        centre = SMALL_AREA[0] + cell * (i + 0.5)
        boxes[player] = GridBox(player, centre - box.width / 2, SMALL_TOP, card_w, SMALL_GAP)
    return [boxes[p] for p in range(len(top) + 1)]


def small_grid_anchor(seat: int, bottom: int, top: list[int]) -> Anchor:
    """Where the speech bubble of a small grid's player points: beside its name lines, right of the
    grid, when every small grid has that room (a few players); else down from its name lines, the
    bubble over the grid's top row."""
    box = grid_boxes(bottom, top)[seat]
    if room_beside(bottom, top):
        return Anchor(box.rect.right + box.gap + 6, NAME_LINES_Y, Side.RIGHT)
    return Anchor(box.rect.centerx, box.top - box.gap - 2, Side.BELOW)


def room_beside(bottom: int, top: list[int]) -> bool:
    """Whether the felt right of every small grid, to the next one or the screen's edge, holds a
    speech bubble."""
    boxes = grid_boxes(bottom, top)
    rights = [boxes[seat].rect.right for seat in top]
    lefts = [boxes[seat].rect.left for seat in top[1:]] + [LOGICAL_SIZE[0]]
    return all(left - right >= SIDE_BUBBLE_W for right, left in zip(rights, lefts, strict=True))


def grid_key(player: int, slot: int) -> Hashable:
    """The sprite key of a face-down grid card."""
    return ("grid", player, slot)


def draw_key(index: int) -> Hashable:
    """The sprite key of the draw pile's card at `index` (0: the bottom)."""
    return ("draw", index)


def slot_key(view: SkyjoView, player: int, slot: int) -> Hashable | None:
    """The sprite key of what lies on a slot: its card if face up, None if the slot is empty."""
    grid = view.grids[player]
    if slot in grid.removed:
        return None
    card = grid.cards[slot]
    return card if card is not None else grid_key(player, slot)


def held_place(holder: int, bottom: int, top: list[int]) -> tuple[tuple[float, float], float]:
    """Where the card a player drew or took lies, and its width: the "In hand" place beside the big
    grid for the seat in front, else over the bottom right corner of the holder's small grid."""
    if holder == bottom:
        return HAND_POS, HAND_W
    box = grid_boxes(bottom, top)[holder]
    width = max(HELD_MIN_W, box.card_w * 1.4)
    rect = box.rect
    return (rect.right - width * 0.3, rect.bottom - width / CARD_ASPECT * 0.3), width


def card_spots(view: SkyjoView, bottom: int, top: list[int]) -> dict[Hashable, Spot]:
    """Every card's place: grids, the card in hand, the discard and draw piles."""
    spots: dict[Hashable, Spot] = {}
    for box in grid_boxes(bottom, top):
        grid = view.grids[box.player]
        for slot in grid.occupied_slots:
            card = grid.cards[slot]
            x, y = box.slot_centre(slot)
            spots[card if card is not None else grid_key(box.player, slot)] = Spot(
                x=x, y=y, width=box.card_w, face_up=card is not None, z=10 + slot)
    if view.hand is not None:
        (x, y), width = held_place(view.current_player, bottom, top)
        spots[view.hand] = Spot(x=x, y=y, width=width, face_up=True, z=HAND_Z)
    spots.update(pile_spots([draw_key(i) for i in range(view.draw_count)], DRAW_POS, width=PILE_W, face_up=False,
                            z=100, shown=VISIBLE_PILE_CARDS, step=1.5, rise=VISIBLE_PILE_CARDS))
    spots.update(pile_spots(view.discard_pile, DISCARD_POS, width=PILE_W, face_up=True, z=300,
                            shown=VISIBLE_PILE_CARDS, step=1.5, rise=VISIBLE_PILE_CARDS))
    return spots


def pile_rect(pos: tuple[float, float]) -> pygame.FRect:
    h = PILE_W / CARD_ASPECT
    return pygame.FRect(pos[0] - PILE_W / 2, pos[1] - h / 2, PILE_W, h)
