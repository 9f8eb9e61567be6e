"""The Memory Match table: the 4x4 grid, flips by mouse or keyboard, outcomes animated, choices."""
from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Iterable, Mapping
from functools import partial
from typing import Any

import pygame

from game.cards import Card
from game.core import Event, Kind
from game.match import Match
from game.memory_match import STARTERS, new_game
from game.memory_match.moves import CHOICES, GRID_SIZE, Choose, Flip, MemoryEvent, Outcome, Tag, is_standard
from game.memory_match.rules import MemoryMatchGame
from game.memory_match.text import hint_reason
from game.memory_match.view import MemoryView
from game.record import MoveRecord
from game.seats import Seat
from game.words import plural
from scenes.base import Scene
from scenes.legacy_table import TableScene, draw_message
from scenes.memory_match.draw import choice_shown, draw_over, draw_table_parts
from scenes.memory_match.fx import Coin, Effects
from scenes.memory_match.layout import (
    CHOICE_BUTTONS,
    DECK_POS,
    GRID_CARD_H,
    GRID_CARD_W,
    HINT_RECT,
    HISTORY_RECT,
    MESSAGE_RECT,
    MESSAGE_ROOM,
    card_spots,
    cell_at,
    cell_centre,
    grid_neighbour,
    seat_anchor,
)
from scenes.table_marks import Mark, draw_place_marks
from sprites.bubble import Anchor
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.spots import Spot
from sprites.tween import Step

FLIP_TIME = 0.3
REVEAL_TIME = 1.4      # both cards stay up this long before the outcome (a click skips the rest)
MIN_READ = 0.8         # ... and at least this long whatever is clicked (unless the speed setting is shorter)
OUTCOME_TIME = 0.6
LONE_PAUSE = 0.9
DEAL_TIME = 0.45
DEAL_STAGGER = 0.06
COIN_TIME = 1.7
COIN_HOLD = 0.8
HOVER_LIFT = 6.0
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
CHOICE_KEYS = {pygame.K_1: 0, pygame.K_2: 1}


def start_table(app, seats: list[Seat], options: dict, seed: int) -> MemoryMatchTable:
    """A new game for these seats; `options["starter"]` is "p1", "p2" or "coin" (tossed on the table)."""
    choice = options.get("starter", "coin")
    if choice not in STARTERS:
        raise ValueError(f"unknown starter option {choice!r}")
    match = Match(new_game([s.name for s in seats], seed, starter=choice), seats, seed, {"starter": choice})
    return MemoryMatchTable(app, match, fresh=True)


