"""Kings Corner (seed 004): eight lay-down piles, human against computer, penalties to 25."""
from __future__ import annotations

import random

from game.cards import Card, french_deck
from game.kings_corner.ai import LEVELS, ComputerPlayer
from game.kings_corner.moves import Move as KingsCornerMove
from game.kings_corner.rules import NAME, KingsCornerGame
from game.kings_corner.save import game_from_dict
from game.kings_corner.text import RULES_TEXT, history_line
from game.kings_corner.view import KingsCornerView
from game.registry import GameInfo, ScoreWords, register
from lang import N_, n_

TITLE = N_("Kings Corner")
COMPUTER_DEALS_FIRST = 1  # seat 1 (the computer beside the user) deals the first round


def new_game(players: list[str], seed: int, first_dealer: int = COMPUTER_DEALS_FIRST,
             deck: list[Card] | None = None) -> KingsCornerGame:
    """A new game dealt from `seed` (or from `deck`, top card last); seat 1 deals by default."""
    if len(players) != 2:
        raise ValueError("Kings Corner is for two players")
    if first_dealer not in (0, 1):
        raise ValueError("the first dealer is seat 0 or 1")
    game = KingsCornerGame(list(players), random.Random(seed), first_dealer)
    game.deal(deck)
    return game


def load_game(data: dict) -> KingsCornerGame:
    """The game saved by to_dict(); ValueError if the data is not a valid Kings Corner save."""
    return game_from_dict(data)


SCORE = ScoreWords(unit=N_("penalty points"), best=N_("Fewest penalty points"),
                   goal=N_("The fewest penalty points win"),
                   amount=lambda n: n_("{n} penalty point", "{n} penalty points", n))

INFO = register(GameInfo(
    view_type=KingsCornerView, move_type=KingsCornerMove,
    history_line=history_line,
    name=NAME, title=TITLE, min_players=2, max_players=2, levels=LEVELS,
    menu_place=50,  # the menu's fifth tile
    new_game=new_game, load_game=load_game, computer=ComputerPlayer, rules_text=RULES_TEXT,
    deck=french_deck, tile_card=Card("french", 13, "hearts"), score=SCORE,
    low_score_wins=True, secret_hands=True, rounds=True))
