"""Locks between copies of the program: a copy holds one while it owns a file; the system drops it
when the copy ends, however it ends (kill -9 included), so a lock is never left stale."""
from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("card_arcade.storage")
SAFE_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)

if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


class FileLock:
    """An exclusive lock of this process on the file `path` (made empty if missing), taken without
    waiting. The program is one copy however many stores it opens: locks on one path are shared
    within the process (counted, the file closed by the last release).

    Where no lock file can be made (a read-only folder), `acquire` succeeds without one: no copy
    can write there, so there is nothing to keep apart."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.key = os.path.abspath(path)
        self.held = False

    def acquire(self) -> bool:
        """True if this process now holds the lock (or already did); False if another copy does."""
        if self.held:
            return True
        if self.key not in _held:
            fd = _open(self.path)
            if fd is not None and not _try_lock(fd):
                os.close(fd)
                return False
            _held[self.key] = [fd, 0]
        _held[self.key][1] += 1
        self.held = True
        return True

    def release(self) -> None:
        if not self.held:
            return
        self.held = False
        entry = _held[self.key]
        entry[1] -= 1
        if entry[1] == 0:
            del _held[self.key]
            if entry[0] is not None:
                os.close(entry[0])  # closing drops the lock

    def free(self) -> bool:
        """Whether no other copy holds the lock now."""
        if self.key in _held:
            return True
        if not self.acquire():
            return False
        self.release()
        return True


_held: dict[str, list] = {}  # path -> [descriptor or None, holders in this process]


def _open(path: Path) -> int | None:
    """A descriptor of the lock file, None if none can be opened (nothing to keep apart)."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | SAFE_FLAGS, 0o600)
    except OSError:
        try:  # a read-only folder may still hold the lock file
            return os.open(path, os.O_RDONLY | SAFE_FLAGS)
        except OSError as exc:
            log.info("no lock file %s (%s): nothing to keep apart", path, exc)
            return None
