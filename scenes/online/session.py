"""One networked table as this window takes part in it: the connection, the lobby, then the match.

The app polls the session every pass of its loop (whatever scene is on top: a pause menu or the
history over the table must not stop the game), and draws its notices over every scene: who lost
their connection and how long their seat waits, this window's own connection trouble, the phrases
players send.
"""
from __future__ import annotations

import contextlib
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.seats import Seat
from game.thinking import Thought
from net import protocol as p
from net.client import Client, Connected, Dropped, Ended, News
from net.host_process import HostServer
from net.remote import RemoteMatch
from net.wire import WireError
from scenes.base import WAKE_EVENT
from scenes.base import Host as App
from scenes.plugins import game_scenes
from scenes.table import TableScene
from storage.files import atomic_write_json, quarantine
from storage.reading import DamagedFile, read_json

log = logging.getLogger("card_arcade.online")

PHRASE_TIME = 4.0  # seconds a phrase shows by its sender's seat
TOKENS_FILE = "online-seats.json"
TOKENS_LIMIT = 16 * 1024
KEPT_TOKENS = 20
DISCOVERY_ENV = "CARD_ARCADE_DISCOVERY"  # overrides the setting (the --discovery flag sets it)


def discovery_mode(app: App) -> str:
    """Where tables are announced and looked for: the flag's (or environment's) choice, else the setting."""
    chosen = os.environ.get(DISCOVERY_ENV, "")
    return chosen if chosen in ("off", "loopback", "all") else app.settings.discovery


def token_for(app: App, code: str) -> str | None:
    """The seat token this machine was given at the table `code` (joining again gives the seat back)."""
    token = read_tokens(app.folder).get(code)
    return token if isinstance(token, str) else None


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


def remember_token(folder: Path, code: str, token: str) -> None:
    """Keep a seat's token for its code (the newest KEPT_TOKENS tables)."""
    tokens = {k: v for k, v in read_tokens(folder).items() if k != code}
    tokens[code] = token
    try:
        atomic_write_json(folder / TOKENS_FILE, dict(list(tokens.items())[-KEPT_TOKENS:]))
    except OSError as exc:
        log.warning("cannot keep the seat's token: %s", exc)


