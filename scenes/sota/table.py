"""The Sota table: hands, piles, the Seven's suit picker, pass-and-play and computer turns."""
from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

import pygame

from game.cards import SPANISH_SUITS, Card
from game.core import Kind
from game.match import Match
from game.record import MoveRecord
from game.seats import Seat
from game.sota import ChooseSuit, Draw, Keep, Pass, Play, SotaGame, TakeSkip
from game.sota.moves import EndReason, Phase
from game.sota.text import hint_reason, move_line
from game.sota.view import SotaView
from game.words import plural
from scenes.base import Scene
from scenes.sota.draw import draw_table_parts, plate_anchor
from scenes.sota.layout import (
    ACTION_RECT,
    CARD_W,
    DRAW_POS,
    HINT_RECT,
    HISTORY_RECT,
    MESSAGE_Y,
    card_spots,
    display_order,
    draw_pile_key,
    draw_pile_rect,
    hand_keys,
    picker_rects,
)
from scenes.table import TableScene
from scenes.table_marks import Mark
from sprites.bubble import Anchor
from sprites.canvas import Canvas
from sprites.card_sprite import LIFTED_Z, CardSprite
from sprites.spots import FLYING_Z, Spot

HOVER_LIFT = 24.0  # a playable card under the mouse or the keyboard focus rises
FOCUS_LIFT = 10.0  # a card the keyboard focus is on that may not be played rises a little (its ring says so)
FRONT_Z = 100  # the hovered or focused card is drawn above its neighbours in the hand
DEAL_STAGGER = 0.05
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
KEYMAP = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: 1, pygame.K_DOWN: -1,
          pygame.K_TAB: 1}
SUIT_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3}


def start_table(app, seats: list[Seat], options: dict, seed: int) -> SotaTable:
    """A new deal for these seats and options (what the setup screen starts)."""
    return SotaTable(app, Match.new("sota", seats, options, seed), deal=True)


def resume_table(app, match: Match) -> SotaTable:
    """The table of a saved match."""
    if not isinstance(match.rules, SotaGame):
        raise ValueError("not a Sota save")
    return SotaTable(app, match)


def drawn_order(sprite: CardSprite) -> float:
    """Where a sprite comes in the drawing order (sprites.card_sprite.draw_sprites: a lifted card on top)."""
    return sprite.z + (LIFTED_Z if sprite.lift > 0.5 else 0)


