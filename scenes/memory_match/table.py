"""The Memory Match table: the 4x4 grid, flips by mouse or keyboard, outcomes animated, choices."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from game.cards import memory_deck
from game.core import Event
from game.memory_match import new_game
from game.memory_match.moves import CHOICES, Choose, Flip, is_standard
from game.memory_match.rules import MemoryMatchGame as MemoryMatch
from game.memory_match.text import CHOICE_LABELS
from scenes.base import Scene
from scenes.memory_match.draw import draw_table_parts
from scenes.memory_match.fx import Coin, Effects
from scenes.memory_match.layout import (
    CHOICE_BUTTONS,
    DECK_POS,
    GRID_CARD_H,
    GRID_CARD_W,
    card_spots,
    cell_at,
    cell_centre,
    grid_neighbour,
)
from scenes.memory_match.text import outcome_message
from scenes.seats import Seat
from scenes.table import INPUT_EVENTS, TableScene
from sprites.card_sprite import CardSprite
from sprites.spots import place

FLIP_TIME = 0.3
REVEAL_TIME = 1.4      # both cards stay up this long before the outcome (a click skips it)
OUTCOME_TIME = 0.6
LONE_PAUSE = 0.9
DEAL_TIME = 0.45
DEAL_STAGGER = 0.06
COIN_TIME = 1.7
COIN_HOLD = 0.8
HOVER_LIFT = 6.0
STARTERS = ("p1", "p2", "coin")
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
CHOICE_KEYS = {pygame.K_1: 0, pygame.K_2: 1}


def toss_coin(seed: int) -> int:
    """The coin toss: the table's own generator, seeded, so a seed replays the same toss."""
    return random.Random(f"coin:{seed}").randrange(2)


def start_table(app, seats: list[Seat], options: dict, seed: int) -> MemoryMatchTable:
    """A new game for these seats; `options["starter"]` is "p1", "p2" or "coin"."""
    choice = options.get("starter", "coin")
    if choice not in STARTERS:
        raise ValueError(f"unknown starter option {choice!r}")
    starter = toss_coin(seed) if choice == "coin" else STARTERS.index(choice)
    rules = new_game([s.name for s in seats], seed, starter=starter)
    table = MemoryMatchTable(app, rules, seats, seed, {"seed": seed, "starter": choice}, deal=True)
    if choice == "coin":
        table.start_coin(starter)
    else:
        table.deal()
    return table


