"""War's computer player: War has no decisions, so one level that always fights the next battle."""
from __future__ import annotations

from game.war.moves import Battle
from game.war.view import WarView

LEVELS = ("normal",)


class ComputerPlayer:
    """War has no decisions: the computer always fights the next battle."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"War computer level must be one of {LEVELS}")
        self.level = level
        self.seed = seed

    def choose(self, view: WarView) -> Battle:
        """The only legal move."""
        if view.is_over:
            raise ValueError("the game is over: no move to choose")
        return Battle()
