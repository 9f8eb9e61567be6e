"""Kings Corner moves and pile rules as small predicates, shared by the rules and the computer."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.cards import Card, card_words, rank_words
from lang import _

SIDES = (1, 2, 3, 4)
CORNERS = (5, 6, 7, 8)
PILE_NUMBERS = SIDES + CORNERS
KING = 13
ACE = 1
KING_PENALTY = 10
OTHER_PENALTY = 1
HAND_SIZE = 7
TARGET = 25

RANK_WORDS = {1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
              8: "Eight", 9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King"}

Piles = Sequence[Sequence[Card]]


class Phase(StrEnum):
    """Where the game stands (saved as its word)."""

    PLAY = "play"  # a round is played
    ROUND_OVER = "round_over"  # the round is scored; the next one waits
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class LayCard:
    """Lay `card` from the hand on pile `pile` (1-8)."""

    card: Card
    pile: int

    def __str__(self) -> str:
        return f"lay the {card_name(self.card)} on pile {self.pile}"


@dataclass(frozen=True, slots=True)
class MovePile:
    """Move the whole pile `src` onto pile `dst` (1-8)."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"move pile {self.src} onto pile {self.dst}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the draw pile, which ends the turn."""

    def __str__(self) -> str:
        return "draw a card"


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn without drawing: only when the draw pile is empty."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last move of this turn (before drawing)."""

    def __str__(self) -> str:
        return "undo"


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next round after the score sheet of a finished round."""

    def __str__(self) -> str:
        return "next round"


Move = LayCard | MovePile | Draw | Pass | Undo | NextRound
MOVE_TYPES = (LayCard, MovePile, Draw, Pass, Undo, NextRound)


def card_name(card: Card) -> str:
    """The card in words, in the current language: "Six of Hearts"."""
    return str(card_words(card, spelled=True))


def coloured(rank: int, red: bool) -> str:
    """A rank of a colour, in the current language: "Red Six", "Black Seven"."""
    word = str(rank_words(Card("french", rank), spelled=True))
    return _("Red {rank}", rank=word) if red else _("Black {rank}", rank=word)


def penalty(card: Card) -> int:
    """Penalty points of a card left in hand: King 10, every other card 1."""
    return KING_PENALTY if card.rank == KING else OTHER_PENALTY


def hand_penalty(hand: Sequence[Card]) -> int:
    return sum(penalty(c) for c in hand)


def hand_sort_key(card: Card) -> tuple[int, str]:
    """Hands are kept sorted: high rank first, then by suit."""
    return (-card.rank, card.suit)


def fits_on(card: Card, top: Card) -> bool:
    """True if `card` continues a pile whose top is `top`: one rank lower, other colour."""
    return card.rank == top.rank - 1 and card.is_red != top.is_red


def starts_pile(card: Card, pile_no: int) -> bool:
    """True if `card` may start the empty pile `pile_no`: any card on a side, a King on a corner."""
    return pile_no in SIDES or card.rank == KING


def accepts(pile_no: int, pile: Sequence[Card], card: Card) -> bool:
    """True if pile `pile_no` (holding `pile`) takes `card` on top, alone or as a pile's bottom."""
    return fits_on(card, pile[-1]) if pile else starts_pile(card, pile_no)


def continuation_rule(top: Card) -> str:
    """What goes on `top`, in words: "A Red Six goes on a Black Seven."."""
    if top.rank == ACE:
        return _("Nothing goes on an Ace: the {card} ends its pile.", card=card_name(top))
    return _("A {card} goes on a {top}.", card=coloured(top.rank - 1, not top.is_red),
             top=coloured(top.rank, top.is_red))


def lay_problem(card: Card, pile_no: int, piles: Piles) -> str | None:
    """Why `card` cannot go on pile `pile_no`, or None if it can (the hand is not checked)."""
    if pile_no not in PILE_NUMBERS:
        return _("There is no pile {pile}: the piles are 1 to 8.", pile=pile_no)
    pile = piles[pile_no - 1]
    if accepts(pile_no, pile, card):
        return None
    if not pile:
        return _("Only a King goes on an empty corner pile.")
    return continuation_rule(pile[-1])


def move_problem(src: int, dst: int, piles: Piles) -> str | None:
    """Why pile `src` cannot move onto pile `dst`, or None if it can."""
    for pile_no in (src, dst):
        if pile_no not in PILE_NUMBERS:
            return _("There is no pile {pile}: the piles are 1 to 8.", pile=pile_no)
    if src == dst:
        return _("A pile cannot move onto itself.")
    moving = piles[src - 1]
    if not moving:
        return _("Pile {pile} is empty: there is nothing to move.", pile=src)
    target = piles[dst - 1]
    bottom = moving[0]
    if not target and (src in SIDES) == (dst in SIDES):
        if dst in SIDES:
            return _("Moving a pile onto an empty side like its own would change nothing.")
        return _("Moving a pile onto an empty corner like its own would change nothing.")
    if accepts(dst, target, bottom):
        return None
    if not target:
        return _("Only a pile that starts with a King moves onto an empty corner.")
    return _("Pile {src} starts with the {card}, which does not continue pile {dst}. {rule}", src=src,
             card=card_name(bottom), dst=dst, rule=continuation_rule(target[-1]))


def lay_moves(hand: Sequence[Card], piles: Piles) -> list[LayCard]:
    """Every legal lay of a hand card, in hand order then pile order."""
    return [LayCard(card, p) for card in hand for p in PILE_NUMBERS
            if accepts(p, piles[p - 1], card)]


def pile_moves(piles: Piles) -> list[MovePile]:
    """Every legal whole-pile move, in source then destination order (none that change nothing)."""
    return [MovePile(s, d) for s in PILE_NUMBERS if piles[s - 1] for d in PILE_NUMBERS
            if can_move(s, d, piles)]


def can_move(src: int, dst: int, piles: Piles) -> bool:
    """True if the non-empty pile `src` may move onto pile `dst` (fast; see move_problem)."""
    target = piles[dst - 1]
    if not target and (src in SIDES) == (dst in SIDES):
        return False  # onto an empty pile of its own kind: nothing would change
    return src != dst and accepts(dst, target, piles[src - 1][0])


def pile_is_valid(pile_no: int, pile: Sequence[Card]) -> bool:
    """True if the pile could have been built by the rules: a legal start, then each card fits."""
    if not pile:
        return True
    if pile_no in CORNERS and pile[0].rank != KING:
        return False
    return all(fits_on(pile[i], pile[i - 1]) for i in range(1, len(pile)))
