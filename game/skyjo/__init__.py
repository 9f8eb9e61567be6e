"""Skyjo: 3x4 grids, the column rule, the doubled ender, rounds until someone reaches the target (100)."""
from __future__ import annotations

from typing import Any

from game.cards import Card, skyjo_deck
from game.registry import POINTS, GameInfo, Option, ScoreWords, register
from game.skyjo.ai import LEVELS, ComputerPlayer
from game.skyjo.moves import Move as SkyjoMove
from game.skyjo.rules import DEFAULT_TARGET, MAX_PLAYERS, MIN_PLAYERS, NAME, SkyjoGame, start_game
from game.skyjo.save import game_from_dict
from game.skyjo.text import RULES_TEXT, history_line
from game.skyjo.view import SkyjoView
from lang import N_

TITLE = N_("Skyjo")
LOW_SCORE_WINS = True  # the lowest total wins
TARGETS = (50, 100, 150, 200, 250, 300)  # the target scores setup offers
SCORE = ScoreWords(unit=POINTS.unit, best=N_("Fewest points"), goal=N_("The fewest points win"), amount=POINTS.amount)

__all__ = ["INFO", "SkyjoGame", "load_game", "new_game"]


def new_game(players: list[str], seed: int, target: int = DEFAULT_TARGET, **options: Any) -> SkyjoGame:
    """A new game for 2-8 named players, first round dealt from `seed`; `target` ends the game."""
    if options:
        raise ValueError(f"unknown Skyjo options: {sorted(options)}")
    return start_game(players, seed, target)


def load_game(data: dict) -> SkyjoGame:
    """The game saved by to_dict(); ValueError if the data is not a valid Skyjo save."""
    return game_from_dict(data)


INFO = register(GameInfo(
    view_type=SkyjoView, move_type=SkyjoMove,
    history_line=history_line,
    name=NAME, title=TITLE, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, levels=LEVELS,
    menu_place=40,  # the menu's fourth tile
    new_game=new_game, load_game=load_game, computer=ComputerPlayer, rules_text=RULES_TEXT,
    deck=skyjo_deck, tile_card=Card("skyjo", 12), low_score_wins=LOW_SCORE_WINS, score=SCORE, rounds=True,
    options=(Option(key="target", label=N_("Target score"), values=TARGETS, labels=tuple(str(t) for t in TARGETS),
                    default=TARGETS.index(DEFAULT_TARGET)),)))
