"""Kings Corner computer players: the five steps of the original rules (normal), and a turn planner that plays the
rest of the round out on guesses at the hidden cards once the draw pile runs low (hard)."""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.cards import Card, french_deck
from game.kings_corner.ai_search import (
    TurnEnd,
    game_value,
    openings,
    position_cost,
    rollout_scores,
    turn_ends,
    win_chances,
)
from game.kings_corner.moves import (
    CORNERS,
    KING,
    SIDES,
    TARGET,
    Draw,
    LayCard,
    Move,
    MovePile,
    NextRound,
    Pass,
    Phase,
    accepts,
)
from game.kings_corner.view import KingsCornerView

LEVELS = ("normal", "hard")
SEARCH_LIMIT = 4000  # positions the hard player looks at per turn, at most
ROLLOUT_DRAW = 10  # the hard player plays rounds out once the draw pile is this small
ROLLOUT_SAMPLES = 64  # deals of the unseen cards each way to end the turn is played out on
ROLLOUT_BEST = 6  # ways to end the turn played out: the best by position_cost,
ROLLOUT_LEAST_EXPOSED = 3  # those that give the other player the least to lay, and drawing at once
WIN_CHANCES = win_chances(TARGET)

PileState = tuple[tuple[Card, ...], ...]


def _end_turn(view: KingsCornerView) -> Move:
    return Draw() if view.draw_count else Pass()


def seed_step_moves(hand: Sequence[Card], piles: PileState) -> Sequence[Move]:
    """The candidates of the first of the original rules' steps 1-4 that has any; [] means step 5."""
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


def ranked_ends(hand: Sequence[Card], piles: PileState,
                limit: int = SEARCH_LIMIT) -> list[tuple[tuple[int, int, int], TurnEnd]]:
    """Every different end of this turn found with its position_cost, best first (then fewest moves)."""
    seen = set(hand).union(*piles)
    fits = openings([c for c in french_deck() if c not in seen])
    ranked = [(position_cost(end, fits), end) for end in turn_ends(hand, piles, limit)]
    return sorted(ranked, key=lambda r: (r[0], len(r[1].path)))


def rollout_candidates(ranked: list[tuple[tuple[int, int, int], TurnEnd]]) -> list[TurnEnd]:
    """The ends of the turn worth playing out: the best few, the few least exposed to the other
    player (holding cards back), and laying nothing."""
    chosen = [end for _, end in ranked[:ROLLOUT_BEST]]
    least_exposed = sorted(ranked, key=lambda r: (r[0][1], r[0][0], len(r[1].path)))
    for end in [end for _, end in least_exposed[:ROLLOUT_LEAST_EXPOSED]] + [ranked_start(ranked)]:
        if end not in chosen:
            chosen.append(end)
    return chosen


def ranked_start(ranked: list[tuple[tuple[int, int, int], TurnEnd]]) -> TurnEnd:
    """The end of the turn that makes no move."""
    return next(end for _, end in ranked if not end.path)


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
        if view.phase != Phase.PLAY:
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
            self._plan = self._search(view)
        if not self._plan:
            self._expect = None
            return _end_turn(view)
        move = self._plan.pop(0)
        self._expect = after(move, view.hand, view.piles)
        return move

    def _search(self, view: KingsCornerView) -> list[Move]:
        """The plan for this turn: by position_cost, or late in the round by playing it out."""
        ranked = ranked_ends(view.hand, view.piles)
        candidates = rollout_candidates(ranked)
        if view.draw_count > ROLLOUT_DRAW or len(candidates) < 2:
            return list(ranked[0][1].path)
        seen = set(view.hand).union(*view.piles)
        unseen = [c for c in french_deck() if c not in seen]
        me = view.player if view.player is not None else view.current_player
        own, theirs = view.penalties[me], view.penalties[1 - me]

        def value(own_points: int, their_points: int) -> float:
            return game_value(WIN_CHANCES, own + own_points, theirs + their_points, TARGET)

        scores = rollout_scores(candidates, unseen, view.hand_counts[1 - me], view.passes,
                                ROLLOUT_SAMPLES, self.rng, value)
        best = max(range(len(candidates)), key=lambda i: (scores[i], -i))
        return list(candidates[best].path)
