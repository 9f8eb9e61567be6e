"""The pace of turns at a table: a computer works its move out while its think pause runs, a human's
move without choice is played after the same pause, and "Hafsa is thinking..." shows after a moment."""
from __future__ import annotations

from typing import Any

from game.match import Match

THINKING_MARK_AFTER = 0.3  # seconds a computer's turn lasts before "thinking" shows


class TurnClock:
    """Seconds the current turn (or a round's end) has waited; the move to play once it is due."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.waited = 0.0

    def due_move(self, dt: float, pause: float) -> Any:
        """The computer's or the forced move once `pause` seconds have passed and it is worked out
        (the decision starts at once, on a worker thread); None meanwhile or on a human's choice."""
        match = self.match
        computer = match.is_computer(match.current_player)
        move = match.decision() if computer else match.forced_move()
        if not computer and move is None:
            return None
        self.waited += dt
        if self.waited < pause:
            return None
        if computer and move is None:
            move = match.decision(wait=0.004)
        if move is not None:
            self.waited = 0.0
        return move

    def elapsed(self, dt: float, seconds: float) -> bool:
        """Count `dt` towards a wait of `seconds` (a round's end); True, and start again, once it is over."""
        self.waited += dt
        if self.waited < seconds:
            return False
        self.waited = 0.0
        return True

    def thinking(self) -> bool:
        """A computer has been on its turn long enough to show that it thinks."""
        return self.match.thinking() and self.waited >= THINKING_MARK_AFTER

    def thinking_dots(self) -> str:
        """'.', '..' or '...', changing three times a second."""
        return "." * (1 + int(self.waited * 3) % 3)

    def next_change(self) -> float | None:
        """Seconds until the thinking mark appears or its dots change (None: no computer thinks)."""
        if self.thinking():
            return (int(self.waited * 3) + 1) / 3 - self.waited
        if self.match.thinking():
            return THINKING_MARK_AFTER - self.waited
        return None
