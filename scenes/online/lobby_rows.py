"""The lobby's seats and watchers as rows, each with its buttons: Sit here at an open seat, Stand up at
this window's own (a guest's) and at another player's of its screen (the host's second seat too); for the
host, Computer (the seat goes to a computer) and Remove at a guest's seat (never one of its own screen),
Computer at an open one, and Remove by each watcher listed. What the buttons send the
server checks again (net/manners.py): a button shown by mistake does nothing but get a refusal."""
from __future__ import annotations

from collections.abc import Callable

from net import protocol as p
from scenes.services import Online
from sprites.canvas import Canvas
from sprites.theme import BODY_SIZE, CAPTION_SIZE, GOLD, SPACE, TEXT_DIM, TITLE_SIZE, WHITE
from sprites.widgets import Button, Widget, fitting_size

LEFT = (90.0, 110.0, 560.0, 470.0)  # the seats' panel
ROW_H = 50.0
WATCHER_H = 38.0
SIT_W = 150.0
SMALL_W = 112.0
GAP = 8.0  # between two buttons of a row
Sitter = Callable[[int], Callable[[], None]]


def seat_top(seat: int) -> float:
    """The top of a seat's row (its buttons' top)."""
    return LEFT[1] + SPACE * 3 + TITLE_SIZE + seat * ROW_H


def watchers_top(seats: int) -> float:
    """The top of the watchers' heading, under the seats."""
    return seat_top(seats) + SPACE / 2


def seat_line(info: p.SeatInfo, number: int) -> str:
    """One seat as the lobby lists it."""
    if info.kind == "open":
        return f"{number}. Open seat"
    if info.kind == "computer":
        return f"{number}. {info.name} (computer, {info.level})"
    return f"{number}. {info.name}" + (" (away)" if info.away else "" if info.connected else " (not connected)")


def right_aligned(labels: list[tuple[str, float, Callable[[], None]]], top: float, height: float) -> list[Widget]:
    """Buttons (label, width, action) in a row ending at the seats' panel's right edge."""
    right = LEFT[0] + LEFT[2] - SPACE
    buttons: list[Widget] = []
    for label, width, action in reversed(labels):
        buttons.insert(0, Button((right - width, top, width, height), label, action, size=BODY_SIZE))
        right -= width + GAP
    return buttons


def seat_actions(online: Online, seat: int, info: p.SeatInfo, sitter: Sitter) -> list[tuple[str, float, Callable]]:
    """The buttons of one seat's row for this window."""
    actions: list[tuple[str, float, Callable]] = []
    here = seat in online.seats_here()  # this window's seat, or another player's at its screen
    if online.hosting and not here and info.kind in ("open", "human"):
        actions.append(("Computer", SMALL_W, lambda: online.send(p.GiveToComputer(seat))))
    if info.kind == "open":
        actions.append(("Sit here", SIT_W, sitter(seat)))
    elif online.hosting and not here and info.kind == "human":
        actions.append(("Remove", SMALL_W, lambda: online.send(p.Remove(seat=seat))))
    elif here and not (seat == online.seat and online.hosting):  # (the host keeps their own seat)
        actions.append(("Stand up", SIT_W, lambda: online.stand_up(seat)))
    return actions


def seat_buttons(online: Online, sitter: Sitter) -> list[Widget]:
    """Every seat's buttons, row by row."""
    seats = online.lobby.seats if online.lobby is not None else []
    widgets: list[Widget] = []
    for i, info in enumerate(seats):
        widgets += right_aligned(seat_actions(online, i, info, sitter), seat_top(i), ROW_H - 8)
    return widgets


def listed_watchers(online: Online) -> list[p.Watcher]:
    """The watchers the panel has room to list (each on a row of its own)."""
    seats = len(online.lobby.seats) if online.lobby is not None else 0
    first = watchers_top(seats) + ROW_H * 0.75
    room = int((LEFT[1] + LEFT[3] - SPACE - first) // WATCHER_H)
    watchers = online.room.watchers
    return watchers[:room if len(watchers) <= room or online.room.watching <= room else max(0, room - 1)]


def watcher_top(online: Online, row: int) -> float:
    seats = len(online.lobby.seats) if online.lobby is not None else 0
    return watchers_top(seats) + ROW_H * 0.75 + row * WATCHER_H


def watcher_buttons(online: Online) -> list[Widget]:
    """The host's Remove by each watcher listed."""
    if not online.hosting:
        return []
    widgets: list[Widget] = []
    for row, watcher in enumerate(listed_watchers(online)):
        widgets += right_aligned([("Remove", SMALL_W, remover(online, watcher.id))],
                                 watcher_top(online, row), WATCHER_H - 6)
    return widgets


def remover(online: Online, watcher: int) -> Callable[[], None]:
    return lambda: online.send(p.Remove(watcher=watcher))


def draw_rows(canvas: Canvas, online: Online | None, widgets: list[Widget]) -> None:
    """The seats' lines, then who watches (the first the panel has room for, and how many more)."""
    seats = online.lobby.seats if online is not None and online.lobby is not None else []
    if online is None:
        return
    here = online.seats_here()
    for i, info in enumerate(seats):
        colour = GOLD if i in here else WHITE if info.kind != "open" else TEXT_DIM
        mark = " - you" if i == online.seat else " - at this screen" if i in here else ""
        line_text(canvas, seat_line(info, i + 1) + mark, seat_top(i) + (ROW_H - 8) / 2, BODY_SIZE, colour, widgets)
    if not seats:
        return
    count = online.room.watching
    heading = f"Watching ({count})" if count else "Nobody is watching"
    canvas.text(heading, (LEFT[0] + SPACE, watchers_top(len(seats)) + ROW_H * 0.35), BODY_SIZE, GOLD,
                anchor="midleft", bold=True)
    listed = listed_watchers(online)
    for row, watcher in enumerate(listed):
        line_text(canvas, watcher.name, watcher_top(online, row) + (WATCHER_H - 6) / 2, BODY_SIZE, WHITE, widgets)
    if count > len(listed):
        more = f"and {count - len(listed)} more" if listed else f"{count} watching"
        line_text(canvas, more, watcher_top(online, len(listed)) + (WATCHER_H - 6) / 2, CAPTION_SIZE + 2, TEXT_DIM,
                  widgets)


def line_text(canvas: Canvas, text: str, y: float, size: float, colour, widgets: list[Widget]) -> None:
    """A row's text from the panel's left, shrunk to end before the row's first button."""
    x = LEFT[0] + SPACE
    ends = [w.rect.left for w in widgets if w.rect.top <= y <= w.rect.bottom and w.rect.left > x]
    width = min(ends, default=LEFT[0] + LEFT[2] - SPACE) - SPACE / 2 - x
    canvas.text(text, (x, y), fitting_size(canvas, text, size, width), colour, anchor="midleft")
