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
from game.match import Match
from game.places import Place
from game.record import MoveRecord
from game.registry import GameInfo, game_info
from game.seats import Seat
from lang.words import Line, line_from_stranger
from net import protocol as p
from net.wire import WireError, from_wire, to_wire


class Elsewhere:
    """A seat whose moves are chosen on another machine or on the server."""

    def choose(self, view: Any) -> Any:
        raise RuntimeError("this seat's moves are chosen elsewhere")


ELSEWHERE = Elsewhere()


class ViewRules:
    """The rules' questions answered from the newest States: whose turn, over or not, the legal moves
    of the seat to move (if it is played here), the result so far, and each feed's view: a feed is a
    connection of this window, a seat's or a spectator's (None)."""

    def __init__(self, info: GameInfo, feed: int | None, state: p.State) -> None:
        self.NAME = info.name
        self.info = info
        self.views: dict[int | None, Any] = {}
        self.first = feed  # the feed that knows most when a seat without one is asked about
        self.update({feed: state})

    def update(self, states: dict[int | None, p.State]) -> None:
        """Take the States of one position, by feed (WireError if a view or a move is not this game's)."""
        for feed, state in states.items():
            self.views[feed] = from_wire(self.info.view_type, state.view)
        state = next(iter(states.values()))
        if state.to_move in states:  # the legal moves come to the seat to move only
            self.legal = [from_wire(self.info.move_type, move) for move in states[state.to_move].legal]
        elif state.to_move not in self.views:
            self.legal = []
        self.over = state.over
        self.scores = dict(state.result)

    @property
    def latest(self) -> Any:
        return self.views[self.first]

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
        """`player`'s view if a feed of this window brings it; else the spectators' if one does
        (several players share the screen); else the only one there is."""
        if player in self.views:
            return self.views[player]
        return self.views.get(None, self.latest)

    def apply(self, move: Any) -> list[Event]:
        raise IllegalMove("Moves are played on the server.")

    def explain_illegal(self, move: Any) -> str:
        return "That move is not allowed now."

    def to_dict(self) -> dict:
        return {"game": self.NAME, "view": to_wire(self.latest)}


