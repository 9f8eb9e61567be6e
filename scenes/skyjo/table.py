"""The Skyjo table: every grid, the piles, turns by mouse or keyboard, events animated in order.

The grid of the seat in front of the screen is the big one: with one human, always theirs; with
several, the grid of the human whose turn it is, changed only once the last move has landed (with
a "Ben's turn" cue; only those two grids trade places); at a table of computers, the first seat's.
The small grids keep their places.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from typing import Any

import pygame

from game.cards import Card
from game.core import Event, Kind
from game.match import Match
from game.places import DiscardPile, DrawPile, Slot
from game.record import MoveRecord
from game.seats import Seat
from game.skyjo import SkyjoGame
from game.skyjo.moves import COLUMNS, NextRound, Phase, Tag
from game.skyjo.text import hint_reason
from scenes.base import Scene
from scenes.legacy_table import TableScene
from scenes.sheet import ScoreSheet, Sheet
from scenes.skyjo.draw import big_label_anchor, draw_table_parts, message_rect, message_room, scores_line
from scenes.skyjo.input import (
    ACTIVATE_KEYS,
    ARROWS,
    MOVE_KEYS,
    Target,
    move_for,
    target_at,
    target_of,
    target_pos,
    targets_of,
    walk,
)
from scenes.skyjo.layout import (
    DISCARD_POS,
    DRAW_POS,
    FLYING_Z,
    HINT_RECT,
    HISTORY_LINES,
    HISTORY_RECT,
    PILE_W,
    GridBox,
    card_spots,
    draw_key,
    grid_boxes,
    grid_key,
    held_place,
    pile_rect,
    slot_key,
    small_grid_anchor,
    swap_bottom,
    top_row,
)
from scenes.skyjo.sheet import score_sheet
from sprites.bubble import Anchor
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, hide_face, place
from sprites.theme import GOLD
from sprites.tween import Step

MOVE_TIME = 0.32
FLIP_TIME = 0.25
GLOW_TIME = 0.6
FINAL_FLIP_GAP = 0.12
DEAL_STAGGER = 0.015
HOVER_LIFT = 5.0
DRAG_START = 6.0  # logical pixels the card in hand moves, button held, before it counts as dragged
HANDOVER_PAUSE = 0.5  # seconds a landed move stays in view before another human's grid comes down


def start_table(app, seats: list[Seat], options: dict, seed: int) -> SkyjoTable:
    """A new game for these seats, dealt from `seed` (the deal shows when the table does)."""
    return SkyjoTable(app, Match.new("skyjo", seats, options, seed))


def resume_table(app, match: Match) -> SkyjoTable:
    """The table of a saved match."""
    if not isinstance(match.rules, SkyjoGame):
        raise ValueError("not a Skyjo save")
    return SkyjoTable(app, match)


class SkyjoTable(TableScene[SkyjoGame]):
    """Sprites follow the view; a face-down card's sprite never holds its card. The grid of the
    seat in front of the screen (`bottom`) is shown big."""

    GAME = "skyjo"
    DECK = "skyjo"
    PILE_POS = DRAW_POS
    CARD_W = PILE_W
    MOVE_TIME = MOVE_TIME
    HISTORY_RECT = HISTORY_RECT
    HISTORY_LINES = HISTORY_LINES
    HINT_RECT = HINT_RECT
    THINKING_MARK = False  # nothing over the big grid: the turn's panel says who is playing

    def __init__(self, app, match: Match[SkyjoGame]) -> None:
        super().__init__(app, match)
        rules, seats = self.rules, self.seats
        box = message_rect(len(self.seats))  # under the turn's panel (the grids fill the middle)
        self.MESSAGE_BOX = (box.x, box.y, box.w, box.h)
        room = message_room(len(self.seats))
        self.MESSAGE_ROOM = (room.x, room.y, room.w, room.h)
        self.shown_active = self.seating.bottom  # whose grid is big
        self.top_order = top_row(len(seats), self.shown_active)  # the small grids, left to right
        self.shown_turn = rules.current_player  # whose turn the panel names: changes when a move has landed
        self.cue: int | None = None  # a human whose grid just came down: "Ben's turn" until they move
        self.focus: Target | None = None  # the keyboard cursor, once a key placed it
        self.focus_row = 1  # the grid row the cursor comes back to from a pile
        self.hover: Target | None = None
        self.lifted: CardSprite | None = None  # the hovered or focused card, raised a little
        self.banner = ""
        self.dragged: tuple[CardSprite, float, float, tuple[float, float]] | None = None  # sprite, offset, start

    # -- view to sprites -----------------------------------------------------------------------
    def begin(self) -> None:
        """A round nobody has turned a card of yet is dealt; any other is laid out at once."""
        view = self.view()
        if view.phase == Phase.REVEAL and all(card is None for grid in view.grids for card in grid.cards):
            self.deal()
        else:
            self.settle(animate=False)

    def layout(self) -> dict[Hashable, Spot]:
        return card_spots(self.view(), self.shown_active, self.top_order)

    def deal(self) -> None:
        """Cards fly from the draw pile to the grids, face down, one after the other."""
        self.app.sounds.play("deal")
        for sprite in self.sprites.values():
            hide_face(sprite)
            sprite.pos = DRAW_POS
        view = self.view()
        order = [grid_key(p, s) for p in range(view.player_count) for s in view.grids[p].occupied_slots]
        self.settle(stagger=DEAL_STAGGER, order=order)
        self.say(f"Round {view.round_number}: everybody turns up two cards.")

    def settle(self, animate: bool = True, stagger: float = 0.0, order: tuple | list = ()) -> None:
        """Every sprite to where the view puts it; the seat in front comes down (only another
        human's, with a cue) and the panel names whose turn it is."""
        bottom = self.seating.bottom
        if bottom != self.shown_active:
            self.top_order = swap_bottom(self.top_order, self.shown_active, bottom)
            self.shown_active = bottom
            self.cue = bottom if animate and self.seats[bottom].is_human else None
        self.shown_turn = self.rules.current_player
        self.banner = "Last turn!" if self.view().last_turn else ""
        self.hover = None
        self.point()
        self.sync(animate, stagger, order)

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

    def top_draw_key(self) -> Hashable | None:
        """The key of the draw pile's top sprite as last laid out."""
        indexes = [key[1] for key in self.sprites if isinstance(key, tuple) and key[0] == "draw"]
        return draw_key(max(indexes)) if indexes else None

    # -- what a human may click --------------------------------------------------------------
    def targets(self) -> list[Target]:
        """The legal targets of the human in front of the screen, in a stable order (for Tab)."""
        if not self.my_turn() or self.shown_active != self.rules.current_player:
            return []
        return targets_of(self.rules.legal_moves())

    def big_box(self) -> GridBox:
        """The grid shown big: the one a human clicks."""
        return grid_boxes(self.shown_active, self.top_order)[self.shown_active]

    def seat_anchor(self, seat: int) -> Anchor:
        """By the name over the seat's grid: a small one's lines, the big one's label."""
        if seat != self.shown_active:
            return small_grid_anchor(seat, self.shown_active, self.top_order)
        return big_label_anchor(self.app.canvas, self.big_box(), self.seats[seat].name, self.cue == seat,
                                scores_line(self.view(), seat))

    def target_pos(self, target: Target) -> tuple[float, float]:
        return target_pos(target, self.big_box())

    def target_key(self, target: Target) -> Hashable | None:
        """The sprite key of what lies on a target: a slot's card, a pile's top card."""
        view = self.view()
        if isinstance(target, Slot):
            return slot_key(view, self.shown_active, target.index)
        if isinstance(target, DrawPile):
            return draw_key(view.draw_count - 1) if view.draw_count else None
        return view.discard_pile[-1] if view.discard_pile else None

    def sprite_at_target(self, target: Target) -> CardSprite | None:
        key = self.target_key(target)
        return self.sprites.get(key) if key is not None else None

    def move_marks(self) -> Iterable[Hashable]:
        """The cards a click may pick now: the piles, then after a draw the slots and the discard."""
        keys = (self.target_key(target) for target in self.targets())
        return [key for key in keys if key is not None]

    def hint_marks_for(self, move: Any) -> Iterable[Hashable]:
        key = self.target_key(target_of(move))
        return [key] if key is not None else []

    def hint_reason(self, move: Any) -> str:
        return hint_reason(self.rules.view(self.rules.current_player), move)

    def point(self) -> None:
        """Raise the card the mouse or the keyboard points at, if it may be picked; lower the last one."""
        target = self.focus if self.keyboard_focus else self.hover
        sprite = self.sprite_at_target(target) if target in self.targets() else None
        if self.lifted is not None and self.lifted is not sprite:
            self.lifted.lift = 0.0
        if sprite is not None:
            sprite.lift = HOVER_LIFT
        self.lifted = sprite

    def focus_ring(self) -> tuple[pygame.FRect, bool] | None:
        """Where the keyboard cursor is drawn, and whether its target may be picked now."""
        if not self.keyboard_focus or self.focus is None or not self.my_turn():
            return None
        sprite = self.sprite_at_target(self.focus)
        if sprite is not None:
            rect = sprite.rect.move(0, -sprite.lift)
        elif isinstance(self.focus, Slot):
            rect = self.big_box().slot_rect(self.focus.index)
        else:
            rect = pile_rect(DRAW_POS if isinstance(self.focus, DrawPile) else DISCARD_POS)
        return rect, self.focus in self.targets()

    # -- input -------------------------------------------------------------------------------
    def hold_input(self, event: pygame.Event) -> bool:
        """A click or key while another human's grid is about to come down only brings it down:
        what it pointed at is about to move."""
        if not (self.animator.busy and self.seating.bottom != self.shown_active):
            return False
        self.animator.finish_all()
        return True

    def on_motion(self, pos: tuple[float, float]) -> None:
        if self.dragged is not None:
            sprite, dx, dy, _ = self.dragged
            sprite.pos = (pos[0] + dx, pos[1] + dy)
        if not self.my_turn():
            return
        self.hover = target_at(pos, self.big_box())
        self.point()

    def on_press(self, pos: tuple[float, float]) -> None:
        if not self.my_turn():
            return
        held = self.held_sprite()
        if held is not None and held.contains(pos) and self.can_act():
            held.z, held.lift = FLYING_Z, 0.0  # the card in hand is picked up: dropped on a slot, it goes there
            self.dragged = (held, held.x - pos[0], held.y - pos[1], pos)
            return
        target = target_at(pos, self.big_box())
        if target is not None:
            self.choose(target)

    def on_release(self, pos: tuple[float, float]) -> None:
        """The card in hand dropped on a slot of the grid (or on the discard pile) is played there;
        anywhere else, or without moving, it goes back."""
        if self.dragged is None:
            return
        _, _, _, start = self.dragged
        self.dragged = None
        target = target_at(pos, self.big_box()) if math.dist(pos, start) >= DRAG_START else None
        if not (isinstance(target, Slot | DiscardPile) and self.my_turn() and self.choose(target)):
            self.sync()

    def held_sprite(self) -> CardSprite | None:
        """The sprite of the card the player in front holds (drawn or taken), if any."""
        view = self.view()
        if view.hand is None or view.current_player != self.shown_active:
            return None
        return self.sprites.get(view.hand)

    def on_key(self, key: int, mod: int) -> None:
        """D, T, X play at once; the arrows walk the grid's rows and columns and the piles, Tab
        jumps between the cards that may be picked; Enter or Space picks (the first press shows
        the cursor)."""
        if not self.my_turn():
            return
        targets = self.targets()
        if key in MOVE_KEYS:
            self.play(MOVE_KEYS[key])
        elif self.focus is None and (key in ARROWS or key in ACTIVATE_KEYS or key == pygame.K_TAB):
            self.focus = targets[0] if targets else Slot(0)
        elif key in ARROWS and self.focus is not None:  # (None was answered just above)
            self.focus = walk(self.focus, ARROWS[key], self.view().grids[self.shown_active].occupied_slots,
                              self.focus_row)
        elif key == pygame.K_TAB and targets:
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            here = targets.index(self.focus) if self.focus in targets else -step
            self.focus = targets[(here + step) % len(targets)]
        elif key in ACTIVATE_KEYS and self.focus is not None:
            self.choose(self.focus)
        if isinstance(self.focus, Slot):
            self.focus_row = self.focus.index // COLUMNS
        self.point()

    def choose(self, target: Target) -> bool:
        """Play the move a click on `target` makes; True if it was played."""
        if self.play(move_for(target, self.view().phase), self.sprite_at_target(target)):
            self.hover = None
            self.point()
            return True
        return False

    def note(self, text: str, seconds: float = 4.0) -> None:
        """A message of the table's own, unless a computer's move is being read (its line says it)."""
        if not self.message.hold:
            self.say(text, seconds)

    def announce(self, text: str, sound: str) -> None:
        """A note with its sound (the sound plays even while a computer's line is read)."""
        self.note(text)
        self.app.sounds.play(sound)

    # -- moves to animation ------------------------------------------------------------------
    def animate(self, record: MoveRecord) -> None:
        """Each event in turn, the move landing where the view puts it; then, if another human's
        grid comes down, a pause to see it landed; then everything settles."""
        move, events = record.move, record.events
        if record.mover == self.cue:
            self.cue = None
        if isinstance(move, NextRound):
            self.animator.run_steps([(0.0, self.deal)])
            return
        steps: list[Step] = []
        for event in events:
            steps += self.event_steps(event)
        if self.coming_bottom() != self.shown_active:
            steps.append((HANDOVER_PAUSE, lambda: None))
        steps.append((MOVE_TIME, self.settle))
        self.animator.run_steps(steps)

    def coming_bottom(self) -> int:
        """The seat in front once this move is over: the human to play next, when several share
        the screen (`bottom` follows once the base has seen the move)."""
        current = self.rules.current_player
        if len(self.humans) > 1 and current in self.humans and not self.between_rounds():
            return current
        return self.seating.bottom

    def event_steps(self, event: Event) -> list[Step]:
        kind = event.kind
        if kind in (Kind.TAKE, Kind.DRAW):
            assert event.player is not None
            pos, width = held_place(event.player, self.shown_active, self.top_order)
            key = self.top_draw_key() if kind is Kind.DRAW else None
            return [(MOVE_TIME, lambda: self.fly(self.cards.claim(event.cards[0], key), event.cards[0], pos, width,
                                                 "slide"))]
        if kind is Kind.DISCARD:
            return [(MOVE_TIME, lambda: self.fly(self.cards.claim(event.cards[0]), event.cards[0], DISCARD_POS, PILE_W,
                                                 "slide"))]
        if kind is Kind.EXCHANGE:
            return [(MOVE_TIME, lambda: self.show_exchange(event))]
        if kind is Kind.FLIP and event.tag is Tag.FINAL:  # the round is over: no "Last turn!" any more
            return [(0.0, self.end_banner), (FINAL_FLIP_GAP, lambda: self.show_flip(event))]
        if kind is Kind.FLIP:
            return [(FLIP_TIME, lambda: self.show_flip(event))]
        if kind is Kind.COLUMN:
            return [(GLOW_TIME, lambda: self.glow(event)),
                    (MOVE_TIME, lambda: self.show_column(event))]
        if kind is Kind.RESHUFFLE:
            return [(0.0, lambda: self.announce("The discard pile is shuffled into a new draw pile.", "shuffle"))]
        if kind is Kind.LAST_TURN:
            return [(0.0, lambda: self.announce(event.text, "war"))]
        if kind is Kind.STARTER:
            return [(0.0, lambda: self.note(event.text))]
        if kind in (Kind.ROUND_OVER, Kind.GAME_OVER):
            return [(0.0, self.end_banner), (0.2, lambda: self.app.sounds.play("score"))]
        return []

    def end_banner(self) -> None:
        self.banner = ""

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
        """The slot of the grid an event's `dst` or `src` is."""
        place = event.dst if isinstance(event.dst, Slot) else event.src
        assert isinstance(place, Slot)
        return place.index

    def show_exchange(self, event: Event) -> None:
        new, old = event.cards
        assert event.player is not None
        slot = self.slot_of(event)
        box = grid_boxes(self.shown_active, self.top_order)[event.player]
        self.fly(self.cards.claim(new), new, box.slot_centre(slot), box.card_w, "slide")
        old_sprite = self.cards.claim(old, grid_key(event.player, slot))
        self.fly(old_sprite, old, DISCARD_POS, PILE_W)
        old_sprite.z = FLYING_Z + 1

    def show_flip(self, event: Event) -> None:
        card = event.cards[0]
        assert event.player is not None
        sprite = self.cards.claim(card, grid_key(event.player, self.slot_of(event)))
        sprite.card = card
        sprite.flip_to(self.animator, True, FLIP_TIME)
        self.app.sounds.play("flip")

    def glow(self, event: Event) -> None:
        for card in event.cards:
            sprite = self.cards.claim(card)
            sprite.card, sprite.highlight = card, GOLD
            sprite.flip_to(self.animator, True, 0.01)
            sprite.lift_to(self.animator, 8.0)
        self.app.sounds.play("score")
        assert event.player is not None
        self.note(f"{self.seats[event.player].name} completes a column of {event.amount}s: "
                  "it goes to the discard pile.")

    def show_column(self, event: Event) -> None:
        for i, card in enumerate(event.cards):
            sprite = self.cards.claim(card)
            self.fly(sprite, card, DISCARD_POS, PILE_W)
            sprite.z = FLYING_Z + 2 + i
            sprite.lift = 0.0

    # -- between rounds and the end ----------------------------------------------------------
    def between_rounds(self) -> bool:
        return self.view().phase == Phase.ROUND_OVER

    def next_round(self) -> None:
        if self.between_rounds():
            self.play(NextRound())

    def round_sheet(self) -> Sheet:
        """Every round so far."""
        return score_sheet(self.view())

    def result_scene(self) -> Scene:
        """The final score sheet, with Play again and Menu."""
        return ScoreSheet(self.app, lambda: score_sheet(self.view()), self.finished_buttons(), sound="win")

    def stats_details(self) -> dict:
        return {"seed": self.match.seed, "rounds": self.view().round_number}

    def new_table(self) -> Scene:
        return start_table(self.app, self.seats, {}, self.match.seed + 1)

    def draw_table(self, canvas) -> None:
        draw_table_parts(self, canvas, self.app.painter)

