"""The data folder, atomic JSON writes, and damaged files moved aside."""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

APP_NAME = "CardArcade"
HOME_VARIABLE = "CARD_ARCADE_HOME"


def data_dir() -> Path:
    """The user's data folder: $CARD_ARCADE_HOME, else pygame's preference path for the app."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        path = Path(override)
    else:
        import pygame.system  # only here: storage must not need a display

        path = Path(pygame.system.get_pref_path("CardArcade", APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write_json(path: Path, data: Any) -> None:
    """Write JSON to a temporary file beside `path`, flush it to disk, then rename over it."""
    text = json.dumps(data, ensure_ascii=False, indent=1)
    fd, temp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
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
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{counter}")
        counter += 1
    os.replace(path, target)
    return target


class DamagedFile(Exception):
    """A file that could not be read as what it should be; the message says where it went."""


def read_json(path: Path) -> Any | None:
    """The JSON in `path`, None if there is no file; DamagedFile (after moving it aside) if broken."""
    if not path.exists():
        return None
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        moved = move_aside(path)
        raise DamagedFile(f"{path.name} was damaged ({type(exc).__name__}); moved to {moved.name}") from exc


def quarantine(path: Path, reason: str) -> str:
    """Move a file whose content is invalid aside; the message for the player."""
    moved = move_aside(path)
    return f"{path.name} was damaged ({reason}); moved to {moved.name}"
