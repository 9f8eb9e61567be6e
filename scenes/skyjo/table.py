"""The Skyjo table: every grid, the piles, turns by mouse or keyboard, events animated in order."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.cards import Card, skyjo_deck
from game.core import Event
from game.skyjo import SkyjoGame, new_game
from game.skyjo.moves import Discard, DrawCard, Exchange, NextRound, TakeDiscard, TurnUp
from scenes.base import Scene
from scenes.seats import Seat
from scenes.skyjo.draw import MESSAGE_LINE_Y, draw_table_parts
from scenes.skyjo.layout import (
    DISCARD_POS,
    DRAW_POS,
    FLYING_Z,
    HAND_POS,
    HAND_W,
    PILE_W,
    card_spots,
    grid_boxes,
    pile_rect,
)
from scenes.skyjo.sheet import ScoreSheet
from scenes.table import TableScene
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, place
from sprites.theme import GOLD

MOVE_TIME = 0.32
FLIP_TIME = 0.25
GLOW_TIME = 0.6
FINAL_FLIP_GAP = 0.12
DEAL_STAGGER = 0.015
HOVER_LIFT = 5.0
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
PREVIOUS_KEYS = (pygame.K_LEFT, pygame.K_UP)
NEXT_KEYS = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB)
MOVE_KEYS = {pygame.K_d: DrawCard(), pygame.K_t: TakeDiscard(), pygame.K_x: Discard()}

Target = tuple[str, int]  # ("draw", 0), ("discard", 0) or ("slot", slot)


def start_table(app, seats: list[Seat], options: dict, seed: int) -> SkyjoTable:
    """A new game for these seats, dealt from `seed`."""
    rules = new_game([s.name for s in seats], seed)
    table = SkyjoTable(app, rules, seats, seed, {"seed": seed})
    table.deal()
    return table


def target_of(move: Any) -> Target:
    """Which thing on the table a move is made by clicking."""
    if isinstance(move, (TurnUp, Exchange)):
        return ("slot", move.slot)
    if isinstance(move, DrawCard):
        return ("draw", 0)
    return ("discard", 0)


class SkyjoTable(TableScene):
    """Sprites follow the rules state; a face-down card's sprite never holds its card."""

    GAME = "skyjo"
    THINK_TIME = 0.55
    MESSAGE_Y = MESSAGE_LINE_Y

    def __init__(self, app, rules: SkyjoGame, seats: list[Seat], seed: int = 0,
                 extra: dict | None = None) -> None:
        super().__init__(app, rules, seats, seed, extra)
        self.rules: SkyjoGame = rules
        self.sprites = {card: CardSprite(None, *DRAW_POS, False, PILE_W, deck="skyjo")
                        for card in skyjo_deck()}
        self.shown_active = rules.current_player
        self.focus = 0
        self.keyboard_used = False
        self.hover: Target | None = None
        self.banner = ""
        self.settle(animated=False)
        if rules.phase == "round_over":
            self.animator.wait(0.2, self.open_sheet)

    def begin(self) -> None:
        """Laid out by __init__ (to be moved onto TableScene.sync)."""

    # -- state to sprites ----------------------------------------------------------------------
    def deal(self) -> None:
        """Cards fly from the draw pile to the grids, face down."""
        self.app.sounds.play("deal")
        for sprite in self.sprites.values():
            sprite.card, sprite.face_up, sprite.pos = None, False, DRAW_POS
        self.settle(animated=True, stagger=DEAL_STAGGER)
        self.say(f"Round {self.rules.round_number}: everybody turns up two cards.")

    def settle(self, animated: bool = True, stagger: float = 0.0) -> None:
        """Move every sprite to where the rules state puts it; the current player's grid is big."""
        self.shown_active = self.rules.current_player
        self.banner = "Last turn!" if self.rules.ender is not None and not self.round_done else ""
        for n, (card, spot) in enumerate(card_spots(self.rules, self.shown_active).items()):
            sprite = self.sprites[card]
            sprite.highlight = None
            if animated:
                self.glide(sprite, card, spot, n * stagger if spot.z < 100 else 0)
            else:
                place(sprite, card, spot)
        self.update_highlights()

    def glide(self, sprite: CardSprite, card: Card, spot: Spot, delay: float) -> None:
        """Skyjo's own move: the card takes its spot's z at once and turns either way on the way;
        one turning face down (an open discard reshuffled) keeps its card until the flip is done."""
        if spot.face_up:
            sprite.card = card
        sprite.visible = spot.visible or sprite.visible
        sprite.z = spot.z
        if sprite.face_up != spot.face_up:
            sprite.flip_to(self.animator, spot.face_up, FLIP_TIME, delay,
                           on_done=lambda: self._after_flip(sprite, spot))
        sprite.move_to(self.animator, (spot.x, spot.y), MOVE_TIME, "out_cubic", delay,
                       on_done=lambda: setattr(sprite, "visible", spot.visible))
        self.animator.tween(sprite, "width", spot.width, MOVE_TIME, "out_cubic", delay)

    @staticmethod
    def _after_flip(sprite: CardSprite, spot: Spot) -> None:
        if not spot.face_up:
            sprite.card = None

    @property
    def round_done(self) -> bool:
        return self.rules.phase in ("round_over", "game_over")

    # -- what a human may click --------------------------------------------------------------
    def targets(self) -> list[Target]:
        """The legal targets of the human to move, in a stable order (for the keyboard)."""
        if not self.human_turn or self.rules.phase == "round_over":
            return []
        found: list[Target] = []
        for move in self.rules.legal_moves():
            target = target_of(move)
            if target not in found:
                found.append(target)
        return found

    def move_for(self, target: Target) -> Any:
        """The move a click on `target` makes now (legal or not: the rules will judge)."""
        kind, slot = target
        phase = self.rules.phase
        if kind == "slot":
            return TurnUp(slot) if phase in ("reveal", "turn_up") else Exchange(slot)
        if kind == "draw":
            return DrawCard()
        return Discard() if phase == "place_drawn" else TakeDiscard()

    def target_at(self, pos: tuple[float, float]) -> Target | None:
        if pile_rect(DRAW_POS).collidepoint(pos):
            return ("draw", 0)
        if pile_rect(DISCARD_POS).collidepoint(pos):
            return ("discard", 0)
        box = grid_boxes(self.rules.player_count, self.shown_active)[self.shown_active]
        slot = box.slot_at(pos)
        return ("slot", slot) if slot is not None else None

    def target_pos(self, target: Target) -> tuple[float, float]:
        kind, slot = target
        if kind == "draw":
            return DRAW_POS
        if kind == "discard":
            return DISCARD_POS
        return grid_boxes(self.rules.player_count, self.shown_active)[self.shown_active].slot_centre(slot)

    def sprite_at_target(self, target: Target) -> CardSprite | None:
        kind, slot = target
        if kind == "slot":
            card = self.rules.grids[self.shown_active][slot]
        else:
            pile = self.rules.draw_pile if kind == "draw" else self.rules.discard_pile
            card = pile[-1] if pile else None
        return self.sprites[card] if card is not None else None

    def update_highlights(self) -> None:
        """Only legal targets glow; the keyboard focus and the hovered target lift."""
        for sprite in self.sprites.values():
            sprite.highlight = None
        targets = self.targets()
        focus = targets[self.focus % len(targets)] if targets and self.keyboard_used else None
        for target in targets:
            sprite = self.sprite_at_target(target)
            if sprite is not None:
                sprite.highlight = GOLD if target == focus else (120, 230, 255)
                sprite.lift = HOVER_LIFT if target in (focus, self.hover) else 0.0

    # -- input -------------------------------------------------------------------------------
    def handle_input(self, event: pygame.Event) -> None:
        if self.rules.phase == "round_over":
            if event.type == pygame.MOUSEBUTTONDOWN or (
                    event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS):
                self.open_sheet()
            return
        if not self.human_turn:
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.target_at(event.pos)
            if self.hover not in self.targets():
                self.hover = None
            self.update_highlights()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard_used = False
            target = self.target_at(event.pos)
            if target is not None:
                self.choose(target)
        elif event.type == pygame.KEYDOWN:
            self.handle_key(event.key)

    def handle_key(self, key: int) -> None:
        targets = self.targets()
        if key in MOVE_KEYS:
            self.play(MOVE_KEYS[key])
        elif key in PREVIOUS_KEYS + NEXT_KEYS and targets:
            step = -1 if key in PREVIOUS_KEYS else 1
            self.focus = (self.focus + step) % len(targets) if self.keyboard_used else 0
            self.keyboard_used = True
        elif key in ACTIVATE_KEYS and targets:
            if not self.keyboard_used:
                self.keyboard_used = True
                self.focus = 0
            else:
                self.choose(targets[self.focus % len(targets)])
        self.update_highlights()

    def choose(self, target: Target) -> None:
        if self.play(self.move_for(target), self.sprite_at_target(target)):
            self.focus = 0
            self.hover = None

    # -- moves to animation ------------------------------------------------------------------
    def describe(self, move: Any, events: list[Event]) -> str:
        kinds = {e.kind: e for e in events}
        if "take" in kinds:
            return f"takes the {kinds['take'].amount} from the discard pile."
        if "draw" in kinds:
            return f"draws a {kinds['draw'].amount}."
        if "exchange" in kinds:
            new, old = kinds["exchange"].cards
            return f"puts the {new.rank} in place of a {old.rank}."
        if "discard" in kinds:
            return f"throws the {kinds['discard'].amount} away."
        return ""

    def animate(self, events: list[Event], move: Any) -> None:
        """Each event in turn; then everything settles where the rules now put it."""
        steps: list[tuple[float, Callable[[], None]]] = []
        for event in events:
            steps += self.event_steps(event)
        if isinstance(move, NextRound):
            steps = [(0.0, self.deal)]
        else:
            steps.append((MOVE_TIME, self.settle))
        if self.rules.phase == "round_over":
            steps.append((0.0, self.open_sheet))
        self.run_steps(steps)

    def run_steps(self, steps: list[tuple[float, Callable[[], None]]], index: int = 0) -> None:
        """Do each step, then wait its time (a click finishes everything) before the next."""
        if index >= len(steps):
            return
        duration, action = steps[index]
        action()
        if index + 1 < len(steps):
            self.animator.wait(duration, lambda: self.run_steps(steps, index + 1))

    def event_steps(self, event: Event) -> list[tuple[float, Callable[[], None]]]:
        kind = event.kind
        if kind in ("take", "draw"):
            return [(MOVE_TIME, lambda: self.fly(event.cards[0], HAND_POS, HAND_W, True, "slide"))]
        if kind == "discard":
            return [(MOVE_TIME, lambda: self.fly(event.cards[0], DISCARD_POS, PILE_W, True, "slide"))]
        if kind == "exchange":
            return [(MOVE_TIME, lambda: self.show_exchange(event))]
        if kind == "flip":
            gap = FINAL_FLIP_GAP if event.tag == "final" else FLIP_TIME
            return [(gap, lambda: self.show_flip(event))]
        if kind == "column":
            return [(GLOW_TIME, lambda: self.glow(event)),
                    (MOVE_TIME, lambda: self.show_column(event))]
        if kind == "reshuffle":
            return [(0.0, lambda: (self.say("The discard pile is shuffled into a new draw pile."),
                                   self.app.sounds.play("shuffle")))]
        if kind == "last_turn":
            return [(0.0, lambda: (self.say(event.text, 4.0), self.app.sounds.play("war")))]
        if kind == "starter":
            return [(0.0, lambda: self.say(event.text, 4.0))]
        if kind in ("round_over", "game_over"):
            return [(0.2, lambda: self.app.sounds.play("score"))]
        return []

    def fly(self, card: Card, pos: tuple[float, float], width: float, face_up: bool,
            sound: str = "") -> None:
        sprite = self.sprites[card]
        sprite.visible, sprite.z, sprite.lift, sprite.highlight = True, FLYING_Z, 0.0, None
        if face_up:
            sprite.card = card
            sprite.flip_to(self.animator, True, FLIP_TIME)
        sprite.move_to(self.animator, pos, MOVE_TIME)
        self.animator.tween(sprite, "width", width, MOVE_TIME, "out_cubic")
        if sound:
            self.app.sounds.play(sound)

    def slot_pos(self, player: int, slot: int) -> tuple[tuple[float, float], float]:
        box = grid_boxes(self.rules.player_count, self.shown_active)[player]
        return box.slot_centre(slot), box.card_w

    def show_exchange(self, event: Event) -> None:
        new, old = event.cards
        pos, width = self.slot_pos(event.player, int(event.dst.split(":")[1]))
        self.fly(new, pos, width, True, "slide")
        self.fly(old, DISCARD_POS, PILE_W, True)
        self.sprites[old].z = FLYING_Z + 1

    def show_flip(self, event: Event) -> None:
        card = event.cards[0]
        sprite = self.sprites[card]
        sprite.card = card
        sprite.flip_to(self.animator, True, FLIP_TIME)
        self.app.sounds.play("flip")

    def glow(self, event: Event) -> None:
        for card in event.cards:
            sprite = self.sprites[card]
            sprite.card, sprite.highlight = card, GOLD
            sprite.flip_to(self.animator, True, 0.01)
            sprite.lift_to(self.animator, 8.0)
        self.app.sounds.play("score")
        self.say(f"{self.seats[event.player].name} completes a column of {event.amount}s: "
                 "it goes to the discard pile.")

    def show_column(self, event: Event) -> None:
        for i, card in enumerate(event.cards):
            self.fly(card, DISCARD_POS, PILE_W, True)
            self.sprites[card].z = FLYING_Z + 2 + i
            self.sprites[card].lift = 0.0

    # -- the score sheet and the end ---------------------------------------------------------
    def open_sheet(self) -> None:
        if self.app.top is self and self.rules.phase == "round_over":
            self.app.push(ScoreSheet(self.app, self.rules, self.seats, self.next_round))

    def next_round(self) -> None:
        if self.rules.phase == "round_over":
            self.play(NextRound())

    def show_result(self) -> None:
        """The final score sheet, with Play again and Menu."""
        self.app.push(ScoreSheet(self.app, self.rules, self.seats, None, [
            ("Play again", lambda: self.app.replace(self.new_table())),
            ("Menu", self.app.to_menu)]))

    def result_lines(self) -> list[str]:
        totals = self.rules.totals
        return [f"{s.name}: {t}" for s, t in zip(self.seats, totals)]

    def stats_details(self) -> dict:
        return {"seed": self.seed, "rounds": self.rules.round_number}

    def new_table(self) -> Scene:
        return start_table(self.app, self.seats, {}, self.seed + 1)

    def update(self, dt: float) -> None:
        if self.rules.phase == "round_over" and not self.animator.busy:
            return  # the score sheet, not a computer, starts the next round
        super().update(dt)

    def draw_table(self, canvas) -> None:
        draw_table_parts(self, canvas)
