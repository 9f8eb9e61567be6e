"""The rules object of Sota: matching, special cards, drawing, reshuffles, passes and the win."""
from __future__ import annotations

import random
from typing import Any

from game.cards import SPANISH_SUITS, Card, card_words, cards_to_json, rng_to_json, spanish_deck, suit_words
from game.core import Event, Kind, RulesGame
from game.places import DiscardPile, DrawPile, Hand
from game.sota.moves import (
    DRAW,
    HAND_SIZE,
    SEVEN_SUITS,
    SKIP,
    SOTA_EFFECTS,
    WILD,
    ChooseSuit,
    Draw,
    Effect,
    EndReason,
    Keep,
    Move,
    Pass,
    Phase,
    Play,
    Tag,
    TakeSkip,
)
from game.sota.text import a_rank, either
from game.sota.view import SotaView
from lang import _, n_

NAME = "sota"
VERSION = 1  # of the save format
MIN_PLAYERS = 2
MAX_PLAYERS = 4
MOVE_TYPES = (Play, ChooseSuit, Draw, TakeSkip, Keep, Pass)


class SotaGame(RulesGame[Move]):
    """One round of Sota for 2-4 seats; the state is public fields, changed only by apply()."""

    NAME = NAME

    def __init__(self, names: list[str], hands: list[list[Card]], draw_pile: list[Card],
                 discard: list[Card], rng: random.Random, *, stacking: bool = True,
                 play_drawn: bool = False, effects: dict[int, Effect] | None = None) -> None:
        self.names = list(names)
        self.hands = [list(h) for h in hands]
        self.draw_pile = list(draw_pile)  # the top card is the last one
        self.discard = list(discard)  # the top card is the last one
        self.rng = rng
        self.stacking = stacking
        self.play_drawn = play_drawn
        self.effects = dict(SOTA_EFFECTS if effects is None else effects)
        self.current = 0
        self.phase = Phase.PLAY
        self.active_suit: str | None = None
        self.pending_draw = 0
        self.pending_skips = 0
        self.drawn_card: Card | None = None
        self.passes_in_a_row = 0
        self.winners: list[int] | None = None
        self.end_reason: EndReason | None = None

    # ----- building -----------------------------------------------------------------------
    @classmethod
    def deal(cls, names: list[str], order: list[Card], rng: random.Random,
             **options: Any) -> SotaGame:
        """Deal 5 cards each, round by round, from `order` (its first card is dealt first)."""
        pile = list(reversed(order))
        hands: list[list[Card]] = [[] for _name in names]
        for _round in range(HAND_SIZE):
            for hand in hands:
                hand.append(pile.pop())
        game = cls(names, hands, pile, [], rng, **options)
        game._turn_start_card()
        return game

    def _turn_start_card(self) -> None:
        """Turn cards until one is not special; the special ones go back and the pile is shuffled."""
        turned: list[Card] = []
        while True:
            card = self.draw_pile.pop()
            if card.rank in self.effects:
                turned.append(card)
                continue
            self.discard.append(card)
            break
        if turned:
            self.draw_pile.extend(turned)
            self.rng.shuffle(self.draw_pile)

    # ----- queries ------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def num_players(self) -> int:
        return len(self.names)

    @property
    def top_card(self) -> Card:
        return self.discard[-1]

    def effect(self, card: Card) -> Effect | None:
        """The special effect of `card`, or None for an ordinary card."""
        return self.effects.get(card.rank)

    def _kind(self, card: Card) -> str:
        effect = self.effect(card)
        return effect.kind if effect else ""

    def playable(self, card: Card) -> bool:
        """Whether `card` may go on the discard pile now (the hand aside)."""
        if self.pending_draw:
            return self.stacking and self._kind(card) == DRAW
        if self.pending_skips:
            return self._kind(card) == SKIP
        if self._kind(card) == WILD:
            return True
        if self.active_suit is not None:
            return card.suit == self.active_suit
        top = self.top_card
        return card.rank == top.rank or card.suit == top.suit

    def can_draw(self) -> bool:
        """Whether a card can be drawn: from the draw pile, or after a reshuffle."""
        return bool(self.draw_pile) or len(self.discard) > 1

    def legal_moves(self) -> list[Move]:
        """The moves of the current player: plays in hand order, then draw, skip, keep or pass."""
        if self.is_over:
            return []
        if self.phase == Phase.SUIT:
            return [ChooseSuit(s) for s in SEVEN_SUITS]
        if self.phase == Phase.DRAWN:
            assert self.drawn_card is not None
            return [Play(self.drawn_card), Keep()]
        plays: list[Move] = [Play(c) for c in self.hands[self.current] if self.playable(c)]
        if self.pending_draw:
            return [*plays, Draw()]
        if self.pending_skips:
            return [*plays, TakeSkip()]
        if plays:
            return plays
        return [Draw()] if self.can_draw() else [Pass()]

    # ----- moves --------------------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        events: list[Event] = []
        if isinstance(move, Play):
            self._play(move.card, events)
        elif isinstance(move, ChooseSuit):
            self.active_suit = move.suit
            self.phase = Phase.PLAY
            events.append(Event(Kind.SUIT, self.current))  # the move names the suit, the view shows it
            self._advance(1, events)
        elif isinstance(move, Draw):
            self._draw(events)
        elif isinstance(move, TakeSkip):
            skips, self.pending_skips = self.pending_skips, 0
            for i in range(skips):
                events.append(Event(Kind.SKIP, (self.current + i) % self.num_players))
            self._advance(skips, events)
        elif isinstance(move, Keep):
            events.append(Event(Kind.KEEP, self.current))
            self.drawn_card = None
            self.phase = Phase.PLAY
            self._advance(1, events)
        elif isinstance(move, Pass):
            self._pass(events)
        return events

    def _play(self, card: Card, events: list[Event]) -> None:
        player = self.current
        self.hands[player].remove(card)
        self.discard.append(card)
        self.active_suit = None
        self.drawn_card = None
        self.phase = Phase.PLAY
        self.passes_in_a_row = 0
        events.append(Event(Kind.PLAY, player, (card,), src=Hand(player), dst=DiscardPile()))
        if not self.hands[player]:
            self._finish([player], EndReason.EMPTIED, events)
            return
        effect = self.effect(card)
        kind = effect.kind if effect else ""
        if kind == WILD:
            self.phase = Phase.SUIT
        elif kind == DRAW:
            assert effect is not None
            self.pending_draw += effect.amount
            self._advance(1, events)
        elif kind == SKIP and self.num_players == 2:
            events.append(Event(Kind.SKIP, 1 - player))
            events.append(Event(Kind.TURN, player, tag=Tag.AGAIN))
        elif kind == SKIP:
            self.pending_skips += 1
            self._advance(1, events)
        else:
            self._advance(1, events)

    def _draw(self, events: list[Event]) -> None:
        player = self.current
        self.passes_in_a_row = 0
        if self.pending_draw:
            wanted, self.pending_draw = self.pending_draw, 0
            drawn = [c for c in (self._draw_one(events) for _ in range(wanted)) if c]
            events.append(Event(Kind.DRAW, player, tuple(drawn), src=DrawPile(), dst=Hand(player),
                                amount=wanted, tag=Tag.PENALTY))
            self._advance(1, events)
            return
        card = self._draw_one(events)
        assert card is not None, "Draw is legal only when a card can be drawn"
        events.append(Event(Kind.DRAW, player, (card,), src=DrawPile(), dst=Hand(player), amount=1))
        if self.play_drawn and self.playable(card):
            self.phase = Phase.DRAWN
            self.drawn_card = card
            return
        self._advance(1, events)

    def _draw_one(self, events: list[Event]) -> Card | None:
        """Move the top card of the draw pile to the current hand, reshuffling first if needed."""
        if not self.draw_pile and len(self.discard) > 1:
            self.draw_pile = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(self.draw_pile)
            events.append(Event(Kind.RESHUFFLE, amount=len(self.draw_pile), src=DiscardPile(),
                                dst=DrawPile()))
        if not self.draw_pile:
            return None
        card = self.draw_pile.pop()
        self.hands[self.current].append(card)
        return card

    def _pass(self, events: list[Event]) -> None:
        self.passes_in_a_row += 1
        events.append(Event(Kind.PASS, self.current))
        if self.passes_in_a_row >= self.num_players:
            fewest = min(len(h) for h in self.hands)
            self._finish([i for i, h in enumerate(self.hands) if len(h) == fewest],
                         EndReason.ALL_PASSED, events)
            return
        self._advance(1, events)

    def _advance(self, steps: int, events: list[Event]) -> None:
        self.current = (self.current + steps) % self.num_players
        events.append(Event(Kind.TURN, self.current))

    def _finish(self, winners: list[int], reason: EndReason, events: list[Event]) -> None:
        self.winners = winners
        self.end_reason = reason
        self.pending_draw = self.pending_skips = 0
        self.active_suit = None
        events.append(Event(Kind.GAME_OVER, winners[0] if len(winners) == 1 else None,
                            tag=reason, amount=len(winners)))

    # ----- results, views, reasons --------------------------------------------------------
    def result(self) -> dict:
        """Scores are the cards left in each hand (fewer is better); winners emptied or had fewest."""
        return {"scores": [len(h) for h in self.hands], "winners": list(self.winners or []),
                "reason": self.end_reason or "", "names": list(self.names)}

    def view(self, player: int | None) -> SotaView:
        """What `player` may know; None: the public view. Every hand shows once the game is over."""
        mine = player == self.current and not self.is_over
        hands = tuple(tuple(h) if self.is_over or seat == player else None for seat, h in enumerate(self.hands))
        return SotaView(
            player=player, names=tuple(self.names), hand=() if player is None else tuple(self.hands[player]),
            hands=hands, hand_counts=tuple(len(h) for h in self.hands), discard=tuple(self.discard),
            active_suit=self.active_suit, pending_draw=self.pending_draw,
            pending_skips=self.pending_skips, draw_count=len(self.draw_pile),
            current_player=self.current, phase=self.phase,
            drawn_card=self.drawn_card if mine else None,
            legal_moves=tuple(self.legal_moves()) if mine else (),
            effects=tuple(sorted(self.effects.items())), stacking=self.stacking,
            play_drawn=self.play_drawn, passes_in_a_row=self.passes_in_a_row,
            is_over=self.is_over, winners=tuple(self.winners or ()))

    def to_dict(self) -> dict:
        """The whole state, JSON-safe, including the random generator's state."""
        return {
            "game": NAME, "version": VERSION, "names": list(self.names),
            "hands": [cards_to_json(h) for h in self.hands],
            "draw_pile": cards_to_json(self.draw_pile), "discard": cards_to_json(self.discard),
            "current": self.current, "phase": self.phase, "active_suit": self.active_suit,
            "pending_draw": self.pending_draw, "pending_skips": self.pending_skips,
            "drawn_card": self.drawn_card.to_json() if self.drawn_card else None,
            "passes_in_a_row": self.passes_in_a_row,
            "winners": None if self.winners is None else list(self.winners),
            "end_reason": self.end_reason or "",
            "options": {"stacking": self.stacking, "play_drawn": self.play_drawn},
            "effects": [[rank, e.kind, e.amount] for rank, e in sorted(self.effects.items())],
            "rng": rng_to_json(self.rng),
        }

    def explain_illegal(self, move: Any) -> str:
        """Why `move` is not legal now, in words for the player."""
        if self.is_over:
            return _("The game is over.")
        if not isinstance(move, MOVE_TYPES):
            return _("That is not a move in Sota.")
        if self.phase == Phase.SUIT:
            return _("Name a suit for your Seven.")
        if self.phase == Phase.DRAWN:
            assert self.drawn_card is not None
            return _("Play the {card} you drew, or keep it.", card=str(card_words(self.drawn_card)))
        if isinstance(move, Play) and move.card not in self.hands[self.current]:
            card = card_words(move.card) if isinstance(move.card, Card) else move.card  # a stranger's move
            return _("The {card} is not in your hand.", card=str(card))
        if self.pending_draw:
            if self.stacking:
                return n_("Play a Two or draw {n} card.", "Play a Two or draw {n} cards.", self.pending_draw)
            return n_("Draw {n} card.", "Draw {n} cards.", self.pending_draw)
        if self.pending_skips:
            return _("Play an Ace or take the skip.")
        if isinstance(move, Play):
            return self._what_plays()
        if isinstance(move, ChooseSuit):
            return _("Only a Seven lets you name a suit.")
        if isinstance(move, Keep):
            return _("You have not drawn a card to keep.")
        if isinstance(move, TakeSkip):
            return _("Nobody skipped you.")
        if isinstance(move, Pass) and self.can_draw() and Draw() in self.legal_moves():
            return _("Draw a card: you may pass only when nothing is left to draw.")
        return _("You have a card to play.")

    def _what_plays(self) -> str:
        """What may be played on the pile: its suit (or the suit named), its rank, a wild card."""
        wild = either([a_rank(r) for r, e in sorted(self.effects.items()) if e.kind == WILD])
        if self.active_suit is not None:
            suit = str(suit_words(self.active_suit))
            return _("Play a {suit} card or {wild}.", suit=suit, wild=wild) if wild else \
                _("Play a {suit} card.", suit=suit)
        top = self.top_card
        suit, rank = str(suit_words(top.suit)), a_rank(top.rank)
        return _("Play a {suit} card, {rank} or {wild}.", suit=suit, rank=rank, wild=wild) if wild else \
            _("Play a {suit} card or {rank}.", suit=suit, rank=rank)

    def check_invariants(self) -> None:
        """Assert that the 40 cards are all there exactly once and the state is consistent."""
        cards = self.draw_pile + self.discard + [c for h in self.hands for c in h]
        assert len(cards) == 40 and set(cards) == set(spanish_deck()), "40 distinct cards"
        assert self.discard, "the discard pile always shows a card"
        assert 0 <= self.current < self.num_players
        assert self.active_suit is None or self.active_suit in SPANISH_SUITS
        assert self.pending_draw >= 0 and self.pending_skips >= 0
        assert not (self.pending_draw and self.pending_skips)
        assert (self.phase == Phase.DRAWN) == (self.drawn_card is not None)
        if self.drawn_card is not None:
            assert self.drawn_card in self.hands[self.current]
        if self.is_over:
            assert self.winners and all(0 <= w < self.num_players for w in self.winners)

