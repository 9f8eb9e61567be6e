"""Ninety-Nine's table: the shared table with Ninety-Nine's parts. Your hand face up in front, the others'
hands face down along the top, the draw pile and the played pile in the middle with the count beside them."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any

import pygame

from game.match import Match
from game.seats import Seat
from scenes.base import Host, Scene
from scenes.table import Network, Table
from scenes.table_marks import Mark
from scenes.table_parts import GameParts, Shown, TableHost, TableSettings
from sprites.bubble import Anchor, Side
from sprites.canvas import Canvas
from sprites.card_sprite import draw_sprites
from sprites.spots import Spot, pile_spots
from sprites.theme import CARD_ASPECT, CREAM, GOLD, TEXT_DIM
from tests.ninety_nine.game.moves import Play
from tests.ninety_nine.game.rules import DECK, NAME, NinetyNineGame
from tests.ninety_nine.game.view import LIMIT, NinetyNineView, value

CARD_W, SMALL_W = 110.0, 70.0  # a face shown is 110 wide: its marks 8 px tall at 800x600
HAND_Y, TOP_Y, MIDDLE_Y = 580.0, 165.0, 360.0
HAND_STEP, SMALL_STEP = 125.0, 26.0  # between the centres of two cards of a hand
DRAW_POS, PILE_POS = (530.0, MIDDLE_Y), (700.0, MIDDLE_Y)
COUNT_POS = (880.0, MIDDLE_Y)
PLAY_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
NAME_GAP = 24.0  # between a hand's edge and its player's name
SETTINGS = TableSettings(game=NAME, deck=DECK, card_w=CARD_W, face_widths=(SMALL_W,), pile_pos=DRAW_POS)


def ninety_nine_table(app: Host, match: Match[NinetyNineGame], network: Network | None = None) -> Table:
    """The table of a Ninety-Nine match, here or (with a network part) on a server."""
    return Table(app, match, NinetyNineParts, network)


def start_table(app: Host, seats: list[Seat], options: dict, seed: int) -> Table:
    return ninety_nine_table(app, Match.new(NAME, seats, options, seed))


def resume_table(app: Host, match: Match) -> Table:
    if not isinstance(match.rules, NinetyNineGame):
        raise ValueError("not a Ninety-Nine save")
    return ninety_nine_table(app, match)


def seat_x(seat: int, bottom: int, count: int) -> float:
    """The centre of a seat's hand: the seat in front at the middle, the others spread along the top."""
    if seat == bottom:
        return 640.0
    order = (seat - bottom) % count - 1  # 0 for the next seat
    return 640.0 + (order - (count - 2) / 2) * 1000.0 / max(count - 1, 2)


def card_spots(view: NinetyNineView, bottom: int) -> dict[Hashable, Spot]:
    """Every card's spot, from the view: face-up cards keyed by card, face-down ones by place."""
    count = len(view.players)
    spots: dict[Hashable, Spot] = {}
    for seat in range(count):
        x, size = seat_x(seat, bottom, count), view.hand_sizes[seat]
        own = seat == view.seat
        keys: list[Hashable] = list(view.hand) if own else [("hand", seat, i) for i in range(size)]
        width, step, y = (CARD_W, HAND_STEP, HAND_Y) if seat == bottom else (SMALL_W, SMALL_STEP, TOP_Y)
        for i, key in enumerate(keys):
            spots[key] = Spot(x=x + (i - (size - 1) / 2) * step, y=y, width=width, face_up=own, z=i)
    spots.update(pile_spots([("draw", i) for i in range(view.draw_size)], DRAW_POS, width=CARD_W, face_up=False,
                            z=0, shown=3, step=1.0))
    if view.top is not None:
        spots[view.top] = Spot(x=PILE_POS[0], y=PILE_POS[1], width=CARD_W, face_up=True, z=100)
    return spots


def own_hand(view: NinetyNineView, bottom: int) -> tuple:
    """The hand of the seat in front of the screen (nothing while the pass screen shows another's)."""
    return view.hand if view.seat == bottom else ()