def sentence(reason: str) -> str:
    """A server's reason as a sentence: a capital first, a full stop last."""
    text = reason[:1].upper() + reason[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def wake() -> None:
    """Wake the window's loop (called from the connection's thread)."""
    with contextlib.suppress(pygame.error):  # the window is closing
        pygame.event.post(pygame.Event(WAKE_EVENT))


@dataclass
class Phrase:
    seat: int
    text: str
    left: float


class OnlineSession:
    """The connection (a `Client`), the hosting server if this window hosts, what the lobby shows,
    and once the game starts the `RemoteMatch` and its table."""

    def __init__(self, app: App, url: str, hello: p.Create | p.Join, server: HostServer | None = None) -> None:
        self.app = app
        self.server = server
        self.client = Client(url, hello, wake)
        self.game = hello.game if isinstance(hello, p.Create) else ""
        self.code = ""
        self.seat: int | None = None
        self.hosting = False
        self.lobby: p.Lobby | None = None
        self.match: RemoteMatch | None = None
        self.table: TableScene | None = None
        self.lost: dict[int, float] = {}  # seat: when its wait ends (time.monotonic)
        self.phrases: list[Phrase] = []
        self.trouble = ""  # this window's connection trouble, said over every scene
        self.ended = ""  # why the connection ended for good
        self.refused = ""  # the newest refusal the lobby shows
        self.autoplay = False  # a computer plays this seat's turns (the player stepped away: A at the table)
        self.thought: tuple[int, Thought] | None = None  # (state, the autoplaying computer's choice)

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
        if self.autoplay:
            self.play_for_me()
        if self.phrases:
            for phrase in self.phrases:
                phrase.left -= dt
            self.phrases = [ph for ph in self.phrases if ph.left > 0]
            if not self.phrases:
                self.app.request_draw()

    def next_change(self) -> float | None:
        """Seconds until the notices change by themselves: the countdown's next second, a phrase's end."""
        waits = [ph.left for ph in self.phrases]
        if self.lost:
            waits.append(1.0 - (time.monotonic() % 1.0))
        return min(waits) if waits else None

    def close(self) -> None:
        """Leave the table: close the connection and stop this window's server (its save keeps the game)."""
        self.client.close()
        if self.server is not None:
            self.server.stop()

    # -- what this window sends ------------------------------------------------------------------
    def toggle_autoplay(self) -> None:
        """Let a computer (the game's default level, from this seat's view) play this seat's turns, or stop it."""
        if self.seat is None:
            return
        self.autoplay, self.thought = not self.autoplay, None
        self.app.request_draw()

    def play_for_me(self) -> None:
        """On this seat's turn, once the cards have landed: the computer's move, worked out off the
        frame loop's thread, is sent."""
        match, table = self.match, self.table
        if match is None or match.is_over or match.to_move != match.seat or match.waiting():
            return
        if table is None or table.animator.busy:
            return
        if self.thought is None or self.thought[0] != match.moves_played:
            info = match.info
            computer, view = info.computer(info.default_level, match.moves_played), match.view(match.seat)
            self.thought = (match.moves_played, Thought(lambda: computer.choose(view)))
        elif self.thought[1].ready():
            match.submit(self.thought[1].result())

    def send(self, message: p.Message) -> None:
        self.client.send(message)

    def say(self, index: int) -> None:
        """Send quick phrase number `index` (a player only: a spectator says nothing)."""
        if self.seat is not None and 0 <= index < len(p.PHRASES):
            self.client.send(p.Phrase(index))

    # -- what arrives ----------------------------------------------------------------------------
    def take(self, news: News) -> None:
        if isinstance(news, p.Welcome):
            self.code, self.game, self.seat, self.hosting = news.code, news.game, news.seat, news.host
            if news.token is not None:
                remember_token(self.app.folder, news.code, news.token)
            log.info("at table %s (%s): seat %s%s", news.code, news.game, news.seat, ", hosting" if news.host else "")
        elif isinstance(news, p.Lobby):
            self.lobby = news
            log.info("the lobby: %s", ", ".join(f"{s.name or 'open'} ({s.kind})" for s in news.seats))
        elif isinstance(news, p.State):
            self.take_state(news)
        elif isinstance(news, p.Refused):
            self.take_refusal(news.reason)
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
                self.app.notify("Connected again: you are back at the table.")
        elif isinstance(news, Dropped):
            self.trouble = f"Connection lost ({news.reason}): trying again in {news.retry_s:g} s."
        elif isinstance(news, Ended):
            self.ended = self.trouble = f"The table's connection ended: {news.reason}. Esc leaves."

    def take_state(self, state: p.State) -> None:
        """The first state starts the table; a new game's (Play again) starts a new one; the others
        are moves for the match."""
        try:
            if self.match is None or (state.state == 0 and state.state < self.match.moves_played) or (
                    self.match.is_over and not state.over and state.state == 0):
                self.start_table(state)
            elif self.match.receive(state) is None:
                self.relay()
            if state.over:
                log.info("the game is over at table %s", self.code)
        except (WireError, KeyError, ValueError, TypeError) as exc:
            log.exception("a state from the server could not be read")
            self.take_refusal(f"the server sent what this window cannot read ({exc})")

    def start_table(self, state: p.State) -> None:
        if self.lobby is None:
            raise ValueError("a game started before its seats were known")
        seats = [Seat(info.name or f"Player {i + 1}", "human" if info.kind == "human" else "computer", info.level)
                 for i, info in enumerate(self.lobby.seats)]
        self.match = RemoteMatch(self.game, seats, self.seat, state, self.client.move)
        table_class = game_scenes(self.game).online
        if table_class is None:
            raise ValueError(f"{self.game} is not played online")
        from scenes.online.table import online_class

        old, self.table = self.table, online_class(table_class)(self.app, self.match)
        self.lost = {}
        log.info("the game starts at table %s", self.code)
        if old is not None and old in self.app.scenes:  # Play again: the result and the old table go
            while self.app.top is not old:
                self.app.pop()
        self.app.replace(self.table)

    def relay(self) -> None:
        """A state that is not the next move (back after a lost connection): lay the table out anew."""
        table = self.table
        if table is not None and table.started:
            table.animator.finish_all()
            table.begin()

    def take_refusal(self, reason: str) -> None:
        """A refused move shows on the table as an illegal one does; anything else, in the lobby."""
        if self.match is not None:
            self.match.sent = None
        table = self.table
        if table is not None and self.app.top is table:
            table.illegal(sentence(reason))
        else:
            self.refused = sentence(reason)

    # -- what the notices say --------------------------------------------------------------------
    def notices(self) -> list[str]:
        """The lines shown over every scene: this window's trouble, the phrases said, each lost player's wait."""
        lines = [self.trouble] if self.trouble else []
        if self.autoplay:
            lines.append("A computer plays for you (A: play yourself)")
        names = self.match.names if self.match is not None else [s.name for s in self.lobby.seats] if self.lobby else []
        lines += [f"{names[ph.seat] if ph.seat < len(names) else 'A player'}: {ph.text}" for ph in self.phrases]
        for seat, until in sorted(self.lost.items()):
            name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
            left = int(until - time.monotonic())
            if left > 0:
                lines.append(f"{name} lost connection, waiting {left // 60}:{left % 60:02d}")
            else:
                lines.append(f"{name} lost connection: a computer plays for them until they come back")
        return lines
