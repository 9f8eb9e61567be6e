"""The log file: every logger's records (the program's from INFO, other libraries' from WARNING), written
to a few rotating files in the data folder by one handler on the root logger.

Warnings and errors from every part of the program, Python's warnings, uncaught exceptions (on any
thread) and `faulthandler`'s dump of a hard crash all land in it; what is said before the file is opened waits
for it. It is never opened through a symbolic link (a link in its place is replaced by a regular
file) nor through a FIFO or a device. A log that cannot be written (a full disk) is silent.
"""
from __future__ import annotations

import contextlib
import faulthandler
import io
import logging
import os
import stat
import sys
import threading
import warnings
from collections import deque
from pathlib import Path
from types import TracebackType
from typing import TextIO

from storage.files import xdg_dir

LOGGER = "card_arcade"
LOG_NAME = "card-arcade.log"
XDG_STATE = "XDG_STATE_HOME"
MAX_BYTES = 1_000_000  # one file; with BACKUPS older ones the log never passes 4 MB
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
OTHERS_LEVEL = logging.WARNING  # other libraries' INFO (websockets, zeroconf) is noise here
PENDING_MAX = 1000  # records kept until the file opens; the oldest go first
OPEN_FLAGS = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
              | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))

log = logging.getLogger(LOGGER)


def log_dir(data: Path) -> Path:
    """Where the log files are kept: $XDG_STATE_HOME/CardArcade (see files.xdg_dir), else `data`."""
    return xdg_dir(XDG_STATE, ".local/state", data, [LOG_NAME] + [f"{LOG_NAME}.{n}" for n in range(1, BACKUPS + 1)])


def open_for_append(path: Path) -> int:
    """A descriptor appending to the regular file `path`. A symbolic link there is removed first
    (its target is never touched); a FIFO, device or folder raises OSError without blocking."""
    if path.is_symlink():
        path.unlink()
    fd = os.open(path, OPEN_FLAGS, 0o644)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(f"{path} is not a regular file")
    return fd


class Pending(logging.Handler):
    """Keeps the records said before the log file opens (the newest PENDING_MAX), for setup_logging."""

    def __init__(self) -> None:
        super().__init__()
        self.records: deque[logging.LogRecord] = deque(maxlen=PENDING_MAX)

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class QuietStream(logging.StreamHandler):
    """The log on stderr when there is no file; a failed write is dropped, never reported."""

    def handleError(self, record: logging.LogRecord) -> None:
        pass


class LogFile(logging.FileHandler):
    """A log file opened with `open_for_append`, rotated as logging.handlers.RotatingFileHandler does (a line
    that would take it past `maxBytes` first renames it `.1`, `.1` to `.2`... up to `backupCount`), without
    that module, whose socket and pickle imports the window's start would pay; faulthandler follows it when
    it rotates. A failed write (a full disk) is dropped: reporting it would fail again on every line."""

    def __init__(self, filename: Path, maxBytes: int, backupCount: int, encoding: str, errors: str) -> None:
        super().__init__(filename, encoding=encoding, errors=errors)
        self.max_bytes, self.backups = maxBytes, backupCount

    def handleError(self, record: logging.LogRecord) -> None:
        pass

    def _open(self) -> io.TextIOWrapper:
        fd = open_for_append(Path(self.baseFilename))
        return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self.full(record):
                self.rotate()
        except Exception:
            self.handleError(record)
            return
        super().emit(record)

    def full(self, record: logging.LogRecord) -> bool:
        """The record's line would take the file past max_bytes."""
        stream = self.stream = self.stream or self._open()
        line = self.format(record) + self.terminator
        stream.seek(0, os.SEEK_END)
        return stream.tell() + len(line) >= self.max_bytes

    def rotate(self) -> None:
        """The file becomes `.1`, `.1` becomes `.2`, ... the oldest goes; a new file is opened."""
        if self.stream is not None:
            self.stream.close()
            self.stream = None  # opened again below, or by the next record if a file cannot be renamed
        for number in range(self.backups, 0, -1):
            older = Path(f"{self.baseFilename}.{number - 1}" if number > 1 else self.baseFilename)
            if older.exists():
                os.replace(older, f"{self.baseFilename}.{number}")
        self.stream = self._open()
        faulthandler.enable(self.stream)


def start_logging() -> None:
    """Keep every record from now on until setup_logging opens the file: called first, before the data
    folder is looked for (moving an old one says so)."""
    root = logging.getLogger()
    if not any(isinstance(h, (Pending, QuietStream, LogFile)) for h in root.handlers):
        root.addHandler(Pending())
    root.setLevel(OTHERS_LEVEL)
    log.setLevel(logging.INFO)


def setup_logging(path: Path) -> Path | None:
    """Send every logger to the log file `path` (to stderr if it cannot be opened) through one root
    handler, with Python's warnings, uncaught exceptions and faulthandler; the records kept since
    start_logging are written first. Returns the file, or None on stderr."""
    root = logging.getLogger()
    current = next((h for h in root.handlers if isinstance(h, LogFile)), None)
    if current is not None and Path(current.baseFilename) == Path(os.path.abspath(path)):
        return path
    was_link = path.is_symlink()
    problem = ""
    try:
        handler: logging.Handler = LogFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8",
                                           errors="backslashreplace")
    except OSError as exc:
        handler, problem = QuietStream(), str(exc)
    handler.setFormatter(logging.Formatter(FORMAT))
    stream = getattr(handler, "stream", None)
    with contextlib.suppress(AttributeError, ValueError, OSError):  # no stderr (a windowed build, no log)
        faulthandler.enable(stream if stream is not None else sys.stderr)
    waiting: list[logging.LogRecord] = []
    for old in [h for h in root.handlers if isinstance(h, (Pending, QuietStream, LogFile))]:
        if isinstance(old, Pending):
            waiting += old.records
        root.removeHandler(old)  # closed only now: faulthandler no longer writes to them
        old.close()
    root.addHandler(handler)
    root.setLevel(OTHERS_LEVEL)
    log.setLevel(logging.INFO)
    for record in waiting:
        handler.handle(record)
    for logger in logging.root.manager.loggerDict.values():  # a library's dictConfig may have
        if isinstance(logger, logging.Logger) and logger.name.startswith(LOGGER):  # disabled loggers made before it
            logger.disabled = False
    if problem:
        log.warning("cannot write the log file %s: %s", path, problem)
    elif was_link:
        log.warning("the log file %s was a symbolic link; a regular file replaces it", path)
    warnings.showwarning = log_warning
    sys.excepthook = log_uncaught
    threading.excepthook = log_uncaught_in_thread
    return None if problem else path


def log_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                file: TextIO | None = None, line: str | None = None) -> None:
    """warnings.showwarning: into the log instead of stderr."""
    text = warnings.formatwarning(message, category, filename, lineno, line).rstrip()
    logging.getLogger(f"{LOGGER}.warnings").warning("%s", text)


def log_uncaught(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
    """sys.excepthook: an exception nothing caught is logged, then shown as Python would."""
    if not issubclass(kind, KeyboardInterrupt):
        log.critical("uncaught exception", exc_info=(kind, error, trace))
    sys.__excepthook__(kind, error, trace)


def log_uncaught_in_thread(args: threading.ExceptHookArgs) -> None:
    """threading.excepthook: an exception that ends a thread is logged, then shown as Python would."""
    name = args.thread.name if args.thread is not None else "?"
    if args.exc_value is not None and not isinstance(args.exc_value, SystemExit):  # SystemExit ends it quietly
        log.critical("uncaught exception in thread %s", name, exc_info=args.exc_value)
    threading.__excepthook__(args)