class MemoryMatchTable(TableScene[MemoryMatchGame]):
    """Sprites follow the view: a face-down card's sprite is keyed by its cell and never holds its card."""

    GAME = "memory_match"
    DECK = "memory"
    PILE_POS = DECK_POS  # new sprites wait below the table for the deal
    CARD_W = GRID_CARD_W
    MOVE_TIME = DEAL_TIME  # only the deal slides cards the common way; the rest is this table's own
    THINK_TIME = 0.8
    INPUT_WHILE_MOVING = "only_finish"  # a click during the reading pause only ends it: it never flips a card
    HISTORY_RECT = HISTORY_RECT
    HISTORY_LINES = 5
    HINT_RECT = HINT_RECT
    MESSAGE_BOX = MESSAGE_RECT  # under the right panel (the grid fills the top edge)
    MESSAGE_ROOM = MESSAGE_ROOM  # the felt under it, down to the line of keys
    THINKING_MARK = False  # nothing over the grid: the player's panel says "thinking"

    def __init__(self, app, match: Match[MemoryMatchGame], fresh: bool = False) -> None:
        super().__init__(app, match)
        self.fresh = fresh  # a new game: the coin toss (if chosen) and the deal open it
        self.effects = Effects(match.seed)
        self.focus_cell = 0
        self.choice_focus = 0
        self.hover_cell: int | None = None
        self.hover_choice: int | None = None
        self.coin: Coin | None = None
        self.shown_scores = [0, 0]  # what the panels show: they follow the animation, not the rules
        self.shown_current = 0
        self.shown_skips = [0, 0]
        self.shown_pairs = [0, 0]
        self.starter_option = self.match.table_extra.get("starter", "coin")
        self.reading_left = 0.0  # seconds the two turned-up cards stay up whatever is clicked
        self.seen = self.seen_from_save(match.table_extra.get("seen"))  # cell -> card this screen has shown face up
        self.seen_unsaved = False

    def layout(self) -> Mapping[Hashable, Spot]:
        return card_spots(self.view())

    def begin(self) -> None:
        """A saved game is laid out at once; a new one opens with the coin toss or the deal."""
        self.show_state()
        if not self.fresh:
            self.sync(animate=False)
        elif self.starter_option == "coin":
            self.start_coin(self.view().current_player)
        else:
            self.deal()

    def seen_from_save(self, cells: Any) -> dict[int, Card]:
        """The cards the screen had shown, from the save's cells; a save without them (an earlier
        version) or with anything else counts every card its log turned up as seen."""
        log = self.rules.view(None).log
        if not isinstance(cells, list) or not all(isinstance(c, int) and 0 <= c < GRID_SIZE for c in cells):
            cells = [r.index for r in log]
        return {r.index: r.card for r in log if r.index in cells}

    def note_seen(self) -> None:
        """Remember the faces the frame being drawn shows (at instant speed a pair can come and
        go between two frames: then nobody saw it, and a hint may not use it)."""
        for cell in range(GRID_SIZE):
            sprite = self.sprite_at(cell)
            if sprite is not None and sprite.card is not None and sprite.showing_face() and cell not in self.seen:
                self.seen[cell], self.seen_unsaved = sprite.card, True

    def seen_view(self) -> MemoryView:
        """The view of the player to move, its log cut to the cards this screen has shown."""
        view = self.rules.view(self.rules.current_player)
        return dataclasses.replace(view, log=tuple(r for r in view.log if self.seen.get(r.index) == r.card))

    # -- the start: coin toss, deal ----------------------------------------------------------
    def start_coin(self, result: int) -> None:
        """Spin the coin, hold it on the starter's face, then deal."""
        coin = self.coin = Coin(result)
        self.say("Coin toss: who starts?")
        self.app.sounds.play("tick")

        def landed() -> None:
            coin.landed = True
            self.say(f"{self.seats[result].name} starts!")
            self.app.sounds.play("score")
            self.animator.wait(COIN_HOLD, self.end_coin)

        self.animator.tween(coin, "spin", 1.0, COIN_TIME, "out_cubic", on_done=landed)

    def end_coin(self) -> None:
        self.coin = None
        self.deal()

    def deal(self) -> None:
        """The 16 cards fly face down from below the table into the grid, one after another."""
        self.app.sounds.play("deal")
        spots = self.layout()
        self.sync(stagger=DEAL_STAGGER, order=sorted(spots, key=lambda key: spots[key].z))
        self.say(f"{self.seats[self.view().current_player].name} starts.")

    def settle(self) -> None:
        """Snap every sprite, score and turn marker to the rules state (no animation)."""
        self.sync(animate=False)
        self.show_state()

    def show_state(self) -> None:
        view = self.view()
        self.shown_scores = list(view.scores)
        self.shown_current = view.current_player
        self.shown_skips = list(view.skips)
        self.shown_pairs = [view.pairs_won(seat) for seat in (0, 1)]

    def sprite_at(self, cell: int) -> CardSprite | None:
        """The sprite the last sync laid in a grid cell (keyed by the cell while face down, else by
        its card), or None for an empty cell; while a move is shown, the cards of the move's start."""
        centre = cell_centre(cell)
        for key, spot in self.spots.items():
            if spot.width == GRID_CARD_W and (spot.x, spot.y) == centre:
                return self.sprites.get(key)
        return None

    # -- moves to animation ------------------------------------------------------------------
    def animate(self, record: MoveRecord) -> None:
        """Flips first; with two cards up, a pause to read them (a click cannot cut it below
        MIN_READ); then the outcome, step by step."""
        steps: list[Step] = []
        events = record.events
        reveal = [e for e in events if isinstance(e, MemoryEvent) and e.kind is Kind.FLIP and e.tag is not Tag.LONE]
        for event in reveal:
            steps.append((FLIP_TIME, partial(self.show_flip, event)))
        rest = [e for e in events if isinstance(e, MemoryEvent) and e not in reveal]
        outcome = next((e for e in rest if e.kind is Kind.OUTCOME), None)
        if outcome is not None:
            scale = self.animation_scale()
            self.reading_left = FLIP_TIME * len(reveal) * scale + min(MIN_READ, REVEAL_TIME * scale)
            line, computer = record.line, self.match.is_computer(record.mover)
            steps.append((REVEAL_TIME, lambda: self.say(line, 4.0, hold=computer)))
        for event in rest:
            steps += self.outcome_steps(event)
        self.animator.run_steps(steps, then=self.settle)

    def name_of(self, event: Event) -> str:
        return self.seats[event.player].name if event.player is not None else ""

    def show_flip(self, event: MemoryEvent) -> None:
        sprite = self.sprite_at(event.cells[0])
        assert sprite is not None
        sprite.card = event.cards[0]
        sprite.lift = 0.0
        sprite.z = 50 + sprite.z % 50
        sprite.flip_to(self.animator, True, FLIP_TIME)
        self.app.sounds.play("flip")

    def outcome_steps(self, event: MemoryEvent) -> list[Step]:
        name = self.name_of(event)
        if event.kind is Kind.SCORE:
            return [(0.0, lambda: self.show_score(event))]
        if event.kind is Kind.REMOVE:
            return [(OUTCOME_TIME, lambda: self.show_removal(event))]
        if event.kind is Kind.TURN_DOWN:
            return [(FLIP_TIME, lambda: self.show_turn_down(event))]
        if event.kind is Kind.FLIP:  # the lone last card
            return [(FLIP_TIME + LONE_PAUSE, partial(self.show_lone, event))]
        if event.kind is Kind.CHOOSE:
            kind = "Bonus" if event.tag is Outcome.TWO_BONUS else "Penalty"
            return [(0.0, lambda: self.say(f"Two {kind} cards! {name} chooses.", 5.0))]
        if event.kind is Kind.CHOSEN:
            line = self.match.history[-1] if self.match.history else f"{name}: {event.text}"
            return [(0.0, lambda: self.say(line, 4.0, hold=event.player in self.match.computers))]
        if event.kind is Kind.SKIP_PENDING:
            return [(0.0, lambda: self.set_skips(event.player, event.amount))]
        if event.kind is Kind.SKIP:
            return [(0.9, partial(self.show_skip, event))]
        if event.kind is Kind.TURN:
            return [(0.0, lambda: self.set_current(event.player))]
        return []

    def show_lone(self, event: MemoryEvent) -> None:
        self.say(f"The last card is flipped for {self.name_of(event)}.", 3.0)
        self.show_flip(event)

    def show_skip(self, event: MemoryEvent) -> None:
        self.set_skips(event.player, event.amount)
        self.say(f"{self.name_of(event)} skips this turn.", 3.0)
        self.app.sounds.play("tick")

    def set_skips(self, player: int | None, amount: int) -> None:
        if player is not None:
            self.shown_skips[player] = amount

    def set_current(self, player: int | None) -> None:
        if player is not None:
            self.shown_current = player

    def show_score(self, event: MemoryEvent) -> None:
        if event.player is not None:
            self.shown_scores[event.player] += event.amount
        cells = event.cells or (0,)
        xs = [cell_centre(c)[0] for c in cells]
        ys = [cell_centre(c)[1] for c in cells]
        self.effects.float_text(event.amount, (sum(xs) / len(xs), sum(ys) / len(ys)))
        if event.amount:
            self.app.sounds.play("score" if event.amount > 0 else "lose")

    def show_removal(self, event: MemoryEvent) -> None:
        """A won pair flies to its winner's pile; a Bonus bursts; a Penalty crumbles away."""
        spots = self.layout()
        if event.player is not None:
            self.shown_pairs[event.player] += sum(1 for c in event.cards if is_standard(c)) // 2
        for cell, card in zip(event.cells, event.cards, strict=True):
            sprite = self.sprite_at(cell)
            assert sprite is not None
            sprite.card, sprite.face_up, sprite.flip = card, True, 1.0
            if is_standard(card):
                spot = spots[card]
                sprite.z = 500 + spot.z
                sprite.move_to(self.animator, (spot.x, spot.y), OUTCOME_TIME, "in_out_cubic")
                self.animator.tween(sprite, "width", spot.width, OUTCOME_TIME, "in_out_cubic")
                self.app.sounds.play("slide")
            elif card.rank == 7:
                self.effects.burst(sprite.pos)
                self.animator.tween(sprite, "scale", 1.6, OUTCOME_TIME * 0.7, "out_quad")
                sprite.fade_to(self.animator, 0.0, OUTCOME_TIME * 0.7)
            else:
                self.effects.crumble(sprite.pos, GRID_CARD_W, GRID_CARD_H)
                self.animator.tween(sprite, "pos", (sprite.x, sprite.y + 80), OUTCOME_TIME, "in_quad")
                self.animator.tween(sprite, "angle", 28.0, OUTCOME_TIME, "in_quad")
                self.animator.tween(sprite, "scale", 0.5, OUTCOME_TIME, "in_quad")
                sprite.fade_to(self.animator, 0.0, OUTCOME_TIME)

    def show_turn_down(self, event: MemoryEvent) -> None:
        for cell in event.cells:
            sprite = self.sprite_at(cell)
            assert sprite is not None
            sprite.flip_to(self.animator, False, FLIP_TIME, on_done=lambda s=sprite: setattr(s, "card", None))

    # -- input -------------------------------------------------------------------------------
    def hold_input(self, event: pygame.Event) -> bool:
        """While two turned-up cards have not shown for MIN_READ, a click or key (a fast third
        click, an early Enter) leaves them up; L and H still answer."""
        if self.reading_left <= 0:
            return False
        self.table_command(event)
        return True

    def on_motion(self, pos: tuple[float, float]) -> None:
        self.hover_choice = None
        if self.view().pending_choice is not None:
            for i, rect in enumerate(CHOICE_BUTTONS):
                if pygame.FRect(rect).collidepoint(pos):
                    self.hover_choice = self.choice_focus = i
            self.hover_cell = None
            return
        self.hover_cell = cell_at(pos)
        if self.hover_cell is not None:
            self.focus_cell = self.hover_cell

    def on_press(self, pos: tuple[float, float]) -> None:
        if not self.can_act():
            self.not_your_turn()
        elif self.view().pending_choice is not None:
            for i, rect in enumerate(CHOICE_BUTTONS):
                if pygame.FRect(rect).collidepoint(pos):
                    self.choose(i)
                    return
            self.say("Choose one of the two options first.")
        else:
            cell = cell_at(pos)
            if cell is not None:
                self.flip(cell)

    def on_key(self, key: int, mod: int) -> None:
        if not self.can_act():
            self.not_your_turn()
        elif self.view().pending_choice is not None:
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.choice_focus = 1 - self.choice_focus
            elif key in CHOICE_KEYS:
                self.choose(CHOICE_KEYS[key])
            elif key in ACTIVATE_KEYS:
                self.choose(self.choice_focus)
        elif key in ARROWS:
            self.focus_cell = grid_neighbour(self.focus_cell, *ARROWS[key])
            self.hover_cell = None
        elif key in ACTIVATE_KEYS:
            self.flip(self.focus_cell)

    def not_your_turn(self) -> None:
        if not self.rules.is_over:
            self.say(f"Wait: it is {self.seats[self.rules.current_player].name}'s turn.")

    def pointed_cell(self) -> int | None:
        """The cell a click or Enter would flip: the keyboard's focus, else the one under the mouse."""
        return self.focus_cell if self.keyboard_focus else self.hover_cell

    def flippable(self, cell: int | None) -> bool:
        return cell is not None and self.can_act() and Flip(cell) in self.rules.legal_moves()

    def flip(self, cell: int) -> None:
        self.play(Flip(cell), self.sprite_at(cell))

    def choose(self, index: int) -> None:
        kind = self.view().pending_choice
        assert kind is not None
        self.app.sounds.play("button")
        self.play(Choose(list(CHOICES[kind])[index]))

    # -- marks and hints ---------------------------------------------------------------------
    def move_marks(self) -> Iterable[Mark]:
        """Only a real choice is marked: the two options after two Bonus or two Penalty cards.
        Every face-down card may be flipped; marking all of them would say nothing."""
        if self.view().pending_choice is None:
            return []
        return [pygame.FRect(rect) for rect in CHOICE_BUTTONS]

    def hint_marks_for(self, move: Any) -> Iterable[Mark]:
        if isinstance(move, Choose):
            kind = self.view().pending_choice
            return [pygame.FRect(CHOICE_BUTTONS[list(CHOICES[kind]).index(move.option)])] if kind else []
        return [("cell", move.index)]

    def hint_reason(self, move: Any) -> str:
        return hint_reason(self.seen_view(), move)

    def hint_view(self) -> MemoryView:
        """Only the cards this screen has shown, as the player at it may know them (the hard level
        otherwise remembers every card ever turned up)."""
        return self.seen_view()

    # -- the loop and drawing ----------------------------------------------------------------
    def moving(self) -> bool:
        """Score numbers float or particles fall (they move outside the animator)."""
        return self.effects.active

    def tick(self, dt: float) -> None:
        if self.seen_unsaved and not self.rules.is_over:
            self.seen_unsaved = False
            self.save_soon()  # a card first seen is kept even if the game is closed before the next move
        self.reading_left = max(0.0, self.reading_left - dt)
        self.effects.speed = self.animation_scale()
        self.effects.update(dt)
        self.lift_pointed_card()

    def lift_pointed_card(self) -> None:
        """The face-down card a click or Enter would flip rises a little; the others lie flat."""
        if self.animator.busy:
            return
        cell = self.pointed_cell()
        pointed = cell if self.flippable(cell) else None
        for index in self.view().face_down_cells():
            sprite = self.sprites.get(("cell", index))
            if sprite is not None:
                sprite.lift = HOVER_LIFT if index == pointed else 0.0

    def draw_table(self, canvas) -> None:
        draw_table_parts(self, canvas)
        self.note_seen()

    def seat_anchor(self, seat: int) -> Anchor:
        return seat_anchor(seat)

    def draw_over(self, canvas: Canvas) -> None:
        """Over all the table, the choice or the coin toss on a dimmed table; the choice's marks and
        the message (a hint's reason) stay readable over the dimming."""
        draw_over(self, canvas)
        if choice_shown(self, self.view()):
            draw_place_marks(canvas, self.mark_layers())
            draw_message(self, canvas)

    # -- the end -----------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        result = self.rules.result()
        view = self.view()
        lines = []
        for seat, (s, score) in enumerate(zip(self.seats, result["scores"], strict=True)):
            pairs = view.pairs_won(seat)
            won = " - wins" if seat in result["winners"] and not result["tie"] else ""
            lines.append(f"{s.name}: {plural(score, 'point')}, {plural(pairs, 'pair')}{won}")
        if result["tie"]:
            lines.append("Equal scores: the game is a tie.")
        return lines

    def stats_details(self) -> dict:
        return {"seed": self.match.seed, "starter": self.starter_option, "first": self.view().starter}

    def save_extra(self) -> dict:
        return {"starter": self.starter_option, "seen": sorted(self.seen)}

    def new_table(self) -> Scene:
        seed = random.Random(self.match.seed).randrange(1, 10 ** 6)
        return start_table(self.app, self.seats, {"starter": self.starter_option}, seed)
