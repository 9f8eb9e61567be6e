"""War's rules object: one Battle() move plays a whole battle, wars of any depth included."""
from __future__ import annotations

import random
from collections import Counter

from game.cards import Card, cards_to_json, rng_to_json
from game.core import Event, Kind, RulesGame
from game.places import Middle, Stack
from game.war.deck import WarOptions, card_value, face_counts, fixed_pickup, hand_rating
from game.war.moves import Battle
from game.war.text import game_over_text, out_text, short_text, war_name, wins_cards_text
from game.war.view import WarView
from lang import _

NAME = "war"
VERSION = 2  # of the save format; 2 added fixed_order
# Fixed pickup: the players' cards alternating, the winner's first; or, in games saved by version 1,
# seat 0's cards, then seat 1's.
FIXED_ORDERS = ("alternating", "by_seat")
PLAYER = 0  # the seat whose statistics are kept: "you"
Stage = tuple[list[Card], list[Card]]  # the cards each seat laid at one step of a battle


def by_seat(laid: list[Stage]) -> list[Card]:
    """A battle's cards, seat 0's as laid, then seat 1's (what random pickup shuffles)."""
    return [card for p in (0, 1) for stage in laid for card in stage[p]]


def position_key(values: tuple[list[int], list[int]]) -> bytes:
    """A position by card values only: in fixed pickup order, values alone decide the future."""
    return bytes(values[0]) + b"|" + bytes(values[1])


