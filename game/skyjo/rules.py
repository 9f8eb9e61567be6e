"""Skyjo's rules: 3x4 grids, the column rule, the doubled ender, rounds until someone reaches the target."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.cards import Card, cards_to_json, rng_to_json, skyjo_deck
from game.core import Event, Kind, RulesGame
from game.places import Column, DiscardPile, DrawPile, Hand, Slot
from game.skyjo.moves import (
    COLUMNS,
    SLOTS,
    Discard,
    DrawCard,
    Exchange,
    Move,
    NextRound,
    Phase,
    Tag,
    TakeDiscard,
    TurnUp,
    column_of,
    column_slots,
)
from game.skyjo.text import GAME_OVER, ILLEGAL_REASONS, last_turn_text, starter_words
from game.skyjo.view import GridView, RoundScore, SkyjoView
from lang import _

NAME = "skyjo"
MIN_PLAYERS = 2
MAX_PLAYERS = 8
DEFAULT_TARGET = 100
OPENING_TURN_UPS = 2
SAVE_VERSION = 1
FULL_DECK = Counter(skyjo_deck())


def start_game(players: list[str], seed: int, target: int = DEFAULT_TARGET) -> SkyjoGame:
    """A new game for 2-8 named players, first round dealt from `seed`; `target` ends the game."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Skyjo needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
    if not isinstance(target, int) or target < 1:
        raise ValueError("the target score must be a positive whole number")
    game = SkyjoGame(players, random.Random(seed), target)
    game.draw_pile = skyjo_deck()
    game._deal(0)
    return game


