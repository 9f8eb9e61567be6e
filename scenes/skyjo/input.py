"""What a click or a key means on the Skyjo table: targets (a pile or a slot of the big grid) and moves."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from game.skyjo.moves import COLUMNS, ROWS, Discard, DrawCard, Exchange, Phase, TakeDiscard, TurnUp
from scenes.skyjo.layout import DISCARD_POS, DRAW_POS, GridBox, pile_rect

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
MOVE_KEYS = {pygame.K_d: DrawCard(), pygame.K_t: TakeDiscard(), pygame.K_x: Discard()}

Target = tuple[str, int]  # ("draw", 0), ("discard", 0) or ("slot", slot)
PILES: tuple[Target, ...] = (("draw", 0), ("discard", 0))  # right of the grid, in this order


def target_of(move: Any) -> Target:
    """Which thing on the table a move is made by clicking."""
    if isinstance(move, TurnUp | Exchange):
        return ("slot", move.slot)
    if isinstance(move, DrawCard):
        return ("draw", 0)
    return ("discard", 0)


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
    kind, slot = target
    if kind == "slot":
        return TurnUp(slot) if phase in (Phase.REVEAL, Phase.TURN_UP) else Exchange(slot)
    if kind == "draw":
        return DrawCard()
    return Discard() if phase == Phase.PLACE_DRAWN else TakeDiscard()


def target_at(pos: tuple[float, float], big: GridBox) -> Target | None:
    """The pile or the slot of the big grid under `pos`."""
    if pile_rect(DRAW_POS).collidepoint(pos):
        return ("draw", 0)
    if pile_rect(DISCARD_POS).collidepoint(pos):
        return ("discard", 0)
    slot = big.slot_at(pos)
    return ("slot", slot) if slot is not None else None


def target_pos(target: Target, big: GridBox) -> tuple[float, float]:
    """Where a target is on screen."""
    kind, slot = target
    if kind == "draw":
        return DRAW_POS
    if kind == "discard":
        return DISCARD_POS
    return big.slot_centre(slot)


def walk(focus: Target, step: tuple[int, int], slots: Sequence[int], row: int) -> Target:
    """Where an arrow key takes the keyboard focus on the table read as one plane: the big grid's
    rows and columns, then the two piles to its right. Left/Right cross columns (over an empty
    one) and reach the piles from the grid's last column; Up/Down cross rows and stop at the
    edges. `slots` are the slots holding a card; `row` is the row to come back to from a pile."""
    dx, dy = step
    kind, slot = focus
    if kind != "slot":
        place = PILES.index(focus) + dx
        if place >= 0:
            return PILES[min(place, len(PILES) - 1)] if dy == 0 else focus
        columns = [s % COLUMNS for s in slots]  # back onto the grid's last column in `row`
        return ("slot", row * COLUMNS + max(columns)) if columns else focus
    here_row, column = divmod(slot, COLUMNS)
    if dy:
        return ("slot", max(0, min(ROWS - 1, here_row + dy)) * COLUMNS + column)
    column += dx
    while 0 <= column < COLUMNS:
        if here_row * COLUMNS + column in slots:
            return ("slot", here_row * COLUMNS + column)
        column += dx
    return PILES[0] if dx > 0 else focus
