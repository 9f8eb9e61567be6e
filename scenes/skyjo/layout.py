"""Where everything sits on the Skyjo table: a pure function of the rules state and the big grid."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.cards import Card
from game.skyjo import SkyjoGame
from game.skyjo.moves import COLUMNS, ROWS, SLOTS
from sprites.spots import Spot
from sprites.theme import CARD_ASPECT

BIG_W = 72.0  # the active player's cards
BIG_GAP = 9.0
BIG_TOP = 366.0
BIG_CENTRE_X = 640.0
SMALL_MAX_W = 38.0  # the other players' cards, smaller with more players
SMALL_GAP = 4.0
SMALL_TOP = 40.0  # the name line of each small grid sits above this
SMALL_AREA = (20.0, 1260.0)
PILE_W = 74.0
DRAW_POS = (935.0, 560.0)
DISCARD_POS = (1055.0, 560.0)
HAND_POS = (995.0, 400.0)
HAND_W = 84.0
VISIBLE_PILE_CARDS = 3  # only the top few cards of a pile are drawn
HAND_Z = 600
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


def grid_boxes(players: int, active: int) -> list[GridBox]:
    """The active player's big grid at the bottom, the others in a row along the top."""
    big = GridBox(active, 0, BIG_TOP, BIG_W, BIG_GAP)
    big = GridBox(active, BIG_CENTRE_X - big.width / 2, BIG_TOP, BIG_W, BIG_GAP)
    others = [(active + k) % players for k in range(1, players)]
    span = SMALL_AREA[1] - SMALL_AREA[0]
    cell = span / max(1, len(others))
    card_w = min(SMALL_MAX_W, (cell - 24 - (COLUMNS - 1) * SMALL_GAP) / COLUMNS)
    boxes = {active: big}
    for i, player in enumerate(others):
        box = GridBox(player, 0, SMALL_TOP, card_w, SMALL_GAP)
        centre = SMALL_AREA[0] + cell * (i + 0.5)
        boxes[player] = GridBox(player, centre - box.width / 2, SMALL_TOP, card_w, SMALL_GAP)
    return [boxes[p] for p in range(players)]


def card_spots(rules: SkyjoGame, active: int) -> dict[Card, Spot]:
    """Every card's place: grids, the card in hand, the discard and draw piles."""
    spots: dict[Card, Spot] = {}
    for box in grid_boxes(rules.player_count, active):
        for slot, card in enumerate(rules.grids[box.player]):
            if card is not None:
                x, y = box.slot_centre(slot)
                spots[card] = Spot(x=x, y=y, width=box.card_w, face_up=rules.face_up[box.player][slot], z=10 + slot)
    if rules.hand is not None:
        spots[rules.hand] = Spot(x=HAND_POS[0], y=HAND_POS[1], width=HAND_W, face_up=True, z=HAND_Z)
    for pile, pos, face_up, base in ((rules.draw_pile, DRAW_POS, False, 100),
                                     (rules.discard_pile, DISCARD_POS, True, 300)):
        count = len(pile)
        for i, card in enumerate(pile):
            offset = min(count - 1 - i, VISIBLE_PILE_CARDS) * 1.5
            spots[card] = Spot(x=pos[0] - offset, y=pos[1] - offset, width=PILE_W, face_up=face_up, z=base + i,
                               visible=i >= count - VISIBLE_PILE_CARDS)
    return spots


def pile_rect(pos: tuple[float, float]) -> pygame.FRect:
    h = PILE_W / CARD_ASPECT
    return pygame.FRect(pos[0] - PILE_W / 2, pos[1] - h / 2, PILE_W, h)
