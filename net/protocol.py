"""The messages between a client and the server (VERSION): JSON text frames, one message a frame,
checked by msgspec against these types; a field not declared here is refused.

msgspec rather than pydantic: it decodes straight from the frame's bytes into typed objects, refuses
unknown fields and wrong types as strictly, and is several times faster (a busy server decodes a
thousand moves a second), with no other dependency.

A client never says which seat it acts for: the server knows it from the connection (its token).
Views, moves and move records travel as `net.wire` data inside `view`, `move` and `record`.
"""
from __future__ import annotations

from typing import Any, Literal

import msgspec

from lang import N_
from lang.words import Line, english, words_json

VERSION = 3  # 2: history lines travel as Words (lang/words.py), which a version-1 window cannot read;
# 3: a Refused and a Bye carry their reason as Words too, which a version-2 window would skip
WORDED = 3  # the first version whose windows read a Bye's Words (the version refusal sends them from here on)
MAX_FRAME = 64 * 1024  # bytes: a longer frame closes the connection
NAME_CHARS = 16
WATCHERS_LISTED = 12  # a Room names this many watchers at most (it counts them all)
PHRASES = (N_("Good game!"), N_("Your turn"), N_("Nice one"), N_("Oops"))  # each window words them
SeatKind = Literal["you", "computer", "open"]  # what a host asks for each seat
SeatKindShown = Literal["human", "computer", "open"]  # what a seat is


class Message(msgspec.Struct, forbid_unknown_fields=True, tag_field="type"):
    """Every message names its kind in "type"."""


