"""The Sota table: hands, piles, the Seven's suit picker, pass-and-play and computer turns."""
from __future__ import annotations

import random
from typing import Any

import pygame

from game.cards import SPANISH_SUITS, Card, spanish_deck
from game.core import Event
from game.sota import ChooseSuit, Draw, Keep, Pass, Play, SotaGame, TakeSkip
from game.sota.moves import PHASE_DRAWN, PHASE_PLAY, PHASE_SUIT, SKIP, WILD
from scenes.base import Scene
from scenes.seats import Seat
from scenes.sota.draw import draw_table_parts
from scenes.sota.layout import (
    ACTION_RECT,
    CARD_W,
    DRAW_POS,
    card_spots,
    display_order,
    draw_pile_rect,
    picker_rects,
)
from scenes.table import TableScene
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, hide_face, place, show_card

HOVER_LIFT = 24.0
MOVE_TIME = 0.38
DEAL_STAGGER = 0.05
REVEAL_PAUSE = 1.6
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
KEYMAP = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: 1, pygame.K_DOWN: -1,
          pygame.K_TAB: 1}
SUIT_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3}


def start_table(app, seats: list[Seat], options: dict, seed: int) -> SotaTable:
    """A new deal for these seats and options (what the setup screen starts)."""
    from game.sota import new_game

    rules = new_game([s.name for s in seats], seed, **options)
    return SotaTable(app, rules, seats, seed, deal=True)


