"""What a click or a key means on the Skyjo table: targets (a pile or a slot of the big grid) and moves."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from game.places import DiscardPile, DrawPile, Slot
from game.skyjo.moves import COLUMNS, ROWS, Discard, DrawCard, Exchange, Phase, TakeDiscard, TurnUp
from scenes.skyjo.layout import DISCARD_POS, DRAW_POS, GridBox, pile_rect

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
MOVE_KEYS = {pygame.K_d: DrawCard(), pygame.K_t: TakeDiscard(), pygame.K_x: Discard()}

Target = Slot | DrawPile | DiscardPile  # a slot of the big grid, or a pile
PILES: tuple[Target, ...] = (DrawPile(), DiscardPile())  # right of the grid, in this order


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
