"""Join a table: your tables (those this machine holds a seat at), the tables announced on the local
network, or a code (and an address from farther away, or a cardarcade:// link); a name; then the lobby
of that table. The screen stays while the table is asked for: a refusal or an address nothing answers
at is said here at once, in words, and what was typed stays."""
from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any, NamedTuple

import pygame

from game.registry import game_info, game_names
from game.seats import MAX_NAME, clean_name
from lang import N_, _, n_
from lang.words import W_, Wn_
from net import protocol as p
from net.address import AddressError, checked_url, shown
from net.host_process import kept_files
from net.invite import clean_code, is_link, parse_link
from net.server import CODE_LENGTH
from scenes.base import Host
from scenes.online.lobby import ERROR, HOSTED, SERVE_PORT, LobbyScene, resume_hosted, wrapped
from scenes.online.session import OnlineSession, discovery_mode, online_server, token_for
from scenes.online.yours import YourTable, forget_table, your_tables
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import BODY_SIZE, BUTTON_H, BUTTON_W, CAPTION_SIZE, GOLD, SPACE, TEXT_DIM, TITLE_SIZE
from sprites.widgets import Button, TextField, Widget, draw_panel, place_row
from storage.reading import DamagedFile, read_json

log = logging.getLogger("card_arcade.online")

LIST = (90.0, 110.0, 560.0, 470.0)  # the tables found
FORM = (690.0, 110.0, 500.0, 470.0)  # name, code, address
ROW_H = 50.0
LISTED = 7  # tables listed at most
HOSTED_LIMIT = 1 << 20  # bytes of a kept table's file read for its game
HELP = N_("Tab/Up/Down move  -  type in the fields  -  Enter joins")
CODE_CHARS = 12  # a code typed with spaces or dashes between its six letters and digits
ADDRESS_CHARS = 200  # a server's URL, or a whole invite link pasted


class KeptTable(NamedTuple):
    """A table this window's server kept: its code, game, this machine's seat token, and its folder."""
    code: str
    game: str
    token: str
    folder: Path


def hosted_tables(app: Host) -> list[KeptTable]:
    """The tables this window's servers kept (their host stopped before they ended) whose seat token
    this machine has, newest first."""
    kept = []
    for path in kept_files(app.folder / HOSTED)[:LISTED]:
        code = path.stem.removeprefix("table-")
        token = token_for(app, code)
        try:
            game = (read_json(path, HOSTED_LIMIT) or {}).get("game")
        except (DamagedFile, AttributeError):
            continue  # the server moves it aside when it starts
        if token is not None and game in game_names():
            kept.append(KeptTable(code, game, token, path.parent))
    return kept


def found_label(found: Any) -> str:
    """A found table as the list shows it."""
    return n_("{game}: {host}'s table, {n} open seat", "{game}: {host}'s table, {n} open seats", found.open_seats,
              game=_(game_info(found.game).title), host=found.host)


def join_scene(app: Host, typed: str) -> JoinScene:
    """The join screen filled in from the command line: a cardarcade:// link, an invite code, a
    server's address (ws://, wss:// or none), or both as ADDRESS/CODE."""
    typed = typed.strip()
    if is_link(typed):
        scene = JoinScene(app)
        scene.take_link(typed)
        return scene
    scheme, sep, rest = typed.rpartition("://")  # wss://host alone is an address, not wss:/ and a code
    if "/" in rest:
        address, code = rest.rsplit("/", 1)
        return JoinScene(app, code=code, address=scheme + sep + address)
    if len(clean_code(typed)) == CODE_LENGTH and len(typed) <= CODE_CHARS and ":" not in typed and "." not in typed:
        return JoinScene(app, code=typed)
    return JoinScene(app, address=typed)


