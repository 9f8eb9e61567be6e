"""Files earlier versions kept elsewhere, moved once: the data one folder too deep
(`CardArcade/CardArcade/`), the settings and the log in the data folder."""
from __future__ import annotations

import filecmp
import logging
import os
import shutil
from collections.abc import Iterable
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
    moved = [entry.name for entry in sorted(inner.iterdir()) if _move(entry, folder)]
    try:
        inner.rmdir()
    except OSError as exc:
        log.warning("the old data folder %s stays: %s", inner, exc)
    if moved:
        log.warning("moved %d files from the old data folder %s up to %s", len(moved), inner, folder)
    return moved


def move_files(names: Iterable[str], source: Path, target: Path) -> bool:
    """Move the files `names` that are still in `source` into `target` as move_doubled_folder does,
    and say so in the log; False if one had to stay in `source`."""
    present = [source / name for name in names if os.path.lexists(source / name)]
    moved = [entry.name for entry in present if _move(entry, target)]
    if moved:
        log.warning("moved %s from %s to %s", ", ".join(moved), source, target)
    return len(moved) == len(present)


def _move(entry: Path, folder: Path) -> bool:
    """Move `entry` into `folder`; a name both hold keeps `folder`'s file, the other beside it with
    KEPT_SUFFIX (or dropped if byte for byte the same). False, and a line in the log, if it stays."""
    target = folder / entry.name
    try:
        if not os.path.lexists(target):
            shutil.move(entry, target)  # another disk too ($XDG_CONFIG_HOME may be elsewhere)
        elif entry.is_file() and target.is_file() and filecmp.cmp(entry, target, shallow=False):
            entry.unlink()
        else:
            shutil.move(entry, _free_name(folder / (entry.name + KEPT_SUFFIX)))
    except OSError as exc:  # another copy moved it first, or the folder is read-only: left where it is
        log.warning("cannot move %s to %s: %s", entry, folder, exc)
        return False
    return True


def _free_name(path: Path) -> Path:
    candidate, counter = path, 1
    while os.path.lexists(candidate):
        candidate = path.with_name(f"{path.name}-{counter}")
        counter += 1
    return candidate
