"""War's options, card values, deals (shuffled and the sextuple-war trick deck) and hand rating."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TypeVar

from game.cards import FRENCH_SUITS, Card, french_deck

HAND_SIZE = 26
FACE_DOWN_PER_WAR = {"x4": 3, "classic": 1}  # cards laid face down before the deciding card
ACE_CHOICES = ("low", "high")
PICKUP_CHOICES = ("random", "fixed")
DECK_CHOICES = ("shuffled", "trick", "custom")
FACE_CARD_RANKS = (11, 12, 13)
T = TypeVar("T")

# The original rules' trick hand (both players hold these ranks): ties at every deciding position.
SEED_TRICK_HAND = (13, 9, 9, 8, 13, 8, 7, 7, 12, 6, 6, 5, 12, 5, 4, 4, 11, 3, 3, 2, 11, 2, 1, 1,
                   10, 10)
TRICK_TIE_RANKS = (13, 13, 12, 12, 11, 11)  # the six face-up ties: WAR! ... SEXTUPLE WAR!
TRICK_FILLER = tuple(r for r in SEED_TRICK_HAND if r not in (11, 12, 13))


@dataclass(frozen=True, slots=True)
class WarOptions:
    """The chosen variant: cards per war, ace value, pickup order and how the deck was built."""

    variant: str = "x4"
    ace: str = "low"
    pickup: str = "random"
    deck: str = "shuffled"

    def __post_init__(self) -> None:
        checks = (("variant", self.variant, tuple(FACE_DOWN_PER_WAR)), ("ace", self.ace, ACE_CHOICES),
                  ("pickup", self.pickup, PICKUP_CHOICES), ("deck", self.deck, DECK_CHOICES))
        for name, value, allowed in checks:
            if value not in allowed:
                raise ValueError(f"War option {name} must be one of {allowed}, not {value!r}")

    @property
    def cards_per_war(self) -> int:
        """Cards each player adds to a war: the face-down ones and the deciding face-up one."""
        return FACE_DOWN_PER_WAR[self.variant] + 1

    def to_dict(self) -> dict:
        return asdict(self)


def card_value(rank: int, ace: str) -> int:
    """The strength of a rank: Ace is 1 (low) or 14 (high)."""
    return 14 if rank == 1 and ace == "high" else rank


def fixed_pickup(stages: Sequence[tuple[Sequence[T], Sequence[T]]], winner: int) -> list[T]:
    """The won pile in fixed pickup order: as it was laid, stage by stage (the first cards turned,
    then each war's face-down cards and its deciding cards), the two players' cards alternating,
    the winner's first; where one player laid fewer, the other's go on in the order laid."""
    order: list[T] = []
    for stage in stages:
        mine, theirs = stage[winner], stage[1 - winner]
        for i in range(max(len(mine), len(theirs))):
            order.extend(mine[i:i + 1])
            order.extend(theirs[i:i + 1])
    return order


def shuffled_hands(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """Shuffle the 52 cards with the game's RNG; the first 26 are the player's, as in the original rules."""
    cards = french_deck()
    rng.shuffle(cards)
    return cards[:HAND_SIZE], cards[HAND_SIZE:]


def hands_from_order(cards: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """Deal a given 52-card order: first 26 to the player (seat 0), the rest to seat 1."""
    if len(cards) != 2 * HAND_SIZE:
        raise ValueError(f"a War deck has 52 cards, not {len(cards)}")
    return list(cards[:HAND_SIZE]), list(cards[HAND_SIZE:])


def trick_ranks(variant: str) -> tuple[list[int], list[int]]:
    """Rank orders of the trick deal: six ties in a row, the seventh face-up pair decides.

    For x4 this is exactly the original rules' trick hand, except that seat 1's last face-down card and
    its deciding card swap places, so the sextuple war is decided instead of running both out.
    """
    step = FACE_DOWN_PER_WAR[variant] + 1
    tie_positions = [i * step for i in range(len(TRICK_TIE_RANKS))]
    ties = iter(TRICK_TIE_RANKS)
    filler = iter(TRICK_FILLER)
    first = [next(ties) if i in tie_positions else next(filler) for i in range(HAND_SIZE)]
    second = list(first)
    decider = len(TRICK_TIE_RANKS) * step
    second[decider - 1], second[decider] = second[decider], second[decider - 1]
    return first, second


def trick_hands(variant: str) -> tuple[list[Card], list[Card]]:
    """The trick deck as cards: seat 0 takes clubs/diamonds copies, seat 1 hearts/spades."""
    first, second = trick_ranks(variant)
    return _suited(first, FRENCH_SUITS[:2]), _suited(second, FRENCH_SUITS[2:])


def _suited(ranks: list[int], suits: Sequence[str]) -> list[Card]:
    seen: dict[int, int] = {}
    hand = []
    for rank in ranks:
        copy = seen.get(rank, 0)
        seen[rank] = copy + 1
        hand.append(Card("french", rank, suits[copy]))
    return hand


def hand_rating(hand: Sequence[Card], ace: str = "low") -> dict:
    """The original rules' pre-game rating: hand sum between the worst and best 26-card hands, in percent."""
    values = sorted(card_value(r, ace) for r in range(1, 14) for _ in FRENCH_SUITS)
    worst, best = sum(values[:HAND_SIZE]), sum(values[-HAND_SIZE:])
    total = sum(card_value(c.rank, ace) for c in hand)
    percent = 100.0 * (total - worst) / (best - worst)
    faces = sum(1 for c in hand if c.rank in FACE_CARD_RANKS)
    return {"sum": total, "worst": worst, "best": best, "percent": round(percent, 1),
            "face_cards": faces, "cards": len(hand)}


def face_counts(hand: Sequence[Card]) -> tuple[int, int, int]:
    """How many Jacks, Queens and Kings a hand holds."""
    jacks, queens, kings = (sum(1 for c in hand if c.rank == rank) for rank in FACE_CARD_RANKS)
    return jacks, queens, kings
