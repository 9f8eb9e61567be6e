"""The lobby of a networked table: its invite code and addresses, its seats filling up and who
watches (scenes/online/lobby_rows.py: Sit here, Stand up, and the host's Computer and Remove), Start
and Lock for the host; Sit here also seats another player at a seated window's screen (a pass screen
then goes between them). The table replaces it when the game starts (OnlineSession.start_table)."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.registry import game_info
from game.seats import MAX_NAME, Seat, clean_name
from lang import N_, _
from net import protocol as p
from net.address import AddressError, checked_url, shown
from net.host_process import HostServer, fresh_saves
from net.invite import invite_line
from scenes.base import Host, Scene
from scenes.online.invites import copy_invite, invite_for, who_can_join
from scenes.online.lobby_rows import LEFT, ROW_H, draw_rows, seat_buttons, watcher_buttons
from scenes.online.session import OnlineSession, discovery_mode, online_server
from scenes.services import Online
from scenes.widgets_scene import WidgetScene
from sprites import fonts
from sprites.canvas import Canvas
from sprites.theme import (
    BODY_SIZE,
    BUTTON_H,
    BUTTON_W,
    CAPTION_SIZE,
    GOLD,
    LINE_SPACING,
    SPACE,
    TEXT_DIM,
    TITLE_SIZE,
    WHITE,
)
from sprites.turn_timer import clock_text
from sprites.widgets import Button, TextField, Widget, draw_panel, place_row

RIGHT = (690.0, 110.0, 500.0, 470.0)  # the code's panel
ERROR = (255, 140, 120)
WAITING = N_("Waiting for the host to start the game.")
WATCHING = N_("Every seat is taken: you are watching. The game shows here once the host starts it.")
SERVE_PORT = 8765  # the port a host's server tries first (friends type it after the address)
HOSTED = "hosted"  # the folder, in the player's data folder, where this window's server keeps its tables


def host_lobby(app: Host, game: str, seats: list[Seat], options: dict, turn_s: int | None = None) -> LobbyScene:
    """Start this window's server for a new table of `game` and show its lobby: the first human seat
    is this window's, the other humans' seats are open, the computers stay; `turn_s` is the table's
    turn time (0: none; None: the server's). The server deals from a seed of its own (a seed the host
    chose would tell the host every hidden card)."""
    specs, mine = [], False
    for seat in seats:
        kind: p.SeatKind = "computer" if not seat.is_human else "open" if mine else "you"
        mine = mine or kind == "you"
        computer = kind == "computer"
        specs.append(p.SeatSpec(kind, seat.level if computer else "normal", seat.name if computer else ""))
    names = [s.name for s in seats if s.is_human] or [_("Host")]
    create = p.Create(p.VERSION, names[0], game, specs, options, turn_s=turn_s)
    if online_server(app):
        return online_lobby(app, game, create, names[1:])
    mode = discovery_mode(app)  # a fresh folder: a table abandoned earlier does not come back with this one
    server = HostServer(mode, "0.0.0.0" if mode == "all" else "127.0.0.1", SERVE_PORT, fresh_saves(app.folder / HOSTED))
    return LobbyScene(app, game, (server, create), names[1:])


def online_lobby(app: Host, game: str, create: p.Create, names: list[str]) -> LobbyScene:
    """Open the table on the online server Settings name, and show its lobby."""
    lobby = LobbyScene(app, game, None, names)
    try:
        url = checked_url(online_server(app), SERVE_PORT)
    except AddressError as exc:
        lobby.error = _("The online server in Settings: {problem}", problem=exc.words)
        return lobby
    app.leave_online()
    app.online = OnlineSession(app, url, create)
    return lobby


def resume_hosted(app: Host, game: str, code: str, token: str, folder: Path) -> LobbyScene:
    """Start this window's server on the tables kept in `folder` and take this player's seat back at `code`."""
    mode = discovery_mode(app)
    server = HostServer(mode, "0.0.0.0" if mode == "all" else "127.0.0.1", SERVE_PORT, folder)
    name = app.settings.online_name or _("Host")
    return LobbyScene(app, game, (server, p.Join(p.VERSION, code, name, token)))


def line_step(canvas: Canvas, size: float) -> float:
    """The logical height of a line of text of `size`: taller than its size in a small window, where
    text is set no smaller than it stays readable (Canvas.font_px)."""
    return max(size, canvas.font_px(size) / (fonts.SCALE * canvas.scale)) * LINE_SPACING


def wrapped(canvas: Canvas, text: str, pos: tuple[float, float], width: float, size: float, colour) -> float:
    """`text` wrapped to `width` from its top left at `pos` (its lines start at the right in a language read
    right to left); the y under it."""
    x, y = pos
    x = canvas.line_start(x, x + width)
    step = line_step(canvas, size)
    for line in canvas.wrap(text, size, width):
        canvas.text(line, (x, y + step / 2), size, colour, anchor=canvas.start_anchor("midleft"))
        y += step
    return y


class LobbyScene(WidgetScene):
    """`starting` is this window's own server while it starts (the host's lobby), with the Create
    (or the Join back to a table it kept) to send once it listens; a joiner's lobby has its session
    already. `names` are offered, in turn, to the other players who sit at this screen."""

    def __init__(self, app: Host, game: str, starting: tuple[HostServer, p.Create | p.Join] | None = None,
                 names: list[str] | None = None, rejoin: Callable[[str, str, str], Scene] | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.starting = starting
        self.names = list(names or [])
        self.rejoin = rejoin  # the Join screen (code, address, why) to go back to if the host removes this window
        self.shown: tuple[Any, ...] = ()  # what the buttons were built for
        self.error = ""
        self.build()

    @property
    def online(self) -> Online | None:
        return self.app.online

    def update(self, dt: float) -> None:
        if self.starting is not None:
            server, create = self.starting
            if server.port is not None:
                self.starting = None
                self.app.online = OnlineSession(self.app, server.url, create, server)
            elif server.error:
                self.starting, self.error = None, server.error
                self.app.request_draw()
        online = self.online
        if online is not None and online.removed:
            self.removed(online)
            return
        state = (online.lobby, online.room, online.seat, online.hosting, online.ended, online.code) if (
            online is not None) else ()
        if state != self.shown:
            self.shown = state
            self.build()

    def next_frame(self) -> float | None:
        return 0.1 if self.starting is not None else None  # look for the server's port

    def removed(self, online: Online) -> None:
        """The host removed this window: at once back to the Join screen, which says so, the table's
        code and address filled in (joining again is one press of Enter); a lobby not come to from
        Join closes, the reason in a notice."""
        code, url, why = online.code, online.url, online.ended
        self.app.leave_online()
        if self.rejoin is None:
            self.app.notify(why)
            self.close()
            return
        self.app.replace(self.rejoin(code, shown(url), why))

    def build(self) -> None:
        """The buttons for what the lobby shows now; the focus stays on the same button if it is still there."""
        online = self.online
        focused = self.group.focused
        widgets: list[Widget] = []
        lobby = online.lobby if online is not None else None
        in_lobby = online is not None and lobby is not None and not lobby.started
        if online is not None and in_lobby:
            widgets = seat_buttons(online, self.sitter) + watcher_buttons(online)
        buttons: list[Widget] = []
        if online is not None and online.hosting and in_lobby:
            buttons.append(Button((0, 0, BUTTON_W, BUTTON_H), _("Start"), self.start, accent=(40, 120, 70)))
            buttons.append(Button((0, 0, BUTTON_W, BUTTON_H), _("Open table") if online.room.locked else
                                  _("Lock table"), self.lock))
        if online is not None and online.code and (online.seat is not None or online.hosting):
            buttons.append(Button((0, 0, BUTTON_W, BUTTON_H), _("Copy invite"), self.copy))
        buttons.append(Button((0, 0, BUTTON_W, BUTTON_H), _("Leave"), self.back))
        place_row(buttons, 640, LEFT[1] + LEFT[3] + SPACE * 2)
        self.group.widgets = widgets + buttons
        same = [i for i, w in enumerate(self.group.widgets) if focused is not None and isinstance(w, Button)
                and isinstance(focused, Button) and (w.label, w.rect.topleft) == (focused.label, focused.rect.topleft)]
        self.group.focus = same[0] if same else min(self.group.focus, len(self.group.widgets) - 1)

    def relabel(self) -> None:
        self.build()

    def sitter(self, seat: int):
        """Sit here: this window takes the seat, or once it has one, another player at its screen does
        (asked for a name)."""
        def sit() -> None:
            online = self.online
            if online is None:
                return
            if online.seat is None:
                online.send(p.TakeSeat(seat))
                return
            here = len(online.seats_here())
            suggested = self.names[here - 1] if here - 1 < len(self.names) else _("Player {number}", number=here + 1)
            self.app.push(SitPrompt(self.app, suggested, lambda name: online.sit_here(seat, name)), transition=False)
        return sit

    def copy(self) -> None:
        if self.online is not None and self.online.code:
            self.app.sounds.play("button")
            copy_invite(self.app, invite_for(self.online))

    def lock(self) -> None:
        """Lock the table (nobody new may join), or open it again."""
        if self.online is not None:
            self.app.sounds.play("button")
            self.online.send(p.Lock(not self.online.room.locked))

    def start(self) -> None:
        if self.online is not None:
            self.app.sounds.play("shuffle")
            self.online.send(p.Start())

    def back(self) -> None:
        self.app.sounds.play("button")
        if self.starting is not None:
            self.starting[0].stop()
        self.app.leave_online()
        self.close()

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        online = self.online
        game = online.game if online is not None and online.game else self.game
        title = _("{game}: online table", game=_(game_info(game).title)) if game else _("Joining a table")
        canvas.text(title, (640, 52), TITLE_SIZE, GOLD, bold=True, shadow=True)
        draw_panel(canvas, LEFT, _("Seats"), shade=False)
        draw_rows(canvas, online, self.group.widgets)
        self.draw_code(canvas)
        super().draw(canvas)

    def draw_code(self, canvas: Canvas) -> None:
        """The invite code, the addresses, and what the lobby waits for (or what went wrong)."""
        top = draw_panel(canvas, RIGHT, _("Invite"), shade=False)
        online = self.online
        x, width = RIGHT[0] + SPACE, RIGHT[2] - 2 * SPACE
        if online is None or not online.code:
            note = self.error or (online.ended if online is not None and online.ended else _("Opening the table..."))
            failed = bool(self.error or (online is not None and online.ended))
            wrapped(canvas, note, (x, top), width, BODY_SIZE, ERROR if failed else TEXT_DIM)
            return
        canvas.text(online.code, (RIGHT[0] + RIGHT[2] / 2, top + 36), 64, GOLD, bold=True, shadow=True)
        lines = who_can_join(online) if online.hosting else []
        seats_open = any(info.kind == "open" for info in (online.lobby.seats if online.lobby is not None else []))
        if online.seat is None and not online.hosting:  # (a host without a seat starts the game)
            lines.append(_("Take an open seat, or stay to watch.") if seats_open else _(WATCHING))
        elif seats_open:
            lines.append(_("Someone playing at this screen too? Sit here puts them at an open seat."))
        elif not online.hosting:
            lines.append(_(WAITING))
        lines += table_rules(online.room)
        bottom = RIGHT[1] + RIGHT[3] - SPACE
        said = online.ended or online.refused
        if not said and (online.seat is not None or online.hosting):
            line = invite_line(invite_for(online))
            bottom -= len(canvas.wrap(line, CAPTION_SIZE, width)) * line_step(canvas, CAPTION_SIZE)
            wrapped(canvas, line, (x, bottom), width, CAPTION_SIZE, WHITE)
        if said:
            lines.append(said)
        room = bottom - SPACE - (top + 90)
        while len(lines) > 1 and lines_height(canvas, lines, CAPTION_SIZE - 4, width) > room:
            lines.pop(0)  # a small window with a long language: who can join goes first, what is said stays
        size = lines_size(canvas, lines, width, room)
        y = top + 90
        for line in lines:
            colour = ERROR if said and line is lines[-1] else TEXT_DIM
            y = wrapped(canvas, line, (x, y), width, size, colour) + SPACE / 2


def lines_size(canvas: Canvas, lines: list[str], width: float, room: float) -> float:
    """The largest text size down to CAPTION_SIZE - 4 at which `lines`, wrapped to `width`, fit `room`'s height."""
    size = CAPTION_SIZE + 2.0
    while size > CAPTION_SIZE - 4 and lines_height(canvas, lines, size, width) > room:
        size -= 1
    return size


