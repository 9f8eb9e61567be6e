"""A table of the server: its seats, its spectators and, once started, its match; what each seat is
sent of each move (its own view, the move's record redacted for it), its computers' turns, its
file, and its lifecycle: a lobby nobody starts closes, a seat left in the lobby opens again, a player
who does not move in the turn time is away (a computer plays for them), the server's moves wait for a
person to be able to watch them while no player waits on them (and do not come while nobody is
connected), and a table finished (once its result was seen) or left by everyone is freed. What it
needs of its server and of a connection is said by `TableHost` and `Connection`; its timers run on
the server's clock (net.limits.Clock)."""
from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.core import IllegalMove
from game.match import Match
from game.seats import Seat
from lang.words import W_, Line, Wn_, line_to_json
from net import metrics
from net import protocol as p
from net import saves as table_saves
from net.limits import Clock, Limits, Timer
from net.record import Complaint, Recorder
from net.wire import CardsSeen, RedactedRecord, WireError, from_wire, to_wire, wire_and_cards

log = logging.getLogger("card_arcade.server")

THINK_S = 30.0  # a computer's longest decision
HISTORY_SENT = 8  # the newest history lines each state carries (a player joining gets them all)
SEED_BITS = 128  # a deal's seed: far too many to try, whatever a seat sees of the deal
ROOM_EVERY_S = 1.0  # a table tells everyone who watches at most once in this time (joins come in crowds)
GAME_OVER = W_("this game is over and its table is closed")
NOBODY_THERE = W_("nobody was at this table for a long time: it is closed")


def new_seed() -> int:
    """A deal's seed from the operating system's randomness; it is never sent to anyone."""
    return secrets.randbits(SEED_BITS)


@dataclass(frozen=True, slots=True)
class Opening:
    """What a table waiting for players offers to those not there yet (what discovery announces)."""

    code: str
    game: str
    host: str  # the hosting player's name
    open_seats: int
    seats: int


class Connection(Protocol):
    """What a table needs of a client's connection (net.conn.Conn)."""

    table: Table | None
    seat: int | None
    name: str
    last_id: int
    heard: float  # the clock's time this client last sent a message

    def send(self, message: p.Message | str) -> None: ...
    def close(self, reason: Line, worded: bool = True) -> None: ...
    def move_on(self, reason: Line) -> None: ...


class SnapshotKeeper(Protocol):
    """Where a table shared through Redis is kept (net.shared.SharedTables)."""

    def keep(self, table: Table) -> None: ...
    def commit(self, table: Table) -> None: ...


class TableHost(Protocol):
    """What a table needs of its server (net.server.Server)."""

    @property
    def recorder(self) -> Recorder: ...
    @property
    def shared(self) -> SnapshotKeeper | None: ...
    @property
    def saves(self) -> Path | None: ...
    @property
    def saves_trouble(self) -> Complaint: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def limits(self) -> Limits: ...
    def announce(self, table: Table) -> None: ...
    def free(self, table: Table, reason: Line) -> None: ...


@dataclass
class Place:
    """One seat at a table: who sits there and how they are reached."""

    kind: p.SeatKindShown
    name: str
    level: str = "normal"
    token: str | None = None
    conn: Connection | None = None
    lost_task: asyncio.Task | None = None
    stand_in: bool = False  # a lost player's seat, played by a computer until they come back
    away: bool = False  # a player whose turn time ran out, played by a computer until they act again
    left: bool = False  # the player left on purpose (net/manners.py): a computer plays until they are back
    again: bool = False  # the player asked for another game
    autoplay: bool = False  # the player's window plays for them (net/manners.py)

    def info(self) -> p.SeatInfo:
        return p.SeatInfo(self.name, self.kind, self.level, self.conn is not None, self.away, self.left, self.again,
                          self.autoplay)

    def waits_on_its_player(self) -> bool:
        """A person is here to choose this seat's moves (connected, not away, not stood in for)."""
        return self.kind == "human" and self.conn is not None and not self.away and not self.stand_in


