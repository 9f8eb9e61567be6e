"""Cards and decks: French 52, Spanish 40, Skyjo 150 and Memory Match 16, with a seeded deck."""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from lang.words import W_, Field, Line, Words, Wp_

FRENCH_SUITS = ("clubs", "diamonds", "hearts", "spades")
SPANISH_SUITS = ("coins", "cups", "swords", "clubs")
RED_SUITS = frozenset({"diamonds", "hearts"})

FRENCH_RANK_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
SPANISH_RANK_NAMES = {1: "Ace", 8: "Sota", 9: "Caballo", 10: "Rey"}
SPANISH_RANKS = tuple(range(1, 11))  # 1-7, then 8 Sota, 9 Caballo, 10 Rey
SKYJO_COUNTS = {-2: 5, -1: 10, 0: 15, **{v: 10 for v in range(1, 13)}}
MEMORY_BONUS = 7
MEMORY_PENALTY = 8
MEMORY_SYMBOLS = {1: "sun", 2: "moon", 3: "heart", 4: "leaf", 5: "gem", 6: "drop",
                  MEMORY_BONUS: "bonus", MEMORY_PENALTY: "penalty"}  # what each rank shows
MEMORY_KIND_NAMES = {MEMORY_BONUS: "Bonus", MEMORY_PENALTY: "Penalty"}
# The Spanish deck's names in each language (docs/translating.md "Card words"): a figure, and a card
# of each suit, in whatever order the language says them ("7 de copas", "Kelch-7", "7 كؤوس").
SPANISH_FIGURES = {1: Wp_("Spanish card", "Ace"), 8: Wp_("Spanish card", "Sota"),
                   9: Wp_("Spanish card", "Caballo"), 10: Wp_("Spanish card", "Rey")}
SPANISH_CARDS = {  # TRANSLATORS: {rank} is a number from 2 to 7, or Ace, Sota, Caballo, Rey
    "coins": W_("{rank} of Coins"), "cups": W_("{rank} of Cups"), "swords": W_("{rank} of Swords"),
    "clubs": W_("{rank} of Clubs")}
# TRANSLATORS: the suits of the Spanish deck (oros, copas, espadas, bastos), named after a Seven
SPANISH_SUIT_NAMES = {"coins": Wp_("Spanish suit", "Coins"), "cups": Wp_("Spanish suit", "Cups"),
                      "swords": Wp_("Spanish suit", "Swords"), "clubs": Wp_("Spanish suit", "Clubs")}
# The French deck's: its figures (War's "your King beats the Computer's 9"), a card of each suit, and the
# ranks spelled out as Kings Corner writes them ("Seven of Hearts")
FRENCH_FIGURES = {1: Wp_("French card", "Ace"), 11: Wp_("French card", "Jack"), 12: Wp_("French card", "Queen"),
                  13: Wp_("French card", "King")}
FRENCH_NUMBERS = {2: Wp_("French card", "Two"), 3: Wp_("French card", "Three"), 4: Wp_("French card", "Four"),
                  5: Wp_("French card", "Five"), 6: Wp_("French card", "Six"), 7: Wp_("French card", "Seven"),
                  8: Wp_("French card", "Eight"), 9: Wp_("French card", "Nine"), 10: Wp_("French card", "Ten")}
