"""Shared helpers for the Kings Corner tests: cards written as "7S", exact positions."""
from __future__ import annotations

from game.cards import Card, french_deck
from game.kings_corner import deal_position

RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def c(text: str) -> Card:
    """A card from the seed's two-letter code: "7S" is the Seven of Spades, "TD" the Ten of Diamonds."""
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
