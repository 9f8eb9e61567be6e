"""Skyjo's input controller: what a click, a drag or a key means on the table (targets: a pile or a
slot of the big grid), and which grid is shown where."""
from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import pygame

from game.places import DiscardPile, DrawPile, Slot
from game.skyjo.moves import COLUMNS, ROWS, Discard, DrawCard, Exchange, Phase, TakeDiscard, TurnUp
from game.skyjo.view import SkyjoView
from scenes.skyjo.layout import (
    DISCARD_POS,
    DRAW_POS,
    FLYING_Z,
    GridBox,
    Grids,
    draw_key,
    pile_rect,
    slot_key,
)
from scenes.table_parts import Pos, TableHost
from sprites.card_sprite import CardSprite

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
MOVE_KEYS = {pygame.K_d: DrawCard(), pygame.K_t: TakeDiscard(), pygame.K_x: Discard()}
HOVER_LIFT = 5.0
DRAG_START = 6.0  # logical pixels the card in hand moves, button held, before it counts as dragged

Target = Slot | DrawPile | DiscardPile  # a slot of the big grid, or a pile
PILES: tuple[Target, ...] = (DrawPile(), DiscardPile())  # right of the grid, in this order
PILE_NAMES = ("draw", "discard")  # PILES as a save names them


def target_of(move: Any) -> Target:
    """Which thing on the table a move is made by clicking."""
    if isinstance(move, TurnUp | Exchange):
        return Slot(move.slot)
    if isinstance(move, DrawCard):
        return DrawPile()
    return DiscardPile()


def targets_of(moves: Iterable[Any]) -> list[Target]:
    """The targets of these moves, each once, in the moves' order (the keyboard's order)."""
    found: list[Target] = []
    for move in moves:
        target = target_of(move)
        if target not in found:
            found.append(target)
    return found


def move_for(target: Target, phase: Phase) -> Any:
    """The move a click on `target` makes in `phase` (legal or not: the rules will judge)."""
    if isinstance(target, Slot):
        return TurnUp(target.index) if phase in (Phase.REVEAL, Phase.TURN_UP) else Exchange(target.index)
    if isinstance(target, DrawPile):
        return DrawCard()
    return Discard() if phase == Phase.PLACE_DRAWN else TakeDiscard()


def target_at(pos: tuple[float, float], big: GridBox) -> Target | None:
    """The pile or the slot of the big grid under `pos`."""
    if pile_rect(DRAW_POS).collidepoint(pos):
        return DrawPile()
    if pile_rect(DISCARD_POS).collidepoint(pos):
        return DiscardPile()
    slot = big.slot_at(pos)
    return Slot(slot) if slot is not None else None


def target_pos(target: Target, big: GridBox) -> tuple[float, float]:
    """Where a target is on screen."""
    if isinstance(target, DrawPile):
        return DRAW_POS
    if isinstance(target, DiscardPile):
        return DISCARD_POS
    return big.slot_centre(target.index)


def walk(focus: Target, step: tuple[int, int], slots: Sequence[int], row: int) -> Target:
    """Where an arrow key takes the keyboard focus on the table read as one plane: the big grid's
    rows and columns, then the two piles to its right. Left/Right cross columns (over an empty
    one) and reach the piles from the grid's last column; Up/Down cross rows and stop at the
    edges. `slots` are the slots holding a card; `row` is the row to come back to from a pile."""
    dx, dy = step
    if not isinstance(focus, Slot):
        place = PILES.index(focus) + dx
        if place >= 0:
            return PILES[min(place, len(PILES) - 1)] if dy == 0 else focus
        columns = [s % COLUMNS for s in slots]  # back onto the grid's last column in `row`
        return Slot(row * COLUMNS + max(columns)) if columns else focus
    here_row, column = divmod(focus.index, COLUMNS)
    if dy:
        return Slot(max(0, min(ROWS - 1, here_row + dy)) * COLUMNS + column)
    column += dx
    while 0 <= column < COLUMNS:
        if here_row * COLUMNS + column in slots:
            return Slot(here_row * COLUMNS + column)
        column += dx
    return PILES[0] if dx > 0 else focus


