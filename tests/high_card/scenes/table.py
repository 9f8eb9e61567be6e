"""High Card's table: a TableScene filling only hooks. Each pile sits face down on its player's side
(the top card of your own face up: you may look at it), the open card in the middle, the pairs taken
beside each pile."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import replace
from typing import Any

import pygame

from game.match import Match
from game.seats import Seat
from game.words import plural
from scenes.base import Scene
from scenes.legacy_table import TableScene
from scenes.table_marks import Mark
from sprites.canvas import Canvas
from sprites.card_sprite import draw_sprites
from sprites.spots import Spot, pile_spots
from sprites.theme import CARD_ASPECT, CREAM, GOLD, TEXT_DIM
from tests.high_card.game.rules import DECK, NAME, HighCardGame, HighCardView, Turn

CARD_W = 110.0
PILE_X, TAKEN_X = 440.0, 840.0
SIDE_Y = {"bottom": 550.0, "top": 215.0}
OPEN_POS = (640.0, 365.0)
STEP = 1.5  # a pile's cards, each a little up and left of the one below
KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


def start_table(app, seats: list[Seat], options: dict, seed: int) -> HighCardTable:
    return HighCardTable(app, Match.new(NAME, seats, options, seed))


def resume_table(app, match: Match) -> HighCardTable:
    if not isinstance(match.rules, HighCardGame):
        raise ValueError("not a High Card save")
    return HighCardTable(app, match)


def card_spots(view: HighCardView, bottom: int) -> dict[Hashable, Spot]:
    """Every card's spot, from the view: face-down cards keyed by place, face-up ones by card."""
    spots: dict[Hashable, Spot] = {}
    for seat in (0, 1):
        y = SIDE_Y["bottom" if seat == bottom else "top"]
        pile: list[Hashable] = [("pile", seat, i) for i in range(view.pile_sizes[seat])]
        if seat == view.seat and view.own_top is not None:
            pile[-1] = view.own_top
        spots.update(pile_spots(pile, (PILE_X, y), width=CARD_W, face_up=False, z=0, shown=3, step=STEP))
        if seat == view.seat and view.own_top is not None:
            spots[view.own_top] = replace(spots[view.own_top], face_up=True)
        spots.update(pile_spots(view.taken[seat], (TAKEN_X, y), width=CARD_W, face_up=True, z=0, shown=2,
                                step=STEP * 8))
    if view.open_card is not None:
        spots[view.open_card] = Spot(x=OPEN_POS[0], y=OPEN_POS[1], width=CARD_W, face_up=True, z=50)
    return spots


class HighCardTable(TableScene[HighCardGame]):
    GAME = NAME
    DECK = DECK
    CARD_W = CARD_W
    PILE_POS = OPEN_POS

    def layout(self) -> Mapping[Hashable, Spot]:
        return card_spots(self.view(), self.seating.bottom)

    def top_key(self) -> Hashable:
        """The sprite key of the top card of the pile in front of the screen."""
        view: HighCardView = self.view()
        bottom = self.seating.bottom
        return view.own_top if view.own_top is not None else ("pile", bottom, view.pile_sizes[bottom] - 1)

    def on_press(self, pos: tuple[float, float]) -> None:
        sprite = self.sprites.get(self.top_key())
        if self.can_act() and sprite is not None and sprite.rect.collidepoint(pos):
            self.play(Turn(), sprite)

    def on_key(self, key: int, mod: int) -> None:
        if key in KEYS and self.can_act():
            self.play(Turn())

    def move_marks(self) -> Iterable[Mark]:
        return [self.top_key()]

    def hint_marks_for(self, move: Any) -> Iterable[Mark]:
        return [self.top_key()]

    def hint_reason(self, move: Any) -> str:
        return "Turn your top card: there is nothing else to do."

    def new_table(self) -> Scene:
        return start_table(self.app, self.seats, {"cards": self.rules.dealt}, self.match.seed + 1)

    def draw_table(self, canvas: Canvas) -> None:
        view: HighCardView = self.view()
        draw_sprites(canvas, self.app.painter, [s for s in self.sprites.values() if s.visible])
        height = CARD_W / CARD_ASPECT
        for seat in (0, 1):
            y = SIDE_Y["bottom" if seat == self.seating.bottom else "top"]
            label = f"{self.seats[seat].name}: {plural(view.scores[seat], 'pair')}"
            colour = GOLD if seat == view.current_player and not view.is_over else CREAM
            canvas.text(label, (640, y + (height / 2 + 24) * (1 if seat == self.seating.bottom else -1)), 24, colour,
                        bold=True)
        if self.my_turn():
            canvas.text("Click your pile or press Space", (OPEN_POS[0] + 240, OPEN_POS[1]), 20, TEXT_DIM)
