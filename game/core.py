"""What every rules object shares: the illegal-move error, events, and the apply protocol."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from game.cards import Card

MoveT = TypeVar("MoveT")


class IllegalMove(Exception):
    """A move the rules forbid; the message is written for the player to read."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, in order, for the table to animate and the log to tell."""

    kind: str  # e.g. "play", "draw", "flip", "remove", "score", "turn", "war", "game_over"
    player: int | None = None
    cards: tuple[Card, ...] = ()
    src: str = ""
    dst: str = ""
    amount: int = 0
    text: str = ""  # a sentence a player may read; never compared by a table
    tag: str = ""  # a detail the table branches on (e.g. "penalty", "final", "lone")


class RulesGame(Generic[MoveT]):
    """Base of every game's rules: legality check, then `_apply`; equality by saved state.

    A subclass sets NAME, and implements legal_moves, _apply, current_player, is_over, result,
    view, to_dict and from_dict. `explain_illegal` gives the player a reason.
    """

    NAME = ""

    def legal_moves(self) -> list[MoveT]:
        raise NotImplementedError

    def _apply(self, move: MoveT) -> list[Event]:
        raise NotImplementedError

    def explain_illegal(self, move: Any) -> str:
        """Why `move` is not legal now; subclasses give better reasons."""
        if self.is_over:
            return "The game is over."
        return "That move is not allowed now."

    def apply(self, move: MoveT) -> list[Event]:
        """Play `move`; raise IllegalMove, with nothing changed, unless it is legal."""
        if self.is_over or move not in self.legal_moves():
            raise IllegalMove(self.explain_illegal(move))
        return self._apply(move)

    @property
    def current_player(self) -> int:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> dict:
        raise NotImplementedError

    def view(self, player: int | None) -> Any:
        raise NotImplementedError

    def to_dict(self) -> dict:
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a rule that must always hold."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RulesGame):
            return NotImplemented
        return json.dumps(self.to_dict(), sort_keys=True) == json.dumps(other.to_dict(), sort_keys=True)

    __hash__ = None  # type: ignore[assignment]
