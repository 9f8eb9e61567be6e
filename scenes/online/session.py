"""One networked table as this window takes part in it: the connection, the lobby, then the match.

The app polls the session every pass of its loop (whatever scene is on top: a pause menu or the
history over the table must not stop the game), and draws its notices over every scene: who lost
their connection and how long their seat waits, this window's own connection trouble, the phrases
players send (those the table on top shows by their seats are left to it: scenes/online/table.py).

Several players may share this window's screen: each more seat taken here has a connection of its
own (a `Companion`, its own token: a connection acts for one seat), and a spectator's connection
shows the table between their turns, behind the pass screen.
"""
from __future__ import annotations

import contextlib
import logging
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.seats import Seat
from game.thinking import Thought
from lang import _, language, listed, number
from lang.words import W_, Line, render
from net import protocol as p
from net.client import Client, Connected, Dropped, Ended, News, said
from net.host_process import HostServer
from net.manners import REMOVED
from net.remote import RemoteMatch
from net.wire import WireError
from scenes.base import WAKE_EVENT
from scenes.base import Host as App
from scenes.online.marks import SeatMarks
from scenes.online.yours import IN_LOBBY, THEIR_TURN, YOUR_TURN, YourTable, forget_table, keep_table
from sprites.turn_timer import clock_text
from storage.files import atomic_write_json, quarantine
from storage.reading import DamagedFile, read_json

log = logging.getLogger("card_arcade.online")

PHRASE_KEYS = (pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4)  # one a phrase of protocol.PHRASES
PHRASE_TIME = 4.0  # seconds a phrase shows by its sender's seat
UNREADABLE = (WireError, KeyError, ValueError, TypeError)  # a State this window cannot take
TOKENS_FILE = "online-seats.json"
TOKENS_LIMIT = 16 * 1024
KEPT_TOKENS = 20
DISCOVERY_ENV = "CARD_ARCADE_DISCOVERY"  # overrides the setting (the --discovery flag sets it)


def discovery_mode(app: App) -> str:
    """Where tables are announced and looked for: the flag's (or environment's) choice, else the setting."""
    chosen = os.environ.get(DISCOVERY_ENV, "")
    return chosen if chosen in ("off", "loopback", "all") else app.settings.discovery


def online_server(app: App) -> str:
    """The online server Settings name (a wss:// URL), or "": tables are hosted by this window."""
    return app.settings.online_server.strip()


def token_for(app: App, code: str) -> str | None:
    """The seat token this machine was given at the table `code` (joining again gives the seat back)."""
    tokens = tokens_for(app.folder, code)
    return tokens[0] if tokens else None


def tokens_for(folder: Path, code: str) -> list[str]:
    """The seat tokens this machine holds at the table `code`: this window's first, then those of the
    other players at its screen (a file of an earlier version keeps one token a table)."""
    kept = read_tokens(folder).get(code)
    kept = [kept] if isinstance(kept, str) else kept if isinstance(kept, list) else []
    return [token for token in kept if isinstance(token, str)]


def read_tokens(folder: Path) -> dict:
    """The seats' tokens kept in TOKENS_FILE, by code; a damaged file is moved aside (nothing lost
    but the way back to an old table)."""
    try:
        data = read_json(folder / TOKENS_FILE, TOKENS_LIMIT)
    except DamagedFile as exc:
        log.warning("the seats' tokens: %s", exc)
        quarantine(folder / TOKENS_FILE, str(exc))
        return {}
    return data if isinstance(data, dict) else {}


def remember_token(folder: Path, code: str, token: str, first: bool = True) -> None:
    """Keep a seat's token for its code (the newest KEPT_TOKENS tables): this window's own (`first`;
    a new one forgets the others'), or another player's at this screen."""
    kept = tokens_for(folder, code)
    if first:
        kept = [token, *kept[1:]] if kept[:1] == [token] else [token]
    elif token not in kept:
        kept.append(token)
    tokens = {k: v for k, v in read_tokens(folder).items() if k != code}
    tokens[code] = kept
    try:
        atomic_write_json(folder / TOKENS_FILE, dict(list(tokens.items())[-KEPT_TOKENS:]))
    except OSError as exc:
        log.warning("cannot keep the seat's token: %s", exc)


def forget_tokens(folder: Path, code: str) -> None:
    """Forget the seats' tokens this machine held at `code` (the server no longer knows them: a join
    again with one would be refused)."""
    tokens = read_tokens(folder)
    if tokens.pop(code, None) is None:
        return
    try:
        atomic_write_json(folder / TOKENS_FILE, tokens)
    except OSError as exc:
        log.warning("cannot forget the seat's token: %s", exc)


