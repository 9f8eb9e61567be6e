"""Memory Match computer player: remembers revealed cards from the public log, and forgets by level."""
from __future__ import annotations

import math
import random
from collections import Counter

from game.cards import Card
from game.memory_match.moves import (
    BONUS,
    PENALTY,
    Choice,
    Choose,
    Flip,
    Move,
    Outcome,
    is_standard,
)
from game.memory_match.view import MemoryView

LEVELS = ("easy", "normal", "hard")
# Mean number of turns a remembered card stays in memory (None: never forgotten).
MEMORY_SPAN: dict[str, float | None] = {"easy": 1.5, "normal": 6.0, "hard": None}
# How often the player takes the careless option of a choice instead of the better one.
CARELESS: dict[str, float] = {"easy": 0.5, "normal": 0.15, "hard": 0.0}


class ComputerPlayer:
    """Plays Memory Match from `view` only; its memory of cells is its own and fades by level."""

    def __init__(self, level: str, seed: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of {LEVELS}")
        self.level = level
        self.rng = random.Random(seed)
        self.memory: dict[int, tuple[Card, float]] = {}  # cell -> (card, turn it is forgotten after)
        self.log_seen = 0

    # --- memory -------------------------------------------------------------------------------
    def observe(self, view: MemoryView) -> None:
        """Learn the reveals logged since the last look; drop removed and forgotten cells."""
        if len(view.log) < self.log_seen:  # a new game: start afresh
            self.memory.clear()
            self.log_seen = 0
        span = MEMORY_SPAN[self.level]
        for reveal in view.log[self.log_seen:]:
            keep = math.inf if span is None else reveal.turn + self.rng.expovariate(1 / span)
            self.memory[reveal.index] = (reveal.card, keep)
        self.log_seen = len(view.log)
        for cell in list(self.memory):
            if not view.present[cell] or view.turn > self.memory[cell][1]:
                del self.memory[cell]

    def known(self, view: MemoryView) -> dict[int, Card]:
        """Face-down cells whose card this player remembers."""
        return {cell: card for cell, (card, _) in self.memory.items()
                if view.present[cell] and view.face_up[cell] is None}

    # --- deciding -----------------------------------------------------------------------------
    def choose(self, view: MemoryView) -> Move:
        """The move to play in `view`, where it is this player's turn."""
        self.observe(view)
        known = self.known(view)
        if view.pending_choice is not None:
            return self._choice(view, known)
        if not view.flipped:
            return Flip(self._first_flip(view, known))
        return Flip(self._second_flip(view, known))

    def _unknown(self, view: MemoryView, known: dict[int, Card]) -> list[int]:
        return [c for c in view.face_down_cells() if c not in known]

    def _first_flip(self, view: MemoryView, known: dict[int, Card]) -> int:
        pair = _known_pair(known, standard=True) or _known_pair(known, standard=False, rank=BONUS)
        if pair:
            return pair[0]
        unknown = self._unknown(view, known)
        if unknown:
            return self.rng.choice(unknown)
        # Everything left is remembered and holds no pair: open with a card that cannot lose.
        return _prefer(known, [BONUS], standards=True, fallback=view.face_down_cells())

    def _second_flip(self, view: MemoryView, known: dict[int, Card]) -> int:
        first = view.face_up[view.flipped[0]]
        assert first is not None
        partner = [c for c, card in known.items() if card.rank == first.rank]
        if partner and first.rank != PENALTY:
            return partner[0]
        unknown = self._unknown(view, known)
        if first.rank == BONUS:
            return _prefer(known, [], standards=True, fallback=unknown or view.face_down_cells())
        if first.rank == PENALTY:
            if any(card.rank == BONUS for card in known.values()):
                return _prefer(known, [BONUS], standards=False, fallback=[])
            if unknown:
                return self.rng.choice(unknown)
            return _prefer(known, [PENALTY], standards=True, fallback=view.face_down_cells())
        # A standard: take a sure +1 from a remembered Bonus, else gamble only when it pays.
        if any(card.rank == BONUS for card in known.values()):
            return _prefer(known, [BONUS], standards=False, fallback=[])
        safe = [c for c, card in known.items() if is_standard(card)]
        if unknown and (not safe or self._gamble_value(view, known, unknown) >= 0):
            return self.rng.choice(unknown)
        return (safe or unknown or view.face_down_cells())[0]

    def _gamble_value(self, view: MemoryView, known: dict[int, Card], unknown: list[int]) -> float:
        """Expected points of flipping an unknown cell after a standard: match, Bonus, Penalty."""
        if self.level == "easy":
            return 1.0  # easy always gambles
        gone = Counter(r.card.rank for r in view.log if not view.present[r.index])
        seen = Counter(card.rank for card in known.values())
        hidden_bonus = max(0, 2 - gone[BONUS] - seen[BONUS])
        hidden_penalty = max(0, 2 - gone[PENALTY] - seen[PENALTY])
        # A match is worth its point and the turn that goes on, about 1.5.
        return (1.5 + hidden_bonus - hidden_penalty) / len(unknown)

    def _choice(self, view: MemoryView, known: dict[int, Card]) -> Choose:
        careless = self.rng.random() < CARELESS[self.level]
        left_after = sum(view.present) - 2
        pairs = _count_pairs(known)
        if view.pending_choice == Outcome.TWO_BONUS:
            better = Choice.PLAY_AGAIN if pairs > 0 else Choice.END_TURN
            worse = Choice.END_TURN if better is Choice.PLAY_AGAIN else Choice.PLAY_AGAIN
        else:
            # Skipping hands the other player a turn: cheap when nothing is known to be taken.
            better = Choice.SKIP_NEXT if left_after <= 1 or pairs == 0 else Choice.END_TURN
            worse = Choice.END_TURN if better is Choice.SKIP_NEXT else Choice.SKIP_NEXT
        return Choose(worse if careless else better)


def _known_pair(known: dict[int, Card], standard: bool, rank: int | None = None) -> list[int]:
    """Two remembered cells holding the same card kind, or []."""
    by_rank: dict[int, list[int]] = {}
    for cell in sorted(known):
        card = known[cell]
        if is_standard(card) == standard and (rank is None or card.rank == rank):
            by_rank.setdefault(card.rank, []).append(cell)
    for cells in by_rank.values():
        if len(cells) >= 2:
            return cells[:2]
    return []


def _count_pairs(known: dict[int, Card]) -> int:
    counts = Counter(card.rank for card in known.values() if is_standard(card))
    return sum(1 for n in counts.values() if n >= 2)


def _prefer(known: dict[int, Card], ranks: list[int], standards: bool, fallback: list[int]) -> int:
    """The first remembered cell of the wanted ranks (then any standard), else a fallback cell."""
    for rank in ranks:
        for cell in sorted(known):
            if known[cell].rank == rank:
                return cell
    if standards:
        for cell in sorted(known):
            if is_standard(known[cell]):
                return cell
    if fallback:
        return fallback[0]
    return min(known) if known else 0

