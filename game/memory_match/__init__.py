"""Memory Match (seed 001): find pairs in a 4x4 grid with Bonus and Penalty cards, two players."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.cards import Card, memory_deck, rng_from_json
from game.memory_match.ai import LEVELS, ComputerPlayer
from game.memory_match.moves import (
    CHOICE_LABELS,
    CHOICES,
    END_TURN,
    GRID_COLS,
    GRID_ROWS,
    GRID_SIZE,
    OUTCOMES,
    PLAY_AGAIN,
    SKIP_NEXT,
    Choose,
    Flip,
    MemoryEvent,
    MemoryView,
    Reveal,
    classify,
    is_standard,
)
from game.memory_match.rules import NAME, SAVE_VERSION, MemoryMatch
from game.memory_match.text import RULES_TEXT
from game.registry import GameInfo, Option, register

TITLE = "Memory Match"
MIN_PLAYERS = 2
MAX_PLAYERS = 2

__all__ = [
    "CHOICES",
    "CHOICE_LABELS",
    "END_TURN",
    "GRID_COLS",
    "GRID_ROWS",
    "GRID_SIZE",
    "LEVELS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "OUTCOMES",
    "PLAY_AGAIN",
    "RULES_TEXT",
    "SKIP_NEXT",
    "TITLE",
    "Choose",
    "ComputerPlayer",
    "Flip",
    "MemoryEvent",
    "MemoryMatch",
    "MemoryView",
    "Reveal",
    "classify",
    "is_standard",
    "layout_cards",
    "load_game",
    "new_game",
]


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


def new_game(players: list[str], seed: int, starter: int = 0,
             layout: Sequence[int] | None = None, **options: Any) -> MemoryMatch:
    """A new game: the 16 cards shuffled by `seed` (or laid out as `layout`), `starter` first."""
    if options:
        raise ValueError(f"unknown Memory Match options: {sorted(options)}")
    if len(players) != 2:
        raise ValueError("Memory Match is for two players")
    if starter not in (0, 1):
        raise ValueError("the starter is player 0 or player 1")
    rng = random.Random(seed)
    if layout is None:
        grid = memory_deck()
        rng.shuffle(grid)
    else:
        grid = layout_cards(layout)
    return MemoryMatch(players, list(grid), starter, rng)


def _card(data: Any) -> Card:
    card = Card.from_json(data)
    if card.deck != "memory":
        raise ValueError(f"not a Memory Match card: {data!r}")
    return card


def _ints(data: Any, length: int) -> list[int]:
    if not isinstance(data, list) or len(data) != length or not all(type(x) is int for x in data):
        raise ValueError(f"expected {length} whole numbers, got {data!r}")
    return data


def load_game(data: dict) -> MemoryMatch:
    """Rebuild a game from to_dict(); ValueError if the data is not a valid Memory Match save."""
    try:
        return _load(data)
    except (KeyError, TypeError, IndexError, AttributeError, AssertionError) as exc:
        raise ValueError(f"damaged Memory Match save: {exc!r}") from exc


def _load(data: dict) -> MemoryMatch:
    if not isinstance(data, dict) or data.get("game") != NAME or data.get("version") != SAVE_VERSION:
        raise ValueError("not a Memory Match save of a known version")
    players = data["players"]
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) for p in players)):
        raise ValueError("a save needs two player names")
    grid = data["grid"]
    if not isinstance(grid, list) or len(grid) != GRID_SIZE:
        raise ValueError("the grid must have 16 cells")
    game = MemoryMatch(players, [None if c is None else _card(c) for c in grid],
                       _ints([data["starter"]], 1)[0], rng_from_json(data["rng"]))
    game.current = _ints([data["current"]], 1)[0]
    game.scores = _ints(data["scores"], 2)
    game.skips = _ints(data["skips"], 2)
    flipped = data["flipped"]
    game.flipped = _ints(flipped, len(flipped) if isinstance(flipped, list) else -1)
    choice = data["pending_choice"]
    if choice is not None and choice not in CHOICES:
        raise ValueError(f"unknown pending choice {choice!r}")
    game.pending_choice = choice
    taken = data["taken"]
    if not isinstance(taken, list) or len(taken) != 2:
        raise ValueError("a save needs two piles of taken cards")
    game.taken = [[_card(c) for c in pile] for pile in taken]
    game.log = [Reveal(_ints([i], 1)[0], _card(c), _ints([p], 1)[0], _ints([t], 1)[0])
                for i, c, p, t in data["log"]]
    game.turn = _ints([data["turn"]], 1)[0]
    if game.starter not in (0, 1) or not all(0 <= i < GRID_SIZE for i in game.flipped):
        raise ValueError("a player or cell number is out of range")
    if not all(0 <= r.index < GRID_SIZE and r.player in (0, 1) for r in game.log):
        raise ValueError("the reveal log names a cell or player out of range")
    game.check_invariants()
    return game


INFO = register(GameInfo(
    name=NAME, title=TITLE, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, levels=LEVELS,
    new_game=new_game, load_game=load_game, computer=ComputerPlayer, rules_text=RULES_TEXT,
    options=(Option(key="starter", label="Who starts", values=("p1", "p2", "coin"),
                    labels=("Player 1", "Player 2", "Coin toss"), default=2),)))