class MemoryMatchTable(TableScene):
    """Sprites follow the rules state; a face-down card's sprite never holds its card."""

    GAME = "memory_match"
    THINK_TIME = 0.8

    def __init__(self, app, rules: MemoryMatch, seats: list[Seat], seed: int = 0,
                 extra: dict | None = None, deal: bool = False) -> None:
        super().__init__(app, rules, seats, seed, extra)
        self.rules: MemoryMatch = rules
        self.sprites = {card: CardSprite(None, *DECK_POS, False, GRID_CARD_W, deck="memory")
                        for card in memory_deck()}
        self.effects = Effects(seed)
        self.focus_cell = 0
        self.choice_focus = 0
        self.hover_cell: int | None = None
        self.hover_choice: int | None = None
        self.keyboard_used = False
        self.coin: Coin | None = None
        self.last_choice_kind: str | None = None
        self.shown_scores = list(rules.scores)
        self.shown_current = rules.current_player
        self.shown_skips = list(rules.skips)
        self.shown_pairs = [0, 0]
        self.starter_option = (extra or {}).get("starter", "coin")
        if not deal:
            self.settle()

    def begin(self) -> None:
        """Laid out by __init__ (to be moved onto TableScene.sync)."""

    # -- the start: coin toss, deal ----------------------------------------------------------
    def start_coin(self, result: int) -> None:
        """Spin the coin, hold it on the starter's face, then deal."""
        self.coin = Coin(result)
        self.say("Coin toss: who starts?")
        self.app.sounds.play("tick")

        def landed() -> None:
            self.coin.landed = True
            self.say(f"{self.seats[result].name} starts!")
            self.app.sounds.play("score")
            self.animator.wait(COIN_HOLD, self.end_coin)

        self.animator.tween(self.coin, "spin", 1.0, COIN_TIME, "out_cubic", on_done=landed)

    def end_coin(self) -> None:
        self.coin = None
        self.deal()

    def deal(self) -> None:
        """The 16 cards fly face down from below the table into the grid, one after another."""
        self.app.sounds.play("deal")
        for n, (card, spot) in enumerate(sorted(card_spots(self.rules).items(), key=lambda cs: cs[1].z)):
            sprite = self.sprites[card]
            sprite.pos = DECK_POS
            place(sprite, card, spot, self.animator, n * DEAL_STAGGER, DEAL_TIME)
        if not self.coin:
            self.say(f"{self.seats[self.rules.current_player].name} starts.")

    def settle(self) -> None:
        """Snap every sprite, score and turn marker to the rules state (no animation)."""
        for card, spot in card_spots(self.rules).items():
            place(self.sprites[card], card, spot)
        self.shown_scores = list(self.rules.scores)
        self.shown_current = self.rules.current_player
        self.shown_skips = list(self.rules.skips)
        self.shown_pairs = [sum(1 for c in pile if is_standard(c)) // 2 for pile in self.rules.taken]

    # -- moves to animation ------------------------------------------------------------------
    def describe(self, move: Any, events: list[Event]) -> str:
        return ""  # the table announces each outcome itself, when it is shown

    def animate(self, events: list[Event], move: Any) -> None:
        """Flips first; with two cards up, a pause to read them; then the outcome, step by step."""
        steps: list[tuple[float, Callable[[], None]]] = []
        reveal = [e for e in events if e.kind == "flip" and e.tag != "lone"]
        for event in reveal:
            steps.append((FLIP_TIME, lambda e=event: self.show_flip(e)))
        rest = [e for e in events if e not in reveal]
        if any(e.kind == "outcome" for e in rest):
            outcome = next(e for e in rest if e.kind == "outcome")
            steps.append((REVEAL_TIME, lambda: self.say(outcome_message(self, outcome), 4.0)))
        for event in rest:
            steps += self.outcome_steps(event)
        self.run_steps(steps)

    def run_steps(self, steps: list[tuple[float, Callable[[], None]]], index: int = 0) -> None:
        """Do each step, then wait its time (scaled; a click skips it all) before the next."""
        if index >= len(steps):
            self.animator.wait(0.0, self.settle)
            return
        duration, action = steps[index]
        action()
        self.animator.wait(duration, lambda: self.run_steps(steps, index + 1))

    def show_flip(self, event: Event) -> None:
        sprite = self.sprites[event.cards[0]]
        sprite.card = event.cards[0]
        sprite.lift = 0.0
        sprite.z = 50 + sprite.z % 50
        sprite.flip_to(self.animator, True, FLIP_TIME)
        self.app.sounds.play("flip")

    def outcome_steps(self, event: Event) -> list[tuple[float, Callable[[], None]]]:
        name = self.seats[event.player].name if event.player is not None else ""
        if event.kind == "score":
            return [(0.0, lambda: self.show_score(event))]
        if event.kind == "remove":
            return [(OUTCOME_TIME, lambda: self.show_removal(event))]
        if event.kind == "turn_down":
            return [(FLIP_TIME, lambda: self.show_turn_down(event))]
        if event.kind == "flip":  # the lone last card
            return [(FLIP_TIME + LONE_PAUSE, lambda: (self.say(
                f"The last card is flipped for {name}.", 3.0), self.show_flip(event)))]
        if event.kind == "choose":
            kind = "Bonus" if event.tag == "two_bonus" else "Penalty"
            return [(0.0, lambda: self.say(f"Two {kind} cards! {name} chooses.", 5.0))]
        if event.kind == "chosen":
            return [(0.0, lambda: self.say(f"{name}: {self.choice_label(event.tag)}", 3.0))]
        if event.kind == "skip_pending":
            return [(0.0, lambda: self.set_skips(event.player, event.amount))]
        if event.kind == "skip":
            return [(0.9, lambda: (self.set_skips(event.player, event.amount),
                                   self.say(f"{name} skips this turn.", 3.0),
                                   self.app.sounds.play("tick")))]
        if event.kind == "turn":
            return [(0.0, lambda: self.set_current(event.player))]
        return []

    def choice_label(self, option: str) -> str:
        return CHOICE_LABELS.get((self.last_choice_kind or "", option), option)

    def set_skips(self, player: int, amount: int) -> None:
        self.shown_skips[player] = amount

    def set_current(self, player: int) -> None:
        self.shown_current = player

    def show_score(self, event: Event) -> None:
        self.shown_scores[event.player] += event.amount
        cells = event.cells or (0,)
        xs = [cell_centre(c)[0] for c in cells]
        ys = [cell_centre(c)[1] for c in cells]
        self.effects.float_text(event.amount, (sum(xs) / len(xs), sum(ys) / len(ys)))
        if event.amount:
            self.app.sounds.play("score" if event.amount > 0 else "lose")

    def show_removal(self, event: Event) -> None:
        """A won pair flies to its winner's pile; a Bonus bursts; a Penalty crumbles away."""
        spots = card_spots(self.rules)
        self.shown_pairs[event.player] += sum(1 for c in event.cards if is_standard(c)) // 2
        for card in event.cards:
            sprite = self.sprites[card]
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

    def show_turn_down(self, event: Event) -> None:
        for card in event.cards:
            sprite = self.sprites[card]
            sprite.flip_to(self.animator, False, FLIP_TIME, on_done=lambda s=sprite: setattr(s, "card", None))

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.Event) -> None:
        if event.type in INPUT_EVENTS and self.animator.busy and not self.rules.is_over and not (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.animator.finish_all()  # a click or key skips the wait; it never flips a card too
            return
        super().handle_event(event)

    def can_act(self) -> bool:
        """A human may act now: their turn, nothing moving, game not over."""
        return self.human_turn and not self.animator.busy and self.coin is None

    def handle_input(self, event: pygame.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.keyboard_used = False
            self.hover(event.pos)
            return
        if not self.can_act():
            if event.type in INPUT_EVENTS and not self.rules.is_over:
                self.say(f"Wait: it is {self.seat.name}'s turn.")
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.keyboard_used = True
            self.key(event.key)

    def hover(self, pos: tuple[float, float]) -> None:
        self.hover_choice = None
        if self.rules.pending_choice is not None:
            for i, rect in enumerate(CHOICE_BUTTONS):
                if pygame.FRect(rect).collidepoint(pos):
                    self.hover_choice = self.choice_focus = i
            self.hover_cell = None
            return
        self.hover_cell = cell_at(pos)
        if self.hover_cell is not None:
            self.focus_cell = self.hover_cell

    def flippable(self, cell: int | None) -> bool:
        return cell is not None and self.can_act() and Flip(cell) in self.rules.legal_moves()

    def click(self, pos: tuple[float, float]) -> None:
        if self.rules.pending_choice is not None:
            for i, rect in enumerate(CHOICE_BUTTONS):
                if pygame.FRect(rect).collidepoint(pos):
                    self.choose(i)
                    return
            self.say("Choose one of the two options first.")
            return
        cell = cell_at(pos)
        if cell is not None:
            self.flip(cell)

    def flip(self, cell: int) -> None:
        card = self.rules.grid[cell]
        self.play(Flip(cell), self.sprites[card] if card is not None else None)

    def choose(self, index: int) -> None:
        options = list(CHOICES[self.rules.pending_choice])
        self.app.sounds.play("button")
        self.play(Choose(options[index]))

    def key(self, key: int) -> None:
        if self.rules.pending_choice is not None:
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.choice_focus = 1 - self.choice_focus
            elif key in CHOICE_KEYS:
                self.choose(CHOICE_KEYS[key])
            elif key in ACTIVATE_KEYS:
                self.choose(self.choice_focus)
            return
        if key in ARROWS:
            self.focus_cell = grid_neighbour(self.focus_cell, *ARROWS[key])
            self.hover_cell = None
        elif key in ACTIVATE_KEYS:
            self.flip(self.focus_cell)

    def play(self, move: Any, sprite: CardSprite | None = None) -> bool:
        self.last_choice_kind = self.rules.pending_choice
        return super().play(move, sprite)

    # -- the loop and drawing ----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.effects.speed = self.app.settings.animation_scale
        self.effects.update(dt)
        self.lift_pointed_card()
        super().update(dt)

    def lift_pointed_card(self) -> None:
        """The face-down card a click or Enter would flip rises a little; the others lie flat."""
        if self.animator.busy:
            return
        cell = self.focus_cell if self.keyboard_used else self.hover_cell
        pointed = self.rules.grid[cell] if self.flippable(cell) else None
        for index, card in enumerate(self.rules.grid):
            if card is not None and index not in self.rules.flipped:
                self.sprites[card].lift = HOVER_LIFT if card == pointed else 0.0

    def draw_table(self, canvas) -> None:
        draw_table_parts(self, canvas)

    # -- the end -----------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        result = self.rules.result()
        lines = []
        for seat, (s, score) in enumerate(zip(self.seats, result["scores"])):
            pairs = sum(1 for c in self.rules.taken[seat] if is_standard(c)) // 2
            won = " - wins" if seat in result["winners"] and not result["tie"] else ""
            lines.append(f"{s.name}: {score} point{'s' if abs(score) != 1 else ''}, "
                         f"{pairs} pair{'s' if pairs != 1 else ''}{won}")
        if result["tie"]:
            lines.append("Equal scores: the game is a tie.")
        return lines

    def stats_details(self) -> dict:
        return {"seed": self.seed, "starter": self.starter_option, "first": self.rules.starter}

    def save_extra(self) -> dict:
        return {"seed": self.seed, "starter": getattr(self, "starter_option", "coin")}

    def new_table(self) -> Scene:
        seed = random.Random(self.seed).randrange(1, 10 ** 6)
        return start_table(self.app, self.seats, {"starter": self.starter_option}, seed)

