"""War (seed 002): the registry module: options, new_game, load_game, the computer player."""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.cards import Card
from game.registry import GameInfo, Option, register
from game.war.deck import WarOptions, hand_rating, hands_from_order, shuffled_hands, trick_hands
from game.war.rules import NAME, Battle, WarGame
from game.war.save import load_game
from game.war.sim import simulate
from game.war.text import RULES_TEXT, format_play_time, war_name

TITLE = "War"
MIN_PLAYERS = 2
MAX_PLAYERS = 2
LEVELS = ("normal",)  # War has no decisions: one computer level
OPTIONS = {"variant": ("x4", "classic"), "ace": ("low", "high"), "pickup": ("random", "fixed"),
           "deck": ("shuffled", "trick")}

__all__ = [
    "LEVELS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "OPTIONS",
    "RULES_TEXT",
    "TITLE",
    "Battle",
    "ComputerPlayer",
    "WarGame",
    "WarOptions",
    "format_play_time",
    "hand_rating",
    "load_game",
    "new_game",
    "simulate",
    "war_name",
]


def new_game(players: list[str], seed: int, variant: str = "x4", ace: str = "low",
             pickup: str = "random", deck: str = "shuffled", cards: Sequence[Card] | None = None,
             hands: tuple[Sequence[Card], Sequence[Card]] | None = None) -> WarGame:
    """A new game: deck 'shuffled' (from `seed`) or 'trick' (the sextuple-war demo deal).

    For tests and replays, `cards` deals a given 52-card order (first 26 to seat 0) and `hands`
    gives both stacks directly (top card first, any distinct French cards); both set deck
    'custom'. Won cards are still picked up with the RNG seeded by `seed`.
    """
    rng = random.Random(seed)
    if hands is not None:
        dealt = (list(hands[0]), list(hands[1]))
        deck = "custom"
    elif cards is not None:
        dealt = hands_from_order(list(cards))
        deck = "custom"
    elif deck == "trick":
        WarOptions(variant=variant)  # validate before building
        dealt = trick_hands(variant)
    elif deck == "shuffled":
        dealt = shuffled_hands(rng)
    else:
        raise ValueError("War deck must be 'shuffled' or 'trick'")
    options = WarOptions(variant=variant, ace=ace, pickup=pickup, deck=deck)
    everything = dealt[0] + dealt[1]
    if len(set(everything)) != len(everything) or any(c.deck != "french" for c in everything):
        raise ValueError("War is dealt distinct French cards")
    return WarGame(players, options, dealt, rng)


class ComputerPlayer:
    """War has no decisions: the computer always fights the next battle."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"War computer level must be one of {LEVELS}")
        self.level = level
        self.seed = seed

    def choose(self, view: dict) -> Battle:
        """The only legal move."""
        if view.get("is_over"):
            raise ValueError("the game is over: no move to choose")
        return Battle()


INFO = register(GameInfo(
    name=NAME, title=TITLE, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, levels=LEVELS,
    new_game=new_game, load_game=load_game, computer=ComputerPlayer, rules_text=RULES_TEXT,
    options=(Option(key="variant", label="War", values=("x4", "classic"),
                    labels=("x4: 3 down 1 up", "classic: 1 down 1 up")),
             Option(key="ace", label="Ace", values=("low", "high"), labels=("low", "high")),
             Option(key="pickup", label="Pickup", values=("random", "fixed"), labels=("random", "fixed order")),
             Option(key="deck", label="Deck", values=("shuffled", "trick"),
                    labels=("shuffled", "trick (sextuple war)"))),
    decisions=False))
