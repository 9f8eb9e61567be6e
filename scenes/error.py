"""The crash screen: what happened, whether the game was saved, where the log is, and a way on."""
from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pygame

from lang import N_, _
from scenes.base import Host, Scene
from scenes.table import Table
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import (
    BODY_SIZE,
    BUTTON_H,
    CAPTION_SIZE,
    CREAM,
    GOLD,
    LINE_SPACING,
    PANEL_PAD,
    RED,
    SPACE,
    TEXT_DIM,
    TITLE_SIZE,
)
from sprites.widgets import Button, draw_panel, place_row

log = logging.getLogger("card_arcade.crash")

NO_GAME = N_("No game was in progress.")
WIDTH = 1000
MAX_MESSAGE_LINES = 5
LOG_NOTE = N_("The details were written to the log file:")


def shown(text: str) -> str:
    """Text fit to draw: bytes that are not UTF-8 (kept by Python as surrogates) and NULs become
    replacement characters, so a strange folder name never breaks the screen that reports it."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace").replace("\0", "\ufffd")


def saved_game_note(scenes: Sequence[Scene], saves) -> str:
    """What is true of the game on the table when the crash happened: saved after its last move,
    saved before it, or not saved (NO_GAME without a table)."""
    table = next((s for s in reversed(scenes) if isinstance(s, Table)), None)
    if table is None:
        return NO_GAME
    try:
        saved = saves.load(table.match.info.name)
        now = json.loads(json.dumps(table.rules.to_dict()))
    except Exception:
        log.exception("cannot tell whether the game was saved")
        return N_("Whether your game was saved is unknown (see the log).")
    if saved is None:
        return N_("The game had ended.") if table.finished else N_("Your game could not be saved.")
    if saved["rules"] == now:
        return N_("Your game was saved after its last move: resume it from the menu.")
    return N_("Your game was saved before its last move: resume it from the menu.")


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

    def __init__(self, app: Host, message: str, log_path: Path, saved_note: str = NO_GAME) -> None:
        super().__init__(app)
        self.message = shown(message)
        self.log_path = log_path
        self.saved_note = saved_note
        self.group.widgets = [Button((0, 0, 170, BUTTON_H), _("Menu"), self.app.to_menu),
                              Button((0, 0, 260, BUTTON_H), _("Open data folder"), self.open_data_folder),
                              Button((0, 0, 170, BUTTON_H), _("Quit"), self.app.quit)]
        self.group.columns = 3
        self.blocks: list[tuple[list[str], float, tuple[int, int, int]]] = [
            ([self.message], BODY_SIZE, CREAM), ([saved_note], BODY_SIZE, CREAM), ([LOG_NOTE], CAPTION_SIZE, TEXT_DIM),
            ([shown(str(log_path))], CAPTION_SIZE, GOLD)]  # one line each until drawn (wrapped to the window)
        self.rect = pygame.FRect(0, 0, WIDTH, 0)
        self.place()
        self.scale = 0.0  # the canvas scale the text was wrapped at

    def relabel(self) -> None:
        for button, label in zip(self.group.widgets, (_("Menu"), _("Open data folder"), _("Quit")), strict=True):
            button.label = label  # type: ignore[attr-defined]
        self.scale = 0.0  # wrapped again, in the new words

    def back(self) -> None:
        self.app.to_menu()

    def open_data_folder(self) -> None:
        folder = self.log_path.parent
        try:
            open_folder(folder)
        except OSError as exc:
            self.app.notify(shown(_("Could not open {folder}: {problem}", folder=folder, problem=exc)))

    def layout(self, canvas: Canvas) -> None:
        """Wrap the message, the note and the log's path to the panel and size it around them."""
        inner = WIDTH - 2 * PANEL_PAD
        self.blocks = [(canvas.wrap(_(self.message), BODY_SIZE, inner)[:MAX_MESSAGE_LINES], BODY_SIZE, CREAM),
                       (canvas.wrap(_(self.saved_note), BODY_SIZE, inner), BODY_SIZE, CREAM),
                       ([_(LOG_NOTE)], CAPTION_SIZE, TEXT_DIM),
                       (wrap_path(canvas, shown(str(self.log_path)), CAPTION_SIZE, inner), CAPTION_SIZE, GOLD)]
        self.place()
        self.scale = canvas.scale

    def place(self) -> None:
        """Size the panel around the text blocks; the buttons at its foot."""
        text_h = sum(len(lines) * size * LINE_SPACING for lines, size, __ in self.blocks) + SPACE * 2
        height = SPACE * 3 + TITLE_SIZE + text_h + SPACE * 2 + BUTTON_H + PANEL_PAD
        self.rect = pygame.FRect(640 - WIDTH / 2, 360 - height / 2, WIDTH, height)
        place_row(self.group.widgets, 640, self.rect.bottom - PANEL_PAD - BUTTON_H)

    def draw(self, canvas: Canvas) -> None:
        if self.scale != canvas.scale:
            self.layout(canvas)
        canvas.felt()
        y = draw_panel(canvas, self.rect, "")
        canvas.text(_("Something went wrong"), (640, y + SPACE * 2 + TITLE_SIZE / 2), TITLE_SIZE, RED, bold=True,
                    shadow=True)
        y += SPACE * 3 + TITLE_SIZE
        for i, (lines, size, colour) in enumerate(self.blocks):
            y += SPACE if i in (1, 2) else 0
            for line in lines:
                canvas.text(line, (640, y + size * LINE_SPACING / 2), size, colour)
                y += size * LINE_SPACING
        super().draw(canvas)


def wrap_path(canvas: Canvas, path: str, size: float, width: float) -> list[str]:
    """A file's path in lines that fit `width`, cut anywhere (a path has no spaces to wrap at)."""
    lines, current = [], ""
    for ch in path:
        if current and canvas.text_size(current + ch, size)[0] > width:
            lines.append(current)
            current = ""
        current += ch
    return [*lines, current]
