"""Kings Corner (seed 004): eight lay-down piles, human against computer, penalties to 25."""
from __future__ import annotations

import random

from game.cards import Card
from game.kings_corner.ai import LEVELS, ComputerPlayer, plan_turn, seed_step_moves
from game.kings_corner.moves import (
    CORNERS,
    KING_PENALTY,
    OTHER_PENALTY,
    PILE_NUMBERS,
    SIDES,
    TARGET,
    Draw,
    LayCard,
    Move,
    MovePile,
    NextRound,
    Pass,
    Undo,
    card_name,
    hand_penalty,
    lay_problem,
    move_problem,
)
from game.kings_corner.rules import NAME, KingsCorner
from game.kings_corner.save import game_from_dict
from game.kings_corner.text import RULES_TEXT
from game.kings_corner.view import GAME_OVER, PLAY, ROUND_OVER, RoundResult, TableView
from game.registry import GameInfo, register

TITLE = "Kings Corner"
MIN_PLAYERS = 2
MAX_PLAYERS = 2
LOW_SCORE_WINS = True  # scores are penalty points
COMPUTER_DEALS_FIRST = 1  # seat 1 (the computer beside the user) deals the first round

__all__ = [
    "CORNERS",
    "GAME_OVER",
    "KING_PENALTY",
    "LEVELS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "OTHER_PENALTY",
    "PILE_NUMBERS",
    "PLAY",
    "ROUND_OVER",
    "RULES_TEXT",
    "SIDES",
    "TARGET",
    "TITLE",
    "ComputerPlayer",
    "Draw",
    "KingsCorner",
    "LayCard",
    "Move",
    "MovePile",
    "NextRound",
    "Pass",
    "RoundResult",
    "TableView",
    "Undo",
    "card_name",
    "deal_position",
    "hand_penalty",
    "lay_problem",
    "load_game",
    "move_problem",
    "new_game",
    "plan_turn",
    "seed_step_moves",
]


def new_game(players: list[str], seed: int, first_dealer: int = COMPUTER_DEALS_FIRST,
             deck: list[Card] | None = None) -> KingsCorner:
    """A new game dealt from `seed` (or from `deck`, top card last); seat 1 deals by default."""
    if len(players) != 2:
        raise ValueError("Kings Corner is for two players")
    if first_dealer not in (0, 1):
        raise ValueError("the first dealer is seat 0 or 1")
    game = KingsCorner(list(players), random.Random(seed), first_dealer)
    game.deal(deck)
    return game


def load_game(data: dict) -> KingsCorner:
    """The game saved by to_dict(); ValueError if the data is not a valid Kings Corner save."""
    return game_from_dict(data)


def deal_position(hands: list[list[Card]], piles: list[list[Card]], turn: int = 0,
                  draw_pile: list[Card] | None = None, names: tuple[str, str] = ("You", "Computer"),
                  penalties: tuple[int, int] = (0, 0), seed: int = 0) -> KingsCorner:
    """A game in play from an exact position, for tests: unlisted cards form the draw pile."""
    game = KingsCorner(list(names), random.Random(seed), 1 - turn)
    game.hands = [sorted(h, key=lambda c: (-c.rank, c.suit)) for h in hands]
    game.piles = [list(p) for p in piles] + [[] for _ in range(8 - len(piles))]
    used = {c for h in hands for c in h} | {c for p in piles for c in p}
    if draw_pile is None:
        from game.cards import french_deck
        draw_pile = [c for c in french_deck() if c not in used]
    game.draw_pile = list(draw_pile)
    if any(penalties):
        game.rounds = [RoundResult(None, (penalties[0], penalties[1]), ((), ()))]
        game.penalties = list(penalties)
    game.check_invariants()
    return game


INFO = register(GameInfo(
    name=NAME, title=TITLE, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, levels=LEVELS,
    new_game=new_game, load_game=load_game, computer=ComputerPlayer, rules_text=RULES_TEXT,
    low_score_wins=LOW_SCORE_WINS, secret_hands=True))
