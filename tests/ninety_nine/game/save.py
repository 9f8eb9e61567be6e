"""Reading a Ninety-Nine save: every field checked, any damage a ValueError."""
from __future__ import annotations

from typing import Any

from game.validate import cards, names, rng, save_reader, whole, wholes
from tests.ninety_nine.game.rules import DECK, NAME, SAVE_VERSION, NinetyNineGame
from tests.ninety_nine.game.view import LIMIT

MIN_PLAYERS, MAX_PLAYERS = 2, 4


@save_reader("Ninety-Nine")
def load_game(data: Any) -> NinetyNineGame:
    """The game `to_dict` wrote; ValueError if `data` is not a Ninety-Nine save of a known version."""
    if not isinstance(data, dict) or data.get("game") != NAME or data.get("version") != SAVE_VERSION:
        raise ValueError("not a Ninety-Nine save of a known version")
    players = names(data["players"], "the players", MIN_PLAYERS, MAX_PLAYERS)
    hands = data["hands"]
    if not (isinstance(hands, list) and len(hands) == len(players)):
        raise ValueError("a Ninety-Nine save has one hand a player")
    game = NinetyNineGame(players, [cards(hand, "a hand", DECK) for hand in hands],
                          cards(data["draw"], "the draw pile", DECK), rng(data["rng"]),
                          cards(data["pile"], "the pile", DECK), whole(data["count"], "the count", 0, LIMIT),
                          whole(data["current"], "the player to move", 0, len(players) - 1),
                          wholes(data["played"], "the cards played", len(players), 0, 52))
    game.check_invariants()
    return game