class JoinScene(WidgetScene):
    """Looks for tables on the local network while it shows (unless discovery is off). `asking` is
    the table being asked for (its session is the app's), until it welcomes this window or says no."""

    def __init__(self, app: Host, code: str = "", address: str = "") -> None:
        super().__init__(app)
        self.name = app.settings.online_name or ""
        self.code = clean_code(code)
        self.address = address.strip()
        self.error = ""
        self.asking: tuple[YourTable, OnlineSession] | None = None
        self.where = discovery_mode(app)
        self.browser: Any = None
        self.found: list[Any] = []
        self.yours = your_tables(app.folder)[:LISTED]
        self.hosted = hosted_tables(app)
        if self.where != "off":
            threading.Thread(target=self.browse, name="card-arcade-browse", daemon=True).start()
        self.build()

    def browse(self) -> None:
        """Start the Browser (zeroconf opens its sockets: off the frame loop's thread)."""
        from net.discovery import Browser

        try:
            self.browser = Browser(self.where)
        except OSError as exc:
            log.warning("looking for tables on the network failed: %s", exc)
            self.error = _("Tables on this network cannot be looked for here: type a code and an address.")

    def exit(self) -> None:
        asking = self.asking[1] if self.asking is not None else None
        if asking is not None and self.app.online is asking and not asking.code:  # left before the table answered
            self.app.leave_online()
        self.asking = None
        browser, self.browser = self.browser, None
        if browser is not None:
            threading.Thread(target=browser.close, name="card-arcade-browse-close", daemon=True).start()

    def update(self, dt: float) -> None:
        if self.asking is not None:
            self.answered()
        found = self.browser.tables()[:LISTED] if self.browser is not None else []
        if found != self.found:
            self.found = found
            self.build()
            self.app.request_draw()

    def next_frame(self) -> float | None:
        return 0.5 if self.where != "off" else None  # the list is looked at twice a second

    def rows(self) -> list[tuple[str, Any]]:
        """The list: your tables, the kept tables of this window's stopped server, the tables found."""
        yours = {t.code for t in self.yours}
        rows = [(t.label(), self.returner(t)) for t in self.yours]
        rows += [(_("Resume your {game} table {code}", game=_(game_info(t.game).title), code=t.code), self.resumer(t))
                 for t in self.hosted if t.code not in yours]
        return rows + [(found_label(f), self.chooser(f)) for f in self.found]

    def build(self) -> None:
        x, top = LIST[0] + SPACE, LIST[1] + SPACE * 3 + TITLE_SIZE
        widgets: list[Widget] = [Button((x, top + i * ROW_H, LIST[2] - 2 * SPACE, ROW_H - 8), label, action,
                                        size=BODY_SIZE) for i, (label, action) in enumerate(self.rows()[:LISTED])]
        fx, fw = FORM[0] + SPACE, FORM[2] - 2 * SPACE
        widgets += [TextField((fx, top, fw, ROW_H), _("Name"), self.name, MAX_NAME, self.set_name),
                    TextField((fx, top + ROW_H + SPACE, fw, ROW_H), _("Code"), self.code, CODE_CHARS, self.set_code),
                    TextField((fx, top + 2 * (ROW_H + SPACE), fw, ROW_H), _("Address"), self.address, ADDRESS_CHARS,
                              self.set_address)]
        buttons: list[Widget] = [Button((0, 0, BUTTON_W, BUTTON_H), _("Join"), self.join, accent=(40, 120, 70)),
                                 Button((0, 0, BUTTON_W, BUTTON_H), _("Back"), self.back)]
        place_row(buttons, 640, LIST[1] + LIST[3] + SPACE * 2)
        focus = self.group.focus
        self.group.widgets = widgets + buttons
        self.group.focus = min(focus, len(self.group.widgets) - 1)

    def relabel(self) -> None:
        self.build()

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(
                self.group.focused, TextField):
            self.join()
            return
        super().handle_event(event)

    def chooser(self, found: Any):
        def choose() -> None:
            self.code, self.address = found.code, f"{found.address}:{found.port}"
            self.join()
        return choose

    def returner(self, table: YourTable):
        def come_back() -> None:
            self.ask(table)
        return come_back

    def resumer(self, kept: KeptTable):
        def resume() -> None:
            self.app.sounds.play("button")
            self.app.leave_online()
            self.app.replace(resume_hosted(self.app, kept.game, kept.code, kept.token, kept.folder))
        return resume

    def set_name(self, text: str) -> None:
        self.name = text

    def set_code(self, text: str) -> None:
        self.code = text

    def set_address(self, text: str) -> None:
        self.address = text.strip()

    def take_link(self, link: str) -> None:
        """Fill the code and address in from a cardarcade:// link (or say why it is not one)."""
        try:
            invite = parse_link(link)
        except AddressError as exc:
            self.error = str(exc.words)
            return
        self.code, self.address = invite.code, invite.server
        self.build()

    def url(self, code: str) -> str:
        """Where the table with this code is: the typed address, else the table found with that code,
        else the online server Settings name; AddressError (a sentence) if nowhere."""
        if self.address:
            return checked_url(self.address, SERVE_PORT)
        found = next((f for f in self.found if f.code == code), None)
        if found is not None:
            return checked_url(f"{found.address}:{found.port}", SERVE_PORT)
        if server := online_server(self.app):
            return checked_url(server, SERVE_PORT)
        raise AddressError(W_("No table with code {code} on this network: type the host's address too.", code=code))

    def join(self) -> None:
        """Ask for the table typed (a link typed in either field is read first)."""
        for typed in (self.address, self.code):
            if is_link(typed):
                self.take_link(typed)
        code = clean_code(self.code)
        try:
            if len(code) != CODE_LENGTH:
                raise AddressError(Wn_("Type the table's code: {n} letter or digit, as the host's lobby shows it.",
                                       "Type the table's code: {n} letters and digits, as the host's lobby shows it.",
                                       CODE_LENGTH))
            url = self.url(code)
        except AddressError as exc:
            self.refuse(str(exc.words))
            return
        self.ask(YourTable(code, url, ""))

    def ask(self, table: YourTable) -> None:
        """Open the connection to `table` and wait here for its answer."""
        name = clean_name(self.name, _("Player"))
        self.app.settings.online_name = name
        self.app.apply_settings()
        self.app.sounds.play("button")
        hello = p.Join(p.VERSION, table.code, name, token_for(self.app, table.code))
        self.app.leave_online()
        session = OnlineSession(self.app, table.server, hello)
        self.app.online = session
        self.asking, self.error = (table, session), ""
        self.app.request_draw()

    def answered(self) -> None:
        """The table asked for welcomed this window (its lobby follows), or said no, or nothing
        answers: said here, what was typed kept (a table of yours that is gone is forgotten)."""
        assert self.asking is not None
        asking, online = self.asking
        if self.app.online is not online:
            self.asking = None
            return
        if online.code:
            self.asking = None
            self.app.replace(LobbyScene(self.app, "", rejoin=self.again))
            return
        trouble = online.refused or online.ended or online.dropped
        if not trouble:
            return
        self.asking = None
        nothing_there = online.client.refused
        self.app.leave_online()
        kept = next((t for t in self.hosted if t.code == asking.code), None)
        if nothing_there and kept is not None:  # this window's server ended: start it again on its save
            self.resumer(kept)()
            return
        if asking.game:
            forget_table(self.app.folder, asking.code)
            self.yours = your_tables(self.app.folder)[:LISTED]
            self.build()
        self.refuse(trouble)

    def again(self, code: str, address: str, why: str) -> JoinScene:
        """This screen anew, saying `why` (the host removed this window): the table's code, and the
        address typed here (else where the table was), filled in."""
        scene = JoinScene(self.app, code=code, address=self.address or address)
        scene.refuse(why)
        return scene

    def refuse(self, sentence: str) -> None:
        self.error = sentence
        self.app.sounds.play("illegal")
        self.app.request_draw()

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        canvas.text(_("Join a table"), (640, 52), TITLE_SIZE, GOLD, bold=True, shadow=True)
        top = draw_panel(canvas, LIST, _("Your tables, tables nearby"), shade=False)
        if not self.found and not self.hosted and not self.yours:
            note = (_("Looking for tables on this network is off (Settings).") if self.where == "off"
                    else _("Looking for tables on this network..."))
            wrapped(canvas, note, (LIST[0] + SPACE, top), LIST[2] - 2 * SPACE, BODY_SIZE, TEXT_DIM)
        top = draw_panel(canvas, FORM, _("Code, address or link"), shade=False)
        note = _("A table on this network needs only its code. From farther away, type the host's address too "
                 "(host:port, or wss://... for a server), or paste the cardarcade:// link you were sent.")
        wrapped(canvas, note, (FORM[0] + SPACE, top + 3 * (ROW_H + SPACE)), FORM[2] - 2 * SPACE, CAPTION_SIZE + 2,
                TEXT_DIM)
        super().draw(canvas)
        if self.asking is not None:
            table = self.asking[0]
            canvas.text(_("Asking for table {code} at {address}...", code=table.code, address=shown(table.server)),
                        (640, 700), BODY_SIZE, TEXT_DIM)
        elif self.error:
            canvas.text(self.error, (640, 700), BODY_SIZE, ERROR)
        else:
            canvas.text(_(HELP), (640, 700), CAPTION_SIZE, TEXT_DIM)
