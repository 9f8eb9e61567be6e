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
    """An exclusive lock on the file `path` (made empty if missing), taken without waiting.

    Where no lock file can be made (a read-only folder), `acquire` succeeds without one: no copy
    can write there, so there is nothing to keep apart."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None
        self.held = False

    def acquire(self) -> bool:
        """True if this copy now holds the lock (or already did); False if another copy does."""
        if self.held:
            return True
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | SAFE_FLAGS, 0o600)
        except OSError:
            try:  # a read-only folder may still hold the lock file
                fd = os.open(self.path, os.O_RDONLY | SAFE_FLAGS)
            except OSError as exc:
                log.info("no lock file %s (%s): nothing to keep apart", self.path, exc)
                self.held = True
                return True
        if not _try_lock(fd):
            os.close(fd)
            return False
        self.fd, self.held = fd, True
        return True

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing drops the lock
        self.fd, self.held = None, False

    def free(self) -> bool:
        """Whether no other copy holds the lock now (this copy holding it counts as free)."""
        if self.held:
            return True
        if not self.acquire():
            return False
        self.release()
        return True
