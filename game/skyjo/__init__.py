"""Skyjo: 3x4 grids, the column rule, the doubled ender, rounds until someone reaches 100."""
from __future__ import annotations

import random
from typing import Any

from game.cards import Card, skyjo_deck
from game.core import Event, RulesGame
from game.registry import GameInfo, register
from game.skyjo.ai import ComputerPlayer
from game.skyjo.moves import (
    COLUMNS,
    SLOTS,
    Discard,
    DrawCard,
    Exchange,
    GridView,
    Move,
    NextRound,
    SkyjoView,
    TakeDiscard,
    TurnUp,
    column_of,
    column_slots,
)
from game.skyjo.text import RULES_TEXT

NAME = "skyjo"
TITLE = "Skyjo"
MIN_PLAYERS = 2
MAX_PLAYERS = 8
LEVELS = ("easy", "normal", "hard")
LOW_SCORE_WINS = True  # the lowest total wins
DEFAULT_TARGET = 100
OPENING_TURN_UPS = 2
PHASES = ("reveal", "choose", "place_taken", "place_drawn", "turn_up", "round_over", "game_over")

__all__ = [
    "LEVELS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "RULES_TEXT",
    "TITLE",
    "ComputerPlayer",
    "Discard",
    "DrawCard",
    "Exchange",
    "GridView",
    "Move",
    "NextRound",
    "SkyjoGame",
    "SkyjoView",
    "TakeDiscard",
    "TurnUp",
    "load_game",
    "new_game",
]


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
        self.phase = "reveal"
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
        return self.phase == "game_over"

    def down_slots(self, player: int) -> list[int]:
        """The slots of `player` holding a face-down card."""
        grid, up = self.grids[player], self.face_up[player]
        return [s for s in range(SLOTS) if grid[s] is not None and not up[s]]

    def occupied_slots(self, player: int) -> list[int]:
        return [s for s in range(SLOTS) if self.grids[player][s] is not None]

    def visible_score(self, player: int) -> int:
        """The sum of the player's face-up cards."""
        return sum(c.rank for c, up in zip(self.grids[player], self.face_up[player])
                   if c is not None and up)

    def legal_moves(self) -> list[Move]:
        p = self.turn
        if self.phase in ("reveal", "turn_up"):
            return [TurnUp(s) for s in self.down_slots(p)]
        if self.phase == "choose":
            return [TakeDiscard()] + ([DrawCard()] if self.draw_pile else [])
        if self.phase == "place_taken":
            return [Exchange(s) for s in self.occupied_slots(p)]
        if self.phase == "place_drawn":
            exchanges: list[Move] = [Exchange(s) for s in self.occupied_slots(p)]
            return exchanges + ([Discard()] if self.down_slots(p) else [])
        if self.phase == "round_over":
            return [NextRound()]
        return []

    def explain_illegal(self, move: Any) -> str:
        if self.is_over:
            return "The game is over."
        who = self.names[self.turn]
        reasons = {
            "reveal": f"{who}: turn up one of your face-down cards.",
            "choose": f"{who}: take the top discard or draw a card.",
            "place_taken": f"{who}: exchange the taken card with a card of your grid.",
            "place_drawn": f"{who}: exchange the drawn card with a grid card, or discard it.",
            "turn_up": f"{who}: turn up one of your face-down cards.",
            "round_over": "The round is over: deal the next round.",
        }
        return reasons[self.phase]

    def view(self, player: int) -> SkyjoView:
        grids = tuple(
            GridView(tuple(c.rank if c is not None and up else None
                           for c, up in zip(grid, ups)),
                     frozenset(s for s in range(SLOTS) if grid[s] is None))
            for grid, ups in zip(self.grids, self.face_up))
        return SkyjoView(
            seat=player, names=tuple(self.names), current_player=self.turn, phase=self.phase,
            grids=grids, hand=self.hand.rank if self.hand is not None else None,
            discard_pile=tuple(c.rank for c in self.discard_pile), draw_count=len(self.draw_pile),
            ender=self.ender, round_number=self.round_number, totals=tuple(self.totals),
            target=self.target)

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
            events.append(Event("flip", p, (card,), src=f"slot:{move.slot}", amount=card.rank))
            if self.phase == "reveal":
                self.reveals_left[p] -= 1
                events += self._after_reveal()
                return events
            events += self._check_column(p, column_of(move.slot))
            return events + self._end_turn()
        if isinstance(move, TakeDiscard):
            self.hand = self.discard_pile.pop()
            self.phase = "place_taken"
            return [Event("take", p, (self.hand,), src="discard", dst="hand", amount=self.hand.rank)]
        if isinstance(move, DrawCard):
            self.hand = self.draw_pile.pop()
            self.phase = "place_drawn"
            events.append(Event("draw", p, (self.hand,), src="draw", dst="hand",
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
            events.append(Event("exchange", p, (new, old), src="hand", dst=f"slot:{move.slot}",
                                amount=old.rank))
            events += self._check_column(p, column_of(move.slot))
            return events + self._end_turn()
        assert isinstance(move, Discard) and self.hand is not None
        card, self.hand = self.hand, None
        self.discard_pile.append(card)
        self.phase = "turn_up"
        return [Event("discard", p, (card,), src="hand", dst="discard", amount=card.rank)]

    def _after_reveal(self) -> list[Event]:
        """Pass the opening turn-ups on in seat order; when all are done, name the starter."""
        waiting = [i for i in range(self.player_count) if self.reveals_left[i] > 0]
        if waiting:
            if self.reveals_left[self.turn] == 0:
                self.turn = waiting[0]
                return [Event("turn", self.turn, text="reveal")]
            return []
        if self.round_number == 1:
            sums = [self.visible_score(i) for i in range(self.player_count)]
            self.turn = self.starter = sums.index(max(sums))  # index(): earliest seat on a tie
            text = f"{self.names[self.turn]} starts with the highest pair ({max(sums)})."
        else:
            self.turn = self.starter
            text = f"{self.names[self.turn]} ended the last round and starts."
        self.phase = "choose"
        return [Event("starter", self.turn, text=text), Event("turn", self.turn)]

    def _check_column(self, player: int, column: int) -> list[Event]:
        """The column rule: three equal face-up cards in a column go to the discard pile."""
        slots = column_slots(column)
        cards = [self.grids[player][s] for s in slots]
        if any(c is None for c in cards) or not all(self.face_up[player][s] for s in slots):
            return []
        if len({c.rank for c in cards}) != 1:  # type: ignore[union-attr]
            return []
        for s in slots:
            self.grids[player][s] = None
            self.face_up[player][s] = False
        self.discard_pile.extend(cards)  # type: ignore[arg-type]
        return [Event("column", player, tuple(cards), src=f"column:{column}", dst="discard",
                      amount=cards[0].rank)]  # type: ignore[union-attr, arg-type]

    def _reshuffle(self) -> list[Event]:
        """An empty draw pile: every discard but the top one is shuffled into a new draw pile."""
        top = self.discard_pile.pop()
        self.draw_pile, self.discard_pile = self.discard_pile, [top]
        self.rng.shuffle(self.draw_pile)
        return [Event("reshuffle", None, src="discard", dst="draw", amount=len(self.draw_pile))]

    def _end_turn(self) -> list[Event]:
        p = self.turn
        events: list[Event] = []
        if self.ender is None and not self.down_slots(p):
            self.ender = p
            events.append(Event("last_turn", p, text=f"{self.names[p]} turned up every card: "
                                "everybody else has one last turn!"))
        following = (p + 1) % self.player_count
        if self.ender is not None and following == self.ender:
            return events + self._finish_round()
        self.turn = following
        self.phase = "choose"
        return events + [Event("turn", following)]

    def _finish_round(self) -> list[Event]:
        """Turn up every remaining card, apply the column rule, score, maybe double, maybe end."""
        events: list[Event] = []
        ender = self.ender
        assert ender is not None
        for p in range(self.player_count):
            for s in self.down_slots(p):
                self.face_up[p][s] = True
                card = self.grids[p][s]
                events.append(Event("flip", p, (card,), src=f"slot:{s}", text="final",
                                    amount=card.rank))  # type: ignore[arg-type, union-attr]
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
            events.append(Event("score", p, amount=scores[p],
                                text="doubled" if doubled and p == ender else ""))
        self.history.append({"scores": scores, "raw": raw, "ender": ender, "doubled": doubled})
        self.turn = ender
        if max(self.totals) >= self.target:
            self.phase = "game_over"
            winners = self.result()["winners"]
            events.append(Event("game_over", winners[0], amount=min(self.totals),
                                text=" and ".join(self.names[w] for w in winners) + " won."))
        else:
            self.phase = "round_over"
            events.append(Event("round_over", ender, text=f"Round {self.round_number} is over."))
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
        self.phase = "reveal"
        self.turn = 0
        events = [Event("deal", None, amount=self.round_number,
                        text=f"Round {self.round_number}"),
                  Event("turn", 0, text="reveal")]
        self.starter = starter  # round 1: replaced by the highest pair after the turn-ups
        return events

    # ---- persistence ---------------------------------------------------------------------
    def to_dict(self) -> dict:
        from game.skyjo.save import game_to_dict
        return game_to_dict(self)

    def check_invariants(self) -> None:
        from game.skyjo.save import check_state
        check_state(self)


def new_game(players: list[str], seed: int, target: int = DEFAULT_TARGET,
             **options: Any) -> SkyjoGame:
    """A new game for 2-8 named players, first round dealt from `seed`; `target` ends the game."""
    if options:
        raise ValueError(f"unknown Skyjo options: {sorted(options)}")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Skyjo needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
    if not isinstance(target, int) or target < 1:
        raise ValueError("the target score must be a positive whole number")
    game = SkyjoGame(players, random.Random(seed), target)
    game.draw_pile = skyjo_deck()
    game._deal(0)
    return game


def load_game(data: dict) -> SkyjoGame:
    """The game saved by to_dict(); ValueError if the data is not a valid Skyjo save."""
    from game.skyjo.save import game_from_dict
    return game_from_dict(data)


INFO = register(GameInfo(
    name=NAME, title=TITLE, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, levels=LEVELS,
    new_game=new_game, load_game=load_game, computer=ComputerPlayer, rules_text=RULES_TEXT,
    low_score_wins=LOW_SCORE_WINS))
