"""Join a table: the tables announced on the local network, or a code (and an address from farther
away); a name; then the lobby of that table."""
from __future__ import annotations

import logging
import threading
from typing import Any

from game.registry import game_info, game_names
from game.seats import MAX_NAME, clean_name
from net import protocol as p
from net.address import checked_url, AddressError
from scenes.base import Host
from scenes.online.lobby import ERROR, HOSTED, SERVE_PORT, LobbyScene, resume_hosted, wrapped
from scenes.online.session import OnlineSession, discovery_mode, token_for
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
HELP = "Tab/Up/Down move  -  type in the fields  -  Enter joins"


def hosted_tables(app: Host) -> list[tuple[str, str, str]]:
    """The tables this window's server kept (its host stopped before they ended) whose seat token this
    machine has: (code, game, token), newest first."""
    folder = app.folder / HOSTED
    paths = sorted(folder.glob("table-*.json"), key=lambda path: path.stat().st_mtime, reverse=True)
    kept = []
    for path in paths[:LISTED]:
        code = path.stem.removeprefix("table-")
        token = token_for(app, code)
        try:
            game = (read_json(path, HOSTED_LIMIT) or {}).get("game")
        except (DamagedFile, AttributeError):
            continue  # the server moves it aside when it starts
        if token is not None and game in game_names():
            kept.append((code, game, token))
    return kept


def found_label(found: Any) -> str:
    """A found table as the list shows it."""
    seats = "1 open seat" if found.open_seats == 1 else f"{found.open_seats} open seats"
    return f"{game_info(found.game).title}: {found.host}'s table, {seats}"


def join_scene(app: Host, typed: str) -> JoinScene:
    """The join screen filled in from the command line: an invite code, a server's address (ws://,
    wss:// or none), or both as ADDRESS/CODE."""
    typed = typed.strip()
    scheme, sep, rest = typed.rpartition("://")  # wss://host alone is an address, not wss:/ and a code
    if "/" in rest:
        address, code = rest.rsplit("/", 1)
        return JoinScene(app, code=code, address=scheme + sep + address)
    if len(typed) == 6 and typed.isalnum():
        return JoinScene(app, code=typed)
    return JoinScene(app, address=typed)


class JoinScene(WidgetScene):
    """Looks for tables on the local network while it shows (unless discovery is off)."""

    def __init__(self, app: Host, code: str = "", address: str = "") -> None:
        super().__init__(app)
        self.name = app.settings.online_name or ""
        self.code = code.strip().upper()
        self.address = address.strip()
        self.error = ""
        self.where = discovery_mode(app)
        self.browser: Any = None
        self.found: list[Any] = []
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
            self.error = "Tables on this network cannot be looked for here: type a code and an address."

    def exit(self) -> None:
        browser, self.browser = self.browser, None
        if browser is not None:
            threading.Thread(target=browser.close, name="card-arcade-browse-close", daemon=True).start()

    def update(self, dt: float) -> None:
        found = self.browser.tables()[:LISTED] if self.browser is not None else []
        if found != self.found:
            self.found = found
            self.build()
            self.app.request_draw()

    def next_frame(self) -> float | None:
        return 0.5 if self.where != "off" else None  # the list is looked at twice a second

    def build(self) -> None:
        x, top = LIST[0] + SPACE, LIST[1] + SPACE * 3 + TITLE_SIZE
        rows = [(f"Resume your {game_info(game).title} table {code}", self.resumer(code, game, token))
                for code, game, token in self.hosted]
        rows += [(found_label(f), self.chooser(f)) for f in self.found]
        widgets: list[Widget] = [Button((x, top + i * ROW_H, LIST[2] - 2 * SPACE, ROW_H - 8), label, action,
                                        size=BODY_SIZE) for i, (label, action) in enumerate(rows[:LISTED])]
        fx, fw = FORM[0] + SPACE, FORM[2] - 2 * SPACE
        widgets += [TextField((fx, top, fw, ROW_H), "Name", self.name, MAX_NAME, self.set_name),
                    TextField((fx, top + ROW_H + SPACE, fw, ROW_H), "Code", self.code, 6, self.set_code),
                    TextField((fx, top + 2 * (ROW_H + SPACE), fw, ROW_H), "Address", self.address, 64,
                              self.set_address)]
        buttons: list[Widget] = [Button((0, 0, BUTTON_W, BUTTON_H), "Join", self.join, accent=(40, 120, 70)),
                                 Button((0, 0, BUTTON_W, BUTTON_H), "Back", self.back)]
        place_row(buttons, 640, LIST[1] + LIST[3] + SPACE * 2)
        focus = self.group.focus
        self.group.widgets = widgets + buttons
        self.group.focus = min(focus, len(self.group.widgets) - 1)

    def chooser(self, found: Any):
        def choose() -> None:
            self.code, self.address = found.code, f"{found.address}:{found.port}"
            self.join()
        return choose

    def resumer(self, code: str, game: str, token: str):
        def resume() -> None:
            self.app.sounds.play("button")
            self.app.leave_online()
            self.app.replace(resume_hosted(self.app, game, code, token))
        return resume

    def set_name(self, text: str) -> None:
        self.name = text

    def set_code(self, text: str) -> None:
        self.code = text.strip().upper()

    def set_address(self, text: str) -> None:
        self.address = text.strip()

    def url(self) -> str | None:
        """Where the table with this code is: the typed address, else the table found with that code."""
        if self.address:
            return server_url(self.address, SERVE_PORT)
        found = next((f for f in self.found if f.code == self.code), None)
        return None if found is None else server_url(f"{found.address}:{found.port}", SERVE_PORT)

    def join(self) -> None:
        url = self.url()
        if len(self.code) != 6:
            self.error = "Type the table's code: 6 letters and digits, as the host's lobby shows it."
        elif url is None:
            self.error = "No table with that code on this network: type the host's address too."
        else:
            name = clean_name(self.name, "Player")
            self.app.settings.online_name = name
            self.app.apply_settings()
            self.app.sounds.play("button")
            hello = p.Join(p.VERSION, self.code, name, token_for(self.app, self.code))
            self.app.leave_online()
            self.app.online = OnlineSession(self.app, url, hello)
            self.app.replace(LobbyScene(self.app, ""))
            return
        self.app.sounds.play("illegal")
        self.app.request_draw()

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        canvas.text("Join a table", (640, 52), TITLE_SIZE, GOLD, bold=True, shadow=True)
        top = draw_panel(canvas, LIST, "On this network", shade=False)
        if not self.found and not self.hosted:
            note = ("Looking for tables on this network is off (Settings)." if self.where == "off"
                    else "Looking for tables on this network...")
            wrapped(canvas, note, (LIST[0] + SPACE, top), LIST[2] - 2 * SPACE, BODY_SIZE, TEXT_DIM)
        top = draw_panel(canvas, FORM, "Code or address", shade=False)
        note = ("A table on this network needs only its code. From farther away, type the host's address "
                "too (host or host:port).")
        wrapped(canvas, note, (FORM[0] + SPACE, top + 3 * (ROW_H + SPACE)), FORM[2] - 2 * SPACE, CAPTION_SIZE + 2,
                TEXT_DIM)
        super().draw(canvas)
        if self.error:
            canvas.text(self.error, (640, 700), BODY_SIZE, ERROR)
        else:
            canvas.text(HELP, (640, 700), CAPTION_SIZE, TEXT_DIM)
