"""What every rules object shares: the illegal-move error, events, and the apply protocol."""
from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

from game.cards import Card
from game.places import Place

MoveT = TypeVar("MoveT")


class IllegalMove(Exception):
    """A move the rules forbid; the message is written for the player to read."""


class Kind(StrEnum):
    """What an event tells. One vocabulary for every game, so that a listener (a table, the
    history, a test over every game) reads `Event.kind` as one type; a StrEnum, so each member is
    also its word ("play") wherever a string is written."""

    # told by several games
    TURN = "turn"  # `player` is to move
    PLAY = "play"  # a card played face up (Sota: onto the discard; War: turned up in a battle)
    DRAW = "draw"  # a card (or a penalty's cards) drawn into `player`'s hand
    DEAL = "deal"  # a round dealt (Skyjo), or one card dealt (Kings Corner)
    FLIP = "flip"  # a face-down card turned up
    SKIP = "skip"  # `player` loses a turn
    PASS = "pass"  # `player` ends the turn without a card
    RESHUFFLE = "reshuffle"  # the discard pile shuffled into a new draw pile
    SCORE = "score"  # `player`'s score (`amount`)
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"  # `player` won, or None (a tie or a draw)
    # Sota
    SUIT = "suit"  # a suit named after a Seven
    KEEP = "keep"  # a drawn card kept instead of played
    # War
    BATTLE = "battle"
    WAR = "war"  # equal cards: a war (`amount`: how deep)
    SHORT = "short"  # `player` has too few cards for the war's face-down cards
    FACE_DOWN = "face_down"  # a war's card laid face down
    WIN_PILE = "win_pile"
    OUT = "out"  # `player` has no card left for a war
    # Skyjo
    TAKE = "take"  # the discard pile's top card taken in hand
    EXCHANGE = "exchange"  # the card in hand put on a slot, the slot's card to the discard pile
    DISCARD = "discard"  # the card in hand thrown onto the discard pile
    STARTER = "starter"  # who starts, once the opening turn-ups are done
    COLUMN = "column"  # three equal cards of a column go to the discard pile
    LAST_TURN = "last_turn"  # `player` turned up every card: the others have one last turn
    # Kings Corner
    SHUFFLE = "shuffle"  # `player` deals a round
    LAY = "lay"  # a hand card laid on a pile
    MOVE_PILE = "move_pile"  # a whole pile moved onto another
    UNDO = "undo"  # the turn's last move taken back
    PENALTY = "penalty"  # a card left in hand at a round's end (`amount`: its penalty)
    # Memory Match
    OUTCOME = "outcome"  # the two cards turned up, and their row of the outcome table
    CHOOSE = "choose"  # a choice waits (two Bonus or two Penalty cards)
    CHOSEN = "chosen"  # the option taken
    SKIP_PENDING = "skip_pending"  # `player` will skip a turn
    REMOVE = "remove"  # cards leave the grid
    TURN_DOWN = "turn_down"  # cards turn back face down


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, in order, for the table to animate and the log to tell."""

    kind: Kind
    player: int | None = None
    cards: tuple[Card, ...] = ()
    src: Place | None = None  # where the cards come from (game/places.py)
    dst: Place | None = None  # where they go
    amount: int = 0
    text: str = ""  # a sentence a player may read; never compared by a table
    # A detail the table branches on: a member of the game's own enum (Sota's Tag.PENALTY, Skyjo's
    # Tag.FINAL, Memory Match's Outcome), never a sentence; None when there is none.
    tag: StrEnum | None = None


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