FRENCH_CARDS = {  # TRANSLATORS: {rank} is a number from 2 to 10 (or its word), or Ace, Jack, Queen, King
    "clubs": Wp_("French card", "{rank} of Clubs"), "diamonds": Wp_("French card", "{rank} of Diamonds"),
    "hearts": Wp_("French card", "{rank} of Hearts"), "spades": Wp_("French card", "{rank} of Spades")}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card: its deck, rank (or value), suit, and a copy number for look-alikes."""

    deck: str  # "french" | "spanish" | "skyjo" | "memory"
    rank: int
    suit: str = ""
    copy: int = 0

    @property
    def rank_name(self) -> str:
        names = {"french": FRENCH_RANK_NAMES, "spanish": SPANISH_RANK_NAMES,
                 "memory": MEMORY_KIND_NAMES}.get(self.deck, {})
        return names.get(self.rank, str(self.rank))

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        if self.deck in ("french", "spanish"):
            return f"{self.rank_name} of {self.suit.capitalize()}"
        if self.deck == "memory":
            return self.rank_name if self.rank in MEMORY_KIND_NAMES else f"Symbol {self.rank}"
        return str(self.rank)

    def to_json(self) -> list:
        return [self.deck, self.rank, self.suit, self.copy]

    @classmethod
    def from_json(cls, data: list) -> Card:
        deck, rank, suit, copy = data
        if not (isinstance(deck, str) and isinstance(rank, int) and isinstance(suit, str)
                and isinstance(copy, int)):
            raise ValueError(f"not a card: {data!r}")
        return cls(deck, rank, suit, copy)


def card_words(card: Card, spelled: bool = False) -> Line:
    """The card's name in the reader's language ("Rey of Coins", "Roi de deniers", "King of Hearts"; a French
    card's number `spelled` out: "Seven of Hearts"); a Skyjo card is its value, a Memory Match card its name."""
    if card.deck == "spanish" and card.suit in SPANISH_CARDS:
        rank: Field = SPANISH_FIGURES.get(card.rank, card.rank)
        return Words(SPANISH_CARDS[card.suit].msgid, {"rank": rank})
    if card.deck == "french" and card.suit in FRENCH_CARDS:
        named = FRENCH_CARDS[card.suit]
        return Words(named.msgid, {"rank": rank_words(card, spelled)}, context=named.context)
    return str(card)


def rank_words(card: Card, spelled: bool = False) -> Field:
    """A French card's rank alone, as a player names it ("King", "Roi"; 7, or "Seven" `spelled`)."""
    if card.deck != "french":
        return card.rank_name
    return FRENCH_FIGURES.get(card.rank) or (FRENCH_NUMBERS.get(card.rank) if spelled else None) or card.rank


def suit_words(suit: str) -> Line:
    """A Spanish suit's name in the reader's language ("Cups", "copas"); another suit's in English."""
    return SPANISH_SUIT_NAMES.get(suit, suit.capitalize())


def french_deck() -> list[Card]:
    """The 52 French cards, Ace (1) to King (13) in each suit."""
    return [Card("french", r, s) for s in FRENCH_SUITS for r in range(1, 14)]


def spanish_deck() -> list[Card]:
    """The 40 Spanish cards: 1-7, Sota (8), Caballo (9), Rey (10) in coins, cups, swords, clubs."""
    return [Card("spanish", r, s) for s in SPANISH_SUITS for r in SPANISH_RANKS]


def skyjo_deck() -> list[Card]:
    """The 150 Skyjo cards: five -2, ten -1, fifteen 0, ten each of 1 to 12."""
    return [Card("skyjo", v, "", c) for v, n in SKYJO_COUNTS.items() for c in range(n)]


def memory_deck() -> list[Card]:
    """The 16 Memory Match cards: pairs of symbols 1-6, two Bonus (7), two Penalty (8)."""
    return [Card("memory", k, "", c) for k in range(1, 9) for c in range(2)]


def cards_to_json(cards: Iterable[Card]) -> list[list]:
    return [c.to_json() for c in cards]


def cards_from_json(data: list) -> list[Card]:
    return [Card.from_json(c) for c in data]


def rng_to_json(rng: random.Random) -> list:
    """The generator's full state as JSON-safe lists, so a resumed game draws the same."""
    version, state, gauss = rng.getstate()
    return [version, list(state), gauss]


def rng_from_json(data: list) -> random.Random:
    version, state, gauss = data
    rng = random.Random()
    rng.setstate((version, tuple(state), gauss))
    return rng
