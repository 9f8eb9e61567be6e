"""A game in progress apart from its picture: the rules, the seats, the computers' decisions, hints,
the move history, the save and the result. A window's table, a server and a test drive the same match.

    match.play(move) -> rules.apply -> history line -> MoveRecord -> every listener
    computer seat:  match.decision() starts its choice off the caller's thread, then returns the move

Nothing here knows of pixels or time: a table decides when to ask (its think pause), a server when
to send. A computer and a hint see only their seat's `view()`.
"""
from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Generic, TypeVar

from game.core import RulesGame
from game.printable import text_problem
from game.record import HistoryLine, MoveRecord
from game.registry import ComputerPlayer, GameInfo, game_info, load_game
from game.seats import Seat
from game.thinking import Thought
from lang import language
from lang.words import Line, line_from_json, line_to_json, render

MAX_LINES = 2000  # a saved history longer than any real game is cut to its newest lines
MAX_LINE_CHARS = 300
MAX_KEY_CHARS = 100  # a game's key is a uuid's 32 hex digits (a tool's a short name)
Listener = Callable[[MoveRecord], None]
RulesT = TypeVar("RulesT", bound=RulesGame)


def lines_from_save(data: Any) -> list[Line]:
    """The history kept in a save: Words in their JSON form, or texts (earlier versions wrote the
    English; none in the earliest saves). Anything else than a list of lines is dropped, never a
    reason to lose the game, but a text with hidden characters or Words out of bounds (which we never
    write) is a damaged save: ValueError."""
    if not isinstance(data, list) or not all(isinstance(line, str | dict) for line in data):
        return []
    return [saved_line(line) if isinstance(line, str) else line_from_json(line) for line in data[-MAX_LINES:]]


def saved_line(line: str) -> str:
    """A history line read from a save, cut to MAX_LINE_CHARS; ValueError if it has hidden characters."""
    problem = text_problem(line[:MAX_LINE_CHARS], MAX_LINE_CHARS)
    if problem:
        raise ValueError(f"a history line: {problem}")
    return line[:MAX_LINE_CHARS]


def cut(line: Line) -> Line:
    """A text cut to MAX_LINE_CHARS (Words cut themselves when rendered)."""
    return line[:MAX_LINE_CHARS] if isinstance(line, str) else line


def hints_from_save(data: Any, seats: Sequence[Seat]) -> list[int]:
    """Hints used per seat; a save of an earlier version kept one count, the lone human's."""
    def count(value: Any) -> int:
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0

    if isinstance(data, list) and len(data) == len(seats):
        return [count(v) for v in data]
    humans = [i for i, s in enumerate(seats) if s.is_human]
    return [count(data) if humans and i == humans[0] else 0 for i in range(len(seats))]


