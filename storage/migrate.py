"""Earlier versions kept their data one folder too deep (`CardArcade/CardArcade/`): moved up once."""
from __future__ import annotations

import filecmp
import logging
import os
from pathlib import Path

log = logging.getLogger("card_arcade.storage")
KEPT_SUFFIX = ".from-old-folder"  # a file both folders hold: the old one is kept under this name


def move_doubled_folder(folder: Path) -> list[str]:
    """Move everything in `folder/<folder's name>/` up into `folder`, then remove the empty inner
    folder. A name both hold keeps the newer folder's file; the old one is kept beside it with
    KEPT_SUFFIX (or dropped if it is byte for byte the same). Returns the names moved."""
    inner = folder / folder.name
    if inner.is_symlink() or not inner.is_dir():
        return []
    moved = []
    for entry in sorted(inner.iterdir()):
        target = folder / entry.name
        try:
            if not os.path.lexists(target):
                os.replace(entry, target)
            elif entry.is_file() and target.is_file() and filecmp.cmp(entry, target, shallow=False):
                entry.unlink()
            else:
                os.replace(entry, _free_name(folder / (entry.name + KEPT_SUFFIX)))
            moved.append(entry.name)
        except OSError as exc:  # another copy moved it first, or the folder is read-only: left where it is
            log.warning("cannot move %s out of the old data folder: %s", entry, exc)
    try:
        inner.rmdir()
    except OSError as exc:
        log.warning("the old data folder %s stays: %s", inner, exc)
    if moved:
        log.warning("moved %d files from the old data folder %s up to %s", len(moved), inner, folder)
    return moved


def _free_name(path: Path) -> Path:
    candidate, counter = path, 1
    while os.path.lexists(candidate):
        candidate = path.with_name(f"{path.name}-{counter}")
        counter += 1
    return candidate
