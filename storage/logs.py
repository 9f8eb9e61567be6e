"""The log file: the `card_arcade` logger tree, written to a few rotating files in the data folder.

Warnings and errors from every part of the program, Python's warnings, uncaught exceptions and
`faulthandler`'s dump of a hard crash all land in it. It is never opened through a symbolic link
(a link in its place is replaced by a regular file) nor through a FIFO or a device.
"""
from __future__ import annotations

import contextlib
import faulthandler
import logging
import logging.handlers
import os
import stat
import sys
import warnings
from pathlib import Path
from types import TracebackType
from typing import TextIO

LOGGER = "card_arcade"
LOG_NAME = "card-arcade.log"
MAX_BYTES = 1_000_000  # one file; with BACKUPS older ones the log never passes 4 MB
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
OPEN_FLAGS = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
              | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))

log = logging.getLogger(LOGGER)


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


class LogFile(logging.handlers.RotatingFileHandler):
    """A rotating log file opened with `open_for_append`; faulthandler follows it when it rotates."""

    def _open(self) -> TextIO:  # type: ignore[override]
        fd = open_for_append(Path(self.baseFilename))
        return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)

    def doRollover(self) -> None:
        super().doRollover()
        if self.stream is not None:
            faulthandler.enable(self.stream)


def setup_logging(path: Path) -> Path | None:
    """Send the `card_arcade` tree to the log file `path` (to stderr if it cannot be opened), with
    Python's warnings, uncaught exceptions and faulthandler. Returns the file, or None on stderr."""
    current = next((h for h in log.handlers if isinstance(h, LogFile)), None)
    if current is not None and Path(current.baseFilename) == Path(os.path.abspath(path)):
        return path
    was_link = path.is_symlink()
    problem = ""
    try:
        handler: logging.Handler = LogFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8",
                                           errors="backslashreplace")
    except OSError as exc:
        handler, problem = logging.StreamHandler(), str(exc)
    handler.setFormatter(logging.Formatter(FORMAT))
    stream = getattr(handler, "stream", None)
    with contextlib.suppress(AttributeError, ValueError, OSError):  # no stderr (a windowed build, no log)
        faulthandler.enable(stream if stream is not None else sys.stderr)
    for old in list(log.handlers):  # closed only now: faulthandler no longer writes to them
        log.removeHandler(old)
        old.close()
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    for name, logger in logging.root.manager.loggerDict.items():  # a library's dictConfig may have
        if name.startswith(LOGGER) and isinstance(logger, logging.Logger):  # disabled loggers made before it
            logger.disabled = False
    if problem:
        log.warning("cannot write the log file %s: %s", path, problem)
    elif was_link:
        log.warning("the log file %s was a symbolic link; a regular file replaces it", path)
    warnings.showwarning = log_warning
    sys.excepthook = log_uncaught
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