class Match(Generic[RulesT]):
    """One game in progress. `play` applies a move and tells every listener its `MoveRecord`."""

    keeps_save = True  # the window saves this match (a match played on a server is the server's to keep)

    def __init__(self, rules: RulesT, seats: Sequence[Seat], seed: int = 0, extra: dict | None = None) -> None:
        """`extra` is what a save holds beyond the rules and seats: the key, the history, the hints
        used, the moves played, and whatever the table kept of its own (`table_extra`)."""
        extra = extra or {}
        self.info: GameInfo = game_info(rules.NAME)
        self.rules: RulesT = rules
        self.seats = list(seats)
        self.seed = seed
        self.key = str(extra.get("key") or uuid.uuid4().hex)  # names this game in the statistics
        self.lines: list[Line] = lines_from_save(extra.get("history"))  # the history, as written
        self.edits = 0  # changes to `lines`
        self._shown: list[str] = []  # `history`: one list for the match's life (an open panel holds it)
        self._shown_for = ("", -1)  # the language and the edits `_shown` was worded for
        self.lines_written = len(self.lines)  # lines ever written: the newest is line number this
        self.hints_used = hints_from_save(extra.get("hints", 0), self.seats)
        self.table_extra = {k: v for k, v in extra.items() if k not in ("key", "history", "hints", "seed", "moves")}
        self.computers: dict[int, ComputerPlayer] = {
            i: self.info.computer(s.level, seed * 31 + i)
            for i, s in enumerate(self.seats) if not s.is_human and self.info.decisions}
        moves = extra.get("moves", 0)  # moves played before the save (earlier versions kept no count)
        self.moves_played = moves if isinstance(moves, int) and not isinstance(moves, bool) and moves >= 0 else 0
        self.listeners: list[Listener] = []
        self._decision: tuple[int, Thought] | None = None  # (moves played when asked, the thought)
        self._hint: tuple[int, int, Thought] | None = None  # (moves played, seat, the thought)
        self._forced: tuple[int, Any] | None = None  # (moves played, the forced move or None)

    @staticmethod
    def new(name: str, seats: Sequence[Seat], options: dict, seed: int) -> Match[Any]:
        """A new deal of game `name` for these seats and options; its history opens with the game's
        `opening_line` (Sota's starting card), if it has one."""
        info = game_info(name)
        match: Match[Any] = Match(info.new_game([s.name for s in seats], seed, **options), seats, seed)
        if info.opening_line is not None:
            match.write_history(HistoryLine(info.opening_line(match.view(None))))
        return match

    @staticmethod
    def load(game: str, payload: dict) -> Match[Any]:
        """The match a save holds; ValueError, KeyError or TypeError if it is damaged."""
        rules = load_game(payload["rules"])
        if rules.to_dict().get("game") != game:
            raise ValueError(f"not a saved {game} game")
        seats = [Seat.from_json(s) for s in payload["seats"]]
        if len(seats) != len(rules.result()["scores"]):
            raise ValueError("the seats do not match the saved game")
        levels = game_info(game).levels
        if any(not s.is_human and s.level not in levels for s in seats):
            raise ValueError("unknown computer level in the saved game")
        extra = payload.get("extra") or {}
        if not isinstance(extra, dict):
            raise ValueError("bad extra data in the saved game")
        seed = extra.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("bad seed in the saved game")  # the menu catches ValueError
        key = extra.get("key")  # the statistics file counts the game by it: a text SQLite can store
        if key and (problem := text_problem(key, MAX_KEY_CHARS)):
            raise ValueError(f"the saved game's key: {problem}")
        return Match(rules, seats, seed, extra)

    @property
    def history(self) -> list[str]:
        """The move history in the current language (read again after a language switch or a new line)."""
        if self._shown_for != (language(), self.edits):
            self._shown[:] = [render(line) for line in self.lines]
            self._shown_for = (language(), self.edits)
        return self._shown

    def set_lines(self, lines: Sequence[Line]) -> None:
        """The history replaced (a networked match's, as its server tells it)."""
        self.lines = list(lines)[-MAX_LINES:]
        self.edits += 1

    # -- who is to act -------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.info.name

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def current_player(self) -> int:
        return self.rules.current_player

    @property
    def is_over(self) -> bool:
        return self.rules.is_over

    def view(self, seat: int | None) -> Any:
        """What `seat` may know (None: what everyone may know)."""
        return self.rules.view(seat)

    def is_computer(self, seat: int) -> bool:
        return seat in self.computers

    def forced_move(self) -> Any:
        """A human's move that leaves no choice (a skip, a penalty draw), or None (worked out once
        per position: the rules change only through `play`)."""
        if self._forced is None or self._forced[0] != self.moves_played:
            forced = None
            if not (self.rules.is_over or self.is_computer(self.current_player) or self.info.forced_move is None):
                forced = self.info.forced_move(self.rules)
            self._forced = (self.moves_played, forced)
        return self._forced[1]

    def chooses(self, seat: int) -> bool:
        """`seat` is to move and has a choice to make (no move without choice is due)."""
        return seat == self.current_player and self.forced_move() is None

    # -- moves ---------------------------------------------------------------------------------
    def listen(self, listener: Listener) -> None:
        """Call `listener(record)` after every move played from now on."""
        self.listeners.append(listener)

    def play(self, move: Any) -> MoveRecord:
        """Apply the current player's move, write its history line and tell the listeners.
        Raises IllegalMove, with nothing changed, if the rules refuse it."""
        mover, before = self.rules.current_player, self.rules.view(None)
        events = self.rules.apply(move)
        self.moves_played += 1
        record = MoveRecord(self.moves_played, mover, move, tuple(events), before, self.rules.view(None))
        line = self.info.history_line(record, self.names, render(self.lines[-1]) if self.lines else "")
        self.write_history(line)
        record = replace(record, words=cut(line.text))
        for listener in list(self.listeners):
            listener(record)
        return record

    def submit(self, move: Any) -> None:
        """The move of the seat in front of the screen: played here at once (a networked match sends
        it and hears back). Raises IllegalMove, with nothing changed, if it is refused."""
        self.play(move)

    def note(self, text: Line) -> None:
        """A line of the history that is no move (a seat taken over by a computer, say)."""
        self.write_history(HistoryLine(text))

    def write_history(self, line: HistoryLine) -> None:
        """Add the line (or rewrite the newest); `history`, if worded already, takes the change alone."""
        shown = self._shown if self._shown_for == (language(), self.edits) else None
        if line.replaces_last and self.lines:
            self.lines.pop()
            self.lines_written -= 1
            if shown:
                shown.pop()
        if line.text:
            self.lines.append(cut(line.text))
            self.lines_written += 1
            if shown is not None:
                shown.append(render(self.lines[-1]))
        del self.lines[:-MAX_LINES]
        self.edits += 1
        if shown is not None:
            del shown[:-MAX_LINES]
            self._shown_for = (language(), self.edits)

    # -- decisions off the caller's thread -------------------------------------------------------
    def decision(self, wait: float = 0.0) -> Any:
        """The computer to move: its move once worked out (the same until a move is played), else
        None. The first call starts it on a worker thread, fed only that seat's view; it waits at most
        `wait` seconds. Raises what the computer raised."""
        seat = self.current_player
        if self.rules.is_over or seat not in self.computers:
            return None
        if self._decision is None or self._decision[0] != self.moves_played:
            computer, view = self.computers[seat], self.rules.view(seat)
            self._decision = (self.moves_played, Thought(lambda: computer.choose(view)))
        thought = self._decision[1]
        return thought.result() if thought.ready(wait) else None

    def thinking(self) -> bool:
        """A computer's decision for this position is being worked out."""
        return self._decision is not None and self._decision[0] == self.moves_played

    def ask_hint(self, seat: int, view: Any = None) -> None:
        """Have the strongest level work out `seat`'s move from its own view, or from `view` if
        given (one that knows less), see `hint`."""
        if self._hint is None or self._hint[0] != self.moves_played:
            adviser = self.info.computer(self.info.levels[-1], self.seed * 97 + seat)
            view = self.rules.view(seat) if view is None else view
            self._hint = (self.moves_played, seat, Thought(lambda: adviser.choose(view)))

    def hint_pending(self) -> bool:
        return self._hint is not None and self._hint[0] == self.moves_played

    def hint(self, wait: float = 0.0) -> Any:
        """The hinted move once ready (counted as a hint used by its seat), else None (waiting at
        most `wait` seconds for it); a hint asked before the last move is dropped."""
        if self._hint is None or not self._hint[2].ready(wait):
            return None
        asked, seat, thought = self._hint
        self._hint = None
        if asked != self.moves_played:
            return None
        self.hints_used[seat] += 1
        return thought.result()

    # -- save and result -----------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The save: the game's name, the rules, the seats and the extra data (the table's own too)."""
        history = [line_to_json(line) for line in self.lines]
        extra = {**self.table_extra, "seed": self.seed, "key": self.key, "history": history,
                 "hints": list(self.hints_used), "moves": self.moves_played}
        return {"game": self.name, "rules": self.rules.to_dict(), "seats": [s.to_json() for s in self.seats],
                "extra": extra}

    def result_seats(self) -> list[dict]:
        """The finished game's seats as the statistics keep them."""
        result = self.rules.result()
        scores, winners = result.get("scores", []), result.get("winners", [])
        return [{"name": s.name, "kind": s.kind, "level": s.level, "score": scores[i] if i < len(scores) else None,
                 "won": i in winners} for i, s in enumerate(self.seats)]