def forget_token(folder: Path, code: str, token: str) -> None:
    """Forget one seat's token at `code` (another player of this screen stood up)."""
    kept = tokens_for(folder, code)
    if token not in kept[1:]:
        return
    tokens = read_tokens(folder)
    tokens[code] = [t for t in kept if t != token]
    try:
        atomic_write_json(folder / TOKENS_FILE, tokens)
    except OSError as exc:
        log.warning("cannot forget the seat's token: %s", exc)


def sentence(reason: Line) -> str:
    """A server's reason (Words in this window's language, or a text) as a sentence: a capital first, a
    full stop last (an Arabic one too)."""
    worded = render(reason)
    text = worded[:1].upper() + worded[1:]
    return text if text.endswith((".", "!", "?", "؟")) else text + "."


def gone(reason: str) -> str:
    """The sentence said when the table this window was at can no longer be reached."""
    inner = reason if language() == "de" or reason[1:2].isupper() else reason[:1].lower() + reason[1:]
    return _("The table is gone: {reason}", reason=inner)


def wake() -> None:
    """Wake the window's loop (called from the connection's thread)."""
    with contextlib.suppress(pygame.error):  # the window is closing
        pygame.event.post(pygame.Event(WAKE_EVENT))


@dataclass
class Phrase:
    seat: int
    text: str
    left: float


@dataclass
class Companion:
    """Another connection of this window: another player's at this screen (`sits`; `seat` once the
    server gave it), or a spectator's, whose view shows the table between the players' turns."""

    client: Client
    sits: bool
    seat: int | None = None


