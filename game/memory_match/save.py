"""Reading a saved Memory Match game back (the rules class writes it with `to_dict`)."""
from __future__ import annotations

from typing import Any

from game.memory_match.moves import CHOICES, GRID_SIZE, Outcome
from game.memory_match.rules import NAME, SAVE_VERSION, MemoryMatchGame
from game.memory_match.view import Reveal
from game.validate import card, cards, names, one_of, rng, save_reader, whole, wholes

DECK = "memory"
SCORE_BOUND = GRID_SIZE  # no score can pass this either way: at most two points a card
MOST_SKIPS = GRID_SIZE // 2  # a skip comes with a pair taken
MOST_TURNS = 10**9


@save_reader("Memory Match")
def load_game(data: Any) -> MemoryMatchGame:
    """Rebuild a game from to_dict(); ValueError if the data is not a valid Memory Match save."""
    if not isinstance(data, dict) or data.get("game") != NAME or data.get("version") != SAVE_VERSION:
        raise ValueError("not a Memory Match save of a known version")
    players = names(data["players"], "the player names", 2, 2)
    grid = data["grid"]
    if not isinstance(grid, list) or len(grid) != GRID_SIZE:
        raise ValueError("the grid must have 16 cells")
    game = MemoryMatchGame(players, [None if c is None else card(c, "a grid cell", DECK) for c in grid],
                           whole(data["starter"], "the starter", 0, 1), rng(data["rng"]))
    game.current = whole(data["current"], "the player to move", 0, 1)
    game.scores = wholes(data["scores"], "the scores", 2, -SCORE_BOUND, SCORE_BOUND)
    game.skips = wholes(data["skips"], "the skipped turns", 2, 0, MOST_SKIPS)
    game.flipped = wholes(data["flipped"], "the flipped cells", None, 0, GRID_SIZE - 1)
    choice = one_of(data["pending_choice"], [None, *map(str, CHOICES)], "the pending choice")
    game.pending_choice = None if choice is None else Outcome(choice)
    taken = data["taken"]
    if not isinstance(taken, list) or len(taken) != 2:
        raise ValueError("a save needs two piles of taken cards")
    game.taken = [cards(pile, "a taken card", DECK) for pile in taken]
    game.log = [Reveal(whole(i, "a logged cell", 0, GRID_SIZE - 1), card(c, "a logged card", DECK),
                       whole(p, "a logged player", 0, 1), whole(t, "a logged turn", 0, MOST_TURNS))
                for i, c, p, t in data["log"]]
    game.turn = whole(data["turn"], "the turn", 0, MOST_TURNS)
    game.check_invariants()
    return game