class SotaTable(TableScene[SotaGame]):
    """Only the viewer's hand is ever given card identities (every hand once the game is over)."""

    GAME = "sota"
    DECK = "spanish"
    PILE_POS = DRAW_POS
    CARD_W = CARD_W
    MOVE_TIME = 0.38
    # A computer's card lies on the pile, named in the message, this long before the next move
    # (at normal speed): long enough to read it, and four computer moves take about 8 s.
    THINK_TIME = 1.6
    RESULT_PAUSE = 1.6  # the hands, shown at the end, stay in view before the result
    HISTORY_RECT = HISTORY_RECT
    HINT_RECT = HINT_RECT
    MESSAGE_Y = MESSAGE_Y  # the message just over your hand
    THINKING_MARK = False  # nothing under the message line (your hand is there): the status panel says it

    def __init__(self, app, match: Match[SotaGame], deal: bool = False) -> None:
        super().__init__(app, match)
        self.deal = deal
        self.focus = 0
        self.suit_focus = 0
        self.action_hovered = False
        self.hovered: Card | None = None  # the hand card under the mouse

    def public(self) -> SotaView:
        """What everyone may know (pending draws, the options), whoever sits in front."""
        return self.rules.view(None)

    def layout(self) -> Mapping[Hashable, Spot]:
        return card_spots(self.view(), self.seating.bottom)

    def begin(self) -> None:
        """A new game deals the hands round by round from the pile; a resumed one is laid out."""
        if not self.deal:
            self.sync(animate=False)
            return
        view = self.view()
        hands = [hand_keys(view, seat) for seat in range(view.num_players)]
        order = [hand[i] for i in range(max(map(len, hands))) for hand in hands if i < len(hand)]
        self.sync(stagger=DEAL_STAGGER, order=[*order, view.top_card])
        self.app.sounds.play("deal")

    # -- moves -----------------------------------------------------------------------------
    def action_move(self) -> Any:
        """The one legal move that is not a card: Draw, Take the skip, Keep or Pass."""
        if not self.my_turn() or self.view().phase == Phase.SUIT:
            return None
        others = [m for m in self.rules.legal_moves() if not isinstance(m, Play)]
        return others[0] if others else None

    def action_label(self) -> str:
        move = self.action_move()
        if isinstance(move, Draw):
            pending = self.view().pending_draw
            return f"Draw {pending}  [D]" if pending else "Draw a card  [D]"
        return {TakeSkip: "Take the skip", Keep: "Keep it", Pass: "Pass"}.get(type(move), "")

    def animate(self, record: MoveRecord) -> None:
        """Sounds, the message for a human's move (the base says a computer's), then every card slides."""
        mover, move = record.mover, record.move
        if not self.match.is_computer(mover):
            self.say(move_line(record.after, self.match.names, mover, move, record.events))
        elif isinstance(move, Play) and record.after.phase == Phase.SUIT:
            self.say(f"{self.seats[mover].name} plays the {move.card}", hold=True)
        kinds = [e.kind for e in record.events]
        if Kind.RESHUFFLE in kinds:
            self.app.sounds.play("shuffle")
        if Kind.PLAY in kinds:
            self.app.sounds.play("slide")
        elif Kind.DRAW in kinds:
            self.app.sounds.play("deal")
        elif Kind.SKIP in kinds or Kind.PASS in kinds:
            self.app.sounds.play("tick")
        self.hovered = None
        self.sync(stagger=0.12 if Kind.DRAW in kinds else 0.0)

    # -- what may be done, hints -----------------------------------------------------------
    def move_marks(self) -> Iterable[Mark]:
        """Playable cards, the draw pile when drawing is the move, the button for the others."""
        view = self.view()
        if view.phase == Phase.SUIT:
            return []
        return [mark for move in view.legal_moves for mark in self.hint_marks_for(move)]

    def hint_marks_for(self, move: Any) -> Iterable[Mark]:
        if isinstance(move, Play):
            return [move.card]
        if isinstance(move, ChooseSuit):
            return [pygame.FRect(dict(picker_rects())[move.suit])]
        if isinstance(move, Draw) and self.action_label().startswith("Draw a"):
            key = draw_pile_key(self.view())
            return [key] if key is not None else [pygame.FRect(draw_pile_rect()).inflate(-12, -12)]
        return [pygame.FRect(ACTION_RECT)]

    def hint_reason(self, move: Any) -> str:
        return hint_reason(self.view(), [s.name for s in self.seats], move)

    def viewer_changed(self) -> None:
        self.focus = 0  # the next human, after the pass screen, starts on their first card

    # -- input -----------------------------------------------------------------------------
    def targets_list(self) -> list[Any]:
        """What the arrow keys move between: the hand cards, the draw pile, the action button."""
        if self.seating.viewer is None:
            return []
        items: list[Any] = list(display_order(self.view().hand))
        items.append("draw")
        if self.action_move() is not None:
            items.append("action")
        return items

    def focus_item(self) -> Any:
        """The hand card, "draw" or "action" the keyboard focus is on."""
        items = self.targets_list()
        return items[min(self.focus, len(items) - 1)] if items else None

    def picking_suit(self) -> bool:
        return self.view().phase == Phase.SUIT

    def on_motion(self, pos: tuple[float, float]) -> None:
        if not self.my_turn():
            return
        if self.picking_suit():
            for i, (_, rect) in enumerate(picker_rects()):
                if pygame.FRect(rect).collidepoint(pos):
                    self.suit_focus = i
            return
        card = self.card_at(pos)
        self.action_hovered = pygame.FRect(ACTION_RECT).collidepoint(pos)
        if card is not None:
            self.focus = self.targets_list().index(card)
        self.hovered = card

    def on_press(self, pos: tuple[float, float]) -> None:
        if not self.can_act():
            return
        if self.picking_suit():
            for suit, rect in picker_rects():
                if pygame.FRect(rect).collidepoint(pos):
                    self.play(ChooseSuit(suit))
            return
        card = self.card_at(pos)
        if card is not None:
            self.play(Play(card), self.sprites[card])
        elif pygame.FRect(draw_pile_rect()).collidepoint(pos):
            self.draw_from_pile()
        elif self.action_move() is not None and pygame.FRect(ACTION_RECT).collidepoint(pos):
            self.play(self.action_move())

    def on_key(self, key: int, mod: int) -> None:
        if not self.can_act():
            return
        if self.picking_suit():
            if key in SUIT_KEYS:
                self.play(ChooseSuit(SPANISH_SUITS[SUIT_KEYS[key]]))
            elif key in KEYMAP:
                self.suit_focus = (self.suit_focus + KEYMAP[key]) % len(SPANISH_SUITS)
            elif key in ACTIVATE_KEYS:
                self.play(ChooseSuit(SPANISH_SUITS[self.suit_focus]))
            return
        items = self.targets_list()
        if key in KEYMAP and items:
            self.focus = (self.focus + KEYMAP[key]) % len(items)
        elif key in ACTIVATE_KEYS and items:
            item = items[min(self.focus, len(items) - 1)]
            if isinstance(item, Card):
                self.play(Play(item), self.sprites[item])
            elif item == "draw":
                self.draw_from_pile()
            else:
                self.play(self.action_move())
        elif key == pygame.K_d:
            self.draw_from_pile()

    def card_at(self, pos: tuple[float, float]) -> Card | None:
        """The viewer's hand card drawn on top under `pos`."""
        for card in sorted(self.view().hand, key=lambda c: -drawn_order(self.sprites[c])):
            if self.sprites[card].contains(pos):
                return card
        return None

    def front_card(self) -> Card | None:
        """The card the player points at: the keyboard focus, else the mouse; on their turn only."""
        if not self.my_turn() or self.picking_suit():
            return None
        if self.keyboard_focus:
            item = self.focus_item()
            return item if isinstance(item, Card) else None
        return self.hovered

    def tick(self, dt: float) -> None:
        """The pointed card comes in front of its neighbours and, if it may be played, rises (the
        keyboard's focus always rises, less when it may not be played: the focus is lifted, never
        enlarged)."""
        view, front = self.view(), self.front_card()
        for card in view.hand:
            sprite, spot = self.sprites[card], self.spots.get(card)
            if spot is None or sprite.z >= FLYING_Z:  # a card on its way keeps flying over the others
                continue
            sprite.z = spot.z + (FRONT_Z if card == front else 0)
            if card != front:
                sprite.lift = 0.0
            elif Play(card) in view.legal_moves:
                sprite.lift = HOVER_LIFT
            else:
                sprite.lift = FOCUS_LIFT if self.keyboard_focus else 0.0

    def draw_from_pile(self) -> None:
        key = draw_pile_key(self.view())
        self.play(Draw(), None if key is None else self.sprites[key])

    def draw_table(self, canvas: Canvas) -> None:
        draw_table_parts(self, self.view(), canvas)

    def seat_anchor(self, seat: int) -> Anchor:
        return plate_anchor(self.app.canvas, self.seats, self.view(), seat, self.seating.bottom)

    def thinking_line(self) -> str:
        """'Hafsa is thinking' with dots that come and go, while a computer thinks; else ''."""
        name = self.seats[self.rules.current_player].name
        return f"{name} is thinking{self.clock.thinking_dots()}" if self.clock.thinking() else ""

    # -- the end ---------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        result = self.rules.result()
        lines = []
        for seat, (s, left) in enumerate(zip(self.seats, result["scores"], strict=True)):
            won = " - wins" if seat in result["winners"] else ""
            lines.append(f"{s.name}: {plural(left, 'card')} left{won}")
        if result["reason"] == EndReason.ALL_PASSED:
            lines.append("Everyone passed in a row: the fewest cards win.")
        return lines

    def stats_details(self) -> dict:
        view = self.public()
        return {"seed": self.match.seed, "players": view.num_players, "reason": self.rules.result()["reason"],
                "stacking": view.stacking, "play_drawn": view.play_drawn}

    def new_table(self) -> Scene:
        seed = random.Random(self.match.seed).randrange(1, 10 ** 6)
        view = self.public()
        return start_table(self.app, self.seats, {"stacking": view.stacking, "play_drawn": view.play_drawn}, seed)
