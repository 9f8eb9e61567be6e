"""The Memory Match table: the shared table with Memory Match's parts (the 4x4 grid, flips by mouse
or keyboard, outcomes animated, the coin toss, the Bonus or Penalty choice)."""
from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

import pygame

from game.cards import Card
from game.match import Match
from game.memory_match import STARTERS, new_game
from game.memory_match.moves import CHOICES, GRID_SIZE, Choose
from game.memory_match.rules import MemoryMatchGame
from game.memory_match.text import hint_reason
from game.memory_match.view import MemoryView
from game.record import MoveRecord
from game.seats import Seat
from lang import _, n_
from lang.words import W_
from scenes.base import Host, Scene
from scenes.memory_match.draw import Board, MemoryDrawer
from scenes.memory_match.fx import Coin, Effects
from scenes.memory_match.input import MemoryInput
from scenes.memory_match.layout import (
    CHOICE_BUTTONS,
    DECK_POS,
    GRID_CARD_W,
    HINT_RECT,
    HISTORY_RECT,
    MESSAGE_RECT,
    MESSAGE_ROOM,
    card_spots,
    seat_anchor,
)
from scenes.memory_match.motion import MemoryMotion, Panels, sprite_at
from scenes.table import Network, Table
from scenes.table_marks import Mark
from scenes.table_parts import GameParts, TableHost, TableSettings
from sprites.bubble import Anchor
from sprites.spots import Spot

DEAL_TIME = 0.45
DEAL_STAGGER = 0.06
COIN_TIME = 1.7
COIN_HOLD = 0.8
SETTINGS = TableSettings(
    game="memory_match", deck="memory",
    pile_pos=DECK_POS,  # new sprites wait below the table for the deal
    card_w=GRID_CARD_W,
    move_time=DEAL_TIME,  # only the deal slides cards the common way; the rest is this table's own
    think_time=0.8,
    input_while_moving="only_finish",  # a click during the reading pause only ends it: it never flips a card
    history_rect=HISTORY_RECT, history_lines=5, hint_rect=HINT_RECT,
    message_box=MESSAGE_RECT,  # under the right panel (the grid fills the top edge)
    message_room=MESSAGE_ROOM,  # the felt under it, down to the line of keys
    thinking_mark=False,  # nothing over the grid: the player's panel says "thinking"
)


def memory_match_table(app: Host, match: Match[MemoryMatchGame], fresh: bool = False,
                       network: Network | None = None) -> Table:
    """The table of a Memory Match match: a new game (`fresh`) opens with the coin toss (if chosen)
    and the deal; a saved or networked one is laid out."""
    return Table(app, match, lambda host: MemoryMatchParts(host, fresh), network)


def memory_match_online(app: Host, match: Match[MemoryMatchGame], network: Network) -> Table:
    """The table of a Memory Match match held on a server."""
    return memory_match_table(app, match, network=network)


def start_table(app: Host, seats: list[Seat], options: dict, seed: int) -> Table:
    """A new game for these seats; `options["starter"]` is "p1", "p2" or "coin" (tossed on the table)."""
    choice = options.get("starter", "coin")
    if choice not in STARTERS:
        raise ValueError(f"unknown starter option {choice!r}")
    match = Match(new_game([s.name for s in seats], seed, starter=choice), seats, seed, {"starter": choice})
    return memory_match_table(app, match, fresh=True)


