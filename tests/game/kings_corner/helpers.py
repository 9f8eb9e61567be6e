"""Shared helpers for the Kings Corner tests: cards written as "7S", exact positions."""
from __future__ import annotations

import random

from game.cards import Card, french_deck
from game.kings_corner.rules import KingsCornerGame
from game.kings_corner.view import RoundResult

RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def c(text: str) -> Card:
    """A card from the original rules' two-letter code: "7S" is the Seven of Spades, "TD" the Ten of Diamonds."""
    return Card("french", RANKS[text[0]], SUITS[text[1]])


def cs(text: str) -> list[Card]:
    """Cards from codes separated by spaces."""
    return [c(t) for t in text.split()]


def position(hands: tuple[str, str], piles: list[str], turn: int = 0, draw: str | None = None,
             penalties: tuple[int, int] = (0, 0)):
    """A game in play at an exact position; `draw` lists the draw pile bottom to top.

    With draw="" the draw pile is empty and every unlisted card joins the hand of the player
    who is not to move, so that 52 cards are still on the table."""
    hand_cards = [cs(h) for h in hands]
    pile_cards = [cs(p) for p in piles]
    draw_pile = None if draw is None else cs(draw)
    if draw == "":
        used = {x for h in hand_cards for x in h} | {x for p in pile_cards for x in p}
        hand_cards[1 - turn] += [x for x in french_deck() if x not in used]
    return deal_position(hand_cards, pile_cards, turn=turn, draw_pile=draw_pile,
                         penalties=penalties)


def deal_position(hands: list[list[Card]], piles: list[list[Card]], turn: int = 0,
                  draw_pile: list[Card] | None = None, names: tuple[str, str] = ("You", "Computer"),
                  penalties: tuple[int, int] = (0, 0), seed: int = 0) -> KingsCornerGame:
    """A game in play from an exact position: unlisted cards form the draw pile."""
    game = KingsCornerGame(list(names), random.Random(seed), 1 - turn)
    game.hands = [sorted(h, key=lambda c: (-c.rank, c.suit)) for h in hands]
    game.piles = [list(p) for p in piles] + [[] for _ in range(8 - len(piles))]
    used = {c for h in hands for c in h} | {c for p in piles for c in p}
    if draw_pile is None:
        draw_pile = [c for c in french_deck() if c not in used]
    game.draw_pile = list(draw_pile)
    if any(penalties):
        game.rounds = [RoundResult(None, (penalties[0], penalties[1]), ((), ()))]
        game.penalties = list(penalties)
    game.check_invariants()
    return game