class Table:
    """A table: its seats, its spectators, and once started its match."""

    def __init__(self, server: TableHost, code: str, game: str, places: list[Place], options: dict,
                 seed: int, wait_s: int, host: str, turn_s: int = 0) -> None:
        self.server = server
        self.code = code
        self.game = game
        self.places = places
        self.options = options
        self.seed = seed
        self.wait_s = wait_s
        self.host = host  # the creator's token
        self.spectators: dict[Connection, int] = {}  # each one's Room id (a dict: in the order they came)
        self.screens: set[Connection] = set()  # spectators showing a seated player's own screen: not listed
        self.host_watching: Connection | None = None  # the host's connection, if they have no seat (not listed)
        self.watchers_came = 0  # spectators who came so far (their Room ids)
        self.room_sent_at = -ROOM_EVERY_S  # the clock's time of the last Room to everyone
        self.locked = False  # nobody new may join (net/manners.py)
        self.match: Match | None = None
        self.thinking: asyncio.Task | None = None
        # (moves played, the cards each seat and the public saw then)
        self.shown: tuple[int, dict[int | None, CardsSeen]] = (-1, {})
        self.held: list[tuple[Connection, str]] | None = None  # what waits for the table's snapshot to be kept
        self.turn_s = turn_s  # 0: no turn time
        self.turn_ends = (0, 0.0)  # (the seat whose turn time runs, the clock's time it ends) while "turn" runs
        self.timers: dict[str, Timer] = {}  # by name: "lobby", "turn", "pace", "finish", "unattended", "open<seat>"
        self.last_move_at = self.changed_at = server.clock.now()  # changed: the last message to everyone
        self.last_mover: int | None = None  # the seat of the last move
        self.ran_out = -1  # the last position whose turn time ran out
        self.result_seen: set[int] = set()  # the seats sent the finished game's result
        self.network: str | None = None  # the network its creator connected from (counted by the server)
        self.freed = False

    # -- who is here -------------------------------------------------------------------------
    def lobby(self) -> p.Lobby:
        return p.Lobby([place.info() for place in self.places], self.match is not None)

    def room(self) -> p.Room:
        watching = [(conn, number) for conn, number in self.spectators.items() if conn not in self.screens]
        listed = itertools.islice(watching, p.WATCHERS_LISTED)
        watchers = [p.Watcher(number, conn.name or "A guest") for conn, number in listed]
        return p.Room(watchers, len(watching), self.locked, self.turn_s)

    def room_changed(self, but: Connection | None = None) -> None:
        """Tell everyone (`but` is told after its Welcome) who watches now, at most once in ROOM_EVERY_S:
        a crowd joining costs each one a few Rooms, not one for every other."""
        if "room" in self.timers or self.freed:
            return
        wait = self.room_sent_at + ROOM_EVERY_S - self.server.clock.now()
        if wait > 0:
            self.later("room", wait, self.room_changed)
            return
        self.room_sent_at = self.server.clock.now()
        self.tell_all(self.room(), but=but)

    def opening(self) -> Opening:
        host = next((place.name for place in self.places if place.token == self.host), "Host")
        open_seats = sum(place.kind == "open" for place in self.places)
        return Opening(self.code, self.game, host, open_seats, len(self.places))

    def everyone(self) -> Iterable[Connection]:
        yield from (place.conn for place in self.places if place.conn is not None)
        yield from self.spectators

    def tell_all(self, message: p.Message, but: Connection | None = None) -> None:
        self.changed_at = self.server.clock.now()
        text = p.encoder.encode(message).decode()
        for conn in self.everyone():
            if conn is not but:
                self.send_to(conn, text)

    def send_to(self, conn: Connection, text: str) -> None:
        """Send now, or once the table's snapshot is kept (a move's answers wait for it when shared)."""
        if self.held is not None:
            self.held.append((conn, text))
        else:
            conn.send(text)

    def seat_of_token(self, token: str) -> int | None:
        return next((i for i, place in enumerate(self.places) if place.token == token), None)

    def sit(self, conn: Connection, seat: int) -> None:
        place = self.places[seat]
        if place.conn is not None and place.conn is not conn:
            place.conn.close(W_("your seat was taken back from another connection"))
        place.conn, conn.table, conn.seat = conn, self, seat
        self.screens.discard(conn)
        if self.spectators.pop(conn, None) is not None:
            self.room_changed()
        self.stop("unattended", f"open{seat}")
        if place.lost_task is not None:
            place.lost_task.cancel()
            place.lost_task = None
        self.active(seat)
        place.left = place.autoplay = False  # (a window on autoplay says so again on its new connection)
        if self.match is not None:  # connected again: every plate marks them back (they get it after their Welcome)
            self.tell_all(self.lobby(), but=conn)
        if place.stand_in:
            place.stand_in = False
            if self.match is not None:
                self.match.note(W_("{name} is back and plays again", name=place.name))
            self.save()
        self.next_turn()  # (a table nobody was at plays on)

    def watch(self, conn: Connection, listed: bool = True) -> None:
        """A spectator comes (a table nobody was at plays on); the others read the new list of
        watchers (they are sent it after their Welcome). Not `listed`: a seated player's screen's own."""
        conn.table = self
        self.watchers_came += 1
        self.spectators[conn] = self.watchers_came
        if not listed:
            self.screens.add(conn)
        self.room_changed(but=conn)
        self.stop("unattended")
        self.next_turn()

    def watch_hosting(self, conn: Connection) -> None:
        """The host has no seat (every seat a computer's or open): they watch, not listed as a watcher."""
        if self.host_watching is not None and self.host_watching is not conn:
            self.host_watching.close(W_("your seat was taken back from another connection"))
        self.host_watching = conn
        self.watch(conn, listed=False)

    def active(self, seat: int) -> None:
        """The seat's player did something: if they were away, they play their turns again."""
        place = self.places[seat]
        if place.away:
            place.away = False
            if self.match is not None:
                self.match.note(W_("{name} is back", name=place.name))
            self.tell_all(self.lobby())

    def leave(self, conn: Connection) -> None:
        """A connection went: a seated player's seat waits `wait_s` for them, then a computer plays it
        (in the lobby, a guest's seat opens again); a table left by everyone is freed after a while, a
        finished one whose result everyone saw at once."""
        self.screens.discard(conn)
        if conn is self.host_watching:
            self.host_watching = None
        if self.spectators.pop(conn, None) is not None:
            self.room_changed()
        if self.freed:
            return
        seat = conn.seat
        if seat is not None and self.places[seat].conn is conn:
            place = self.places[seat]
            place.conn = None
            if self.match is None:
                if place.token != self.host:
                    self.later(f"open{seat}", self.wait_s, lambda: self.open_again(seat))
            elif not self.match.is_over:
                self.tell_all(p.Lost(seat, self.wait_s))
                self.tell_all(self.lobby())  # (every plate marks the lost connection)
                self.wait_for(seat)
            else:
                self.count_votes()  # (those still here may all have asked for another game)
        if not any(self.everyone()):
            self.nobody_here()

    def nobody_here(self) -> None:
        """Nobody is connected: a finished table whose result every player saw goes now, any other
        after `unattended_s`."""
        seen = all(seat in self.result_seen for seat, pl in enumerate(self.places) if pl.kind == "human")
        if self.match is not None and self.match.is_over and seen:
            self.server.free(self, GAME_OVER)
        else:
            self.later("unattended", self.server.limits.unattended_s, lambda: self.server.free(self, NOBODY_THERE))

    def open_again(self, seat: int) -> None:
        """A seat left in the lobby for `wait_s` is open again for whoever comes."""
        place = self.places[seat]
        if self.match is None and place.conn is None and place.kind == "human":
            self.places[seat] = Place("open", "")
            self.tell_all(self.lobby())
            self.server.announce(self)
            self.save()

    def wait_for(self, seat: int) -> None:
        """The seat's player is away: after `wait_s` a computer plays for them."""
        self.places[seat].lost_task = asyncio.get_running_loop().create_task(self.stand_in_later(seat))

    async def stand_in_later(self, seat: int) -> None:
        await asyncio.sleep(self.wait_s)
        place = self.places[seat]
        place.stand_in, place.lost_task = True, None
        if self.match is not None:
            self.match.note(W_("A computer plays for {name} until they come back", name=place.name))
            self.send_states(None)
        self.save()
        self.next_turn()

    def opened(self) -> None:
        """A new table waits in its lobby: it closes if nobody starts it in `lobby_s`."""
        closed = Wn_("nobody started this table in {n} minute: it is closed",
                     "nobody started this table in {n} minutes: it is closed", round(self.server.limits.lobby_s / 60))
        self.later("lobby", self.server.limits.lobby_s, lambda: self.server.free(self, closed))

    def wake(self) -> None:
        """A table brought back from its file, once the loop runs: each human seat nobody took back
        waits for its player, and the seat to move plays (a computer's at once); its lobby or its
        finished game closes in time, and so does the table if nobody comes."""
        match = self.match
        self.nobody_here()
        if match is None:
            self.opened()
            return
        if match.is_over:
            self.finished()
            return
        for seat, place in enumerate(self.places):
            if place.kind == "human" and place.conn is None and not place.stand_in and place.lost_task is None:
                self.wait_for(seat)
        self.next_turn()

    # -- the game ----------------------------------------------------------------------------
    def start(self) -> None:
        """Deal: open seats go to computers, and a seat whose player is not here is played by a
        computer until they come back (nobody waits on nobody)."""
        self.stop("lobby", "finish", *(f"open{seat}" for seat in range(len(self.places))))
        self.result_seen.clear()
        for place in self.places:
            if place.kind == "open":
                place.kind, place.name = "computer", place.name or "Computer"
            place.away = place.again = place.autoplay = False  # (autoplay ends with the game)
        seats = [Seat(pl.name, "human" if pl.kind == "human" else "computer", pl.level) for pl in self.places]
        self.match = Match.new(self.game, seats, self.options, self.seed)
        for place in self.places:
            place.stand_in = place.kind == "human" and place.conn is None
            if place.stand_in:
                self.match.note(W_("A computer plays for {name} until they come back", name=place.name))
        self.hold()
        self.tell_all(self.lobby())
        self.server.announce(self)
        sent = self.send_states(None)
        self.kept(lambda: self.server.recorder.start(self, sent))

    def play(self, conn: Connection, message: p.Move) -> None:
        match = self.match
        if message.id <= conn.last_id:
            conn.send(p.refused(W_("that message was sent before"), message.id))
            return
        conn.last_id = message.id
        if match is None or match.is_over:
            conn.send(p.refused(W_("the game is not being played"), message.id))
        elif conn.seat is None:
            conn.send(p.refused(W_("you watch this table"), message.id))
        elif message.state != match.moves_played:
            conn.send(p.refused(W_("the table changed before your move arrived"), message.id))
        elif conn.seat != match.current_player:
            conn.send(p.refused(W_("it is not your turn"), message.id))
        else:
            try:
                move = from_wire(match.info.move_type, message.move)
                self.apply(move)
            except WireError:
                conn.send(p.refused(W_("that is not a move of this game"), message.id))
            except IllegalMove as exc:
                conn.send(p.refused(str(exc), message.id))

    def apply(self, move: Any) -> None:
        """Play a move (IllegalMove changes nothing) and send each seat what it may know of it."""
        match = self.match
        assert match is not None
        audience = self.audience()
        if self.shown[0] != match.moves_played:
            self.shown = (match.moves_played, {})
        before = self.shown[1]  # the cards each seat saw before this move
        for seat in audience:
            if seat not in before:
                before[seat] = CardsSeen(wire_and_cards(match.view(seat))[1])
        mover = match.current_player
        record = match.play(move)
        metrics.moved()
        self.stop("turn", "pace")
        self.last_move_at, self.last_mover = self.server.clock.now(), mover
        self.hold()
        sent = self.send_states(record, before, audience)
        self.kept(lambda: self.server.recorder.move(self, sent))

    def hold(self) -> None:
        """Shared through Redis: what is sent now waits until the table's snapshot is kept."""
        if self.server.shared is not None and self.held is None:
            self.held = []

    def kept(self, recorded: Callable[[], None]) -> None:
        """The table changed by a move or a deal: record it, keep it, answer, play on (shared: the
        answers wait for the snapshot, see net/shared.py; a line recorded for a move whose snapshot
        never was is dropped by the process that takes the table over)."""
        recorded()
        if self.server.shared is not None:
            self.server.shared.commit(self)
            return
        self.save()
        self.next_turn()

    def audience(self) -> list[int | None]:
        """The seats someone receives messages for (None: the spectators); every one when recording."""
        if self.server.recorder.folder is not None:
            return [*range(len(self.places)), None]
        seated: list[int | None] = [seat for seat, place in enumerate(self.places) if place.conn is not None]
        return [*seated, None] if self.spectators else seated

    def send_states(self, record: Any, before: dict[int | None, CardsSeen] | None = None,
                    audience: list[int | None] | None = None) -> dict[str, str]:
        """Send each connection its view (and the move's record, redacted for it); returns the text
        for each seat of the audience (keys: the seat's number, "spectators")."""
        match = self.match
        assert match is not None
        self.changed_at = self.server.clock.now()
        sent: dict[str, str] = {}
        shown: dict[int | None, CardsSeen] = {}
        position = Position(match)
        redacted = RedactedRecord(record) if record is not None and before is not None else None
        for seat in self.audience() if audience is None else audience:
            view, cards = wire_and_cards(match.view(seat))
            shown[seat] = CardsSeen(cards)
            wire_record = None
            if redacted is not None and before is not None:
                wire_record = redacted.for_seat(before[seat], shown[seat])
            text = p.encoder.encode(position.state(seat, view, wire_record)).decode()
            sent["spectators" if seat is None else str(seat)] = text
            conn = None if seat is None else self.places[seat].conn
            for target in self.spectators if seat is None else [conn] if conn is not None else []:
                self.send_to(target, text)
        self.shown = (match.moves_played, shown)
        if match.is_over:
            self.result_seen.update(seat for seat in shown if seat is not None and self.places[seat].conn is not None)
        return sent

    def next_turn(self) -> None:
        """Play on: a computer's move, paced while no player waits on it; or the turn time of the
        player to choose. Nothing while nobody is connected."""
        match = self.match
        if (match is None or self.freed or self.thinking is not None or self.held is not None
                or "pace" in self.timers):
            return  # (a move's snapshot being kept: its commit plays on)
        if match.is_over:
            self.finished()
            return
        if not any(self.everyone()):
            return  # nobody is here to see it: the table waits (and is freed if nobody comes)
        seat = match.current_player
        place = self.places[seat]
        # a move without choice (Sota's skip taken, a penalty drawn) is the player's to make: played
        # here, it would tell every seat at once that they had no card to answer it with
        if not self.computer_plays(seat):
            if self.turn_s and "turn" not in self.timers:
                state = match.moves_played
                self.later("turn", self.turn_s, lambda: self.turn_ran_out(seat, state))
                self.turn_ends = (seat, self.server.clock.now() + self.turn_s)
                self.tell_all(p.Turn(seat, self.turn_s))
            return
        now, limits = self.server.clock.now(), self.server.limits
        wait = 0.0 if any(pl.waits_on_its_player() for pl in self.places) else self.last_move_at + limits.pace_s - now
        if place.away and not place.stand_in and self.last_mover != seat and self.ran_out != match.moves_played:
            wait = max(wait, self.last_move_at + limits.away_turn_s - now)  # a new turn: theirs to take back a while
        if wait > 0:
            self.later("pace", wait, self.next_turn)
        else:
            level = place.level if place.kind == "computer" else "normal"
            computer = match.computers.get(seat) or match.info.computer(level, self.seed * 31 + seat)
            view, state = match.view(seat), match.moves_played
            self.thinking = asyncio.get_running_loop().create_task(self.think(computer, view, state))

    def turn_left(self) -> p.Turn | None:
        """The turn time left now (for one who comes in the middle of a turn), if a turn time runs."""
        seat, ends = self.turn_ends
        return p.Turn(seat, max(0.0, ends - self.server.clock.now())) if "turn" in self.timers else None

    def turn_ran_out(self, seat: int, state: int) -> None:
        """The player to choose took the whole turn time: they are away, their computer plays."""
        match = self.match
        if match is None or match.moves_played != state or match.current_player != seat or self.computer_plays(seat):
            return
        place = self.places[seat]
        place.away = True
        match.note(W_("{name} is away: a computer plays for them until they play again", name=place.name))
        self.tell_all(self.lobby())
        self.send_states(None)
        self.ran_out = state
        self.next_turn()

    def finished(self) -> None:
        """The game is over: the table stays `finished_s` for Play again, or until everyone saw the
        result and left."""
        if "finish" not in self.timers:
            self.later("finish", self.server.limits.finished_s, lambda: self.server.free(self, GAME_OVER))
        if not any(self.everyone()):
            self.nobody_here()

    async def think(self, computer: Any, view: Any, state: int) -> None:
        try:
            move = await asyncio.wait_for(asyncio.to_thread(computer.choose, view), THINK_S)
        except Exception:  # a computer that fails or takes too long must not stop its table
            log.exception("a computer failed at table %s: it plays its first legal move", self.code)
            move = self.match.rules.legal_moves()[0] if self.match is not None else None
        finally:
            self.thinking = None
        match = self.match
        # a player back while their stand-in thought takes the seat: that thought is dropped
        if match is not None and match.moves_played == state and self.computer_plays(match.current_player):
            self.apply(move)

    def computer_plays(self, seat: int) -> bool:
        """The server chooses this seat's moves: a computer's seat, or a lost player's after the wait."""
        place = self.places[seat]
        return place.kind == "computer" or place.stand_in or place.away

    def count_votes(self) -> None:
        """Deal again if every human here asked for another game (net/manners.py); else tell everyone
        who asked (and who is here)."""
        here = [place for place in self.places if place.kind == "human" and place.conn is not None]
        if self.match is None or not self.match.is_over or not any(place.again for place in here):
            return
        if all(place.again for place in here):
            self.again()
        else:
            self.tell_all(self.lobby())

    def again(self) -> None:
        """Play again: the same seats, a new deal (its own seed: the last one tells nothing of it)."""
        self.seed = new_seed()
        self.match = None
        self.start()

    # -- its timers --------------------------------------------------------------------------
    def later(self, name: str, delay: float, callback: Callable[[], object]) -> None:
        """Call `callback` after `delay` seconds of the server's clock, instead of any timer of that name."""
        self.stop(name)

        def due() -> None:
            self.timers.pop(name, None)
            callback()
        self.timers[name] = self.server.clock.call_later(delay, due)

    def stop(self, *names: str) -> None:
        for name in names:
            timer = self.timers.pop(name, None)
            if timer is not None:
                timer.cancel()

    def close(self, reason: Line) -> None:
        """The table is freed: its timers and tasks end, whoever is still here is told why."""
        self.freed = True
        self.stop(*list(self.timers))
        for task in [self.thinking, *(place.lost_task for place in self.places)]:
            if task is not None:
                task.cancel()
        for conn in list(self.everyone()):
            conn.close(reason)
        self.spectators.clear()
        self.screens.clear()
        self.host_watching = None
        for place in self.places:
            place.conn = None

    # -- its file ----------------------------------------------------------------------------
    def save(self) -> None:
        """Keep the table in Redis (shared) and in the server's saves folder (if any); a finished
        match's file goes. A file that cannot be written is said once in the log; the table plays on."""
        if self.server.shared is not None:
            self.server.shared.keep(self)
        folder = self.server.saves
        if folder is None or self.freed:
            return
        try:
            if self.match is not None and self.match.is_over:
                table_saves.remove(folder, self.code)
            else:
                table_saves.write(folder, self.saved())
        except OSError as exc:
            self.server.saves_trouble.failed(exc)
        else:
            self.server.saves_trouble.worked()

    def saved(self) -> table_saves.SavedTable:
        """What the table's file holds: enough to bring it back exactly, without its connections."""
        places = [table_saves.SavedPlace(pl.kind, pl.name, pl.level, pl.token, pl.stand_in, pl.away, pl.left,
                                         pl.autoplay) for pl in self.places]
        match = None if self.match is None else self.match.to_dict()
        return table_saves.SavedTable(table_saves.SAVE_VERSION, self.code, self.game, self.options, self.seed,
                                      self.wait_s, self.host, places, match, self.turn_s, self.locked)

    @classmethod
    def from_saved(cls, server: TableHost, saved: table_saves.SavedTable, match: Match | None) -> Table:
        """The table a file kept, every seat without its connection."""
        places = [Place(pl.kind, pl.name, pl.level, pl.token, stand_in=pl.stand_in, away=pl.away, left=pl.left,
                        autoplay=pl.autoplay) for pl in saved.places]
        turn_s = server.limits.turn_s if saved.turn_s is None else saved.turn_s
        table = cls(server, saved.code, saved.game, places, saved.options, saved.seed, saved.wait_s, saved.host, turn_s)
        table.match, table.locked = match, saved.locked
        return table


