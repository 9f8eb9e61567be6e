"""Sota, the Moroccan matching game on the Spanish deck: its description, new_game and load_game."""
from __future__ import annotations

import random

from game.cards import Card, spanish_deck
from game.registry import GameInfo, Option, ScoreWords, register
from game.sota.ai import LEVELS, ComputerPlayer
from game.sota.moves import SOTA_EFFECTS, ChooseSuit, Draw, Effect, Keep, Move, Pass, Play, TakeSkip
from game.sota.rules import MAX_PLAYERS, MIN_PLAYERS, NAME, SotaGame
from game.sota.save import game_from_dict
from game.sota.text import RULES_TEXT, forced_move, history_line, opening_line
from game.sota.view import SotaView
from lang import N_, n_

__all__ = [
    "INFO",
    "SOTA_EFFECTS",
    "ChooseSuit",
    "ComputerPlayer",
    "Draw",
    "Effect",
    "Keep",
    "Move",
    "Pass",
    "Play",
    "SotaGame",
    "SotaView",
    "TakeSkip",
    "load_game",
    "new_game",
]


def new_game(players: list[str], seed: int, stacking: bool = True, play_drawn: bool = False,
             deck: list[Card] | None = None,
             effects: dict[int, Effect] | None = None) -> SotaGame:
    """A new round for 2-4 named players dealt from `seed` (or from `deck`, first card first)."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Sota is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    rng = random.Random(seed)
    if deck is None:
        order = spanish_deck()
        rng.shuffle(order)
    else:
        order = list(deck)
        if sorted(order) != sorted(spanish_deck()):
            raise ValueError("a Sota deck is the 40 Spanish cards, each once")
    return SotaGame.deal(list(players), order, rng, stacking=stacking, play_drawn=play_drawn,
                         effects=effects)


def load_game(data: dict) -> SotaGame:
    """The game saved by to_dict(); ValueError if `data` is not a valid Sota save."""
    return game_from_dict(data)


SCORE = ScoreWords(unit=N_("cards left"), best=N_("Fewest cards left"), goal=N_("The fewest cards left win"),
                   amount=lambda n: n_("{n} card left", "{n} cards left", n))

INFO = register(GameInfo(
    view_type=SotaView, move_type=Move,
    history_line=history_line, forced_move=forced_move, opening_line=opening_line,
    name=NAME, title=N_("Sota"), min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, levels=LEVELS,
    menu_place=10,  # the menu's first tile
    new_game=new_game, load_game=load_game, computer=ComputerPlayer, rules_text=RULES_TEXT,
    deck=spanish_deck, tile_card=Card("spanish", 8, "cups"), score=SCORE,
    options=(Option(key="stacking", label=N_("Stacking Twos"), values=(True, False),
                    labels=(N_("On"), N_("Off"))),
             Option(key="play_drawn", label=N_("Play the drawn card"), values=(False, True),
                    labels=(N_("Off"), N_("On")))),
    low_score_wins=True,  # scores are the cards left in hand
    secret_hands=True))
