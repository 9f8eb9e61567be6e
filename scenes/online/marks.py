"""What each name plate of an online table is marked with, from the Lobby messages this window
receives: "lost connection" while a player's connection is gone, "left" for one who left on purpose,
"away" while a computer plays for them (their turn time ran out, or their window plays for them),
and for MARK_S once it changes, "joined" (a player first seen at the table) or "back"."""
from __future__ import annotations

from lang import N_
from net import protocol as p

MARK_S = 4.0  # seconds "joined" and "back" show
# TRANSLATORS: the marks on a player's name plate at an online table (short: a word or two each)
LOST, LEFT, AWAY, JOINED, BACK = N_("lost connection"), N_("left"), N_("away"), N_("joined"), N_("back")


def lasting(info: p.SeatInfo, started: bool) -> str | None:
    """The mark a seat keeps while it lasts (None: its player is here and plays)."""
    if info.kind != "human":
        return None
    if info.left:
        return LEFT
    if started and not info.connected:
        return LOST
    if info.away or info.autoplay:
        return AWAY
    return None


class SeatMarks:
    """The marks of every seat: those that last (from the newest Lobby) and the passing ones."""

    def __init__(self) -> None:
        self.lobby: p.Lobby | None = None
        self.seen: set[str] = set()  # the players seen here at the table (by name: names are unique)
        self.passing: dict[int, tuple[str, float]] = {}  # seat: ("joined" or "back", seconds left)

    def take(self, lobby: p.Lobby) -> None:
        """A new Lobby: a seat whose player is here again is "back", a new player's seat "joined"."""
        old = self.lobby
        for seat, info in enumerate(lobby.seats):
            here = info.kind == "human" and info.connected and lasting(info, lobby.started) is None
            before = old.seats[seat] if old is not None and seat < len(old.seats) else None
            if here and info.name not in self.seen and old is not None:
                self.passing[seat] = (JOINED, MARK_S)
            elif here and old is not None and before is not None and before.name == info.name and (
                    lasting(before, old.started) is not None):
                self.passing[seat] = (BACK, MARK_S)
            elif not here:
                self.passing.pop(seat, None)
            if info.kind == "human" and (info.connected or lasting(info, lobby.started) is not None):
                self.seen.add(info.name)  # (a player away, lost or gone came to the table before)
        self.lobby = lobby

    def tick(self, dt: float) -> bool:
        """`dt` seconds on; True if a passing mark ended."""
        ended = [seat for seat, (_, left) in self.passing.items() if left <= dt]
        self.passing = {seat: (mark, left - dt) for seat, (mark, left) in self.passing.items() if left > dt}
        return bool(ended)

    def next_change(self) -> float | None:
        """Seconds until a passing mark ends."""
        return min((left for _, left in self.passing.values()), default=None)

    def mark(self, seat: int, lost: bool = False) -> str | None:
        """The seat's mark now (`lost`: its Lost message came, its Back not yet)."""
        lobby = self.lobby
        if lobby is None or not 0 <= seat < len(lobby.seats):
            return None
        info = lobby.seats[seat]
        if lost and not info.left:
            return LOST
        mark = lasting(info, lobby.started)
        return mark if mark is not None else self.passing.get(seat, (None, 0.0))[0]
