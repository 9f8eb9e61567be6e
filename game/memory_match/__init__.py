"""Memory Match (seed 001): find pairs in a 4x4 grid with Bonus and Penalty cards, two players."""
from __future__ import annotations

import random
from typing import Any

from game.cards import Card, memory_deck
from game.memory_match.ai import LEVELS, ComputerPlayer
from game.memory_match.moves import Move as MemoryMove
from game.memory_match.rules import NAME, MemoryMatchGame
from game.memory_match.save import load_game
from game.memory_match.text import RULES_TEXT, history_line
from game.memory_match.view import MemoryView
from game.registry import GameInfo, Option, ScoreWords, register
from lang import N_, n_

STARTERS = ("p1", "p2", "coin")  # the "starter" option: player 1, player 2, or a coin toss

__all__ = ["INFO", "STARTERS", "load_game", "new_game", "toss_coin"]


def toss_coin(seed: int) -> int:
    """The coin toss of a new game: its own generator, seeded, so a seed replays the same toss."""
    return random.Random(f"coin:{seed}").randrange(2)


def new_game(players: list[str], seed: int, starter: int | str = 0, **options: Any) -> MemoryMatchGame:
    """A new game: the 16 cards shuffled by `seed`; `starter` is the first player, 0 or 1, or one
    of STARTERS ("coin": tossed from `seed`)."""
    if options:
        raise ValueError(f"unknown Memory Match options: {sorted(options)}")
    if len(players) != 2:
        raise ValueError("Memory Match is for two players")
    if isinstance(starter, str):
        if starter not in STARTERS:
            raise ValueError(f"the starter is one of {STARTERS}, not {starter!r}")
        starter = toss_coin(seed) if starter == "coin" else STARTERS.index(starter)
    if starter not in (0, 1) or isinstance(starter, bool):
        raise ValueError("the starter is player 0 or player 1")
    rng = random.Random(seed)
    grid = memory_deck()
    rng.shuffle(grid)
    return MemoryMatchGame(players, list(grid), starter, rng)


SCORE = ScoreWords(unit=N_("pairs"), best=N_("Most pairs"), goal=N_("The most pairs win"),
                   amount=lambda n: n_("{n} pair", "{n} pairs", n))

INFO = register(GameInfo(
    view_type=MemoryView, move_type=MemoryMove,
    history_line=history_line,
    name=NAME, title=N_("Memory Match"), min_players=2, max_players=2, levels=LEVELS,
    menu_place=20,  # the menu's second tile
    new_game=new_game, load_game=load_game, computer=ComputerPlayer, rules_text=RULES_TEXT,
    deck=memory_deck, tile_card=Card("memory", 7), score=SCORE,
    options=(Option(key="starter", label=N_("Who starts"), values=STARTERS,
                    labels=(N_("Player 1"), N_("Player 2"), N_("Coin toss")), default=2),)))
