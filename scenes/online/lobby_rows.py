"""The lobby's seats and watchers as rows, each with its buttons: Sit here at an open seat, Stand up at
this window's own (a guest's) and at another player's of its screen (the host's second seat too); for the
host, Computer (the seat goes to a computer) and Remove at a guest's seat (never one of its own screen),
Computer at an open one, and Remove by each watcher listed. What the buttons send the
server checks again (net/manners.py): a button shown by mistake does nothing but get a refusal."""
from __future__ import annotations

from collections.abc import Callable

from lang import N_, _, n_, rtl
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
# TRANSLATORS: a computer's level, as the online lobby lists a computer's seat
LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def seat_top(seat: int) -> float:
    """The top of a seat's row (its buttons' top)."""
    return LEFT[1] + SPACE * 3 + TITLE_SIZE + seat * ROW_H


def watchers_top(seats: int) -> float:
    """The top of the watchers' heading, under the seats."""
    return seat_top(seats) + SPACE / 2


def seat_line(info: p.SeatInfo, number: int) -> str:
    """One seat as the lobby lists it."""
    if info.kind == "open":
        return _("{number}. Open seat", number=number)
    if info.kind == "computer":
        return _("{number}. {name} (computer, {level})", number=number, name=info.name, level=level_words(info.level))
    if info.away:
        return _("{number}. {name} (away)", number=number, name=info.name)
    if not info.connected:
        return _("{number}. {name} (not connected)", number=number, name=info.name)
    return _("{number}. {name}", number=number, name=info.name)


def level_words(level: str) -> str:
    """A computer's level in the player's language (a level this version does not know, as sent)."""
    return _(LEVELS[level]) if level in LEVELS else level[:20]


def right_aligned(labels: list[tuple[str, float, Callable[[], None]]], top: float, height: float) -> list[Widget]:
    """Buttons (label, width, action) in a row ending at the seats' panel's right edge (in a language read
    right to left, from its left edge, the first the nearest to it: the row reads as its text does)."""
    if rtl():
        left = LEFT[0] + SPACE
        mirrored: list[Widget] = []
        for label, width, action in reversed(labels):
            mirrored.append(Button((left, top, width, height), label, action, size=BODY_SIZE))
            left += width + GAP
        return mirrored
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
        actions.append((_("Computer"), SMALL_W, lambda: online.send(p.GiveToComputer(seat))))
    if info.kind == "open":
        actions.append((_("Sit here"), SIT_W, sitter(seat)))
    elif online.hosting and not here and info.kind == "human":
        actions.append((_("Remove"), SMALL_W, lambda: online.send(p.Remove(seat=seat))))
    elif here and not (seat == online.seat and online.hosting):  # (the host keeps their own seat)
        actions.append((_("Stand up"), SIT_W, lambda: online.stand_up(seat)))
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
        widgets += right_aligned([(_("Remove"), SMALL_W, remover(online, watcher.id))],
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
        line = seat_line(info, i + 1)
        line = _("{seat} - you", seat=line) if i == online.seat else _("{seat} - at this screen", seat=line) if (
            i in here) else line
        line_text(canvas, line, seat_top(i) + (ROW_H - 8) / 2, BODY_SIZE, colour, widgets)
    if not seats:
        return
    count = online.room.watching
    heading = _("Watching ({n})", n=count) if count else _("Nobody is watching")
    x = canvas.line_start(LEFT[0] + SPACE, LEFT[0] + LEFT[2] - SPACE)
    canvas.text(heading, (x, watchers_top(len(seats)) + ROW_H * 0.35), BODY_SIZE, GOLD,
                anchor=canvas.start_anchor("midleft"), bold=True)
    listed = listed_watchers(online)
    for row, watcher in enumerate(listed):
        line_text(canvas, watcher.name, watcher_top(online, row) + (WATCHER_H - 6) / 2, BODY_SIZE, WHITE, widgets)
    if count > len(listed):
        more = (n_("and {n} more", "and {n} more", count - len(listed)) if listed
                else n_("{n} watching", "{n} watching", count))
        line_text(canvas, more, watcher_top(online, len(listed)) + (WATCHER_H - 6) / 2, CAPTION_SIZE + 2, TEXT_DIM,
                  widgets)


def line_text(canvas: Canvas, text: str, y: float, size: float, colour, widgets: list[Widget]) -> None:
    """A row's text from the panel's left (right, read right to left), shrunk to end before the row's buttons."""
    left, right = LEFT[0] + SPACE, LEFT[0] + LEFT[2] - SPACE
    beside = [w.rect for w in widgets if w.rect.top <= y <= w.rect.bottom]
    if rtl():
        left = max([r.right + SPACE / 2 for r in beside if r.right < right], default=left)
    else:
        right = min([r.left - SPACE / 2 for r in beside if r.left > left], default=right)
    shown_size = fitting_size(canvas, text, size, right - left)
    canvas.text(text, (canvas.line_start(left, right), y), shown_size, colour, anchor=canvas.start_anchor("midleft"))