# -- client to server ------------------------------------------------------------------------------
class SeatSpec(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A seat the host asks for; a computer's `name` (the host's setup's) is sent only when given."""

    kind: SeatKind
    level: str = "normal"
    name: str = ""


class Create(Message, tag="create", omit_defaults=True):
    """Open a new table: the creator hosts it and sits at its "you" seat (if any). Fields left at
    their defaults are not sent, so that a server of an earlier version reads a Create without them."""

    v: int
    name: str
    game: str
    seats: list[SeatSpec]
    options: dict[str, Any] = {}
    seed: int | None = None  # ignored (kept for older clients): the server deals from its own seed
    wait_s: int = 60  # how long a lost player's seat waits before a computer plays it
    turn_s: int | None = None  # a turn's time before a computer plays it (0: none; None: the server's)


class Join(Message, tag="join", omit_defaults=True):
    """Come to a table by its invite code: to take a seat (`take_seat` next), or `watch` it; a
    `token` given at an earlier join gives its seat back. `watch` with `of`, the token of a player
    seated at this window's screen: the screen's own view between its players' turns, not a watcher
    the others see listed. Fields left at their defaults are not sent (a server of an earlier
    version reads the Join without `of`)."""

    v: int
    code: str
    name: str = ""
    token: str | None = None
    watch: bool = False
    of: str | None = None


class TakeSeat(Message, tag="take_seat"):
    seat: int


class Start(Message, tag="start"):
    """The host starts the game; open seats are given to computers of normal level."""


class Move(Message, tag="move"):
    """A move chosen on the state numbered `state`; `id` grows with each message of a connection."""

    id: int
    state: int
    move: Any


class Phrase(Message, tag="phrase"):
    phrase: int  # an index of PHRASES


class Again(Message, tag="again"):
    """Ask for another game with the same seats (any seated player): it deals once every seated
    player who is here asked."""


class Leave(Message, tag="leave"):
    """Leave the table on purpose: in a game a computer plays the seat at once (until its player comes
    back); in the lobby the seat opens."""


class StandUp(Message, tag="stand_up"):
    """Give up your seat in the lobby and watch (not the host)."""


class GiveToComputer(Message, tag="give_to_computer"):
    """The host, in the lobby: a computer takes this seat (its player, if any, watches)."""

    seat: int


class Remove(Message, tag="remove"):
    """The host, in the lobby: send away the player at `seat`, or the watcher whose Room `id` is
    `watcher`."""

    seat: int | None = None
    watcher: int | None = None


class Autoplay(Message, tag="autoplay"):
    """The player lets their window's computer play their turns (`on`), or plays again: the others
    see them away meanwhile."""

    on: bool


class Lock(Message, tag="lock"):
    """The host: nobody new may join (a player coming back with their token still may), or again anyone."""

    locked: bool


ClientMessage = (Create | Join | TakeSeat | Start | Move | Phrase | Again | Leave | StandUp | GiveToComputer
                 | Remove | Lock | Autoplay)


# -- server to client ------------------------------------------------------------------------------
class SeatInfo(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A seat as everyone sees it; `away` (a player whose turn time ran out, played by a computer until
    they act again), `autoplay`, `left` and `again` are sent only when true, so that a client of an
    earlier version reads the others."""

    name: str
    kind: SeatKindShown
    level: str
    connected: bool
    away: bool = False
    left: bool = False  # the player left on purpose: a computer plays for them until they come back
    again: bool = False  # the player asked for another game
    autoplay: bool = False  # the player's window lets a computer play their turns (they are away)


class Welcome(Message, tag="welcome"):
    """You are at the table: keep `token` to come back to your seat (None while watching)."""

    v: int
    code: str
    game: str
    token: str | None
    seat: int | None
    host: bool


class Lobby(Message, tag="lobby"):
    seats: list[SeatInfo]
    started: bool


class State(Message, tag="state"):
    """What your seat may know after move number `state` (and that move's record, redacted for you);
    the seat whose choice the table waits for (None: nobody's, the game is over or the server plays
    a move without choice); its legal moves (sent to that seat only); the result so far (scores,
    winners: public); the newest history lines, the last of them line number `lines` of the game."""

    state: int
    over: bool
    to_move: int | None
    view: Any
    record: Any = None
    history: list[str | dict[str, Any]] = []  # Words (lang/words.py), or texts: a server of an earlier version's
    lines: int = 0
    legal: list[Any] = []
    result: dict[str, Any] = {}


class Refused(Message, tag="refused", forbid_unknown_fields=False, omit_defaults=True):
    """A message that changed nothing, and why: `reason` in English (the logs', an earlier window's),
    `words` the same as Words (lang/words.py), which each window reads in its player's language. A
    field a later version adds is skipped, so that its refusals still reach this version's windows."""

    reason: str
    id: int | None = None
    words: dict[str, Any] | None = None


class Watcher(msgspec.Struct, forbid_unknown_fields=True):
    """A spectator as the table's Room lists them: `id` is theirs for as long as they watch."""

    id: int
    name: str


class Room(Message, tag="room"):
    """Who watches the table: the first WATCHERS_LISTED by arrival, and how many in all; whether it
    is locked; its turn time (0: none). A message of its own: a client of an earlier version skips it."""

    watchers: list[Watcher]
    watching: int
    locked: bool
    turn_s: int


class Turn(Message, tag="turn"):
    """The player at `seat` has `seconds` to choose before a computer plays for them."""

    seat: int
    seconds: float


class Lost(Message, tag="lost"):
    """A player lost their connection: their seat waits `seconds` before a computer plays it."""

    seat: int
    seconds: int


class Back(Message, tag="back"):
    seat: int


class Said(Message, tag="said"):
    seat: int
    phrase: int


class Bye(Message, tag="bye", forbid_unknown_fields=False, omit_defaults=True):
    """The server closes this connection, and why (`reason` and `words` as a Refused's)."""

    reason: str
    words: dict[str, Any] | None = None


def refused(reason: Line, id: int | None = None) -> Refused:
    """A Refused saying `reason` (Words, or a text that stays as it is) in English and as Words."""
    return Refused(english(reason), id, words_json(reason))


def bye(reason: Line, worded: bool = True) -> Bye:
    """A Bye saying `reason`; without its Words if not `worded` (a window of a version before WORDED
    would skip a Bye with a field it does not know)."""
    return Bye(english(reason), words_json(reason) if worded else None)


ServerMessage = Welcome | Lobby | Room | Turn | State | Refused | Lost | Back | Said | Bye

encoder = msgspec.json.Encoder()
client_decoder = msgspec.json.Decoder(ClientMessage)
server_decoder = msgspec.json.Decoder(ServerMessage)
