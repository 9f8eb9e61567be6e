"""The rules of Card Arcade's games: pure Python, no pygame, deterministic from a seed."""
from game.cards import Card
from game.core import Event, IllegalMove, RulesGame
from game.registry import GAME_NAMES, available_games, game_module, load_game, new_game

__all__ = [
           "GAME_NAMES",
           "Card",
           "Event",
           "IllegalMove",
           "RulesGame",
           "available_games",
           "game_module",
           "load_game",
           "new_game",
]
