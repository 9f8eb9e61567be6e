"""War (seed 002): its description for the registry, `new_game` and `load_game`."""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.cards import Card, french_deck
from game.registry import GameInfo, Option, ScoreWords, register
from game.war.ai import LEVELS, ComputerPlayer
from game.war.deck import WarOptions, hands_from_order, shuffled_hands, trick_hands
from game.war.moves import Battle
from game.war.moves import Move as WarMove
from game.war.rules import NAME, WarGame
from game.war.save import load_game
from game.war.sim import simulate
from game.war.text import RULES_TEXT, history_line
from game.war.view import WarView
from lang import N_, n_

__all__ = ["INFO", "LEVELS", "Battle", "ComputerPlayer", "WarGame", "WarView", "load_game", "new_game", "simulate"]


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


SCORE = ScoreWords(unit=N_("cards held"), best=N_("Most cards held"), goal=N_("The most cards held win"),
                   amount=lambda n: n_("{n} card held", "{n} cards held", n))

INFO = register(GameInfo(
    view_type=WarView, move_type=WarMove,
    history_line=history_line,
    name=NAME, title=N_("War"), min_players=2, max_players=2, levels=LEVELS,
    menu_place=30,  # the menu's third tile
    new_game=new_game, load_game=load_game, computer=ComputerPlayer, rules_text=RULES_TEXT,
    deck=french_deck, tile_card=Card("french", 1, "spades"), score=SCORE,
    options=(# TRANSLATORS: the game's title, and its option of how a war (equal cards turned) is laid down
             Option(key="variant", label=N_("War"), values=("x4", "classic"),
                    labels=(N_("x4: 3 down 1 up"), N_("classic: 1 down 1 up"))),
             Option(key="ace", label=N_("Ace"), values=("low", "high"), labels=(N_("low"), N_("high"))),
             # TRANSLATORS: how the winner of a battle picks the won cards up
             Option(key="pickup", label=N_("Pickup"), values=("random", "fixed"),
                    labels=(N_("random"), N_("fixed order"))),
             Option(key="deck", label=N_("Deck"), values=("shuffled", "trick"),
                    labels=(N_("shuffled"), N_("trick (sextuple war)")))),
    decisions=False))
