"""The rules of Card Arcade's games: pure Python, no pygame, deterministic from a seed."""
from game.cards import Card
from game.core import Event, IllegalMove, RulesGame
from game.registry import GameInfo, Option, all_games, game_info, game_names, load_game, new_game

__all__ = ["Card", "Event", "GameInfo", "IllegalMove", "Option", "RulesGame", "all_games", "game_info",
           "game_names", "load_game", "new_game"]
