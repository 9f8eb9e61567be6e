"""A match played on a server, as one window knows it: what its seat's `State` messages hold.

`RemoteMatch` is a `Match` whose rules (`ViewRules`) are the newest view this window received: a
table draws it exactly as a local one, from `view()`, `legal_moves()` and `result()`. A move of this
window's seat is sent (`submit`); every move, this seat's and the others', comes back as a State
whose record, redacted for this seat, the table animates. Computers and the other players choose
elsewhere, so this match never works a decision out; hints are worked out here, from this seat's
own view.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.cards import Card
from game.core import Event, IllegalMove, Kind
from game.match import MAX_LINES, Match
from game.places import Place
from game.record import MoveRecord
from game.registry import GameInfo, game_info
from game.seats import Seat
from net import protocol as p
from net.wire import WireError, from_wire, to_wire


class Elsewhere:
    """A seat whose moves are chosen on another machine or on the server."""

    def choose(self, view: Any) -> Any:
        raise RuntimeError("this seat's moves are chosen elsewhere")


ELSEWHERE = Elsewhere()


class ViewRules:
    """The rules' questions answered from the newest State: whose turn, over or not, this seat's
    legal moves, the result so far, and the view (the only one this window has)."""

    def __init__(self, info: GameInfo, state: p.State) -> None:
        self.NAME = info.name
        self.info = info
        self.update(state)

    def update(self, state: p.State) -> None:
        """Take a new State (WireError if its view or moves are not this game's)."""
        self.latest = from_wire(self.info.view_type, state.view)
        self.legal = [from_wire(self.info.move_type, move) for move in state.legal]
        self.over = state.over
        self.scores = dict(state.result)

    @property
    def current_player(self) -> int:
        return int(self.latest.current_player)

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_moves(self) -> list[Any]:
        return list(self.legal)

    def result(self) -> dict:
        return dict(self.scores)

    def view(self, player: int | None) -> Any:
        return self.latest

    def apply(self, move: Any) -> list[Event]:
        raise IllegalMove("Moves are played on the server.")

    def explain_illegal(self, move: Any) -> str:
        return "That move is not allowed now."

    def to_dict(self) -> dict:
        return {"game": self.NAME, "view": to_wire(self.latest)}


class RemoteMatch(Match[Any]):
    """The match of a networked table, seen from `seat` (None: watching). `send_move(state, move)`
    hands this seat's move to the connection."""

    keeps_save = False  # the server keeps the game; this window keeps none

    def __init__(self, game: str, seats: Sequence[Seat], seat: int | None, state: p.State,
                 send_move: Callable[[int, Any], None]) -> None:
        info = game_info(game)
        super().__init__(ViewRules(info, state), seats)
        self.rules: ViewRules
        self.seat = seat
        self.send_move = send_move
        self.computers = {i: ELSEWHERE for i in range(len(seats)) if i != seat}
        self.moves_played = state.state
        self.to_move = state.to_move
        self.sent: int | None = None  # the state this seat's move in flight was chosen on
        self.first_line = state.lines - len(state.history)  # the number of history[0]
        self.history = list(state.history)

    @property
    def humans(self) -> list[int]:
        """The seats played in front of this screen: this window's, if it has one."""
        return [] if self.seat is None else [self.seat]

    def forced_move(self) -> Any:
        return None  # the server plays moves without choice

    def decision(self, wait: float = 0.0) -> Any:
        return None  # the server and the other windows choose the other seats' moves

    def thinking(self) -> bool:
        """Another seat is choosing (what "thinking" shows for a computer at a local table)."""
        return not self.is_over and self.to_move is not None and self.to_move != self.seat

    def waiting(self) -> bool:
        """This seat's move was sent and its result has not come back yet."""
        return self.sent == self.moves_played

    def submit(self, move: Any) -> None:
        """Send this seat's move; IllegalMove (nothing sent) if it is not one of its legal moves."""
        if self.waiting():
            raise IllegalMove("Your move is on its way.")
        if self.to_move != self.seat or move not in self.rules.legal:
            raise IllegalMove(self.rules.explain_illegal(move))
        self.sent = self.moves_played
        self.send_move(self.moves_played, to_wire(move))

    def receive(self, state: p.State) -> MoveRecord | None:
        """Take a State: the rules change to it and the listeners hear the move's record. None (no
        listener told) for a state that is no next move: the first, or one after missed moves
        (a connection back): the table lays itself out anew."""
        before = self.rules.latest
        self.rules.update(state)
        self.merge_history(state.history, state.lines)
        step = state.state - self.moves_played
        self.moves_played, self.to_move, self.sent = state.state, state.to_move, None
        if step != 1 or state.record is None:
            return None
        record = record_from_wire(state.record, self.info, before, self.rules.latest)
        for listener in list(self.listeners):
            listener(record)
        return record

    def merge_history(self, lines: list[str], last: int) -> None:
        """Put the newest lines in place: they end at line number `last` of the game (earlier ones may
        have been rewritten: a two-move turn told as one line)."""
        start = last - len(lines)
        if start < self.first_line:  # more than this window knew: the whole history came
            self.first_line, self.history = start, list(lines)
            return
        known = self.history[:start - self.first_line]
        self.history = (known + list(lines))[-MAX_LINES:]
        self.first_line = last - len(self.history)


def record_from_wire(data: Any, info: GameInfo, before: Any, after: Any) -> MoveRecord:
    """A move's record as the server sent it to this seat (a card it may not see is None)."""
    if not isinstance(data, dict):
        raise WireError("a record is an object")
    move = None if data.get("move") is None else from_wire(info.move_type, data["move"])
    events = tuple(event_from_wire(e) for e in data.get("events", []))
    return MoveRecord(int(data["number"]), int(data["mover"]), move, events, before, after, str(data.get("line", "")))


def event_from_wire(data: Any) -> Event:
    """An event of a record: its tag stays the word it was (a game's tags are StrEnums: equal to it)."""
    if not isinstance(data, dict):
        raise WireError("an event is an object")
    cards = tuple(None if c is None else from_wire(Card, c) for c in data.get("cards", []))
    return Event(kind=Kind(data["kind"]), player=data.get("player"), cards=cards,  # type: ignore[arg-type]
                 src=from_wire(Place | None, data.get("src")), dst=from_wire(Place | None, data.get("dst")),
                 amount=int(data.get("amount", 0)), text=str(data.get("text", "")), tag=data.get("tag"))