class Position:
    """What the State messages of a match's current position share, worked out once for every seat:
    the seat whose choice the table waits for, its legal moves, the newest history lines, the result."""

    def __init__(self, match: Match, history: int = HISTORY_SENT) -> None:
        self.match = match
        self.waits_for = None if match.is_over else match.current_player
        self.legal: list | None = None  # worked out for the first State sent to the seat to choose
        self.history = [line_to_json(line) for line in match.lines[-history:]]
        self.result = to_wire(match.rules.result())

    def state(self, seat: int | None, view: Any, record: dict | None = None) -> p.State:
        """A seat's State: its view (wire data), the move's record redacted for it, and its legal
        moves if it is the seat to choose."""
        match, waits_for = self.match, self.waits_for
        legal: list = []
        if waits_for is not None and waits_for == seat:
            if self.legal is None:
                self.legal = to_wire(match.rules.legal_moves())
            legal = self.legal
        return p.State(match.moves_played, match.is_over, waits_for, view, record, self.history, match.lines_written,
                       legal, self.result)


def state_of(match: Match, seat: int | None, view: Any, record: dict | None = None,
             history: int = HISTORY_SENT) -> p.State:
    """A seat's State message: its view, the move's record redacted for it, the newest history
    lines, the result so far, and its legal moves if it is the seat to choose."""
    return Position(match, history).state(seat, to_wire(view), record)
