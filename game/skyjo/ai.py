"""Skyjo computer players: easy (careless but sane), normal (greedy, fixed odds), hard (counts
cards, values a draw by the unseen cards each placed at its best, lets the others end the round
unless far ahead, plays its last turn for the ender's doubling, and keeps from the next player a
discard it wants).

They read only a SkyjoView: face-up values, the discard pile and the card in hand. The hard
constants were tuned with seeded ladders on other seeds than bench/ai_ladder.py's.
"""
from __future__ import annotations

import math
import random
from collections import Counter

from game.cards import SKYJO_COUNTS
from game.skyjo.moves import (
    COLUMNS,
    Discard,
    DrawCard,
    Exchange,
    Move,
    NextRound,
    Phase,
    TakeDiscard,
    TurnUp,
    column_of,
    column_slots,
)
from game.skyjo.view import GridView, SkyjoView

LEVELS = ("easy", "normal", "hard")
DECK_MEAN = sum(v * n for v, n in SKYJO_COUNTS.items()) / sum(SKYJO_COUNTS.values())
EASY_SENSE = 0.35  # how often the easy player plays a normal move instead of a random sane one
HIGH_CARD = 9  # the easy player never puts a card this high on a face-down card when it may discard it
LOW_CARD = 3  # the easy player takes a discard this low even with nothing worse on show
TAKE_THRESHOLD = 2.5  # the normal player takes the discard when it gains at least this much
PAIR_WEIGHT = 0.5  # the hope a pair of equal cards in a column gives, per point of the pair
HOPE_PER_CARD = 0.12  # the hard player's pair hope per unseen card of the pair's value
MAX_HOPE = 1.0
HURRY_SCALE = 0.0  # the hard player's hopes vanish when the round may end soon
HURRY_DOWN = 2  # an opponent with this few face-down cards may end the round soon
OPPONENT_TURN_GAIN = 2.0  # what the hard player expects an opponent to save in one last turn
END_MARGIN = 18.0  # the hard player ends a round only when this much below every opponent
END_BONUS = 2.0
END_PENALTY = 4.0
DENY_WEIGHT = 0.25  # the share of what a discard is worth to the next player that the hard player counts
DENY_FREE = 1.0  # a gift this small is not worth avoiding
DOWN_COST = 1.5  # the hard player hides a card face down only when that beats a turn-up by this much


def legal_moves_of(view: SkyjoView) -> list[Move]:
    """The legal moves of the player to move, worked out from the public view alone."""
    grid = view.grids[view.current_player]
    if view.phase in (Phase.REVEAL, Phase.TURN_UP):
        return [TurnUp(s) for s in grid.down_slots]
    if view.phase == Phase.CHOOSE:
        return [TakeDiscard(), DrawCard()] if view.draw_count else [TakeDiscard()]
    if view.phase == Phase.PLACE_TAKEN:
        return [Exchange(s) for s in grid.occupied_slots]
    if view.phase == Phase.PLACE_DRAWN:
        exchanges: list[Move] = [Exchange(s) for s in grid.occupied_slots]
        return exchanges + ([Discard()] if grid.down_slots else [])
    if view.phase == Phase.ROUND_OVER:
        return [NextRound()]
    return []


def sane_moves(view: SkyjoView, moves: list[Move]) -> list[Move]:
    """The moves no beginner would call absurd: a card goes only on a face-down card or a worse
    (higher) face-up one, a high drawn card is thrown away rather than hidden in the grid, and a
    discard is taken only when it has such a place."""
    grid = view.grids[view.current_player]

    def fits(slot: int, value: int) -> bool:
        shown = grid.values[slot]
        return shown > value if shown is not None else value < HIGH_CARD

    sane: list[Move] = []
    for move in moves:
        if isinstance(move, TakeDiscard):
            top = view.discard_pile[-1].rank
            if top <= LOW_CARD or any(fits(s, top) for s in grid.occupied_slots if grid.values[s] is not None):
                sane.append(move)
        elif isinstance(move, Exchange):
            assert view.hand is not None
            if fits(move.slot, view.hand.rank):
                sane.append(move)
        else:
            sane.append(move)
    if sane:
        return sane
    # Nothing fits (a card in hand, every shown card lower): replace the highest one.
    def shown(move: Move) -> float:
        value = grid.values[move.slot] if isinstance(move, Exchange) else None
        return DECK_MEAN if value is None else value

    return [max(moves, key=shown)]


def unseen_counts(view: SkyjoView) -> Counter[int]:
    """How many cards of each value nobody has seen: the deck minus every visible card."""
    counts = Counter(SKYJO_COUNTS)
    seen = [v for g in view.grids for v in g.values if v is not None] + [c.rank for c in view.discard_pile]
    if view.hand is not None:
        seen.append(view.hand.rank)
    counts.subtract(seen)
    return Counter({v: n for v, n in counts.items() if n > 0})


