"""High Card's rules: each player in turn turns the top card of their own pile; the higher card
(Ace high, equal ranks by suit) takes the pair; when the piles are empty the most pairs win."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.cards import FRENCH_SUITS, Card, cards_to_json, french_deck
from game.core import Event, Kind, RulesGame
from game.places import Hand, Middle, Stack
from game.validate import card, cards, names, save_reader, whole

NAME = "high_card"
DECK = "french"
SAVE_VERSION = 1
PILE_SIZES = (5, 10)  # cards dealt to each player, the "cards" option


@dataclass(frozen=True, slots=True)
class Turn:
    """Turn the top card of your own pile face up."""

    def __str__(self) -> str:
        return "Turn the top card"


@dataclass(frozen=True, slots=True)
class HighCardView:
    """What one seat may know (None: a spectator): the piles' sizes, its own top card, the open card
    and the pairs taken (every one of them was shown face up)."""

    seat: int | None
    players: tuple[str, ...]
    pile_sizes: tuple[int, ...]
    own_top: Card | None  # the top card of the seat's own pile: its player may look at it
    open_card: Card | None  # the first player's card, waiting for the second's
    taken: tuple[tuple[Card, ...], ...]  # the pairs each player took, oldest first
    current_player: int
    is_over: bool

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(len(pile) // 2 for pile in self.taken)


def strength(c: Card) -> tuple[int, int]:
    """How high a card is: Ace high, then the suit (clubs lowest, spades highest): never a tie."""
    return (14 if c.rank == 1 else c.rank, FRENCH_SUITS.index(c.suit))


class HighCardGame(RulesGame[Turn]):
    NAME = NAME

    def __init__(self, players: list[str], piles: list[list[Card]], open_card: Card | None = None,
                 taken: list[list[Card]] | None = None) -> None:
        self.players = list(players)
        self.piles = piles  # top card last
        self.open_card = open_card
        self.taken = taken if taken is not None else [[], []]
        self.dealt = (sum(map(len, piles)) + (open_card is not None) + sum(map(len, self.taken))) // 2

    @property
    def current_player(self) -> int:
        return 0 if self.open_card is None else 1

    @property
    def is_over(self) -> bool:
        return not self.piles[0] and not self.piles[1]

    def legal_moves(self) -> list[Turn]:
        return [] if self.is_over else [Turn()]

    def explain_illegal(self, move: Any) -> str:
        return "The game is over." if self.is_over else "Turn the top card of your pile."

    def _apply(self, move: Turn) -> list[Event]:
        seat = self.current_player
        turned = self.piles[seat].pop()
        name = self.players[seat]
        events = [Event(Kind.FLIP, seat, (turned,), Stack(seat), Middle(), text=f"{name} turns the {turned}.")]
        if self.open_card is None:
            self.open_card = turned
            return events
        pair, self.open_card = (self.open_card, turned), None
        winner = max((0, 1), key=lambda s: strength(pair[s]))
        self.taken[winner] += pair
        events.append(Event(Kind.TAKE, winner, pair, Middle(), Hand(winner), amount=1,
                            text=f"{self.players[winner]} takes the pair."))
        if self.is_over:
            events.append(Event(Kind.GAME_OVER, text="The piles are empty."))
        return events

    def result(self) -> dict:
        scores = [len(pile) // 2 for pile in self.taken]
        best = max(scores)
        return {"scores": scores, "winners": [s for s in (0, 1) if scores[s] == best] if self.is_over else []}

    def view(self, player: int | None) -> HighCardView:
        own = self.piles[player] if player is not None else []
        return HighCardView(player, tuple(self.players), tuple(len(p) for p in self.piles),
                            own[-1] if own else None, self.open_card, tuple(tuple(p) for p in self.taken),
                            self.current_player, self.is_over)

    def check_invariants(self) -> None:
        every = [*self.piles[0], *self.piles[1], *self.taken[0], *self.taken[1]]
        every += [self.open_card] if self.open_card is not None else []
        assert len(every) == 2 * self.dealt == len(set(every)), "each card dealt is in one place"
        assert set(every) <= set(french_deck()), "French cards only"
        assert len(self.piles[0]) + (self.open_card is not None) == len(self.piles[1]), "the piles go in turn"
        assert all(len(pile) % 2 == 0 for pile in self.taken), "pairs are taken whole"

    def to_dict(self) -> dict:
        return {"game": NAME, "version": SAVE_VERSION, "players": self.players,
                "piles": [cards_to_json(p) for p in self.piles],
                "open_card": None if self.open_card is None else self.open_card.to_json(),
                "taken": [cards_to_json(p) for p in self.taken]}


@save_reader("High Card")
def game_from_dict(data: Any) -> HighCardGame:
    """The game `to_dict` wrote; ValueError if `data` is not a High Card save."""
    if not isinstance(data, dict) or data.get("game") != NAME or data.get("version") != SAVE_VERSION:
        raise ValueError("not a High Card save of a known version")
    piles, taken = data["piles"], data["taken"]
    if not (isinstance(piles, list) and len(piles) == 2 and isinstance(taken, list) and len(taken) == 2):
        raise ValueError("a High Card save has two piles and two piles of pairs")
    open_card = None if data["open_card"] is None else card(data["open_card"], "the open card", DECK)
    game = HighCardGame(names(data["players"], "the players", 2, 2), [cards(p, "a pile", DECK) for p in piles],
                        open_card, [cards(p, "a pair taken", DECK) for p in taken])
    whole(game.dealt, "the cards dealt", 1, max(PILE_SIZES))
    game.check_invariants()
    return game
