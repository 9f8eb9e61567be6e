"""Ninety-Nine's description for the registry. It registers through the entry point `card_arcade.games`
of the distribution tests/ninety_nine/conftest.py puts on sys.path, not at import."""
from __future__ import annotations

from game.cards import Card, french_deck
from game.registry import GameInfo, ScoreWords
from tests.ninety_nine.game.ai import LEVELS, Computer
from tests.ninety_nine.game.moves import Play
from tests.ninety_nine.game.rules import NAME, NinetyNineGame
from tests.ninety_nine.game.save import MAX_PLAYERS, MIN_PLAYERS, load_game
from tests.ninety_nine.game.text import RULES_TEXT
from tests.ninety_nine.game.view import NinetyNineView


def new_game(players: list[str], seed: int) -> NinetyNineGame:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Ninety-Nine is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    return NinetyNineGame.deal(players, seed)


SCORE = ScoreWords(unit="cards played", best="Most cards played", goal="The most cards played win",
                   amount=lambda n: f"{n} cards played")

INFO = GameInfo(
    name=NAME, title="Ninety-Nine", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, levels=LEVELS,
    new_game=new_game, load_game=load_game, computer=Computer, rules_text=RULES_TEXT,
    deck=french_deck, tile_card=Card("french", 9, "hearts"), score=SCORE, secret_hands=True,
    view_type=NinetyNineView, move_type=Play)
