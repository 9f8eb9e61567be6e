"""Memory Match games with a scripted grid, for the rules, computer and table tests."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from game.cards import Card, memory_deck
from game.memory_match.moves import GRID_SIZE
from game.memory_match.rules import MemoryMatchGame

# Cells 0-11 hold the symbol pairs 1-6 side by side; 12-13 the Bonus cards, 14-15 the Penalty cards.
ORDERED = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8)


def layout_cards(ranks: Sequence[int]) -> list[Card]:
    """The 16 cards for a scripted layout given as ranks per cell (each of 1-8 exactly twice)."""
    if len(ranks) != GRID_SIZE or sorted(ranks) != sorted(c.rank for c in memory_deck()):
        raise ValueError("a layout lists ranks 1-8, each exactly twice, for the 16 cells")
    copies: Counter[int] = Counter()
    cards = []
    for rank in ranks:
        cards.append(Card("memory", rank, "", copies[rank]))
        copies[rank] += 1
    return cards


def scripted_game(players: Sequence[str], seed: int, layout: Sequence[int] = ORDERED,
                  starter: int = 0) -> MemoryMatchGame:
    """A game whose grid is `layout` (ranks by cell), `starter` first, its generator seeded by `seed`."""
    return MemoryMatchGame(list(players), list(layout_cards(layout)), starter, random.Random(seed))
