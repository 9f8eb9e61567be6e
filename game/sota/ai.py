"""Sota's computer player: easy plays a random legal move, normal plays with a plan."""
from __future__ import annotations

import random
from collections import Counter

from game.cards import Card
from game.sota.moves import (
    DRAW,
    PHASE_DRAWN,
    PHASE_SUIT,
    SEVEN_SUITS,
    SKIP,
    WILD,
    ChooseSuit,
    Move,
    Play,
)
from game.sota.view import SotaView

LEVELS = ("easy", "normal")
CLOSE_TO_WINNING = 2  # a player with this many cards or fewer is about to win
STRIKE_BONUS = 5.0  # Aces and Twos slow the others down: measured better than keeping them


class ComputerPlayer:
    """Chooses a move from a SotaView only, so it never sees a hidden card."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {LEVELS}")
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: SotaView) -> Move:
        """One of view.legal_moves."""
        moves = list(view.legal_moves)
        if not moves:
            raise ValueError("no move to choose: it is not this player's turn")
        if self.level == "easy":
            return self.rng.choice(moves)
        return self._normal(view, moves)

    def _normal(self, view: SotaView, moves: list[Move]) -> Move:
        if view.phase == PHASE_SUIT:
            return ChooseSuit(best_suit(view))
        plays = [m for m in moves if isinstance(m, Play)]
        if view.phase == PHASE_DRAWN or not plays:
            return plays[0] if plays else moves[0]
        if view.pending_draw or view.pending_skips:
            return plays[0]  # pass the Twos or the skip on rather than take them
        best = max(self._score(view, m.card) for m in plays)
        return self.rng.choice([m for m in plays if self._score(view, m.card) == best])

    def _score(self, view: SotaView, card: Card) -> float:
        """How good playing `card` is now: keep Sevens, strike a near winner, stay flexible."""
        effect = view.effect(card)
        kind = effect.kind if effect else ""
        others = [c for c in view.hand if c != card]
        if not others:
            return 100.0  # the last card wins
        if kind == WILD:
            return -50.0  # a Seven is kept for when nothing else plays
        victim = (view.current_player + 1) % view.num_players  # the chooser is the one to play
        follow_ups = sum(1 for c in others if c.suit == card.suit or c.rank == card.rank)
        score = float(follow_ups)
        if kind == SKIP and view.num_players == 2:
            score += 20.0  # plays again
        elif kind in (SKIP, DRAW):
            score += STRIKE_BONUS
            if view.hand_counts[victim] <= CLOSE_TO_WINNING:
                score += 30.0  # stop the next player from going out
        return score


def best_suit(view: SotaView) -> str:
    """The suit this hand holds most of, Sevens aside; ties go to the picker order."""
    counts = Counter(c.suit for c in view.hand
                     if (effect := view.effect(c)) is None or effect.kind != WILD)
    return max(SEVEN_SUITS, key=lambda s: (counts[s], -SEVEN_SUITS.index(s)))


__all__ = ["LEVELS", "ComputerPlayer", "best_suit"]