class SkyjoInput:
    """The piles and the big grid by mouse (clicks, the card in hand dragged) and keyboard."""

    def __init__(self, host: TableHost, grids: Grids) -> None:
        self.host = host
        self.grids = grids
        self.focus: Target | None = None  # the keyboard cursor, once a key placed it
        self.focus_row = 1  # the grid row the cursor comes back to from a pile
        self.hover: Target | None = None
        self.lifted: CardSprite | None = None  # the hovered or focused card, raised a little
        self.dragged: tuple[CardSprite, float, float, Pos] | None = None  # sprite, offset, start

    def saved_focus(self) -> dict:
        """The cursor and whether it shows, JSON-safe, for a resume (`restore_focus`)."""
        where: int | str | None = (self.focus.index if isinstance(self.focus, Slot)
                                   else None if self.focus is None else PILE_NAMES[PILES.index(self.focus)])
        return {"at": where, "row": self.focus_row, "shown": self.host.keyboard_focus}

    def restore_focus(self, data: object) -> None:
        """The cursor as `saved_focus` kept it; anything else (an older save's nothing) is left alone."""
        if not isinstance(data, dict):
            return
        at, row = data.get("at"), data.get("row")
        if isinstance(at, int) and not isinstance(at, bool) and 0 <= at < COLUMNS * ROWS:
            self.focus = Slot(at)
        elif at in PILE_NAMES:
            self.focus = PILES[PILE_NAMES.index(at)]
        if isinstance(row, int) and not isinstance(row, bool) and 0 <= row < ROWS:
            self.focus_row = row
        self.host.keyboard_focus = data.get("shown") is True and self.focus is not None

    def targets(self) -> list[Target]:
        """The legal targets of the human in front of the screen, in a stable order (for Tab)."""
        rules = self.host.match.rules
        if not self.host.my_turn() or self.grids.active != rules.current_player:
            return []
        return targets_of(rules.legal_moves())

    def target_key(self, view: SkyjoView, target: Target) -> Hashable | None:
        """The sprite key of what lies on a target: a slot's card, a pile's top card."""
        if isinstance(target, Slot):
            return slot_key(view, self.grids.active, target.index)
        if isinstance(target, DrawPile):
            return draw_key(view.draw_count - 1) if view.draw_count else None
        return view.discard_pile[-1] if view.discard_pile else None

    def sprite_at_target(self, view: SkyjoView, target: Target) -> CardSprite | None:
        key = self.target_key(view, target)
        return self.host.sprites.get(key) if key is not None else None

    def point(self) -> None:
        """Raise the card the mouse or the keyboard points at, if it may be picked; lower the last one."""
        target = self.focus if self.host.keyboard_focus else self.hover
        sprite = self.sprite_at_target(self.host.view(), target) if target in self.targets() else None
        if self.lifted is not None and self.lifted is not sprite:
            self.lifted.lift = 0.0
        if sprite is not None:
            sprite.lift = HOVER_LIFT
        self.lifted = sprite

    def focus_ring(self) -> tuple[pygame.FRect, bool] | None:
        """Where the keyboard cursor is drawn, and whether its target may be picked now."""
        if not self.host.keyboard_focus or self.focus is None or not self.host.my_turn():
            return None
        sprite = self.sprite_at_target(self.host.view(), self.focus)
        if sprite is not None:
            rect = sprite.rect.move(0, -sprite.lift)
        elif isinstance(self.focus, Slot):
            rect = self.grids.big_box().slot_rect(self.focus.index)
        else:
            rect = pile_rect(DRAW_POS if isinstance(self.focus, DrawPile) else DISCARD_POS)
        return rect, self.focus in self.targets()

    def hold_input(self, event: pygame.Event) -> bool:
        """A click or key while another human's grid is about to come down only brings it down:
        what it pointed at is about to move."""
        host = self.host
        if not (host.animator.busy and host.seating.bottom != self.grids.active):
            return False
        host.animator.finish_all()
        return True

    def on_motion(self, pos: Pos) -> None:
        if self.dragged is not None:
            sprite, dx, dy, _ = self.dragged
            sprite.pos = (pos[0] + dx, pos[1] + dy)
        if not self.host.my_turn():
            return
        self.hover = target_at(pos, self.grids.big_box())
        self.point()

    def on_press(self, pos: Pos) -> None:
        if not self.host.my_turn():
            return
        held = self.held_sprite(self.host.view())
        if held is not None and held.contains(pos) and self.host.can_act():
            held.z, held.lift = FLYING_Z, 0.0  # the card in hand is picked up: dropped on a slot, it goes there
            self.dragged = (held, held.x - pos[0], held.y - pos[1], pos)
            return
        target = target_at(pos, self.grids.big_box())
        if target is not None:
            self.choose(target)

    def on_release(self, pos: Pos) -> None:
        """The card in hand dropped on a slot of the grid (or on the discard pile) is played there;
        anywhere else, or without moving, it goes back."""
        if self.dragged is None:
            return
        _, _, _, start = self.dragged
        self.dragged = None
        target = target_at(pos, self.grids.big_box()) if math.dist(pos, start) >= DRAG_START else None
        if not (isinstance(target, Slot | DiscardPile) and self.host.my_turn() and self.choose(target)):
            self.host.sync()

    def held_sprite(self, view: SkyjoView) -> CardSprite | None:
        """The sprite of the card the player in front holds (drawn or taken), if any."""
        if view.hand is None or view.current_player != self.grids.active:
            return None
        return self.host.sprites.get(view.hand)

    def on_key(self, key: int, mod: int) -> None:
        """D, T, X play at once; the arrows walk the grid's rows and columns and the piles, Tab
        jumps between the cards that may be picked; Enter or Space picks (the first press shows
        the cursor)."""
        if not self.host.my_turn():
            return
        targets = self.targets()
        if key in MOVE_KEYS:
            self.host.play(MOVE_KEYS[key])
        elif self.focus is None and (key in ARROWS or key in ACTIVATE_KEYS or key == pygame.K_TAB):
            self.focus = targets[0] if targets else Slot(0)
        elif key in ARROWS and self.focus is not None:  # (None was answered just above)
            slots = self.host.view().grids[self.grids.active].occupied_slots
            self.focus = walk(self.focus, ARROWS[key], slots, self.focus_row)
        elif key == pygame.K_TAB and targets:
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            here = targets.index(self.focus) if self.focus in targets else -step
            self.focus = targets[(here + step) % len(targets)]
        elif key in ACTIVATE_KEYS and self.focus is not None:
            self.choose(self.focus)
        if isinstance(self.focus, Slot):
            self.focus_row = self.focus.index // COLUMNS
        self.point()
        self.host.save_soon()  # a resume finds the cursor where it was

    def choose(self, target: Target) -> bool:
        """Play the move a click on `target` makes; True if it was played."""
        view = self.host.view()
        if self.host.play(move_for(target, view.phase), self.sprite_at_target(view, target)):
            self.hover = None
            self.point()
            return True
        return False

    def refused(self, reason: str) -> str:
        return reason

    def viewer_changed(self) -> None:
        """The grids follow the seat in front by themselves (the table settles them)."""