class Estimator:
    """Expected values of grids and of changes to them, for one level's knowledge."""

    def __init__(self, unknown_mean: float, pair_hope: dict[int, float]) -> None:
        self.unknown_mean = unknown_mean
        self.pair_hope = pair_hope  # per value: the share of a pair's points hoped to vanish

    def column_value(self, cells: list[int | None]) -> float:
        """Expected points of one column: known values, the mean for unknown ones, pair hopes."""
        known = [v for v in cells if v is not None]
        if len(known) == 3 and len(set(known)) == 1:
            return 0.0
        value = sum(known) + self.unknown_mean * (3 - len(known))
        for v in set(known):
            if v > 0 and known.count(v) == 2:
                value -= self.pair_hope.get(v, 0.0) * v
        return value

    def grid_value(self, values: list[int | None], removed: frozenset[int]) -> float:
        total = 0.0
        for column in range(COLUMNS):
            slots = column_slots(column)
            if slots[0] not in removed:
                total += self.column_value([values[s] for s in slots])
        return total

    def exchange_gain(self, grid: GridView, slot: int, value: int) -> float:
        """Expected points saved by putting `value` on `slot`."""
        slots = column_slots(column_of(slot))
        before = [grid.values[s] for s in slots]
        after = [value if s == slot else grid.values[s] for s in slots]
        return self.column_value(before) - self.column_value(after)


