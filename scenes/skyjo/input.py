"""What a click or a key means on the Skyjo table: targets (a pile or a slot of the big grid) and moves."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from game.skyjo.moves import Discard, DrawCard, Exchange, TakeDiscard, TurnUp
from scenes.skyjo.layout import DISCARD_POS, DRAW_POS, GridBox, pile_rect

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
PREVIOUS_KEYS = (pygame.K_LEFT, pygame.K_UP)
NEXT_KEYS = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB)
MOVE_KEYS = {pygame.K_d: DrawCard(), pygame.K_t: TakeDiscard(), pygame.K_x: Discard()}

Target = tuple[str, int]  # ("draw", 0), ("discard", 0) or ("slot", slot)


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


def move_for(target: Target, phase: str) -> Any:
    """The move a click on `target` makes in `phase` (legal or not: the rules will judge)."""
    kind, slot = target
    if kind == "slot":
        return TurnUp(slot) if phase in ("reveal", "turn_up") else Exchange(slot)
    if kind == "draw":
        return DrawCard()
    return Discard() if phase == "place_drawn" else TakeDiscard()


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