class MemoryMatchParts(GameParts):
    """Sprites follow the view: a face-down card's sprite is keyed by its cell and never holds its card."""

    settings = SETTINGS
    input: MemoryInput  # the game's own controller: its pointer and lifts are used here too

    def __init__(self, host: TableHost, fresh: bool = False) -> None:
        super().__init__(host)
        match = host.match
        self.fresh = fresh  # a new game: the coin toss (if chosen) and the deal open it
        self.effects = Effects(match.seed)
        self.coin: Coin | None = None
        self.panels = Panels()  # what the panels show: they follow the animation, not the rules
        self.starter_option = match.table_extra.get("starter", "coin")
        self.seen = self.seen_from_save(match.table_extra.get("seen"))  # cell -> card this screen has shown face up
        self.seen_unsaved = False
        self.motion = MemoryMotion(host, self.panels, self.effects)
        self.input = MemoryInput(host, self.motion)
        self.drawer = MemoryDrawer(self.board, self.note_seen)

    def board(self) -> Board:
        """The presentation state the drawer reads."""
        host = self.host
        effects = self.effects if host.app.top is host else None
        return Board(self.panels, self.coin, effects, self.input.pointer(), host.can_act(), host.animator.busy,
                     host.clock.waited, bool(host.humans))

    def layout(self, view: MemoryView, bottom: int) -> Mapping[Hashable, Spot]:
        return card_spots(view)

    def begin(self) -> None:
        """A saved game is laid out at once; a new one opens with the coin toss or the deal."""
        self.panels.follow(self.host.view())
        if not self.fresh:
            self.host.sync(animate=False)
            self.input.restore_focus(self.host.match.table_extra.get("focus"))
        elif self.starter_option == "coin":
            self.start_coin(self.host.view().current_player)
        else:
            self.deal()

    def seen_from_save(self, cells: Any) -> dict[int, Card]:
        """The cards the screen had shown, from the save's cells; a save without them (an earlier
        version) or with anything else counts every card its log turned up as seen."""
        log = self.host.match.rules.view(None).log
        if not isinstance(cells, list) or not all(isinstance(c, int) and 0 <= c < GRID_SIZE for c in cells):
            cells = [r.index for r in log]
        return {r.index: r.card for r in log if r.index in cells}

    def note_seen(self) -> None:
        """Remember the faces the frame being drawn shows (at instant speed a pair can come and
        go between two frames: then nobody saw it, and a hint may not use it)."""
        for cell in range(GRID_SIZE):
            sprite = sprite_at(self.host, cell)
            if sprite is not None and sprite.card is not None and sprite.showing_face() and cell not in self.seen:
                self.seen[cell], self.seen_unsaved = sprite.card, True

    def seen_view(self) -> MemoryView:
        """The view of the player to move, its log cut to the cards this screen has shown."""
        rules = self.host.match.rules
        view = rules.view(rules.current_player)
        return dataclasses.replace(view, log=tuple(r for r in view.log if self.seen.get(r.index) == r.card))

    # -- the start: coin toss, deal ----------------------------------------------------------
    def start_coin(self, result: int) -> None:
        """Spin the coin, hold it on the starter's face, then deal."""
        host = self.host
        coin = self.coin = Coin(result)
        host.say(W_("Coin toss: who starts?"))
        host.app.sounds.play("tick")

        def landed() -> None:
            coin.landed = True
            host.say(W_("{name} starts!", name=host.seats[result].name))
            host.app.sounds.play("score")
            host.animator.wait(COIN_HOLD, self.end_coin)

        host.animator.tween(coin, "spin", 1.0, COIN_TIME, "out_cubic", on_done=landed)

    def end_coin(self) -> None:
        self.coin = None
        self.deal()

    def deal(self) -> None:
        """The 16 cards fly face down from below the table into the grid, one after another."""
        host = self.host
        host.app.sounds.play("deal")
        spots = card_spots(host.view())
        host.sync(stagger=DEAL_STAGGER, order=sorted(spots, key=lambda key: spots[key].z))
        host.say(W_("{name} starts.", name=host.seats[host.view().current_player].name))

    def settle(self) -> None:
        """Snap every sprite, score and turn marker to the rules state (no animation)."""
        self.host.sync(animate=False)
        self.panels.follow(self.host.view())

    def animate(self, record: MoveRecord) -> None:
        self.host.animator.run_steps(self.motion.steps(record), then=self.settle)

    # -- the loop ----------------------------------------------------------------------------
    def moving(self) -> bool:
        """Score numbers float or particles fall (they move outside the animator)."""
        return self.effects.active

    def tick(self, dt: float) -> None:
        host = self.host
        if self.seen_unsaved and not host.match.rules.is_over:
            self.seen_unsaved = False
            host.save_soon()  # a card first seen is kept even if the game is closed before the next move
        self.motion.reading_left = max(0.0, self.motion.reading_left - dt)
        self.effects.speed = host.app.settings.animation_scale
        self.effects.update(dt)
        self.input.lift_pointed_card()

    # -- marks and hints ---------------------------------------------------------------------
    def move_marks(self) -> Iterable[Mark]:
        """Only a real choice is marked: the two options after two Bonus or two Penalty cards.
        Every face-down card may be flipped; marking all of them would say nothing."""
        if self.host.view().pending_choice is None:
            return []
        return [pygame.FRect(rect) for rect in CHOICE_BUTTONS]

    def hint_marks_for(self, move: Any) -> Iterable[Mark]:
        if isinstance(move, Choose):
            kind = self.host.view().pending_choice
            return [pygame.FRect(CHOICE_BUTTONS[list(CHOICES[kind]).index(move.option)])] if kind else []
        return [("cell", move.index)]

    def hint_reason(self, move: Any) -> str:
        return hint_reason(self.seen_view(), move)

    def hint_view(self) -> MemoryView:
        """Only the cards this screen has shown, as the player at it may know them (the hard level
        otherwise remembers every card ever turned up)."""
        return self.seen_view()

    def seat_anchor(self, seat: int) -> Anchor:
        return seat_anchor(seat)

    # -- the end -----------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        result = self.host.match.rules.result()
        view = self.host.view()
        lines = []
        for seat, (s, score) in enumerate(zip(self.host.seats, result["scores"], strict=True)):
            pairs = view.pairs_won(seat)
            # TRANSLATORS: {points} is "3 points", {pairs} "2 pairs"
            points, won_pairs = n_("{n} point", "{n} points", score), n_("{n} pair", "{n} pairs", pairs)
            if seat in result["winners"] and not result["tie"]:
                lines.append(_("{name}: {points}, {pairs} - wins", name=s.name, points=points, pairs=won_pairs))
            else:
                lines.append(_("{name}: {points}, {pairs}", name=s.name, points=points, pairs=won_pairs))
        if result["tie"]:
            lines.append(_("Equal scores: the game is a tie."))
        return lines

    def stats_details(self) -> dict:
        return {"seed": self.host.match.seed, "starter": self.starter_option, "first": self.host.view().starter}

    def save_extra(self) -> dict:
        return {"starter": self.starter_option, "seen": sorted(self.seen), "focus": self.input.saved_focus()}

    def new_table(self) -> Scene:
        seed = random.Random(self.host.match.seed).randrange(1, 10 ** 6)
        return start_table(self.host.app, self.host.seats, {"starter": self.starter_option}, seed)