class OnlineSession:
    """The connection (a `Client`), the hosting server if this window hosts, what the lobby shows,
    and once the game starts the `RemoteMatch` and its table."""

    def __init__(self, app: App, url: str, hello: p.Create | p.Join, server: HostServer | None = None) -> None:
        self.app = app
        self.server = server
        self.client = Client(url, hello, wake)
        self.companions: list[Companion] = []
        self.game = hello.game if isinstance(hello, p.Create) else ""
        self.code = ""
        self.seat: int | None = None
        self.hosting = False
        self.lobby: p.Lobby | None = None
        self.room = p.Room([], 0, False, 0)  # who watches, whether the table is locked, its turn time
        self.turn_left: tuple[int, float] | None = None  # (the seat to move, the seconds of its turn time left)
        self.position = -1  # the newest State's number (a turn time is the position's it came in)
        self.match: RemoteMatch | None = None
        self.table: Any = None  # the table on screen (scenes/online/table.py)
        self.lost: dict[int, float] = {}  # seat: when its wait ends (time.monotonic)
        self.marks = SeatMarks()  # what each name plate is marked with
        self.counted: list[int] = []  # the seconds of the waits last drawn
        self.phrases: list[Phrase] = []
        self.trouble = ""  # this window's connection trouble, said over every scene
        self.ended = ""  # why the connection ended for good
        self.dropped = ""  # why the connection last dropped
        self.refused = ""  # the newest refusal the lobby shows
        self.removed = False  # the host removed this window from the table (the lobby goes back to Join)
        self.autoplay = False  # a computer plays this seat's turns (the player stepped away: A at the table)
        self.thought: tuple[int, Thought] | None = None  # (state, the autoplaying computer's choice)
        self.starting: list[tuple[int | None, p.State]] = []  # a new game's first States, by feed, until all came

    @property
    def url(self) -> str:
        """The server's URL this window's connection goes to."""
        return self.client.url

    # -- what the app calls ----------------------------------------------------------------------
    def poll(self, dt: float) -> None:
        """Take what arrived; count the phrases' time down; start this window's server again if it
        stopped (its saved tables come back; every window reconnects by itself)."""
        if self.server is not None and self.server.gone():
            log.warning("the table's server stopped: starting it again")
            self.server = self.server.restarted()
        for news in self.client.received():
            self.take(news)
            self.app.request_draw()
        for companion in list(self.companions):
            for news in companion.client.received():
                self.take_companion(companion, news)
                self.app.request_draw()
        if self.autoplay:
            self.play_for_me()
        if self.lost and self.waits_left() != self.counted:  # a countdown's new second shows without any input
            self.counted = self.waits_left()
            self.app.request_draw()
        if self.marks.tick(dt):
            self.app.request_draw()
        if self.turn_left is not None:
            seat, left = self.turn_left
            self.turn_left = (seat, max(0.0, left - dt))  # counted by the frames' dt, as every animation
            if math.ceil(left) != math.ceil(self.turn_left[1]):
                self.app.request_draw()
        if self.phrases:
            for phrase in self.phrases:
                phrase.left -= dt
            if any(ph.left <= 0 for ph in self.phrases):
                self.phrases = [ph for ph in self.phrases if ph.left > 0]
                self.app.request_draw()

    def next_change(self) -> float | None:
        """Seconds until the notices change by themselves: the countdown's next second, a phrase's end."""
        waits = [ph.left for ph in self.phrases]
        if (mark_ends := self.marks.next_change()) is not None:
            waits.append(mark_ends)
        now = time.monotonic()
        waits += [(until - now) % 1.0 for until in self.lost.values() if until > now]  # when its second changes
        if self.turn_left is not None and self.turn_left[1] > 0:
            waits.append(self.turn_left[1] % 1.0 or 1.0)
        return min(waits) if waits else None

    def waits_left(self) -> list[int]:
        """The whole seconds each lost player's wait has left, as the notices show them (0: it ended)."""
        return [max(0, int(until - time.monotonic())) for _, until in sorted(self.lost.items())]

    def close(self) -> None:
        """Leave the table on purpose (the others read "left": a computer plays at once, a guest's seat
        in the lobby opens) and close the connection; this window's server goes on while the game does
        (for the others; it ends by itself once nobody is left), else it stops (its save keeps the game)."""
        for client in [self.client, *(c.client for c in self.companions)]:
            client.send(p.Leave())
            client.close()
        on = self.match is not None and not self.match.is_over
        if self.code and self.seat is not None:
            in_lobby = self.lobby is not None and not self.lobby.started
            if on or (in_lobby and self.server is None and self.hosting):
                keep_table(self.app.folder, YourTable(self.code, self.client.url, self.game, self.turn()))
            else:
                forget_table(self.app.folder, self.code)
        if self.server is not None and not on:
            self.server.stop()

    def turn(self) -> str:
        """Whose turn it is, as Your tables keeps it (in English: it is worded when listed)."""
        match = self.match
        if match is None:
            return IN_LOBBY
        names = match.names
        return YOUR_TURN if match.to_move == self.seat else f"{names[match.to_move]}{THEIR_TURN}" if (
            match.to_move is not None and match.to_move < len(names)) else ""

    # -- what this window sends ------------------------------------------------------------------
    def toggle_autoplay(self) -> None:
        """Let a computer (the game's default level, from this seat's view) play this seat's turns, or stop it."""
        if self.seat is None:
            return
        self.set_autoplay(not self.autoplay)

    def set_autoplay(self, on: bool) -> None:
        """Autoplay on or off; the server is told, so that the others see this screen's players away."""
        if on != self.autoplay:
            for seat in self.seats_here():
                self.client_of(seat).send(p.Autoplay(on))
        self.autoplay, self.thought = on, None
        self.app.request_draw()

    def play_for_me(self) -> None:
        """On this seat's turn, once the cards have landed: the computer's move, worked out off the
        frame loop's thread, is sent."""
        match, table = self.match, self.table
        if match is None or match.is_over or match.to_move not in match.here or match.waiting():
            return
        if table is None or table.animator.busy or table.seating.pass_to is not None:
            return
        if self.thought is None or self.thought[0] != match.moves_played:
            info = match.info
            computer, view = info.computer(info.default_level, match.moves_played), match.view(match.to_move)
            self.thought = (match.moves_played, Thought(lambda: computer.choose(view)))
        elif self.thought[1].ready():
            match.submit(self.thought[1].result())

    def send(self, message: p.Message) -> None:
        self.client.send(message)

    def handle_key(self, event: pygame.Event) -> bool:
        """F1-F4 at the table or on a scene right over it (the result, a round's sheet, the menu): the
        quick phrases ("Good game!" is said on the result). True if the key was used."""
        scenes = self.app.scenes
        if self.table is None or self.table not in scenes[-2:] or event.key not in PHRASE_KEYS:
            return False
        self.say(PHRASE_KEYS.index(event.key))
        return True

    def ask_again(self) -> None:
        """Ask for another game for every seat of this screen (it deals once every player agrees)."""
        for seat in self.seats_here():
            self.client_of(seat).send(p.Again())

    def seat_mark(self, seat: int) -> str | None:
        """What the seat's name plate is marked with: "away", "left", "lost connection", "joined", "back"."""
        return self.marks.mark(seat, seat in self.lost)

    def vote_line(self) -> str:
        """Who asked for another game and whom it waits for, once the game is over and someone asked."""
        lobby, match = self.lobby, self.match
        if lobby is None or match is None or not match.is_over or not any(info.again for info in lobby.seats):
            return ""
        humans = [(seat, info) for seat, info in enumerate(lobby.seats) if info.kind == "human" and info.connected]
        asked = [info.name for _, info in humans if info.again]
        waiting = [info.name for _, info in humans if not info.again]
        fields = {"asked": len(asked), "players": len(humans)}
        if self.seat is None:
            return _("Another game: {names} asked ({asked} of {players})", names=listed(asked), **fields)
        if all(lobby.seats[seat].again for seat in self.seats_here() if seat < len(lobby.seats)):
            return _("Another game: you asked ({asked} of {players}), waiting for {names}", names=listed(waiting),
                     **fields)
        return _("Another game? {names} asked ({asked} of {players}): Play again to agree", names=listed(asked),
                 **fields)

    def say(self, index: int) -> None:
        """Send quick phrase number `index` as the player in front of the screen (a spectator says nothing)."""
        if self.seat is not None and 0 <= index < len(p.PHRASES):
            viewer = self.table.seating.viewer if self.table is not None else None
            self.client_of(self.seat if viewer is None else viewer).send(p.Phrase(index))

    def client_of(self, seat: int) -> Client:
        """The connection that acts for `seat` (this window's own if no other does)."""
        return next((c.client for c in self.companions if c.seat == seat), self.client)

    def send_move(self, seat: int, state: int, move: object) -> None:
        self.client_of(seat).move(state, move)

    def sit_here(self, seat: int, name: str) -> None:
        """Another player at this screen takes open seat `seat`, on a connection of their own; the
        first one brings the spectator's connection that shows the table between their turns."""
        if self.seat is None or not self.code:
            return
        self.add_companion(p.Join(p.VERSION, self.code, name), seat)

    def add_companion(self, hello: p.Join, seat: int | None) -> None:
        """Open another connection of this window to its table: to take `seat` (None: to take the seat
        the hello's token holds back)."""
        companion = Companion(Client(self.client.url, hello, wake), sits=True)
        if seat is not None:
            companion.client.send(p.TakeSeat(seat))
        if not any(not c.sits for c in self.companions):  # (this screen's own view: not listed as a watcher)
            screen = p.Join(p.VERSION, self.code, hello.name, watch=True, of=self.client.token)
            watcher = Client(self.client.url, screen, wake)
            self.companions.append(Companion(watcher, sits=False))
        self.companions.append(companion)

    def come_back_together(self) -> None:
        """Welcomed back to a table where other players of this screen held seats: they sit again."""
        if self.companions or self.seat is None:
            return
        for token in tokens_for(self.app.folder, self.code)[1:]:
            self.add_companion(p.Join(p.VERSION, self.code, "", token), None)

    def feeds(self) -> list[int | None]:
        """The seats whose States this window takes (None: the spectator's, once several play here)."""
        seated = [c.seat for c in self.companions if c.seat is not None]
        watching = any(not c.sits for c in self.companions)
        return [self.seat, *seated] + ([None] if seated and watching else [])

    def seats_here(self) -> list[int]:
        return [seat for seat in self.feeds() if seat is not None]

    def drop_companion(self, companion: Companion, why: Line) -> None:
        self.let_go(companion)
        self.refused = sentence(why)
        self.start_when_ready()

    def let_go(self, companion: Companion) -> None:
        """Close another connection of this window (and the spectator's, once no other player sits here)."""
        companion.client.close()
        self.companions.remove(companion)
        if not any(c.sits for c in self.companions):
            for watcher in [c for c in self.companions if not c.sits]:
                watcher.client.close()
                self.companions.remove(watcher)

    def stand_up(self, seat: int) -> None:
        """The player at `seat` of this screen stands up in the lobby: this window's own watches; another
        player's here leaves (their seat opens, their token is forgotten)."""
        companion = next((c for c in self.companions if c.sits and c.seat == seat), None)
        if companion is None:
            self.send(p.StandUp())
            return
        companion.client.send(p.Leave())
        if companion.client.token is not None:
            forget_token(self.app.folder, self.code, companion.client.token)
        self.let_go(companion)
        self.app.request_draw()

    # -- what arrives ----------------------------------------------------------------------------
    def welcomed(self, news: p.Welcome) -> None:
        """At a table: with a seat (its token kept), or watching (a seat stood up from, or given to a
        computer by the host, is no longer this machine's to come back to)."""
        if self.seat is not None and news.seat is None:
            forget_table(self.app.folder, news.code)
            forget_tokens(self.app.folder, news.code)
        self.code, self.game, self.seat, self.hosting = news.code, news.game, news.seat, news.host
        if news.token is not None:
            remember_token(self.app.folder, news.code, news.token)
            keep_table(self.app.folder, YourTable(news.code, self.client.url, news.game))
            self.come_back_together()
        log.info("at table %s (%s): seat %s%s", news.code, news.game, news.seat, ", hosting" if news.host else "")

    def take(self, news: News) -> None:
        if isinstance(news, p.Welcome):
            self.welcomed(news)
        elif isinstance(news, p.Lobby):
            self.lobby = news
            self.marks.take(news)
            log.info("the lobby: %s", ", ".join(f"{s.name or 'open'} ({s.kind})" for s in news.seats))
        elif isinstance(news, p.Room):
            self.room = news
        elif isinstance(news, p.Turn):
            self.turn_left = (news.seat, news.seconds)
        elif isinstance(news, p.State):
            if news.state != self.position or news.over:
                self.turn_left = None  # (each move sets the turn time again: a Turn comes after its State)
            self.position = news.state
            self.take_state(self.seat, news)
        elif isinstance(news, p.Refused):
            self.take_refusal(said(news))
        elif isinstance(news, p.Lost):
            self.lost[news.seat] = time.monotonic() + news.seconds
            log.info("seat %d lost connection", news.seat)
        elif isinstance(news, p.Back):
            self.lost.pop(news.seat, None)
        elif isinstance(news, p.Said) and 0 <= news.phrase < len(p.PHRASES):
            self.phrases = [ph for ph in self.phrases if ph.seat != news.seat]
            self.phrases.append(Phrase(news.seat, p.PHRASES[news.phrase], PHRASE_TIME))
        elif isinstance(news, Connected):
            self.trouble = ""
            if news.again:
                self.app.notify(_("Connected again: you are back at the table."))
                self.autoplay_again(self.client)
        elif isinstance(news, Dropped):
            self.dropped = sentence(news.reason)
            self.trouble = _("{reason} Trying again in {seconds} s.", reason=self.dropped,
                             seconds=number(news.retry_s, 1))
        elif isinstance(news, Ended):
            self.take_end(news)

    def take_end(self, news: Ended) -> None:
        """The connection is over for good; removed by the host, this machine's token holds nothing now."""
        if news.reason == REMOVED and self.code:
            forget_table(self.app.folder, self.code)
            forget_tokens(self.app.folder, self.code)
            self.removed = True
        self.ended = gone(sentence(news.reason)) if news.gone else sentence(news.reason)
        self.trouble = _("{reason} Esc leaves.", reason=self.ended)

    def take_companion(self, companion: Companion, news: News) -> None:
        """What another connection of this window brought: its seat, its States, its refusals (the
        lobby, the phrases and the players' comings and goings come on this window's own too)."""
        if isinstance(news, p.Welcome):
            if companion.sits and news.seat is not None and news.token is not None:
                companion.seat = news.seat
                remember_token(self.app.folder, news.code, news.token, first=False)
                self.start_when_ready()
        elif isinstance(news, p.State):
            if companion.seat is not None or not companion.sits:
                self.take_state(companion.seat, news)
        elif isinstance(news, p.Refused):
            if companion.sits and companion.seat is None:
                self.drop_companion(companion, said(news))
            else:
                self.take_refusal(said(news))
        elif isinstance(news, Ended) and companion in self.companions:
            self.drop_companion(companion, news.reason)
        elif isinstance(news, Connected) and news.again and companion.seat is not None:
            self.autoplay_again(companion.client)

    def autoplay_again(self, client: Client) -> None:
        """A seat's connection is open again: if this window plays for its players, the server (which
        forgets it with the connection) is told again."""
        if self.autoplay:
            client.send(p.Autoplay(True))

    def take_state(self, feed: int | None, state: p.State) -> None:
        """The first state starts the table once every feed brought one; a new game's (Play again)
        starts a new one; the others are moves for the match."""
        try:
            if self.starting or self.match is None or (state.state == 0 and state.state < self.match.moves_played) or (
                    self.match.is_over and not state.over and state.state == 0):
                self.starting.append((feed, state))
                self.start_when_ready()
            elif self.match.receive(feed, state):
                self.relay()
            if state.over and feed == self.seat:
                log.info("the game is over at table %s", self.code)
                self.set_autoplay(False)  # autoplay ends with the game
        except UNREADABLE as exc:
            self.unreadable(exc)

    def unreadable(self, exc: Exception) -> None:
        log.exception("a state from the server could not be read")
        self.take_refusal(W_("the server sent what this window cannot read ({problem})", problem=str(exc)[:200]))

    def start_when_ready(self) -> None:
        """Start the table once every feed brought the new game's first State (and no other player
        of this screen is still on the way to their seat)."""
        pending = any(c.sits and c.seat is None for c in self.companions)
        if self.starting and not pending and {f for f, _ in self.starting} >= set(self.feeds()):
            try:
                self.start_table()
            except UNREADABLE as exc:
                self.unreadable(exc)

    def start_table(self) -> None:
        """Every feed brought the new game's first State: the match, then its table."""
        if self.lobby is None:
            raise ValueError("a game started before its seats were known")
        starting, self.starting = self.starting, []
        seats = [Seat(info.name or _("Player {number}", number=i + 1), "human" if info.kind == "human" else "computer",
                      info.level) for i, info in enumerate(self.lobby.seats)]
        feeds = self.feeds()
        (feed, state), *rest = sorted(starting, key=lambda pair: pair[0] != self.seat)  # this window's first
        self.match = RemoteMatch(self.game, seats, [feed, *(f for f in feeds if f != feed)], state, self.send_move)
        for feed, state in rest:
            self.match.receive(feed, state)
        from scenes.online.table import online_table

        old, self.table = self.table, online_table(self.app, self.game, self.match)
        self.lost = {}
        self.autoplay, self.thought = False, None  # autoplay ends with the game
        log.info("the game starts at table %s", self.code)
        if old is not None and old in self.app.scenes:  # Play again: the result and the old table go
            while self.app.top is not old:
                self.app.pop()
        self.app.replace(self.table)

    def relay(self) -> None:
        """A state that is not the next move (back after a lost connection): lay the table out anew."""
        from scenes.online.table import relay

        if self.table is not None:
            relay(self.table)

    def take_refusal(self, reason: Line) -> None:
        """A refused move shows on the table as an illegal one does; anything else, in the lobby."""
        if self.match is not None:
            self.match.sent = None
        on_top = self.app.top is self.table
        if self.table is not None and on_top:
            self.table.illegal(sentence(reason))
        else:
            self.refused = sentence(reason)

    # -- what the notices say --------------------------------------------------------------------
    def notices(self) -> list[str]:
        """The lines shown over every scene: this window's trouble, the phrases said (those not shown
        by their seats at the table), each away player, each lost player's wait."""
        lines = [self.trouble] if self.trouble else []
        if vote := self.vote_line():
            lines.append(vote)
        if self.autoplay:
            lines.append(_("A computer plays for you (A: play yourself)"))
        names = self.match.names if self.match is not None else [s.name for s in self.lobby.seats] if self.lobby else []
        from scenes.online.table import phrase_anchor

        lines += [_("{name}: {phrase}", name=names[ph.seat] if ph.seat < len(names) else _("A player"),
                    phrase=_(ph.text)) for ph in self.phrases
                  if self.table is None or phrase_anchor(self.table, ph.seat) is None]
        playing = self.lobby is not None and self.lobby.started and not (self.match is not None and self.match.is_over)
        for seat, info in enumerate(self.lobby.seats if self.lobby is not None and playing else []):
            if info.left and seat not in self.lost:
                lines.append(_("{name} left: a computer plays for them", name=info.name))
            elif info.away:
                lines.append(_("You are away: a computer plays for you until you play your turn") if seat == self.seat
                             else _("{name} is away: a computer plays for them", name=info.name))
        for seat, until in sorted(self.lost.items()):
            name = names[seat] if seat < len(names) else _("Seat {number}", number=seat + 1)
            left = int(until - time.monotonic())
            if left > 0:
                lines.append(_("{name} lost connection, waiting {time}", name=name, time=clock_text(left)))
            else:
                lines.append(_("{name} left: a computer plays for them until they come back", name=name))
        return lines