class WarGame(RulesGame[Battle]):
    """The state of a game of War: two face-down stacks (top first), the RNG and the counters."""

    NAME = NAME

    def __init__(self, players: list[str], options: WarOptions,
                 hands: tuple[list[Card], list[Card]], rng: random.Random) -> None:
        if len(players) != 2:
            raise ValueError("War is played by exactly two players")
        self.players = [str(p) for p in players]
        self.options = options
        self.initial = (list(hands[0]), list(hands[1]))
        self.stacks = (list(hands[0]), list(hands[1]))
        self.table: list[Card] = []  # cards left on the table only when a game ends in a draw
        self.rng = rng
        self.ratings = (hand_rating(hands[0], options.ace), hand_rating(hands[1], options.ace))
        self.faces = (face_counts(hands[0]), face_counts(hands[1]))
        self.battles = 0
        self.battles_won = [0, 0]
        self.wars = 0
        self.wars_won = [0, 0]
        self.war_depths: Counter[int] = Counter()  # deepest level of each war -> how many
        self.winners: list[int] | None = None  # set when the game ends
        self.reason = ""  # "cards", "both_out" or "endless"
        self.fixed_order = FIXED_ORDERS[0]
        self._seen: set[bytes] = set()
        if options.pickup == "fixed":
            self._seen.add(self._position())
        self._end_if_empty([])

    # --- protocol -------------------------------------------------------------------------
    def legal_moves(self) -> list[Battle]:
        return [] if self.is_over else [Battle()]

    def explain_illegal(self, move: object) -> str:
        if self.is_over:
            return _("The game is over.")
        return _("In War the only move is to fight the next battle.")

    @property
    def current_player(self) -> int:
        return PLAYER

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    def result(self) -> dict:
        """Scores are cards held; a draw has no winner and sets draw=True."""
        draw = self.is_over and len(self.winners or []) != 1
        winners = [] if draw else list(self.winners or [])
        return {"scores": [len(s) for s in self.stacks], "winners": winners, "draw": draw,
                "reason": self.reason, "stats": self.stats()}

    def view(self, player: int | None = None) -> WarView:
        """Public facts only: stacks are face down, so just their sizes (the same for every seat)."""
        return WarView(
            seat=player, players=(self.players[0], self.players[1]), options=self.options,
            stack_sizes=(len(self.stacks[0]), len(self.stacks[1])), table_size=len(self.table),
            battles=self.battles, battles_won=(self.battles_won[0], self.battles_won[1]),
            wars=self.wars, wars_won=(self.wars_won[0], self.wars_won[1]),
            war_depths=dict(self.war_depths),
            winners=tuple(self.winners) if self.winners is not None else None, reason=self.reason,
            ratings=self.ratings, faces=self.faces)

    def check_invariants(self) -> None:
        now = self.stacks[0] + self.stacks[1] + self.table
        start = self.initial[0] + self.initial[1]
        assert len(set(now)) == len(now), "a card is in two places"
        assert Counter(now) == Counter(start), "cards were created or lost"
        assert self.table == [] or self.reason == "both_out", "cards left on the table"
        assert sum(self.battles_won) <= self.battles and sum(self.wars_won) <= self.wars
        assert sum(self.war_depths.values()) == self.wars

    # --- statistics -----------------------------------------------------------------------
    def value(self, card: Card) -> int:
        return card_value(card.rank, self.options.ace)

    def stats(self, seat: int = PLAYER) -> dict:
        """Every statistic of RULES.md for this game, from `seat`'s point of view."""
        return self.view(None).stats(seat)

    # --- the battle -----------------------------------------------------------------------
    def _apply(self, move: Battle) -> list[Event]:
        events: list[Event] = []
        self.battles += 1
        events.append(Event(Kind.BATTLE, amount=self.battles, text=_("Battle {number}", number=self.battles)))
        laid: list[Stage] = []  # the pile as laid: the cards turned, then each war's down and deciding cards
        up = self._turn_up(0, laid, events)
        depth = 0
        while self.value(up[0]) == self.value(up[1]):
            depth += 1
            if depth == 1:
                self.wars += 1
            events.append(Event(Kind.WAR, amount=depth, text=war_name(depth)))
            if not self.stacks[0] or not self.stacks[1]:
                self._run_out(laid, depth, events)
                return events
            for p in (0, 1):
                laying = min(len(self.stacks[p]), self.options.cards_per_war)
                if laying < self.options.cards_per_war:
                    events.append(Event(Kind.SHORT, player=p, amount=laying - 1,
                                        text=short_text(self.players[p], laying - 1)))
            self._lay_down(depth, laid, events)
            up = self._turn_up(depth, laid, events)
        winner = 0 if self.value(up[0]) > self.value(up[1]) else 1
        self._take_pile(winner, laid, depth, events)
        if not self._end_if_empty(events):
            self._end_if_repeated(events)
        return events

    def _turn_up(self, depth: int, laid: list[Stage], events: list[Event]) -> tuple[Card, Card]:
        """Both players turn their top card face up, seat 0 first."""
        stage: Stage = ([], [])
        for p in (0, 1):
            card = self.stacks[p].pop(0)
            stage[p].append(card)
            events.append(Event(Kind.PLAY, player=p, cards=(card,), src=Stack(p), dst=Middle(),
                                amount=depth))
        laid.append(stage)
        return stage[0][0], stage[1][0]

    def _lay_down(self, depth: int, laid: list[Stage], events: list[Event]) -> None:
        """Face-down cards, alternating seats: all but the last card each player adds."""
        stage: Stage = ([], [])
        counts = [min(len(s), self.options.cards_per_war) - 1 for s in self.stacks]
        for i in range(max(counts)):
            for p in (0, 1):
                if i < counts[p]:
                    card = self.stacks[p].pop(0)
                    stage[p].append(card)
                    events.append(Event(Kind.FACE_DOWN, player=p, cards=(card,), src=Stack(p),
                                        dst=Middle(), amount=depth))
        laid.append(stage)

    def _take_pile(self, winner: int, laid: list[Stage], depth: int, events: list[Event]) -> None:
        if self.options.pickup == "random":
            won = by_seat(laid)
            self.rng.shuffle(won)
        elif self.fixed_order == "by_seat":
            won = by_seat(laid)
        else:
            won = fixed_pickup(laid, winner)
        self.stacks[winner].extend(won)
        self.battles_won[winner] += 1
        if depth:
            self.wars_won[winner] += 1
            self.war_depths[depth] += 1
        events.append(Event(Kind.WIN_PILE, player=winner, cards=tuple(won), src=Middle(),
                            dst=Stack(winner), amount=depth,
                            text=wins_cards_text(self.players[winner], len(won))))

    def _run_out(self, laid: list[Stage], depth: int, events: list[Event]) -> None:
        """A war must go on but a player has no card: that player loses; both out is a draw."""
        out = [p for p in (0, 1) if not self.stacks[p]]
        for p in out:
            events.append(Event(Kind.OUT, player=p, text=out_text(self.players[p])))
        if len(out) == 2:
            self.table = by_seat(laid)
            self.war_depths[depth] += 1
            self._finish([0, 1], "both_out", events)
            return
        winner = 1 - out[0]
        self._take_pile(winner, laid, depth, events)
        self._finish([winner], "cards", events)

    def _end_if_empty(self, events: list[Event]) -> bool:
        for p in (0, 1):
            if not self.stacks[p] and self.stacks[1 - p]:
                self._finish([1 - p], "cards", events)
                return True
        return False

    def _position(self) -> bytes:
        return position_key(([self.value(c) for c in self.stacks[0]],
                             [self.value(c) for c in self.stacks[1]]))

    def _end_if_repeated(self, events: list[Event]) -> None:
        if self.options.pickup != "fixed":
            return
        key = self._position()
        if key in self._seen:
            self._finish([0, 1], "endless", events)
        self._seen.add(key)

    def _finish(self, winners: list[int], reason: str, events: list[Event]) -> None:
        self.winners = winners
        self.reason = reason
        text = game_over_text(reason, self.players[winners[0]] if winners else "")
        events.append(Event(Kind.GAME_OVER, player=winners[0] if len(winners) == 1 else None,
                            text=text))

    # --- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "game": NAME, "version": VERSION, "players": list(self.players),
            "options": self.options.to_dict(),
            "initial": [cards_to_json(h) for h in self.initial],
            "stacks": [cards_to_json(s) for s in self.stacks],
            "table": cards_to_json(self.table), "rng": rng_to_json(self.rng),
            "battles": self.battles, "battles_won": list(self.battles_won), "wars": self.wars,
            "wars_won": list(self.wars_won),
            "war_depths": {str(d): self.war_depths[d] for d in sorted(self.war_depths)},
            "winners": list(self.winners) if self.winners is not None else None,
            "reason": self.reason, "fixed_order": self.fixed_order,
        }