class SotaTable(TableScene):
    """Only the viewer's hand is ever given card identities; every other hand is backs."""

    GAME = "sota"
    THINK_TIME = 0.9

    def __init__(self, app, rules: SotaGame, seats: list[Seat], seed: int = 0,
                 extra: dict | None = None, deal: bool = False) -> None:
        super().__init__(app, rules, seats, seed, extra)
        self.rules: SotaGame = rules
        self.sprites = {card: CardSprite(None, *DRAW_POS, False, CARD_W, deck="spanish")
                        for card in spanish_deck()}
        self.targets: dict[Card, Spot] = {}
        self.focus = 0
        self.suit_focus = 0
        self.hovered: Card | None = None
        self.action_hovered = False
        self.keyboard_focus = False  # the focus ring shows once the keyboard is used
        self.forced_wait = 0.0
        self.revealed = False
        self.mover = 0
        self.last_events: list[Event] = []
        self.shown_viewer = self.viewer
        self.sync(animate=deal, stagger=DEAL_STAGGER if deal else 0.0)
        if deal:
            app.sounds.play("deal")

    def begin(self) -> None:
        """Laid out by __init__ (to be moved onto TableScene.sync)."""

    # -- who sees what ---------------------------------------------------------------------
    def shown_seats(self) -> set[int]:
        """Seats whose hands are drawn face up: everyone after the reveal, else the viewer."""
        if self.revealed:
            return set(range(self.rules.num_players))
        if self.pass_to is not None or self.viewer is None:
            return set()
        return {self.viewer}

    def sync(self, animate: bool = True, stagger: float = 0.0) -> None:
        """Send every sprite to its spot; a card's identity goes only to face-up sprites."""
        spots = card_spots(self.rules, self.bottom, self.shown_seats())
        moved = 0
        for card, spot in spots.items():
            sprite = self.sprites[card]
            unchanged = self.targets.get(card) == spot
            self.targets[card] = spot
            if animate and unchanged:
                show_card(sprite, card, spot)
                continue
            place(sprite, card, spot, self.animator if animate else None, moved * stagger, MOVE_TIME,
                  self.targets)
            moved += 1

    def hide_hands(self) -> None:
        """Forget every hand card's identity at once (the pass screen is about to show)."""
        for hand in self.rules.hands:
            for card in hand:
                hide_face(self.sprites[card])

    def check_pass_screen(self) -> None:
        if self.forced_move() is not None:
            return  # a forced skip or penalty is taken for the player, nothing to hide
        super().check_pass_screen()
        if self.pass_to is not None:
            self.hide_hands()

    # -- moves -----------------------------------------------------------------------------
    def forced_move(self) -> Any:
        """A human's move with no choice and no need to see the hand: a skip or a penalty."""
        rules = self.rules
        if rules.is_over or rules.phase != PHASE_PLAY or rules.current_player in self.computers:
            return None
        moves = rules.legal_moves()
        if moves == [TakeSkip()] or (rules.pending_draw and moves == [Draw()]):
            return moves[0]
        return None

    def can_act(self) -> bool:
        """A human may act now: their turn, their hand shown, nothing forced."""
        return (self.human_turn and self.pass_to is None and self.viewer == self.rules.current_player
                and self.forced_move() is None)

    def play(self, move: Any, sprite: CardSprite | None = None) -> bool:
        self.mover = self.rules.current_player
        played = super().play(move, sprite)
        if played and self.mover not in self.computers:
            self.say(self.describe(move, self.last_events))
        return played

    def action_move(self) -> Any:
        """The one legal move that is not a card: Draw, Take the skip, Keep or Pass."""
        if not self.can_act() or self.rules.phase == PHASE_SUIT:
            return None
        others = [m for m in self.rules.legal_moves() if not isinstance(m, Play)]
        return others[0] if others else None

    def action_label(self) -> str:
        move = self.action_move()
        if isinstance(move, Draw):
            return f"Draw {self.rules.pending_draw}" if self.rules.pending_draw else "Draw a card"
        return {TakeSkip: "Take the skip", Keep: "Keep it", Pass: "Pass"}.get(type(move), "")

    def describe(self, move: Any, events: list[Event]) -> str:
        """'Hafsa plays the 7 of Cups and names Swords', and the like."""
        rules, name = self.rules, self.seats[self.mover].name
        text = f"{name} passes"
        if isinstance(move, ChooseSuit):
            text = f"{name} plays the {rules.top_card} and names {move.suit.capitalize()}"
        elif isinstance(move, Play):
            text = f"{name} plays the {move.card}"
            effect = rules.effect(move.card)
            if rules.is_over:
                text += " and wins!"
            elif effect and effect.kind == SKIP and rules.num_players == 2:
                text += " and plays again"
        elif isinstance(move, Draw):
            drawn = sum(len(e.cards) for e in events if e.kind == "draw")
            penalty = any(e.kind == "draw" and e.text == "penalty" for e in events)
            text = (f"{name} draws {drawn} card{'s' if drawn != 1 else ''}" if penalty
                    else f"{name} cannot play and draws a card")
        elif isinstance(move, TakeSkip):
            skipped = [self.seats[e.player].name for e in events if e.kind == "skip"]
            text = " and ".join(skipped) + (" are" if len(skipped) > 1 else " is") + " skipped"
        elif isinstance(move, Keep):
            text = f"{name} keeps the drawn card"
        if any(e.kind == "reshuffle" for e in events):
            text += " (the discard pile is shuffled into a new draw pile)"
        return text

    def animate(self, events: list[Event], move: Any) -> None:
        self.last_events = events
        kinds = [e.kind for e in events]
        if "reshuffle" in kinds:
            self.app.sounds.play("shuffle")
        if "play" in kinds:
            self.app.sounds.play("slide")
        elif "draw" in kinds:
            self.app.sounds.play("deal")
        elif "skip" in kinds or "pass" in kinds:
            self.app.sounds.play("tick")
        self.focus = min(self.focus, max(0, len(self.targets_list()) - 1))
        self.sync(animate=True, stagger=0.12 if "draw" in kinds else 0.0)

    # -- input -----------------------------------------------------------------------------
    def targets_list(self) -> list[Any]:
        """What the arrow keys move between: the hand cards, the draw pile, the action button."""
        if self.viewer is None:
            return []
        items: list[Any] = list(display_order(self.rules.hands[self.viewer]))
        items.append("draw")
        if self.action_move() is not None:
            items.append("action")
        return items

    def focus_item(self) -> Any:
        """The hand card, "draw" or "action" the keyboard focus is on."""
        items = self.targets_list()
        return items[min(self.focus, len(items) - 1)] if items else None

    def handle_input(self, event: pygame.Event) -> None:
        if not self.can_act():
            return
        if self.rules.phase == PHASE_SUIT:
            self.picker_input(event)
        elif event.type == pygame.MOUSEMOTION:
            self.keyboard_focus = False
            self.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.keyboard_focus = True
            self.key(event.key)

    def picker_input(self, event: pygame.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for suit, rect in picker_rects():
                if pygame.FRect(rect).collidepoint(event.pos):
                    self.play(ChooseSuit(suit))
        elif event.type == pygame.MOUSEMOTION:
            for i, (_, rect) in enumerate(picker_rects()):
                if pygame.FRect(rect).collidepoint(event.pos):
                    self.suit_focus = i
        elif event.type == pygame.KEYDOWN:
            if event.key in SUIT_KEYS:
                self.play(ChooseSuit(SPANISH_SUITS[SUIT_KEYS[event.key]]))
            elif event.key in KEYMAP:
                self.suit_focus = (self.suit_focus + KEYMAP[event.key]) % len(SPANISH_SUITS)
            elif event.key in ACTIVATE_KEYS:
                self.play(ChooseSuit(SPANISH_SUITS[self.suit_focus]))

    def card_at(self, pos: tuple[float, float]) -> Card | None:
        """The viewer's topmost hand card under `pos`."""
        if self.viewer is None:
            return None
        hand = self.rules.hands[self.viewer]
        for card in sorted(hand, key=lambda c: -self.sprites[c].z):
            if self.sprites[card].contains(pos):
                return card
        return None

    def hover(self, pos: tuple[float, float]) -> None:
        card = self.card_at(pos)
        self.action_hovered = pygame.FRect(ACTION_RECT).collidepoint(pos)
        if card is not None:
            self.focus = self.targets_list().index(card)
        self.set_hovered(card)

    def set_hovered(self, card: Card | None) -> None:
        """Lift the hovered or focused card if it may be played; lower the others."""
        self.hovered = card
        legal = self.rules.legal_moves()
        for other in self.rules.hands[self.viewer or 0]:
            lift = HOVER_LIFT if other == card and Play(other) in legal else 0.0
            sprite = self.sprites[other]
            if sprite.lift != lift:
                sprite.lift = lift

    def click(self, pos: tuple[float, float]) -> None:
        card = self.card_at(pos)
        if card is not None:
            self.play(Play(card), self.sprites[card])
        elif pygame.FRect(draw_pile_rect()).collidepoint(pos):
            self.draw_from_pile()
        elif self.action_move() is not None and pygame.FRect(ACTION_RECT).collidepoint(pos):
            self.play(self.action_move())

    def draw_from_pile(self) -> None:
        top = self.rules.draw_pile[-1] if self.rules.draw_pile else None
        self.play(Draw(), self.sprites[top] if top else None)

    def key(self, key: int) -> None:
        items = self.targets_list()
        if key in KEYMAP and items:
            self.focus = (self.focus + KEYMAP[key]) % len(items)
            item = items[self.focus]
            self.set_hovered(item if isinstance(item, Card) else None)
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

    # -- the loop --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.pass_to is None and self.viewer != self.shown_viewer:
            self.shown_viewer = self.viewer  # a new player revealed their hand: show it at once
            self.focus = 0
            self.sync(animate=False)
        forced = self.forced_move()
        if forced is not None and not self.animator.busy and self.pass_to is None:
            self.forced_wait += dt
            if self.forced_wait >= self.THINK_TIME * self.app.settings.animation_scale:
                self.forced_wait = 0.0
                self.play(forced)
        super().update(dt)

    def draw_table(self, canvas: Canvas) -> None:
        draw_table_parts(self, canvas)

    # -- the end ---------------------------------------------------------------------------
    def show_result(self) -> None:
        if self.app.top is not self:
            return  # the result is already showing
        if not self.revealed:
            self.revealed = True
            self.sync(animate=True)
            self.animator.wait(REVEAL_PAUSE, self.show_result)
            return
        super().show_result()

    def result_lines(self) -> list[str]:
        result = self.rules.result()
        lines = []
        for seat, (s, left) in enumerate(zip(self.seats, result["scores"])):
            won = " - wins" if seat in result["winners"] else ""
            lines.append(f"{s.name}: {left} card{'s' if left != 1 else ''} left{won}")
        if result["reason"] == "all_passed":
            lines.append("Everyone passed in a row: the fewest cards win.")
        return lines

    def stats_details(self) -> dict:
        result = self.rules.result()
        return {"seed": self.seed, "players": self.rules.num_players, "reason": result["reason"],
                "stacking": self.rules.stacking, "play_drawn": self.rules.play_drawn}

    def new_table(self) -> Scene:
        seed = random.Random(self.seed).randrange(1, 10 ** 6)
        options = {"stacking": self.rules.stacking, "play_drawn": self.rules.play_drawn}
        return start_table(self.app, self.seats, options, seed)

    @property
    def drawn_card(self) -> Card | None:
        return self.rules.drawn_card if self.rules.phase == PHASE_DRAWN else None

    def is_wild(self, card: Card) -> bool:
        effect = self.rules.effect(card)
        return bool(effect and effect.kind == WILD)