class ComputerPlayer:
    """A Skyjo computer player of one level; choose(view) returns a legal move."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: SkyjoView) -> Move:
        moves = legal_moves_of(view)
        if not moves:
            raise ValueError("no move to choose: the game is over")
        if self.level == "easy":
            moves = sane_moves(view, moves)
        if len(moves) == 1:
            return moves[0]
        if self.level == "easy" and self.rng.random() >= EASY_SENSE:
            return self.rng.choice(moves)
        if view.phase == Phase.REVEAL:
            return self.rng.choice(moves)
        self._counts = unseen_counts(view)
        self._est = self._estimator(view)
        self._gifts: dict[int, float] = {}
        scored = [(self._score(view, m), self.rng.random(), m) for m in moves]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    # ---- evaluation ----------------------------------------------------------------------
    def _estimator(self, view: SkyjoView) -> Estimator:
        if self.level != "hard":
            return Estimator(DECK_MEAN, dict.fromkeys(range(1, 13), PAIR_WEIGHT))
        counts = self._counts
        total = sum(counts.values()) or 1
        mean = sum(v * n for v, n in counts.items()) / total
        fewest_down = min(len(g.down_slots) for i, g in enumerate(view.grids)
                          if i != view.current_player)
        hurry = view.ender is not None or fewest_down <= HURRY_DOWN
        scale = HURRY_SCALE if hurry else 1.0
        hope = {v: scale * min(MAX_HOPE, HOPE_PER_CARD * counts[v]) for v in range(1, 13)}
        return Estimator(mean, hope)

    def _score(self, view: SkyjoView, move: Move) -> float:
        est = self._est
        grid = view.grids[view.current_player]
        if self.level == "hard" and view.last_turn and not isinstance(move, TurnUp):
            return self._last_turn_score(view, move)
        if isinstance(move, TakeDiscard):
            take = max(self._placement(view, est, s, view.discard_pile[-1].rank)
                       for s in grid.occupied_slots)
            return take if self.level == "hard" else take - TAKE_THRESHOLD  # hard weighs it against a draw
        if isinstance(move, DrawCard):
            return self._draw_worth(view, est) if self.level == "hard" else 0.0
        if isinstance(move, Exchange):
            assert view.hand is not None
            return self._placement(view, est, move.slot, view.hand.rank)
        if isinstance(move, Discard):
            assert view.hand is not None
            gift = self._gift(view, est, view.hand.rank) if self.level == "hard" else 0.0
            return self._turn_up_worth(view, est) - gift
        assert isinstance(move, TurnUp)
        return self._turn_up_at(view, est, move.slot)

    def _draw_worth(self, view: SkyjoView, est: Estimator) -> float:
        """Hard only: the expected worth of drawing, over the unseen cards, each placed at its best."""
        grid = view.grids[view.current_player]
        counts = self._counts
        total = sum(counts.values()) or 1
        flip = self._turn_up_worth(view, est) if grid.down_slots else None
        worth = 0.0
        for value, n in counts.items():
            best = max(self._placement(view, est, s, value) for s in grid.occupied_slots)
            if flip is not None:
                best = max(best, flip - self._gift(view, est, value))
            worth += best * n / total
        return worth

    def _placement(self, view: SkyjoView, est: Estimator, slot: int, value: int) -> float:
        """Worth of putting `value` on `slot`; for the hard player, also of ending the round."""
        grid = view.grids[view.current_player]
        worth = est.exchange_gain(grid, slot, value)
        if self.level != "hard":
            return worth
        if grid.is_down(slot):
            worth -= DOWN_COST
        if grid.is_down(slot) and len(grid.down_slots) == 1:
            values = list(grid.values)
            values[slot] = value
            worth += self._ending_worth(view, est, values, grid.removed)
        old = grid.values[slot]
        if old is not None:
            worth -= self._gift(view, est, old)
        return worth

    def _last_turn_score(self, view: SkyjoView, move: Move) -> float:
        """Hard only, on its last turn: the expected points the round will cost it, less the
        ender's points times the chance of scoring no more than the ender (who is then doubled)."""
        grid = view.grids[view.current_player]
        counts = self._counts
        if isinstance(move, DrawCard):
            total = sum(counts.values()) or 1
            return sum(n / total * max(self._final_worth(view, slot, value)
                                       for slot in (None, *grid.occupied_slots))
                       for value, n in counts.items())
        if isinstance(move, TakeDiscard):
            top = view.discard_pile[-1].rank
            return max(self._final_worth(view, slot, top) for slot in grid.occupied_slots)
        if isinstance(move, Exchange):
            assert view.hand is not None
            return self._final_worth(view, move.slot, view.hand.rank)
        return self._final_worth(view, None, 0)  # Discard: the grid stays as it is

    def _final_worth(self, view: SkyjoView, slot: int | None, value: int) -> float:
        """Minus the round's expected points after putting `value` on `slot` (None: nowhere),
        plus the ender's points times the chance of doubling them."""
        grid = view.grids[view.current_player]
        values = list(grid.values)
        if slot is not None:
            values[slot] = value
        known, hidden = 0, 0
        for column in range(COLUMNS):
            cells = [values[s] for s in column_slots(column) if s not in grid.removed]
            if len(cells) == 3 and None not in cells and len(set(cells)) == 1:
                continue  # the column rule takes it away
            known += sum(v for v in cells if v is not None)
            hidden += sum(1 for v in cells if v is None)
        counts = self._counts
        total = sum(counts.values()) or 1
        mean = sum(v * n for v, n in counts.items()) / total
        spread = math.sqrt(hidden * sum(n * (v - mean) ** 2 for v, n in counts.items()) / total)
        expected = known + hidden * mean
        assert view.ender is not None
        theirs = view.grids[view.ender].visible_score
        if theirs <= 0:
            return -expected
        if spread == 0:
            chance = 1.0 if expected <= theirs else 0.0
        else:
            chance = 0.5 * (1 + math.erf((theirs + 0.5 - expected) / (spread * math.sqrt(2))))
        return theirs * chance - expected

    def _gift(self, view: SkyjoView, est: Estimator, value: int) -> float:
        """Hard only: what leaving `value` on the discard pile is worth to the next player."""
        if value in self._gifts:
            return self._gifts[value]
        nxt = view.grids[(view.current_player + 1) % view.player_count]
        gain = max(est.exchange_gain(nxt, s, value) for s in nxt.occupied_slots) if nxt.occupied_slots else 0.0
        self._gifts[value] = DENY_WEIGHT * max(0.0, gain - DENY_FREE)
        return self._gifts[value]

    def _turn_up_worth(self, view: SkyjoView, est: Estimator) -> float:
        grid = view.grids[view.current_player]
        return max(self._turn_up_at(view, est, s) for s in grid.down_slots)

    def _turn_up_at(self, view: SkyjoView, est: Estimator, slot: int) -> float:
        """Worth of turning up `slot`: the hope of a column, and ending the round if last."""
        grid = view.grids[view.current_player]
        if self.level != "hard":
            known = [grid.values[s] for s in column_slots(column_of(slot)) if s != slot]
            return 0.1 * sum(1 for v in known if v is None)  # spread the turned-up cards
        counts = self._counts
        total = sum(counts.values()) or 1
        worth = 0.0
        for value, n in counts.items():
            gain = est.exchange_gain(grid, slot, value)
            if len(grid.down_slots) == 1:
                values = list(grid.values)
                values[slot] = value
                gain += self._ending_worth(view, est, values, grid.removed)
            worth += gain * n / total
        return worth

    def _ending_worth(self, view: SkyjoView, est: Estimator, values: list[int | None],
                      removed: frozenset[int]) -> float:
        """Hard only: ending the round is worth it only when likely to score lowest."""
        if view.ender is not None:
            return 0.0
        mine = est.grid_value(values, removed)
        others = [est.grid_value(list(g.values), g.removed) - OPPONENT_TURN_GAIN
                  for i, g in enumerate(view.grids) if i != view.current_player]
        if mine < min(others) - END_MARGIN:
            return END_BONUS
        return -(max(mine, 0.0) + END_PENALTY)
