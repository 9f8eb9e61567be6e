"""High Card: its description for the registry, `new_game`, `load_game` and its computer.

A built-in game registers at import (`INFO = GameInfo(...))`); High Card is registered by
tests/high_card/conftest.py only while a test asks for it, so importing it changes nothing."""
from __future__ import annotations

import random

from game.cards import Card, french_deck
from game.registry import GameInfo, Option
from tests.high_card.game.rules import PILE_SIZES, HighCardGame, HighCardView, Turn, game_from_dict

RULES_TEXT = """\
A game of the tests, for two. Each player is dealt a pile of cards face down and may look at its top card.

- In turn, each player turns the top card of their own pile face up.
- The higher card takes the pair: Ace is high; of two equal ranks, spades beat hearts, hearts beat \
diamonds, diamonds beat clubs.
- When the piles are empty, whoever took the most pairs wins."""


def new_game(players: list[str], seed: int, cards: int = PILE_SIZES[0]) -> HighCardGame:
    """Two piles of `cards` cards each, dealt from a French deck shuffled by `seed`."""
    if len(players) != 2 or cards not in PILE_SIZES:
        raise ValueError(f"High Card is for two players with {PILE_SIZES} cards each")
    deck = french_deck()
    random.Random(seed).shuffle(deck)
    return HighCardGame(list(players), [deck[:cards], deck[cards:2 * cards]])


class Computer:
    """Nothing to decide: it turns its top card."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level

    def choose(self, view: HighCardView) -> Turn:
        return Turn()


INFO = GameInfo(
    name="high_card", title="High Card", min_players=2, max_players=2, levels=("normal",),
    new_game=new_game, load_game=game_from_dict, computer=Computer, rules_text=RULES_TEXT,
    deck=french_deck, tile_card=Card("french", 12, "spades"), score_unit="pairs", secret_hands=True,
    options=(Option(key="cards", label="Cards each", values=PILE_SIZES, labels=tuple(map(str, PILE_SIZES))),))
