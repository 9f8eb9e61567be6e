"""Reading a file the program wrote, as if it were hostile: bounded in size, nesting and number
sizes; a FIFO, device or folder in its place is refused without blocking; damaged files go aside."""
from __future__ import annotations

import errno
import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from storage.files import quarantine

MAX_DEPTH = 32  # no file the program writes nests deeper than about 6
MAX_DIGITS = 40  # the longest whole number the program writes is a 20-digit seed
READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
ABSENT = (errno.ENOENT, errno.ENOTDIR)  # no file, or no folder to hold one


class DamagedFile(Exception):
    """A file that could not be read as what it should be; the message says where it went."""


def read_bytes(path: Path, limit: int) -> bytes | None:
    """At most `limit` bytes of the regular file `path`; None if there is none. OSError (or
    ValueError) for a FIFO, device, folder or a file over the limit: nothing ever blocks."""
    try:
        fd = os.open(path, READ_FLAGS)
    except OSError as exc:
        if exc.errno in ABSENT:
            return None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file")
        if info.st_size > limit:
            raise ValueError(f"{info.st_size} bytes, more than {limit}")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise ValueError(f"more than {limit} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text)} digits")
    return int(text)


def _decimal(text: str) -> float:
    value = float(text)
    if len(text) > 64 or not math.isfinite(value):
        raise ValueError(f"the number {text[:20]!r}")
    return value


def _constant(text: str) -> float:
    raise ValueError(f"{text} is not a number")


def parse_json(data: bytes | str) -> Any:
    """JSON with bounded nesting and number sizes; ValueError for anything else."""
    try:
        value = json.loads(data, parse_int=_number, parse_float=_decimal, parse_constant=_constant)
    except RecursionError as exc:
        raise ValueError("nested too deep") from exc
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise ValueError(f"nested more than {MAX_DEPTH} deep")
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        pending.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return value


def read_json(path: Path, limit: int) -> Any | None:
    """The JSON in `path` (at most `limit` bytes), None if there is no file; DamagedFile (after
    moving it aside, when the folder allows) if it cannot be read or is not such JSON."""
    try:
        data = read_bytes(path, limit)
        return None if data is None else parse_json(data)
    except (OSError, ValueError) as exc:
        raise DamagedFile(quarantine(path, reason(exc))) from exc


def reason(exc: BaseException) -> str:
    """A short reason for the player: the OS's words, or the exception's."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    text = str(exc).splitlines()[0] if str(exc) else "unreadable"
    return text[:120]
