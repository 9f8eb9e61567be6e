"""Sota's input controller: clicks and keys to moves, and what the player points at."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import SPANISH_SUITS, Card
from game.sota import ChooseSuit, Draw, Keep, Pass, Play, TakeSkip
from game.sota.moves import Phase
from game.sota.view import SotaView
from lang import N_, _
from scenes.sota.layout import ACTION_RECT, display_order, draw_pile_key, draw_pile_rect, picker_rects
from scenes.table_parts import Pos, TableHost
from sprites.card_sprite import LIFTED_Z, CardSprite
from sprites.spots import FLYING_Z

HOVER_LIFT = 24.0  # a playable card under the mouse or the keyboard focus rises
FOCUS_LIFT = 10.0  # a card the keyboard focus is on that may not be played rises a little (its ring says so)
FRONT_Z = 100  # the hovered or focused card is drawn above its neighbours in the hand
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
KEYMAP = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: 1, pygame.K_DOWN: -1,
          pygame.K_TAB: 1}
SUIT_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3}


@dataclass(frozen=True, slots=True)
class Pointer:
    """What Sota's drawer needs of the input: where the focus is, the action button's state."""

    focus_item: Any  # the hand card, "draw" or "action" the keyboard focus is on
    action_label: str  # the action button's words ("": no button)
    action_hovered: bool
    suit_focus: int  # the picker's suit the keyboard focus is on


def drawn_order(sprite: CardSprite) -> float:
    """Where a sprite comes in the drawing order (sprites.card_sprite.draw_sprites: a lifted card on top)."""
    return sprite.z + (LIFTED_Z if sprite.lift > 0.5 else 0)


MAX_FOCUS = 100  # a saved focus past any hand is not taken back


class SotaInput:
    """The hand, the draw pile, the action button and the suit picker, by mouse and keyboard."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.focus = 0
        self.chosen_suit: int | None = None  # the picker's suit the player moved the focus to (None: the most held)
        self.action_hovered = False
        self.hovered: Card | None = None  # the hand card under the mouse

    def saved_focus(self) -> dict:
        """The keyboard focus and whether it shows, JSON-safe, for a resume (`restore_focus`)."""
        return {"at": self.focus, "suit": self.chosen_suit, "shown": self.host.keyboard_focus}

    def restore_focus(self, data: object) -> None:
        """The focus as `saved_focus` kept it; anything else (an older save's nothing) is left alone."""
        if not isinstance(data, dict):
            return
        at, suit = data.get("at"), data.get("suit")
        if isinstance(at, int) and not isinstance(at, bool) and 0 <= at < MAX_FOCUS:
            self.focus = at
        if isinstance(suit, int) and not isinstance(suit, bool) and 0 <= suit < len(SPANISH_SUITS):
            self.chosen_suit = suit
        self.host.keyboard_focus = data.get("shown") is True

    def pointer(self) -> Pointer:
        """The presentation state the drawer reads."""
        view, mine = self.host.view(), self.host.my_turn()
        return Pointer(self.focus_item(view, mine), self.action_label(view, mine), self.action_hovered,
                       self.suit_focus(view))

    def suit_focus(self, view: SotaView) -> int:
        """The picker's suit the focus is on: the one the player moved it to, else the suit most
        held in the hand (the first of the picker's order among equals), never one they lack."""
        if self.chosen_suit is not None:
            return self.chosen_suit
        held = [sum(card.suit == suit for card in view.hand) for suit in SPANISH_SUITS]
        return held.index(max(held))

    def action_move(self, view: SotaView, mine: bool) -> Any:
        """The one legal move that is not a card: Draw, Take the skip, Keep or Pass (`mine`: the
        viewer's turn)."""
        if not mine or view.phase == Phase.SUIT:
            return None
        others = [m for m in self.host.match.rules.legal_moves() if not isinstance(m, Play)]
        return others[0] if others else None

    def action_label(self, view: SotaView, mine: bool) -> str:
        move = self.action_move(view, mine)
        if isinstance(move, Draw):
            return _("Draw {n}  [D]", n=view.pending_draw) if view.pending_draw else _("Draw a card  [D]")
        label = {TakeSkip: N_("Take the skip"), Keep: N_("Keep it"), Pass: N_("Pass")}.get(type(move))
        return _(label) if label else ""

    def targets(self, view: SotaView, mine: bool) -> list[Any]:
        """What the arrow keys move between: the hand cards, the draw pile, the action button."""
        if self.host.seating.viewer is None:
            return []
        items: list[Any] = [*display_order(view.hand), "draw"]
        if self.action_move(view, mine) is not None:
            items.append("action")
        return items

    def focus_item(self, view: SotaView, mine: bool) -> Any:
        """The hand card, "draw" or "action" the keyboard focus is on."""
        items = self.targets(view, mine)
        return items[min(self.focus, len(items) - 1)] if items else None

    def on_motion(self, pos: Pos) -> None:
        view = self.host.view()
        if not self.host.my_turn():
            return
        if view.phase == Phase.SUIT:
            for i, (_, rect) in enumerate(picker_rects()):
                if pygame.FRect(rect).collidepoint(pos):
                    self.chosen_suit = i
            return
        card = self.card_at(pos, view)
        self.action_hovered = pygame.FRect(ACTION_RECT).collidepoint(pos)
        if card is not None:
            self.focus = self.targets(view, True).index(card)
        self.hovered = card

    def on_press(self, pos: Pos) -> None:
        view = self.host.view()
        if not self.host.can_act():
            return
        if view.phase == Phase.SUIT:
            for suit, rect in picker_rects():
                if pygame.FRect(rect).collidepoint(pos):
                    self.host.play(ChooseSuit(suit))
            return
        card = self.card_at(pos, view)
        action = self.action_move(view, True)
        if card is not None:
            self.host.play(Play(card), self.host.sprites[card])
        elif pygame.FRect(draw_pile_rect()).collidepoint(pos):
            self.draw_from_pile(view)
        elif action is not None and pygame.FRect(ACTION_RECT).collidepoint(pos):
            self.host.play(action)

    def on_release(self, pos: Pos) -> None:
        """Sota has no drags."""

    def on_key(self, key: int, mod: int) -> None:
        self.key_pressed(key)
        self.host.save_soon()  # a resume finds the focus where it was

    def key_pressed(self, key: int) -> None:
        view = self.host.view()
        if not self.host.can_act():
            return
        if view.phase == Phase.SUIT:
            self.suit_key(key, view)
            return
        items = self.targets(view, True)
        if key in KEYMAP and items:
            self.focus = (self.focus + KEYMAP[key]) % len(items)
        elif key in ACTIVATE_KEYS and items:
            item = items[min(self.focus, len(items) - 1)]
            if isinstance(item, Card):
                self.host.play(Play(item), self.host.sprites[item])
            elif item == "draw":
                self.draw_from_pile(view)
            else:
                self.host.play(self.action_move(view, True))
        elif key == pygame.K_d:
            self.draw_from_pile(view)

    def suit_key(self, key: int, view: SotaView) -> None:
        """A key on the suit picker: 1-4 name a suit, arrows move the focus, Enter names it."""
        if key in SUIT_KEYS:
            self.host.play(ChooseSuit(SPANISH_SUITS[SUIT_KEYS[key]]))
        elif key in KEYMAP:
            self.chosen_suit = (self.suit_focus(view) + KEYMAP[key]) % len(SPANISH_SUITS)
        elif key in ACTIVATE_KEYS:
            self.host.play(ChooseSuit(SPANISH_SUITS[self.suit_focus(view)]))

    def hold_input(self, event: pygame.Event) -> bool:
        return False

    def refused(self, reason: str) -> str:
        return reason

    def viewer_changed(self) -> None:
        self.focus = 0  # the next human, after the pass screen, starts on their first card
        self.chosen_suit = None

    def card_at(self, pos: Pos, view: SotaView) -> Card | None:
        """The viewer's hand card drawn on top under `pos`."""
        sprites = self.host.sprites
        for card in sorted(view.hand, key=lambda c: -drawn_order(sprites[c])):
            if sprites[card].contains(pos):
                return card
        return None

    def front_card(self, view: SotaView) -> Card | None:
        """The card the player points at: the keyboard focus, else the mouse; on their turn only."""
        if not self.host.my_turn() or view.phase == Phase.SUIT:
            return None
        if self.host.keyboard_focus:
            item = self.focus_item(view, True)
            return item if isinstance(item, Card) else None
        return self.hovered

    def lift_pointed(self) -> None:
        """The pointed card comes in front of its neighbours and, if it may be played, rises (the
        keyboard's focus always rises, less when it may not be played: the focus is lifted, never
        enlarged)."""
        view = self.host.view()
        front = self.front_card(view)
        sprites, spots = self.host.sprites, self.host.spots
        for card in view.hand:
            sprite, spot = sprites[card], spots.get(card)
            if spot is None or sprite.z >= FLYING_Z:  # a card on its way keeps flying over the others
                continue
            sprite.z = spot.z + (FRONT_Z if card == front else 0)
            if card != front:
                sprite.lift = 0.0
            elif Play(card) in view.legal_moves:
                sprite.lift = HOVER_LIFT
            else:
                sprite.lift = FOCUS_LIFT if self.host.keyboard_focus else 0.0

    def draw_from_pile(self, view: SotaView) -> None:
        key = draw_pile_key(view)
        self.host.play(Draw(), None if key is None else self.host.sprites[key])