class NinetyNineInput:
    """Clicks on a card of your hand play it; Left and Right choose one, Enter plays it."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.chosen = 0  # the card of the hand that Enter plays

    def on_press(self, pos: tuple[float, float]) -> None:
        for card in reversed(own_hand(self.host.view(), self.host.seating.bottom)):
            sprite = self.host.sprites.get(card)
            if sprite is not None and sprite.rect.collidepoint(pos) and self.host.can_act():
                self.host.play(Play(card), sprite)
                return

    def on_key(self, key: int, mod: int) -> None:
        hand = own_hand(self.host.view(), self.host.seating.bottom)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            self.chosen = (self.chosen + (1 if key == pygame.K_RIGHT else -1)) % len(hand)
        elif key in PLAY_KEYS and hand and self.host.can_act():
            self.host.play(Play(hand[self.chosen % len(hand)]))

    def on_motion(self, pos: tuple[float, float]) -> None:
        """Nothing follows the mouse."""

    def on_release(self, pos: tuple[float, float]) -> None:
        """Nothing is dragged."""

    def hold_input(self, event: pygame.Event) -> bool:
        return False

    def refused(self, reason: str) -> str:
        return reason

    def viewer_changed(self) -> None:
        """The choice stays where it was."""


class NinetyNineDrawer:
    """The sprites, each seat's name and cards played, the count, and what Enter would play."""

    def __init__(self, chosen: Any) -> None:
        self.chosen = chosen  # () -> the index Enter plays

    def draw(self, canvas: Canvas, view: NinetyNineView, shown: Shown) -> None:
        draw_sprites(canvas, shown.painter, [s for s in shown.sprites.values() if s.visible])
        count, bottom = len(shown.seats), shown.bottom
        for seat in range(count):
            colour = GOLD if seat == view.current_player and not view.is_over else CREAM
            label = f"{shown.seats[seat].name}: {view.played[seat]} played"
            if seat == bottom:
                y = HAND_Y + CARD_W / CARD_ASPECT / 2 + NAME_GAP
            else:
                y = TOP_Y - SMALL_W / CARD_ASPECT / 2 - NAME_GAP
            canvas.keep_clear(canvas.text(label, (seat_x(seat, bottom, count), y), 22, colour, bold=True))
        canvas.text(f"Count: {view.count}", COUNT_POS, 30, GOLD, bold=True)
        hand = own_hand(view, bottom)
        if shown.my_turn and hand:
            card = hand[self.chosen() % len(hand)]
            canvas.text(f"Enter plays the {card} (+{value(card)})", (640.0, 460.0), 20, TEXT_DIM)
        elif shown.watching and not view.is_over:
            canvas.text(f"Watching: {shown.seats[view.current_player].name} to play", (640.0, 460.0), 20, TEXT_DIM)

    def draw_over(self, canvas: Canvas, view: NinetyNineView, shown: Shown) -> bool:
        """No dialog of its own."""
        return False

    def message_shown(self, view: NinetyNineView) -> bool:
        return True


class NinetyNineParts(GameParts):
    """The layout, the hints and the bubbles; input and drawing in their parts."""

    settings = SETTINGS
    input: NinetyNineInput

    def __init__(self, host: TableHost) -> None:
        super().__init__(host)
        self.input = NinetyNineInput(host)
        self.drawer = NinetyNineDrawer(lambda: self.input.chosen)

    def layout(self, view: NinetyNineView, bottom: int) -> Mapping[Hashable, Spot]:
        return card_spots(view, bottom)

    def move_marks(self) -> Iterable[Mark]:
        return [move.card for move in self.host.match.rules.legal_moves()] if self.host.my_turn() else []

    def hint_marks_for(self, move: Any) -> Iterable[Mark]:
        return [move.card]

    def hint_reason(self, move: Any) -> str:
        return f"The {move.card} is your highest card that keeps the count under {LIMIT + 1}."

    def seat_anchor(self, seat: int) -> Anchor:
        count, bottom = len(self.host.seats), self.host.seating.bottom
        y = HAND_Y - CARD_W / CARD_ASPECT / 2 - 8 if seat == bottom else TOP_Y + SMALL_W / CARD_ASPECT / 2 + 8
        return Anchor(seat_x(seat, bottom, count), y, Side.ABOVE if seat == bottom else Side.BELOW)

    def new_table(self) -> Scene:
        return start_table(self.host.app, self.host.seats, {}, self.host.match.seed + 1)
