"""Locks between copies of the program: a copy holds one while it owns a file; the system drops it
when the copy ends, however it ends (kill -9 included), so a lock is never left stale."""
from __future__ import annotations

import logging
import os
import stat
import sys
from pathlib import Path

from storage.files import move_aside

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

    Only a read-only folder goes without a lock file: no copy can write there, so there is nothing
    to keep apart. Anything else in the lock file's place (a symbolic link, a folder) is moved aside
    for a new lock file; a lock file that still cannot be opened is as if another copy held it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.key = os.path.abspath(path)
        self.held = False
        self.refused = False  # the last try could not open the lock file (not: another copy holds it)

    def acquire(self) -> bool:
        """True if this process now holds the lock (or already did); False if another copy does."""
        if self.held:
            return True
        if self.key not in _held:
            try:
                fd = _open(self.path)
            except OSError as exc:
                log.warning("cannot open the lock file %s (%s): this copy keeps off what it guards", self.path, exc)
                self.refused = True
                return False
            self.refused = False
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
    """A descriptor of the lock file; None in a read-only folder without one. Anything else in its
    place is moved aside (and said) for a new one; OSError if even that cannot be opened."""
    try:
        return _open_file(path, os.O_RDWR | os.O_CREAT)
    except OSError as exc:
        if not os.access(path.parent, os.W_OK):
            return _open_read_only(path)
        problem = exc
    if os.path.lexists(path):
        moved = move_aside(path)
        log.warning("the lock file %s could not be opened (%s); moved to %s", path, problem, moved.name)
    return _open_file(path, os.O_RDWR | os.O_CREAT)


def _open_read_only(path: Path) -> int | None:
    """The lock file a read-only folder holds, None if it holds none: no copy can write there."""
    try:
        return _open_file(path, os.O_RDONLY)
    except OSError as exc:
        log.info("no lock file %s (%s): nothing to keep apart", path, exc)
        return None


def _open_file(path: Path, flags: int) -> int:
    """A descriptor of the regular file `path`, never through a symbolic link; OSError otherwise."""
    fd = os.open(path, flags | SAFE_FLAGS, 0o600)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(f"{path} is not a regular file")
    return fd
