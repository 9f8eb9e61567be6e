"""The Skyjo table: every grid, the piles, turns by mouse or keyboard, events animated in order."""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from game.cards import Card
from game.core import Event
from game.skyjo import SkyjoGame, new_game
from game.skyjo.moves import NextRound
from scenes.base import Scene
from scenes.seats import Seat
from scenes.sheet import ScoreSheet, Sheet
from scenes.skyjo.draw import MESSAGE_LINE_Y, draw_table_parts
from scenes.skyjo.input import (
    ACTIVATE_KEYS,
    MOVE_KEYS,
    NEXT_KEYS,
    PREVIOUS_KEYS,
    Target,
    move_for,
    target_at,
    target_pos,
    targets_of,
)
from scenes.skyjo.layout import (
    DISCARD_POS,
    DRAW_POS,
    FLYING_Z,
    HAND_POS,
    HAND_W,
    PILE_W,
    GridBox,
    card_spots,
    draw_key,
    grid_boxes,
    grid_key,
    slot_key,
)
from scenes.skyjo.sheet import score_sheet
from scenes.table import Step, TableScene
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, hide_face, place
from sprites.theme import GOLD

MOVE_TIME = 0.32
FLIP_TIME = 0.25
GLOW_TIME = 0.6
FINAL_FLIP_GAP = 0.12
DEAL_STAGGER = 0.015
HOVER_LIFT = 5.0
TARGET_GLOW = (120, 230, 255)


def start_table(app, seats: list[Seat], options: dict, seed: int) -> SkyjoTable:
    """A new game for these seats, dealt from `seed` (the deal shows when the table does)."""
    rules = new_game([s.name for s in seats], seed)
    return SkyjoTable(app, rules, seats, seed, {"seed": seed})


