"""The manners of a card room, on the server: a player leaves on purpose, stands up in the lobby, asks
for another game; the host gives a seat to a computer, removes a player or a watcher, locks the table;
no two players share a name. Each message is a stranger's: who may send it is checked here, and the
seat it acts for is the connection's, never the message's."""
from __future__ import annotations

from collections.abc import Iterable

from lang.words import W_
from net import protocol as p
from net.table import Connection, Place, Table

REMOVED = W_("the host removed you from this table")
LOCKED = W_("this table is locked: ask its host to open it")
Manners = p.Leave | p.StandUp | p.Again | p.GiveToComputer | p.Remove | p.Lock | p.Autoplay


def unique_name(name: str, taken: Iterable[str]) -> str:
    """`name`, or "Amina (2)", "(3)"... if a player at the table has it already."""
    names = set(taken)
    if name not in names:
        return name
    return next(f"{name} ({n})" for n in range(2, len(names) + 3) if f"{name} ({n})" not in names)


def handle(table: Table, conn: Connection, message: Manners) -> None:
    """Act on one of these messages from `conn`, or tell it why not."""
    if isinstance(message, p.Leave):
        leave(table, conn)
    elif isinstance(message, p.Again):
        ask_again(table, conn)
    elif isinstance(message, p.Autoplay):
        autoplay(table, conn, message.on)
    elif table.match is not None and not isinstance(message, p.Lock):
        conn.send(p.refused(W_("that is done in the lobby, before the game starts")))
    elif isinstance(message, p.StandUp):
        stand_up(table, conn)
    elif not is_host(table, conn):
        conn.send(p.refused(W_("only the host may do that")))
    elif isinstance(message, p.Lock):
        table.locked = message.locked
        table.room_changed()
        table.save()
        table.server.announce(table)
    elif isinstance(message, p.GiveToComputer):
        give_to_computer(table, conn, message.seat)
    else:
        remove(table, conn, message)


def is_host(table: Table, conn: Connection) -> bool:
    """The connection is the host's: at their seat, or watching (a host without a seat)."""
    return conn is table.host_watching or (conn.seat is not None and table.places[conn.seat].token == table.host)


def seated(table: Table, conn: Connection) -> int | None:
    """The seat `conn` plays at (None: it watches)."""
    seat = conn.seat
    return seat if seat is not None and table.places[seat].conn is conn else None


def leave(table: Table, conn: Connection) -> None:
    """The player goes on purpose: in a game a computer plays their seat at once ("left", not "lost
    connection"); in the lobby a guest's seat opens. Their connection closes."""
    seat = seated(table, conn)
    match = table.match
    if seat is not None:
        place = table.places[seat]
        place.conn, place.again, conn.seat = None, False, None
        if match is not None and not match.is_over:
            place.left = place.stand_in = True
            place.away = False
            match.note(W_("{name} left: a computer plays for them", name=place.name))
            table.save()
            table.tell_all(table.lobby())
            table.send_states(None)
            table.next_turn()
        elif match is None and place.token != table.host:
            open_seat(table, seat)
        elif match is not None:
            table.count_votes()
    conn.close(W_("you left the table"))


def autoplay(table: Table, conn: Connection, on: bool) -> None:
    """The player's window plays their turns for them (or no longer): the others see them away."""
    seat = seated(table, conn)
    match = table.match
    if seat is None or (on and (match is None or match.is_over)):
        conn.send(p.refused(W_("autoplay is for a player in a game")))
    elif table.places[seat].autoplay != on:
        table.places[seat].autoplay = on
        table.tell_all(table.lobby())
        table.save()
        if not on:
            table.active(seat)  # (playing again themselves: an away player is back)


def stand_up(table: Table, conn: Connection) -> None:
    """A guest in the lobby gives up their seat (it opens) and watches."""
    seat = seated(table, conn)
    if seat is None or table.places[seat].token == table.host:
        conn.send(p.refused(W_("the host keeps a seat") if seat is not None else W_("you have no seat")))
        return
    table.places[seat].conn, conn.seat = None, None
    table.watch(conn)
    conn.send(p.Welcome(p.VERSION, table.code, table.game, None, None, False))
    open_seat(table, seat)  # (the Lobby with the seat open goes to the stander too, after their Welcome)
    conn.send(table.room())


def open_seat(table: Table, seat: int) -> None:
    table.places[seat] = Place("open", "")
    table.stop(f"open{seat}")
    table.tell_all(table.lobby())
    table.server.announce(table)
    table.save()


def give_to_computer(table: Table, host: Connection, seat: int) -> None:
    """The host gives a seat (open, or a guest's: the guest watches) to a computer of normal level."""
    if not 0 <= seat < len(table.places) or table.places[seat].token == table.host:
        host.send(p.refused(W_("that seat cannot go to a computer")))
        return
    guest = table.places[seat].conn
    names = [pl.name for i, pl in enumerate(table.places) if i != seat]
    table.places[seat] = Place("computer", unique_name(f"Computer {seat + 1}", names))
    table.stop(f"open{seat}")
    if guest is not None:
        guest.seat = None
        table.watch(guest)
        guest.send(p.Welcome(p.VERSION, table.code, table.game, None, None, False))
        guest.send(table.room())
    table.tell_all(table.lobby())
    table.server.announce(table)
    table.save()


def remove(table: Table, host: Connection, message: p.Remove) -> None:
    """The host sends away a guest (their seat opens) or a watcher (by their Room id)."""
    watcher = next((conn for conn, number in table.spectators.items()
                    if number == message.watcher and conn not in table.screens), None)
    if message.seat is not None and 0 <= message.seat < len(table.places):
        place = table.places[message.seat]
        if place.token == table.host or place.kind != "human":
            host.send(p.refused(W_("there is no guest at that seat")))
            return
        guest = place.conn
        open_seat(table, message.seat)
        if guest is not None:
            guest.seat = None
            guest.close(REMOVED)
    elif watcher is not None:
        watcher.close(REMOVED)
    else:
        host.send(p.refused(W_("nobody is there")))


def ask_again(table: Table, conn: Connection) -> None:
    """A seated player asks for another game once this one is over; it deals when every seated
    player who is here asked."""
    seat = seated(table, conn)
    if seat is None:
        conn.send(p.refused(W_("only a player at the table asks for another game")))
    elif table.match is None or not table.match.is_over:
        conn.send(p.refused(W_("the game is not over")))
    else:
        table.places[seat].again = True
        table.count_votes()