class RemoteMatch(Match[Any]):
    """The match of a networked table, fed by this window's connections: `feeds` are the seats they
    hold (None: a spectator's), the first of them the one `state` came on. The seats held are played
    in front of this screen (several share it as at a pass-and-play table; a spectator's feed then
    shows the table between them). `send_move(seat, state, move)` hands a seat's move to its
    connection."""

    keeps_save = False  # the server keeps the game; this window keeps none
    WAITING_STATES = 500  # the States a feed may be ahead of the slowest one (beyond: the oldest go)

    def __init__(self, game: str, seats: Sequence[Seat], feeds: Sequence[int | None], state: p.State,
                 send_move: Callable[[int, int, Any], None]) -> None:
        info = game_info(game)
        super().__init__(ViewRules(info, feeds[0], state), seats)
        self.rules: ViewRules
        self.feeds = list(feeds)
        self.here = sorted(feed for feed in feeds if feed is not None)
        self.send_move = send_move
        self.computers = {i: ELSEWHERE for i in range(len(seats)) if i not in self.here}
        self.moves_played = state.state
        self.to_move = state.to_move
        self.sent: int | None = None  # the state the move in flight was chosen on
        self.first_line = state.lines - len(state.history)  # the number of history[0]
        self.set_lines([line_from_stranger(line) for line in state.history])
        self.inbox: dict[int | None, dict[int, p.State]] = {feed: {} for feed in self.feeds}

    @property
    def humans(self) -> list[int]:
        """The seats played in front of this screen."""
        return list(self.here)

    def forced_move(self) -> Any:
        return None  # the server plays moves without choice

    def chooses(self, seat: int) -> bool:
        return seat == self.to_move  # the server waits for this seat's choice

    def decision(self, wait: float = 0.0) -> Any:
        return None  # the server and the other windows choose the other seats' moves

    def thinking(self) -> bool:
        """A seat not played here is choosing (what "thinking" shows for a computer at a local table)."""
        return not self.is_over and self.to_move is not None and self.to_move not in self.here

    def waiting(self) -> bool:
        """A move was sent and its result has not come back yet."""
        return self.sent == self.moves_played

    def submit(self, move: Any) -> None:
        """Send the move of the seat to move; IllegalMove (nothing sent) if it is not one of its legal moves."""
        if self.waiting():
            raise IllegalMove("Your move is on its way.")
        if self.to_move not in self.here or move not in self.rules.legal:
            raise IllegalMove(self.rules.explain_illegal(move))
        self.sent = self.moves_played
        self.send_move(self.to_move, self.moves_played, to_wire(move))

    def receive(self, feed: int | None, state: p.State) -> bool:
        """Take a State that came on `feed`. A position is taken once every feed has brought it: the
        rules change to it and, if it is the next move, the listeners hear its record. True if the
        table must lay itself out anew: a feed brought the present position again or positions were
        missed (a connection back)."""
        if state.state <= self.moves_played:
            if state.state == self.moves_played:  # sent again, or a feed catching up
                self.rules.update({feed: state})
                self.merge_history(state.history, state.lines)
                return True
            return False
        box = self.inbox.setdefault(feed, {})
        box[state.state] = state
        for old in sorted(box)[:-self.WAITING_STATES]:
            del box[old]
        anew = False
        while ready := set.intersection(*(set(self.inbox.get(f, {})) for f in self.feeds)):
            number = min(ready)
            states = {f: self.inbox[f].pop(number) for f in self.feeds}
            for waiting in self.inbox.values():
                for old in [n for n in waiting if n < number]:
                    del waiting[old]
            anew = not self.advance(number, states) or anew
        return anew

    def advance(self, number: int, states: dict[int | None, p.State]) -> bool:
        """Move on to position `number`, brought by every feed: True if it was the next move, its
        record told (the mover's, if the mover is played here; else a spectator's if one is here)."""
        told = self.mover_feed(states)
        before = self.rules.view(told)
        self.rules.update(states)
        state = states[told]
        self.merge_history(state.history, state.lines)
        step = number - self.moves_played
        self.moves_played, self.to_move, self.sent = number, state.to_move, None
        if step != 1 or state.record is None:
            return False
        record = record_from_wire(state.record, self.info, before, self.rules.view(told))
        for listener in list(self.listeners):
            listener(record)
        return True

    def mover_feed(self, states: dict[int | None, p.State]) -> int | None:
        """The feed whose record of a move is told: the mover's own, else what all may know."""
        record = next(iter(states.values())).record
        mover = record.get("mover") if isinstance(record, dict) else None
        if mover in states:
            return mover
        return None if None in states else self.feeds[0]

    def merge_history(self, sent: Sequence[str | dict[str, Any]], last: int) -> None:
        """Put the newest lines in place: they end at line number `last` of the game (earlier ones may
        have been rewritten: a two-move turn told as one line). Each is Words this window words in its
        own language, or a plain text (a server of an earlier version wrote English)."""
        lines: list[Line] = [line_from_stranger(line) for line in sent]
        start = last - len(lines)
        if start < self.first_line:  # more than this window knew: the whole history came
            self.first_line = start
            self.set_lines(lines)
            return
        self.set_lines(self.lines[:start - self.first_line] + lines)
        self.first_line = last - len(self.lines)


def record_from_wire(data: Any, info: GameInfo, before: Any, after: Any) -> MoveRecord:
    """A move's record as the server sent it to this seat (a card it may not see is None)."""
    if not isinstance(data, dict):
        raise WireError("a record is an object")
    move = None if data.get("move") is None else from_wire(info.move_type, data["move"])
    events = tuple(event_from_wire(e) for e in data.get("events", []))
    return MoveRecord(int(data["number"]), int(data["mover"]), move, events, before, after,
                      line_from_stranger(data.get("line", "")))


def event_from_wire(data: Any) -> Event:
    """An event of a record: its tag stays the word it was (a game's tags are StrEnums: equal to it)."""
    if not isinstance(data, dict):
        raise WireError("an event is an object")
    cards = tuple(None if c is None else from_wire(Card, c) for c in data.get("cards", []))
    return Event(kind=Kind(data["kind"]), player=data.get("player"), cards=cards,  # type: ignore[arg-type]
                 src=from_wire(Place | None, data.get("src")), dst=from_wire(Place | None, data.get("dst")),
                 amount=int(data.get("amount", 0)), text=str(data.get("text", "")), tag=data.get("tag"))
