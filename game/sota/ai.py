"""Sota's computer player: easy plays a random legal move (naming a suit it holds), normal plays
with a plan, hard searches ahead over the unseen cards (game/sota/search.py)."""
from __future__ import annotations

import random

from game.sota.moves import PHASE_DRAWN, PHASE_SUIT, SEVEN_SUITS, ChooseSuit, Move, Play
from game.sota.search import Stuck, card_score, search, suit_held_most
from game.sota.view import SotaView

LEVELS = ("easy", "normal", "hard")
# Playouts per hard decision: an iteration budget, not a clock, so a seed replays the same game.
# Calibrated with bench/ai_ladder.py to keep a decision well under the 1.5 s of issue 15 on one core.
HARD_ITERATIONS = 600


class ComputerPlayer:
    """Chooses a move from a SotaView only, so it never sees a hidden card. Its state is its random
    generator and (hard) what it saw the other player do: nothing is shared between players."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {LEVELS}")
        self.level = level
        self.rng = random.Random(seed)
        self._last: tuple[SotaView, Move] | None = None  # hard: its last view and move
        self._stuck: Stuck | None = None  # hard: what it has seen the other player unable to play

    def choose(self, view: SotaView) -> Move:
        """One of view.legal_moves."""
        moves = list(view.legal_moves)
        if not moves:
            raise ValueError("no move to choose: it is not this player's turn")
        if self.level == "easy":
            return self._easy(view, moves)
        if self.level == "hard":
            self._stuck = self._observe(view)
            move = search(view, self.rng, HARD_ITERATIONS, self._stuck)
            self._last = (view, move)
            return move
        return self._normal(view, moves)

    def _observe(self, view: SotaView) -> Stuck | None:
        """Two players: whether the other one could not play since this player's last move (the
        discard pile is as that move left it and their hand grew by one, or they passed)."""
        if view.num_players != 2 or self._last is None or view.player is None:
            return None
        before, move = self._last
        other = 1 - view.player
        left = (*before.discard, move.card) if isinstance(move, Play) else before.discard
        if view.discard != left or before.player != view.player:
            return None  # they played (or the pile was reshuffled): what they held then is gone
        grew = view.hand_counts[other] - before.hand_counts[other]
        if grew == 1 or (grew == 0 and view.passes_in_a_row):
            return Stuck(other, view.hand_counts[other] - grew, view.top_card, view.active_suit)
        return self._stuck if grew == 0 else None

    def _easy(self, view: SotaView, moves: list[Move]) -> Move:
        """Any legal move, but a Seven names a suit the hand holds (if it holds one)."""
        if view.phase == PHASE_SUIT:
            held = [s for s in SEVEN_SUITS if any(c.suit == s for c in view.hand)]
            return ChooseSuit(self.rng.choice(held)) if held else self.rng.choice(moves)
        return self.rng.choice(moves)

    def _normal(self, view: SotaView, moves: list[Move]) -> Move:
        if view.phase == PHASE_SUIT:
            return ChooseSuit(best_suit(view))
        plays = [m for m in moves if isinstance(m, Play)]
        if view.phase == PHASE_DRAWN or not plays:
            return plays[0] if plays else moves[0]
        if view.pending_draw or view.pending_skips:
            return plays[0]  # pass the Twos or the skip on rather than take them
        victim = view.hand_counts[(view.current_player + 1) % view.num_players]

        def score(move: Play) -> float:
            effect = view.effect(move.card)
            return card_score(move.card, view.hand, effect.kind if effect else "", view.num_players, victim)

        best = max(score(m) for m in plays)
        return self.rng.choice([m for m in plays if score(m) == best])


def best_suit(view: SotaView) -> str:
    """The suit this hand holds most of, Sevens aside; ties go to the picker order."""
    return suit_held_most(view.hand, dict(view.effects))


__all__ = ["LEVELS", "ComputerPlayer", "best_suit"]