def lines_height(canvas: Canvas, lines: list[str], size: float, width: float) -> float:
    return sum(len(canvas.wrap(line, size, width)) * line_step(canvas, size) + SPACE / 2 for line in lines)


def table_rules(room: p.Room) -> list[str]:
    """What the lobby says of the table's turn time and lock."""
    lines = [_("Each turn: {time}, then a computer plays it.", time=clock_text(room.turn_s)) if room.turn_s else
             _("No turn time: the table waits for each player.")]
    if room.locked:
        lines.append(_("Locked: nobody new may join (a player coming back still may)."))
    return lines


class SitPrompt(WidgetScene):
    """Another player at this screen sits down: their name, then Sit down (Enter) or Cancel (Esc)."""

    opaque = False
    RECT = (390.0, 230.0, 500.0, 260.0)

    def __init__(self, app: Host, name: str, sit: Callable[[str], None]) -> None:
        super().__init__(app)
        self.sit = sit
        x, y, w, _height = self.RECT
        self.field = TextField((x + SPACE * 2, y + 100, w - SPACE * 4, ROW_H), _("Name"), name, MAX_NAME)
        buttons: list[Widget] = [Button((0, 0, BUTTON_W, BUTTON_H), _("Sit down"), self.done, accent=(40, 120, 70)),
                                 Button((0, 0, BUTTON_W, BUTTON_H), _("Cancel"), self.back)]
        place_row(buttons, x + w / 2, y + 100 + ROW_H + SPACE * 2)
        self.group.widgets = [self.field, *buttons]
        self.group.columns = 1

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (
                self.group.focused is self.field):
            self.done()
            return
        super().handle_event(event)

    def done(self) -> None:
        self.app.sounds.play("button")
        self.close()
        self.sit(clean_name(self.field.text, _("Player")))

    def draw(self, canvas: Canvas) -> None:
        top = draw_panel(canvas, self.RECT, _("Who sits here?"))
        canvas.text(_("Players at this screen pass it between their turns."), (640, top + 14), CAPTION_SIZE + 2,
                    TEXT_DIM)
        super().draw(canvas)
