"""Ninety-Nine's rules: in turn, play a card on the pile (the count goes up by its value, never past 99)
and draw one; the first player who cannot play loses."""
from __future__ import annotations

import random
from typing import Any

from game.cards import Card, cards_to_json, french_deck, rng_to_json
from game.core import Event, Kind, RulesGame
from game.places import DiscardPile, DrawPile, Hand
from tests.ninety_nine.game.moves import Play
from tests.ninety_nine.game.view import LIMIT, NinetyNineView, value

NAME = "ninety_nine"
DECK = "french"
SAVE_VERSION = 1
HAND = 3  # cards dealt to each player


class NinetyNineGame(RulesGame[Play]):
    NAME = NAME

    def __init__(self, players: list[str], hands: list[list[Card]], draw: list[Card], rng: random.Random,
                 pile: list[Card] | None = None, count: int = 0, current: int = 0,
                 played: list[int] | None = None) -> None:
        self.players = list(players)
        self.hands = hands
        self.draw = draw  # top card last
        self.pile = pile if pile is not None else []  # top card last
        self.rng = rng  # shuffles the pile into a new draw pile
        self.count = count
        self.current = current
        self.played = played if played is not None else [0] * len(players)

    @classmethod
    def deal(cls, players: list[str], seed: int) -> NinetyNineGame:
        """A new game: a French deck shuffled by `seed`, three cards each."""
        rng = random.Random(seed)
        deck = french_deck()
        rng.shuffle(deck)
        hands = [deck[i * HAND:(i + 1) * HAND] for i in range(len(players))]
        return cls(players, hands, deck[len(players) * HAND:], rng)

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_over(self) -> bool:
        return not self.legal_moves_of(self.current)

    def legal_moves_of(self, seat: int) -> list[Play]:
        return [Play(card) for card in sorted(self.hands[seat]) if self.count + value(card) <= LIMIT]

    def legal_moves(self) -> list[Play]:
        return self.legal_moves_of(self.current)

    def explain_illegal(self, move: Any) -> str:
        if self.is_over:
            return "The game is over."
        if isinstance(move, Play) and move.card in self.hands[self.current]:
            return f"The {move.card} would take the count past {LIMIT}."
        return "Play a card from your hand."

    def _apply(self, move: Play) -> list[Event]:
        seat, name = self.current, self.players[self.current]
        self.hands[seat].remove(move.card)
        self.pile.append(move.card)
        self.count += value(move.card)
        self.played[seat] += 1
        events = [Event(Kind.PLAY, seat, (move.card,), Hand(seat), DiscardPile(), amount=self.count,
                        text=f"{name} plays the {move.card}: {self.count}.")]
        if not self.draw and len(self.pile) > 1:
            self.draw, self.pile = self.pile[:-1], self.pile[-1:]
            self.rng.shuffle(self.draw)
            events.append(Event(Kind.RESHUFFLE, None, (), DiscardPile(), DrawPile(), amount=len(self.draw),
                                text="The pile is shuffled into a new draw pile."))
        if self.draw:
            self.hands[seat].append(self.draw.pop())
            events.append(Event(Kind.DRAW, seat, (self.hands[seat][-1],), DrawPile(), Hand(seat),
                                text=f"{name} draws a card."))
        self.current = (seat + 1) % len(self.players)
        if self.is_over:
            events.append(Event(Kind.GAME_OVER, self.winners()[0] if len(self.players) == 2 else None,
                                text=f"{self.players[self.current]} cannot play without passing {LIMIT}."))
        else:
            events.append(Event(Kind.TURN, self.current))
        return events

    def winners(self) -> list[int]:
        return [seat for seat in range(len(self.players)) if seat != self.current] if self.is_over else []

    def result(self) -> dict:
        return {"scores": list(self.played), "winners": self.winners(), "count": self.count}

    def view(self, player: int | None) -> NinetyNineView:
        return NinetyNineView(player, tuple(self.players), tuple(self.hands[player]) if player is not None else (),
                              tuple(map(len, self.hands)), self.count, self.pile[-1] if self.pile else None,
                              len(self.draw), tuple(self.played), self.current,
                              self.current if self.is_over else None)

    def check_invariants(self) -> None:
        every = [*self.draw, *self.pile, *(card for hand in self.hands for card in hand)]
        assert sorted(every) == sorted(french_deck()), "each card of the deck is in one place"
        assert sum(map(value, self.pile)) <= self.count <= LIMIT, "the count is the cards played"
        assert sum(self.played) >= len(self.pile), "each card on the pile was played"

    def to_dict(self) -> dict:
        return {"game": NAME, "version": SAVE_VERSION, "players": self.players,
                "hands": [cards_to_json(hand) for hand in self.hands], "draw": cards_to_json(self.draw),
                "pile": cards_to_json(self.pile), "count": self.count, "current": self.current,
                "played": self.played, "rng": rng_to_json(self.rng)}