class SkyjoTable(TableScene):
    """Sprites follow the view; a face-down card's sprite never holds its card. The current
    player's grid is shown big."""

    GAME = "skyjo"
    DECK = "skyjo"
    PILE_POS = DRAW_POS
    CARD_W = PILE_W
    MOVE_TIME = MOVE_TIME
    THINK_TIME = 0.55
    MESSAGE_Y = MESSAGE_LINE_Y

    def __init__(self, app, rules: SkyjoGame, seats: list[Seat], seed: int = 0,
                 extra: dict | None = None) -> None:
        super().__init__(app, rules, seats, seed, extra)
        self.rules: SkyjoGame = rules
        self.shown_active = rules.current_player  # whose grid is big
        self.focus: int | None = None  # the keyboard cursor among the targets, once a key placed it
        self.hover: Target | None = None
        self.banner = ""

    # -- view to sprites -----------------------------------------------------------------------
    def begin(self) -> None:
        """A round nobody has turned a card of yet is dealt; any other is laid out at once."""
        view = self.view()
        if view.phase == "reveal" and all(card is None for grid in view.grids for card in grid.cards):
            self.deal()
        else:
            self.settle(animate=False)

    def layout(self) -> dict[Hashable, Spot]:
        return card_spots(self.view(), self.shown_active)

    def deal(self) -> None:
        """Cards fly from the draw pile to the grids, face down, one after the other."""
        self.app.sounds.play("deal")
        for sprite in self.sprites.values():
            hide_face(sprite)
            sprite.pos = DRAW_POS
        self.shown_active = self.rules.current_player
        view = self.view()
        order = [grid_key(p, s) for p in range(view.player_count) for s in view.grids[p].occupied_slots]
        self.settle(stagger=DEAL_STAGGER, order=order)
        self.say(f"Round {view.round_number}: everybody turns up two cards.")

    def settle(self, animate: bool = True, stagger: float = 0.0, order: tuple | list = ()) -> None:
        """Every sprite to where the view puts it, the current player's grid big; then the glow."""
        self.shown_active = self.rules.current_player
        self.banner = "Last turn!" if self.view().last_turn else ""
        for sprite in self.sprites.values():
            sprite.highlight = None
        self.sync(animate, stagger, order)
        self.update_highlights()

    def place_card(self, sprite: CardSprite, key: Hashable, spot: Spot, delay: float, animate: bool) -> None:
        """Skyjo's own move: the card takes its spot's z at once and turns either way on the way;
        one turning face down (an open discard reshuffled) keeps its card until the flip is done."""
        card = key if isinstance(key, Card) else None
        if not animate:
            place(sprite, card, spot)
            return
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

    def claim(self, card: Card, old_key: Hashable | None = None) -> CardSprite:
        """The sprite of a card coming into sight: the one at `old_key` (its back) takes the card's key."""
        if card in self.sprites:
            return self.sprites[card]
        sprite = self.sprites.pop(old_key, None) if old_key is not None else None
        self.spots.pop(old_key, None)
        if sprite is None:
            sprite = CardSprite(None, *self.PILE_POS, False, self.CARD_W, deck=self.DECK)
        self.sprites[card] = sprite
        return sprite

    def top_draw_key(self) -> Hashable | None:
        """The key of the draw pile's top sprite as last laid out."""
        indexes = [key[1] for key in self.sprites if isinstance(key, tuple) and key[0] == "draw"]
        return draw_key(max(indexes)) if indexes else None

    # -- what a human may click --------------------------------------------------------------
    def targets(self) -> list[Target]:
        """The legal targets of the human to move, in a stable order (for the keyboard)."""
        if not self.human_turn or self.between_rounds():
            return []
        return targets_of(self.rules.legal_moves())

    def big_box(self) -> GridBox:
        """The grid shown big: the one a human clicks."""
        return grid_boxes(self.view().player_count, self.shown_active)[self.shown_active]

    def target_pos(self, target: Target) -> tuple[float, float]:
        return target_pos(target, self.big_box())

    def sprite_at_target(self, target: Target) -> CardSprite | None:
        kind, slot = target
        view = self.view()
        if kind == "slot":
            key = slot_key(view, self.shown_active, slot)
        elif kind == "draw":
            key = draw_key(view.draw_count - 1) if view.draw_count else None
        else:
            key = view.discard_pile[-1] if view.discard_pile else None
        return self.sprites.get(key) if key is not None else None

    def update_highlights(self) -> None:
        """Only legal targets glow; the keyboard focus and the hovered target lift."""
        for sprite in self.sprites.values():
            sprite.highlight = None
        targets = self.targets()
        shown = targets and self.keyboard_focus and self.focus is not None
        focus = targets[self.focus % len(targets)] if shown and self.focus is not None else None
        for target in targets:
            sprite = self.sprite_at_target(target)
            if sprite is not None:
                sprite.highlight = GOLD if target == focus else TARGET_GLOW
                sprite.lift = HOVER_LIFT if target in (focus, self.hover) else 0.0

    # -- input -------------------------------------------------------------------------------
    def on_motion(self, pos: tuple[float, float]) -> None:
        if not self.human_turn:
            return
        self.focus = None
        self.hover = target_at(pos, self.big_box())
        if self.hover not in self.targets():
            self.hover = None
        self.update_highlights()

    def on_press(self, pos: tuple[float, float]) -> None:
        if not self.human_turn:
            return
        self.focus = None
        target = target_at(pos, self.big_box())
        if target is not None:
            self.choose(target)

    def on_key(self, key: int, mod: int) -> None:
        """D, T, X play at once; arrows or Tab place and move the cursor, Enter or Space picks."""
        if not self.human_turn:
            return
        targets = self.targets()
        if key in MOVE_KEYS:
            self.play(MOVE_KEYS[key])
        elif key in PREVIOUS_KEYS + NEXT_KEYS and targets:
            step = -1 if key in PREVIOUS_KEYS else 1
            self.focus = 0 if self.focus is None else (self.focus + step) % len(targets)
        elif key in ACTIVATE_KEYS and targets:
            if self.focus is None:
                self.focus = 0
            else:
                self.choose(targets[self.focus % len(targets)])
        self.update_highlights()

    def choose(self, target: Target) -> None:
        if self.play(move_for(target, self.view().phase), self.sprite_at_target(target)):
            self.focus = 0 if self.keyboard_focus else None
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
        """Each event in turn; then everything settles where the view now puts it."""
        if isinstance(move, NextRound):
            self.run_steps([(0.0, self.deal)])
            return
        steps: list[Step] = []
        for event in events:
            steps += self.event_steps(event)
        steps.append((MOVE_TIME, self.settle))
        self.run_steps(steps)

    def event_steps(self, event: Event) -> list[Step]:
        kind = event.kind
        if kind == "take":
            return [(MOVE_TIME, lambda: self.fly(self.claim(event.cards[0]), event.cards[0], HAND_POS, HAND_W,
                                                 "slide"))]
        if kind == "draw":
            return [(MOVE_TIME, lambda: self.fly(self.claim(event.cards[0], self.top_draw_key()), event.cards[0],
                                                 HAND_POS, HAND_W, "slide"))]
        if kind == "discard":
            return [(MOVE_TIME, lambda: self.fly(self.claim(event.cards[0]), event.cards[0], DISCARD_POS, PILE_W,
                                                 "slide"))]
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

    def fly(self, sprite: CardSprite, card: Card, pos: tuple[float, float], width: float,
            sound: str = "") -> None:
        """A card flies face up over everything to `pos`."""
        sprite.visible, sprite.z, sprite.lift, sprite.highlight = True, FLYING_Z, 0.0, None
        sprite.card = card
        sprite.flip_to(self.animator, True, FLIP_TIME)
        sprite.move_to(self.animator, pos, MOVE_TIME)
        self.animator.tween(sprite, "width", width, MOVE_TIME, "out_cubic")
        if sound:
            self.app.sounds.play(sound)

    @staticmethod
    def slot_of(event: Event) -> int:
        """The slot an event's `src` or `dst` names ("slot:7")."""
        return int((event.dst if event.dst.startswith("slot:") else event.src).split(":")[1])

    def show_exchange(self, event: Event) -> None:
        new, old = event.cards
        assert event.player is not None
        slot = self.slot_of(event)
        box = grid_boxes(self.view().player_count, self.shown_active)[event.player]
        self.fly(self.claim(new), new, box.slot_centre(slot), box.card_w, "slide")
        old_sprite = self.claim(old, grid_key(event.player, slot))
        self.fly(old_sprite, old, DISCARD_POS, PILE_W)
        old_sprite.z = FLYING_Z + 1

    def show_flip(self, event: Event) -> None:
        card = event.cards[0]
        assert event.player is not None
        sprite = self.claim(card, grid_key(event.player, self.slot_of(event)))
        sprite.card = card
        sprite.flip_to(self.animator, True, FLIP_TIME)
        self.app.sounds.play("flip")

    def glow(self, event: Event) -> None:
        for card in event.cards:
            sprite = self.claim(card)
            sprite.card, sprite.highlight = card, GOLD
            sprite.flip_to(self.animator, True, 0.01)
            sprite.lift_to(self.animator, 8.0)
        self.app.sounds.play("score")
        assert event.player is not None
        self.say(f"{self.seats[event.player].name} completes a column of {event.amount}s: "
                 "it goes to the discard pile.")

    def show_column(self, event: Event) -> None:
        for i, card in enumerate(event.cards):
            sprite = self.claim(card)
            self.fly(sprite, card, DISCARD_POS, PILE_W)
            sprite.z = FLYING_Z + 2 + i
            sprite.lift = 0.0

    # -- between rounds and the end ----------------------------------------------------------
    def between_rounds(self) -> bool:
        return self.view().phase == "round_over"

    def next_round(self) -> None:
        if self.between_rounds():
            self.play(NextRound())

    def round_sheet(self) -> Sheet:
        """Every round so far."""
        return score_sheet(self.view())

    def result_scene(self) -> Scene:
        """The final score sheet, with Play again and Menu."""
        return ScoreSheet(self.app, lambda: score_sheet(self.view()), self.end_buttons(), sound="win")

    def stats_details(self) -> dict:
        return {"seed": self.seed, "rounds": self.view().round_number}

    def new_table(self) -> Scene:
        return start_table(self.app, self.seats, {}, self.seed + 1)

    def draw_table(self, canvas) -> None:
        draw_table_parts(self, canvas, self.app.painter)
