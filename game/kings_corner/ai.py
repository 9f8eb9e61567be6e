"""Kings Corner computer players: the seed's five steps (normal) and a turn planner (hard)."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from game.cards import Card, french_deck
from game.kings_corner.moves import (
    CORNERS,
    KING,
    SIDES,
    Draw,
    LayCard,
    Move,
    MovePile,
    NextRound,
    Pass,
    accepts,
    hand_penalty,
)
from game.kings_corner.view import PLAY, KingsCornerView

LEVELS = ("normal", "hard")
SEARCH_LIMIT = 4000  # positions the hard player looks at per turn, at most
EMPTY_SIDE_WEIGHT = 4  # an empty side lets the opponent lay any card

PileState = tuple[tuple[Card, ...], ...]


def _end_turn(view: KingsCornerView) -> Move:
    return Draw() if view.draw_count else Pass()


def seed_step_moves(hand: Sequence[Card], piles: PileState) -> Sequence[Move]:
    """The candidates of the first of the seed's steps 1-4 that has any; [] means step 5."""
    empty_corners = [c for c in CORNERS if not piles[c - 1]]
    if empty_corners:
        kings = [LayCard(card, empty_corners[0]) for card in hand if card.rank == KING]
        king_piles = [MovePile(s, empty_corners[0]) for s in SIDES
                      if piles[s - 1] and piles[s - 1][0].rank == KING]
        if kings or king_piles:
            return kings or king_piles
    merges = [MovePile(s, d) for s in SIDES + CORNERS for d in SIDES + CORNERS
              if s != d and piles[s - 1] and piles[d - 1]
              and accepts(d, piles[d - 1], piles[s - 1][0])]
    if merges:
        return merges
    on_piles = [LayCard(card, p) for card in hand for p in SIDES + CORNERS
                if piles[p - 1] and accepts(p, piles[p - 1], card)]
    if on_piles:
        return on_piles
    empty_sides = [s for s in SIDES if not piles[s - 1]]
    if empty_sides:
        return [LayCard(card, empty_sides[0]) for card in hand]
    return []


def after(move: Move, hand: tuple[Card, ...], piles: PileState) -> tuple[tuple[Card, ...], PileState]:
    """The hand and piles after a lay or pile move (assumed legal)."""
    new = list(piles)
    if isinstance(move, LayCard):
        new[move.pile - 1] = piles[move.pile - 1] + (move.card,)
        rest = list(hand)
        rest.remove(move.card)
        return tuple(rest), tuple(new)
    assert isinstance(move, MovePile)
    new[move.dst - 1] = piles[move.dst - 1] + piles[move.src - 1]
    new[move.src - 1] = ()
    return hand, tuple(new)


def useful_moves(hand: tuple[Card, ...], piles: PileState) -> list[Move]:
    """Moves worth planning with: every lay (one empty side or corner stands for all), every merge
    onto a non-empty pile, and a King pile from a side to an empty corner."""
    moves: list[Move] = []
    first_side = next((s for s in SIDES if not piles[s - 1]), None)
    first_corner = next((c for c in CORNERS if not piles[c - 1]), None)
    for card in dict.fromkeys(hand):
        for p in SIDES + CORNERS:
            if piles[p - 1] and accepts(p, piles[p - 1], card):
                moves.append(LayCard(card, p))
        if card.rank == KING and first_corner:
            moves.append(LayCard(card, first_corner))
        elif first_side:
            moves.append(LayCard(card, first_side))
    for s in SIDES + CORNERS:
        if not piles[s - 1]:
            continue
        bottom = piles[s - 1][0]
        for d in SIDES + CORNERS:
            if d != s and piles[d - 1] and accepts(d, piles[d - 1], bottom):
                moves.append(MovePile(s, d))
        if s in SIDES and bottom.rank == KING and first_corner:
            moves.append(MovePile(s, first_corner))
    return moves


def opening_counts(hand: Sequence[Card], piles: PileState) -> dict[Card, int]:
    """For each card, how many unseen cards (the opponent's or the draw pile's) fit on it.

    Cards only move between the hand and the piles during a turn, so this holds all turn."""
    seen = set(hand).union(*piles)
    unseen = Counter((c.rank, c.is_red) for c in french_deck() if c not in seen)
    return {top: unseen[(top.rank - 1, not top.is_red)] for top in french_deck()}


def position_cost(hand: tuple[Card, ...], piles: PileState,
                  openings: dict[Card, int]) -> tuple[int, int, int]:
    """Lower is better: penalty points held, then what the opponent could lay next (an empty
    side takes anything, a top takes its unseen fits), then cards held."""
    empty_sides = sum(1 for s in SIDES if not piles[s - 1])
    fits = sum(openings[p[-1]] for p in piles if p)
    return (hand_penalty(hand), EMPTY_SIDE_WEIGHT * empty_sides + fits, len(hand))


def plan_turn(hand: tuple[Card, ...], piles: PileState,
              limit: int = SEARCH_LIMIT) -> list[Move]:
    """The best sequence of moves found for this turn (depth-first, each position once)."""
    openings = opening_counts(hand, piles)
    best_cost = position_cost(hand, piles, openings)
    best_path: list[Move] = []
    seen: set[tuple] = set()
    path: list[Move] = []

    def visit(h: tuple[Card, ...], ps: PileState) -> None:
        nonlocal best_cost, best_path
        key = (h, tuple(sorted(ps[:4])), tuple(sorted(ps[4:])))
        if key in seen or len(seen) >= limit:
            return
        seen.add(key)
        cost = position_cost(h, ps, openings)
        if cost < best_cost or (cost == best_cost and len(path) < len(best_path)):
            best_cost, best_path = cost, list(path)
        if not h:
            return
        for move in useful_moves(h, ps):
            path.append(move)
            visit(*after(move, h, ps))
            path.pop()

    visit(hand, piles)
    return best_path


class ComputerPlayer:
    """Chooses one move at a time from a KingsCornerView; `level` is "normal" or "hard"."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels are {LEVELS}")
        self.level = level
        self.rng = random.Random(seed)
        self._plan: list[Move] = []
        self._expect: tuple | None = None

    def choose(self, view: KingsCornerView) -> Move:
        """The next move for the player of `view`; the table applies and shows each in turn."""
        if view.phase != PLAY:
            return NextRound()
        if self.level == "hard":
            return self._choose_planned(view)
        candidates = seed_step_moves(view.hand, view.piles)
        if not candidates:
            return _end_turn(view)
        return self.rng.choice(candidates)

    def _choose_planned(self, view: KingsCornerView) -> Move:
        state = (view.hand, view.piles)
        if state != self._expect:
            self._plan = plan_turn(view.hand, view.piles)
        if not self._plan:
            self._expect = None
            return _end_turn(view)
        move = self._plan.pop(0)
        self._expect = after(move, view.hand, view.piles)
        return move
