"""The data folder, atomic JSON writes, and damaged files moved aside."""
from __future__ import annotations

import json
import logging
import os
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lang import _

APP_NAME = "CardArcade"
HOME_VARIABLE = "CARD_ARCADE_HOME"
XDG_DATA = "XDG_DATA_HOME"
OWN_PLACES = ("win32", "darwin")  # their data folder also keeps the settings and the log, as it always did
NO_FOLDER = Path(os.devnull, APP_NAME)  # stands for "no data folder": nothing can be made in it

log = logging.getLogger("card_arcade.storage")
no_folder_reason = "there is no data folder"  # why data_dir() returned NO_FOLDER


def data_dir() -> Path:
    """The user's data folder: $CARD_ARCADE_HOME, else the platform's folder for the app, named once
    (`~/.local/share/CardArcade/`; an empty or relative $XDG_DATA_HOME is ignored). Never raises: a
    folder that cannot be made is still returned (the stores then say that nothing can be saved),
    NO_FOLDER if there is none at all."""
    global no_folder_reason
    override = os.environ.get(HOME_VARIABLE)
    if override:
        path = Path(override)
    else:
        import pygame.system  # only here: storage must not need a display

        if not os.path.isabs(os.environ.get(XDG_DATA, "/")):  # the XDG spec: an empty or relative
            del os.environ[XDG_DATA]  # value is invalid, to be ignored; SDL would use it ("/CardArcade")
        try:
            path = Path(pygame.system.get_pref_path("", APP_NAME))
        except pygame.error as exc:
            no_folder_reason = str(exc)
            log.warning("no data folder: %s", exc)
            return NO_FOLDER
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        log.warning("cannot make the data folder %s: %s", path, exc)
        return path
    if not override:
        from storage.migrate import move_doubled_folder

        move_doubled_folder(path)
    return path


def xdg_dir(variable: str, default: str, data: Path, names: Iterable[str]) -> Path:
    """`$variable/CardArcade` (`~/<default>/CardArcade` when it is unset, empty or relative), with the
    files `names` moved into it once from the data folder `data`. Under $CARD_ARCADE_HOME, on Windows
    and macOS, and when that folder cannot be made or a file cannot leave `data`: `data` itself."""
    if os.environ.get(HOME_VARIABLE) or sys.platform in OWN_PLACES or data == NO_FOLDER:
        return data
    base = os.environ.get(variable, "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), default)
    folder = Path(base, APP_NAME)
    if not folder.is_absolute():  # no home folder
        return data
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        log.warning("cannot make the folder %s (%s): %s keeps its files", folder, exc, data)
        return data
    from storage.migrate import move_files

    return folder if move_files(names, data, folder) else data


def folder_problem(folder: Path) -> str | None:
    """Why nothing can be written in `folder` now (None if a file can be made there)."""
    if folder == NO_FOLDER:
        return no_folder_reason
    try:
        fd, probe = tempfile.mkstemp(prefix=".write-test.", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def atomic_write_json(path: Path, data: Any) -> None:
    """Write JSON to a temporary file beside `path`, flush it to disk, then rename over it (a
    symbolic link in its place is replaced, never followed). A lone surrogate in a text is written
    as its JSON escape, so writing fails only with OSError."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))  # compact: the C encoder, 5x faster
    fd, temp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def move_aside(path: Path) -> Path:
    """Rename a damaged file to `<name>.damaged-<timestamp>` and return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    counter = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.damaged-{stamp}-{counter}")
        counter += 1
    os.replace(path, target)
    return target


def quarantine(path: Path, reason: str) -> str:
    """Move a file whose content is invalid aside (if the folder lets it); the message for the player."""
    try:
        moved = move_aside(path)
    except OSError as exc:
        log.warning("cannot move %s aside: %s", path, exc)
        return _("{file} is damaged ({problem}) and could not be moved aside ({why})", file=path.name, problem=reason,
                 why=exc.strerror or exc)
    return _("{file} was damaged ({problem}); moved to {moved}", file=path.name, problem=reason, moved=moved.name)
