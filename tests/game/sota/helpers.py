"""Helpers for Sota's tests: cards by name, and games in an exact position."""
from __future__ import annotations

import random
from typing import Any

from game.cards import Card, spanish_deck
from game.sota import SotaGame

NAMES3 = ["Ana", "Badr", "Chama"]


def c(text: str) -> Card:
    """'7 cups' -> the 7 of Cups."""
    rank, suit = text.split()
    return Card("spanish", int(rank), suit)


def cs(text: str) -> list[Card]:
    """'7 cups, 3 coins' -> those cards."""
    return [c(t.strip()) for t in text.split(",")] if text.strip() else []


def from_layout(names: list[str], hands: list[list[Card]], discard: list[Card], draw_pile: list[Card], *,
                seed: int = 0, rest_to: str = "draw", current: int = 0, **options: Any) -> SotaGame:
    """A game in an exact position: `draw_pile` lists its top first, `discard` its bottom first;
    every card not named goes under the draw pile (rest_to="draw") or under the discard pile
    (rest_to="discard")."""
    named = [x for h in hands for x in h] + list(discard) + list(draw_pile)
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    rest = [x for x in spanish_deck() if x not in named]
    pile = list(reversed(draw_pile))
    if rest_to == "draw":
        pile = rest + pile
    else:
        discard = rest + list(discard)
    game = SotaGame(names, hands, pile, discard, random.Random(seed), **options)
    game.current = current
    game.check_invariants()
    return game


def layout(hands: list[str], top: str, draw: str = "", names=None, **kw) -> SotaGame:
    """Hands and the draw pile's top cards by name, on `top`; the first three seats are named."""
    names = names or NAMES3[:len(hands)] + ["Dina"][:max(0, len(hands) - 3)]
    return from_layout(names, [cs(h) for h in hands], [c(top)], cs(draw), **kw)
