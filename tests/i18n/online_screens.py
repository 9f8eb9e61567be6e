"""The online screens as a player sees them, for the language checks (test_screens_in_other_languages.py):
the lobby as its host and as a guest, the Join screen with its own refusal and with Your tables, and a
table whose name plates are marked (away, left, lost connection) with the notices over it.

Every part of the window is the real one (the session's scenes, marks, notices and turn clock): only
the connection is quiet (`QuietClient`: nothing sent, nothing received), and the server's messages are
given to the session as they would arrive, made by the server's own code (net.table.state_of)."""
from __future__ import annotations

from collections.abc import Callable

from game.match import Match
from game.seats import Seat
from harness.driver import Driver
from lang.words import W_
from net import protocol as p
from net.table import state_of
from scenes.online import session as session_module
from scenes.online.join import JoinScene
from scenes.online.lobby import LobbyScene
from scenes.online.session import OnlineSession
from scenes.online.yours import YourTable, keep_table

Screen = Callable[[Driver], None]
URL = "ws://127.0.0.1:8765"
CODE = "ABC234"
NAMES = ("Amina", "Bilal", "Chen", "Dana")


class QuietClient:
    """A connection that never connects: what the session sends goes nowhere, nothing arrives."""

    def __init__(self, url: str, hello: object, wake: object = None) -> None:
        self.url, self.hello = url, hello
        self.refused, self.code, self.token = False, None, None

    def received(self) -> list:
        return []

    def send(self, message: p.Message) -> None:
        """Nothing is sent."""

    def move(self, state: int, move: object) -> None:
        """Nothing is sent."""

    def close(self) -> None:
        """Nothing to close."""


class HostingServer:
    """This window's server as the host's lobby reads it: listening on a private address."""

    port, url = 8765, URL

    def local_only(self) -> bool:
        return False

    def addresses(self) -> list[str]:
        return ["192.168.1.5:8765"]

    def gone(self) -> bool:
        return False

    def stop(self) -> None:
        """Nothing runs."""


def quiet_session(d: Driver, game: str, hosting: bool) -> OnlineSession:
    """A session of the app whose connection is quiet, its server hosting here if `hosting`."""
    real = session_module.Client
    session_module.Client = QuietClient  # type: ignore[assignment,misc]
    try:
        hello = p.Create(p.VERSION, NAMES[0], game, []) if hosting else p.Join(p.VERSION, CODE, NAMES[1])
        online = OnlineSession(d.app, URL, hello, HostingServer() if hosting else None)  # type: ignore[arg-type]
    finally:
        session_module.Client = real  # type: ignore[misc]
    d.app.online = online
    return online


def seat(name: str, kind: p.SeatKindShown = "human", **marks: bool) -> p.SeatInfo:
    return p.SeatInfo(name, kind, "normal", marks.pop("connected", True), **marks)


def lobby_as_host(d: Driver) -> None:
    """The host's lobby: a guest, an open seat, a computer; two watchers; a turn time; locked."""
    online = quiet_session(d, "sota", hosting=True)
    online.take(p.Welcome(p.VERSION, CODE, "sota", "token", 0, True))
    online.take(p.Lobby([seat(NAMES[0]), seat(NAMES[1]), p.SeatInfo("", "open", "normal", False),
                         seat("Computer 4", "computer")], False))
    online.take(p.Room([p.Watcher(1, "Hafsa"), p.Watcher(2, "Ilyas")], 2, True, 30))
    d.app.push(LobbyScene(d.app, "sota"), transition=False)
    d.frames(2)


def lobby_as_guest(d: Driver) -> None:
    """A guest's lobby, every seat taken: the wait for the host, the invite line, a refusal said."""
    online = quiet_session(d, "skyjo", hosting=False)
    online.take(p.Welcome(p.VERSION, CODE, "skyjo", "token", 1, False))
    online.take(p.Lobby([seat(NAMES[0]), seat(NAMES[1]), seat(NAMES[2], away=True)], False))
    online.take(p.Room([], 0, False, 0))
    online.take(p.refused(W_("only the host may do that")))  # as the server words it
    d.app.push(LobbyScene(d.app, "skyjo"), transition=False)
    d.frames(2)


def join_with_an_error(d: Driver) -> None:
    """The Join screen after its own refusal (a code too short), nothing listed."""
    join = JoinScene(d.app, code="AB", address="127.0.0.1:8765")
    d.app.push(join, transition=False)
    join.join()
    d.frames(2)


def your_tables(d: Driver) -> None:
    """The Join screen listing Your tables: one in its lobby, one at your turn, one at another's."""
    for code, game, turn in (("KQ7M2P", "skyjo", "in the lobby"), ("XW3R9T", "sota", "your turn"),
                             ("HH4N6C", "memory_match", "Amina's turn")):
        keep_table(d.app.folder, YourTable(code, URL, game, turn))
    d.app.push(JoinScene(d.app), transition=False)
    d.frames(2)


def table_with_marks(d: Driver) -> None:
    """A Sota table online: Bilal away (a computer plays for him), Chen left, Dana's connection lost;
    Bilal said a phrase, this window's turn clock runs; the notices say each."""
    online = quiet_session(d, "sota", hosting=False)
    seats = [Seat(name, "human") for name in NAMES]
    match = Match.new("sota", seats, {}, 7)
    online.take(p.Welcome(p.VERSION, CODE, "sota", "token", 0, False))
    online.take(p.Lobby([seat(NAMES[0]), seat(NAMES[1], away=True), seat(NAMES[2], left=True),
                         seat(NAMES[3], connected=False)], True))
    online.take(state_of(match, 0, match.view(0)))
    online.take(p.Lost(3, 59))
    online.take(p.Said(1, 0))
    online.take(p.Turn(0, 25.0))
    d.until(lambda: d.app.fade == 0, 5)
    d.frames(2)


def online_screens() -> dict[str, Screen]:
    return {"online_lobby_host": lobby_as_host, "online_lobby_guest": lobby_as_guest,
            "online_join_error": join_with_an_error, "online_your_tables": your_tables,
            "online_table_marks": table_with_marks}


# What the online screens draw as it is: the players' and watchers' names, the table codes typed or given
SHOWN_AS_IS = {*NAMES, "Hafsa", "Ilyas", "Computer 4", CODE, "AB", "KQ7M2P", "XW3R9T", "HH4N6C"}
TABLE_OWN = ("Table",)  # the layer of a table's own words (the tables' translation, checked with the tables)


def online_overlay(name: str, layer: tuple[str, ...]) -> bool:
    """Whether a text drawn on `layer` is the online screens' to check: on the marked table, only what the
    network part draws over it (the plates' marks, the turn clock, the phrases) and the notices."""
    return name != "online_table_marks" or layer != TABLE_OWN