class SkyjoGame(RulesGame[Move]):
    """The whole state of a Skyjo game: piles, grids, whose turn and what they hold, the scores."""

    NAME = NAME

    def __init__(self, names: list[str], rng: random.Random, target: int = DEFAULT_TARGET) -> None:
        self.names = list(names)
        self.rng = rng
        self.target = target
        self.round_number = 0
        self.draw_pile: list[Card] = []  # top is the end
        self.discard_pile: list[Card] = []  # top is the end
        self.grids: list[list[Card | None]] = [[None] * SLOTS for _ in names]  # None: removed
        self.face_up: list[list[bool]] = [[False] * SLOTS for _ in names]
        self.hand: Card | None = None  # the drawn or taken card waiting to be placed
        self.phase = Phase.REVEAL
        self.turn = 0
        self.reveals_left = [0] * len(names)
        self.ender: int | None = None
        self.starter = 0  # who plays first once the opening turn-ups are done
        self.totals = [0] * len(names)
        self.history: list[dict] = []  # per round: scores, raw scores, ender, doubled

    # ---- queries -------------------------------------------------------------------------
    @property
    def player_count(self) -> int:
        return len(self.names)

    @property
    def current_player(self) -> int:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def down_slots(self, player: int) -> list[int]:
        """The slots of `player` holding a face-down card."""
        grid, up = self.grids[player], self.face_up[player]
        return [s for s in range(SLOTS) if grid[s] is not None and not up[s]]

    def occupied_slots(self, player: int) -> list[int]:
        return [s for s in range(SLOTS) if self.grids[player][s] is not None]

    def visible_score(self, player: int) -> int:
        """The sum of the player's face-up cards."""
        return sum(c.rank for c, up in zip(self.grids[player], self.face_up[player], strict=True)
                   if c is not None and up)

    def legal_moves(self) -> list[Move]:
        p = self.turn
        if self.phase in (Phase.REVEAL, Phase.TURN_UP):
            return [TurnUp(s) for s in self.down_slots(p)]
        if self.phase == Phase.CHOOSE:
            return [TakeDiscard(), DrawCard()] if self.draw_pile else [TakeDiscard()]
        if self.phase == Phase.PLACE_TAKEN:
            return [Exchange(s) for s in self.occupied_slots(p)]
        if self.phase == Phase.PLACE_DRAWN:
            exchanges: list[Move] = [Exchange(s) for s in self.occupied_slots(p)]
            return exchanges + ([Discard()] if self.down_slots(p) else [])
        if self.phase == Phase.ROUND_OVER:
            return [NextRound()]
        return []

    def explain_illegal(self, move: Any) -> str:
        if self.is_over:
            return _(GAME_OVER)
        return _(ILLEGAL_REASONS[self.phase], who=self.names[self.turn])

    def view(self, player: int | None) -> SkyjoView:
        """What `player` may see; None: a spectator (the same table: nobody sees a face-down card)."""
        grids = tuple(
            GridView(tuple(c if c is not None and up else None for c, up in zip(grid, ups, strict=True)),
                     frozenset(s for s in range(SLOTS) if grid[s] is None))
            for grid, ups in zip(self.grids, self.face_up, strict=True))
        rounds = tuple(RoundScore(tuple(r["scores"]), tuple(r["raw"]), r["ender"], r["doubled"])
                       for r in self.history)
        return SkyjoView(
            seat=player, names=tuple(self.names), current_player=self.turn, phase=self.phase,
            grids=grids, hand=self.hand, discard_pile=tuple(self.discard_pile),
            draw_count=len(self.draw_pile), ender=self.ender, round_number=self.round_number,
            totals=tuple(self.totals), target=self.target, reveals_left=tuple(self.reveals_left),
            rounds=rounds)

    def result(self) -> dict:
        best = min(self.totals)
        return {"scores": list(self.totals), "winners": [i for i, t in enumerate(self.totals)
                                                        if t == best],
                "rounds": [dict(r) for r in self.history]}

    # ---- moves ---------------------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        p = self.turn
        events: list[Event] = []
        if isinstance(move, NextRound):
            return self._deal(self.turn)
        if isinstance(move, TurnUp):
            card = self.grids[p][move.slot]
            assert card is not None
            self.face_up[p][move.slot] = True
            events.append(Event(Kind.FLIP, p, (card,), src=Slot(move.slot), amount=card.rank))
            if self.phase == Phase.REVEAL:
                self.reveals_left[p] -= 1
                events += self._after_reveal()
                return events
            events += self._check_column(p, column_of(move.slot))
            return events + self._end_turn()
        if isinstance(move, TakeDiscard):
            self.hand = self.discard_pile.pop()
            self.phase = Phase.PLACE_TAKEN
            return [Event(Kind.TAKE, p, (self.hand,), src=DiscardPile(), dst=Hand(p), amount=self.hand.rank)]
        if isinstance(move, DrawCard):
            self.hand = self.draw_pile.pop()
            self.phase = Phase.PLACE_DRAWN
            events.append(Event(Kind.DRAW, p, (self.hand,), src=DrawPile(), dst=Hand(p),
                                amount=self.hand.rank))
            if not self.draw_pile:
                events += self._reshuffle()
            return events
        if isinstance(move, Exchange):
            new, old = self.hand, self.grids[p][move.slot]
            assert new is not None and old is not None
            self.grids[p][move.slot] = new
            self.face_up[p][move.slot] = True
            self.discard_pile.append(old)
            self.hand = None
            events.append(Event(Kind.EXCHANGE, p, (new, old), src=Hand(p), dst=Slot(move.slot),
                                amount=old.rank))
            events += self._check_column(p, column_of(move.slot))
            return events + self._end_turn()
        assert isinstance(move, Discard) and self.hand is not None
        card, self.hand = self.hand, None
        self.discard_pile.append(card)
        self.phase = Phase.TURN_UP
        return [Event(Kind.DISCARD, p, (card,), src=Hand(p), dst=DiscardPile(), amount=card.rank)]

    def _after_reveal(self) -> list[Event]:
        """Pass the opening turn-ups on in seat order; when all are done, name the starter."""
        waiting = [i for i in range(self.player_count) if self.reveals_left[i] > 0]
        if waiting:
            if self.reveals_left[self.turn] == 0:
                self.turn = waiting[0]
                return [Event(Kind.TURN, self.turn, tag=Tag.REVEAL)]
            return []
        if self.round_number == 1:
            sums = [self.visible_score(i) for i in range(self.player_count)]
            self.turn = self.starter = sums.index(max(sums))  # index(): earliest seat on a tie
        else:
            self.turn = self.starter
        pair = self.visible_score(self.turn)
        self.phase = Phase.CHOOSE
        text = str(starter_words(self.names[self.turn], self.round_number, pair))
        return [Event(Kind.STARTER, self.turn, amount=pair, text=text), Event(Kind.TURN, self.turn)]

    def _check_column(self, player: int, column: int) -> list[Event]:
        """The column rule: three equal face-up cards in a column go to the discard pile."""
        slots = column_slots(column)
        cards = [c for s in slots if (c := self.grids[player][s]) is not None and self.face_up[player][s]]
        if len(cards) < len(slots) or len({c.rank for c in cards}) != 1:
            return []
        for s in slots:
            self.grids[player][s] = None
            self.face_up[player][s] = False
        self.discard_pile.extend(cards)
        return [Event(Kind.COLUMN, player, tuple(cards), src=Column(column), dst=DiscardPile(),
                      amount=cards[0].rank)]

    def _reshuffle(self) -> list[Event]:
        """An empty draw pile: every discard but the top one is shuffled into a new draw pile."""
        top = self.discard_pile.pop()
        self.draw_pile, self.discard_pile = self.discard_pile, [top]
        self.rng.shuffle(self.draw_pile)
        return [Event(Kind.RESHUFFLE, None, src=DiscardPile(), dst=DrawPile(), amount=len(self.draw_pile))]

    def _end_turn(self) -> list[Event]:
        p = self.turn
        events: list[Event] = []
        if self.ender is None and not self.down_slots(p):
            self.ender = p
            events.append(Event(Kind.LAST_TURN, p, text=last_turn_text(self.names[p])))
        following = (p + 1) % self.player_count
        if self.ender is not None and following == self.ender:
            return events + self._finish_round()
        self.turn = following
        self.phase = Phase.CHOOSE
        return [*events, Event(Kind.TURN, following)]

    def _finish_round(self) -> list[Event]:
        """Turn up every remaining card, apply the column rule, score, maybe double, maybe end."""
        events: list[Event] = []
        ender = self.ender
        assert ender is not None
        for p in range(self.player_count):
            for s in self.down_slots(p):
                self.face_up[p][s] = True
                card = self.grids[p][s]
                assert card is not None
                events.append(Event(Kind.FLIP, p, (card,), src=Slot(s), tag=Tag.FINAL, amount=card.rank))
            for column in range(COLUMNS):
                events += self._check_column(p, column)
        raw = [self.visible_score(p) for p in range(self.player_count)]
        scores = list(raw)
        doubled = raw[ender] > 0 and any(raw[p] <= raw[ender]
                                         for p in range(self.player_count) if p != ender)
        if doubled:
            scores[ender] *= 2
        for p in range(self.player_count):
            self.totals[p] += scores[p]
            events.append(Event(Kind.SCORE, p, amount=scores[p],
                                tag=Tag.DOUBLED if doubled and p == ender else None))
        self.history.append({"scores": scores, "raw": raw, "ender": ender, "doubled": doubled})
        self.turn = ender
        if max(self.totals) >= self.target:
            self.phase = Phase.GAME_OVER
            winners = self.result()["winners"]
            events.append(Event(Kind.GAME_OVER, winners[0], amount=min(self.totals),
                                text=_("{names} won.", names=_(", ").join(self.names[w] for w in winners))))
        else:
            self.phase = Phase.ROUND_OVER
            events.append(Event(Kind.ROUND_OVER, ender, text=_("Round {number} is over.", number=self.round_number)))
        return events

    def _deal(self, starter: int) -> list[Event]:
        """Gather all cards, shuffle, deal 12 face down to each, start the discard pile."""
        cards = [c for grid in self.grids for c in grid if c is not None]
        cards += self.draw_pile + self.discard_pile + ([self.hand] if self.hand else [])
        cards.sort()
        self.rng.shuffle(cards)
        self.round_number += 1
        for p in range(self.player_count):
            self.grids[p] = [cards.pop() for _ in range(SLOTS)]
            self.face_up[p] = [False] * SLOTS
        self.discard_pile = [cards.pop()]
        self.draw_pile = cards
        self.hand = None
        self.ender = None
        self.reveals_left = [OPENING_TURN_UPS] * self.player_count
        self.phase = Phase.REVEAL
        self.turn = 0
        events = [Event(Kind.DEAL, None, amount=self.round_number,
                        text=_("Round {number}", number=self.round_number)),
                  Event(Kind.TURN, 0, tag=Tag.REVEAL)]
        self.starter = starter  # round 1: replaced by the highest pair after the turn-ups
        return events

    # ---- persistence ---------------------------------------------------------------------
    def to_dict(self) -> dict:
        """Everything needed to resume the game exactly, RNG state included (read by save.py)."""
        return {
            "game": self.NAME, "version": SAVE_VERSION, "names": list(self.names), "target": self.target,
            "rng": rng_to_json(self.rng), "round": self.round_number,
            "draw": cards_to_json(self.draw_pile), "discard": cards_to_json(self.discard_pile),
            "grids": [[c.to_json() if c is not None else None for c in grid] for grid in self.grids],
            "face_up": [list(up) for up in self.face_up],
            "hand": self.hand.to_json() if self.hand is not None else None,
            "phase": self.phase, "turn": self.turn, "starter": self.starter,
            "reveals_left": list(self.reveals_left), "ender": self.ender,
            "totals": list(self.totals),
            "history": [{"scores": list(r["scores"]), "raw": list(r["raw"]), "ender": r["ender"],
                         "doubled": r["doubled"]} for r in self.history],
        }

    def check_invariants(self) -> None:
        """Assert the conservation rules: 150 distinct cards, a consistent phase, summed scores."""
        n = self.player_count
        cards = [c for grid in self.grids for c in grid if c is not None]
        cards += self.draw_pile + self.discard_pile + ([self.hand] if self.hand is not None else [])
        assert Counter(cards) == FULL_DECK, "the 150 Skyjo cards are not all there exactly once"
        assert len(self.grids) == len(self.face_up) == len(self.reveals_left) == n
        for p in range(n):
            assert len(self.grids[p]) == len(self.face_up[p]) == SLOTS
            for column in range(COLUMNS):
                self._check_kept_column(p, column)
            assert not any(self.face_up[p][s] for s in range(SLOTS) if self.grids[p][s] is None)
        assert (self.hand is not None) == (self.phase in (Phase.PLACE_TAKEN, Phase.PLACE_DRAWN))
        if self.phase in (Phase.CHOOSE, Phase.PLACE_DRAWN, Phase.TURN_UP):
            assert self.discard_pile, "the discard pile is never empty during a turn"
        if self.phase == Phase.REVEAL:
            assert self.ender is None and self.reveals_left[self.turn] > 0
            for p in range(n):
                assert len(self.down_slots(p)) == SLOTS - 2 + self.reveals_left[p]
        else:
            assert not any(self.reveals_left)
        if self.phase == Phase.TURN_UP:
            assert self.down_slots(self.turn), "a card can be turned up"
        if self.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            assert self.ender is not None and all(not self.down_slots(p) for p in range(n))
            assert len(self.history) == self.round_number
        else:
            assert len(self.history) == self.round_number - 1
        assert all(sum(r["scores"][p] for r in self.history) == self.totals[p] for p in range(n))
        if self.phase == Phase.GAME_OVER:
            assert max(self.totals) >= self.target
        elif self.phase == Phase.ROUND_OVER:
            assert max(self.totals) < self.target

    def _check_kept_column(self, player: int, column: int) -> None:
        """A column is removed whole or not at all, and a full face-up column of equals is never kept."""
        slots = column_slots(column)
        cards = [self.grids[player][s] for s in slots]
        present = [c is not None for c in cards]
        assert all(present) or not any(present), "a column is removed whole or not at all"
        values = {c.rank for c, s in zip(cards, slots, strict=True) if c is not None and self.face_up[player][s]}
        up = sum(self.face_up[player][s] for s in slots)
        assert not (all(present) and up == 3 and len(values) == 1), "a full column was kept"
