"""The crash screen: what happened, whether the game was saved, where the log is, and a way on."""
from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from scenes.base import Scene
from scenes.table import TableScene
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, RED, TEXT_DIM
from sprites.widgets import Button

log = logging.getLogger("card_arcade.crash")

NO_GAME = "No game was in progress."


def shown(text: str) -> str:
    """Text fit to draw: bytes that are not UTF-8 (kept by Python as surrogates) and NULs become
    replacement characters, so a strange folder name never breaks the screen that reports it."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace").replace("\0", "\ufffd")


def saved_game_note(scenes: Sequence[Scene], saves) -> str:
    """What is true of the game on the table when the crash happened: saved after its last move,
    saved before it, or not saved (NO_GAME without a table)."""
    table = next((s for s in reversed(scenes) if isinstance(s, TableScene)), None)
    if table is None:
        return NO_GAME
    try:
        saved = saves.load(table.GAME)
        now = json.loads(json.dumps(table.rules.to_dict()))
    except Exception:
        log.exception("cannot tell whether the game was saved")
        return "Whether your game was saved is unknown (see the log)."
    if saved is None:
        return "The game had ended." if table.finished else "Your game could not be saved."
    if saved["rules"] == now:
        return "Your game was saved after its last move: resume it from the menu."
    return "Your game was saved before its last move: resume it from the menu."


def open_folder(folder: Path) -> None:
    """Show a folder in the system's file manager, without waiting for it."""
    if sys.platform == "win32":
        os.startfile(folder)  # type: ignore[attr-defined]  # Windows only
        return
    opener = "open" if sys.platform == "darwin" else "xdg-open"
    subprocess.Popen([opener, str(folder)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, start_new_session=True)


class ErrorScene(WidgetScene):
    """Shown when a scene raised: the message, whether the game was saved, the log file; Menu,
    Open data folder or Quit."""

    def __init__(self, app, message: str, log_path: Path, saved_note: str = NO_GAME) -> None:
        super().__init__(app)
        self.message = shown(message)
        self.log_path = log_path
        self.saved_note = saved_note
        self.group.widgets = [Button((360, 540, 170, 60), "Menu", self.app.to_menu),
                              Button((550, 540, 260, 60), "Open data folder", self.open_data_folder, size=26),
                              Button((830, 540, 170, 60), "Quit", self.app.quit)]
        self.group.columns = 3

    def back(self) -> None:
        self.app.to_menu()

    def open_data_folder(self) -> None:
        folder = self.log_path.parent
        try:
            open_folder(folder)
        except OSError as exc:
            self.app.notify(shown(f"Could not open {folder}: {exc}"))

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        canvas.shade(120)
        canvas.text("Something went wrong", (640, 150), 64, RED, bold=True, shadow=True)
        y = 235
        for line in canvas.wrap(self.message, 28, 1000)[:5]:
            canvas.text(line, (640, y), 28, CREAM)
            y += 34
        canvas.text(self.saved_note, (640, 420), 26, CREAM)
        canvas.text("The details were written to the log file:", (640, 460), 22, TEXT_DIM)
        canvas.text(shown(str(self.log_path)), (640, 490), 22, GOLD)
        super().draw(canvas)
