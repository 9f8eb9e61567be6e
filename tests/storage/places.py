"""Real troubled places for the storage tests: a full disk, a read-only folder, another copy of the
program holding a lock, another process holding the statistics database.

A full disk is a small tmpfs mounted for the test and filled (root can mount). A read-only folder is
a tmpfs remounted read-only as root, else a folder without write permission. Without root no disk
can be made full: `full_folder` then makes JSON writes and statistics rows fail as on a full disk
(ENOSPC, "database or disk is full") until `filler` is removed."""
from __future__ import annotations

import contextlib
import errno
import os
import selectors
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
# `python -c RECORDING ROOT FOLDER KEY`: a copy of the program that says "ready" once imported, waits for a
# line on stdin (`start_together`), records one War game under KEY in FOLDER's statistics, quits, and
# prints how many rows still wait
RECORDING = """import sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from storage.stats import StatsStore
folder = Path(sys.argv[2])
print("ready", flush=True)
sys.stdin.readline()
stats = StatsStore(folder)
stats.record_game("war", [{"name": "Ann", "won": True}], key=sys.argv[3])
stats.close()
print(len(stats.waiting))
"""
READY_S = 60.0  # the longest a copy may take to say it is ready (it only bounds the wait)


def start_together(commands: list[list[str]]) -> list[subprocess.Popen]:
    """Start the processes, wait until each has said "ready" (at most READY_S), then let them all go
    at once with a line on their stdin; read what they print with `communicate`."""
    procs = [subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for command in commands]
    try:
        with selectors.DefaultSelector() as selector:
            for proc in procs:
                assert proc.stdout is not None
                selector.register(proc.stdout, selectors.EVENT_READ)
                assert selector.select(READY_S) and proc.stdout.readline() == "ready\n", "a copy never got ready"
                selector.unregister(proc.stdout)
    except BaseException:
        for proc in procs:
            proc.kill()
            proc.communicate()
        raise
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    return procs


def _mount(folder: Path, options: str) -> bool:
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True)
    except OSError:  # no mount command
        return False
    return done.returncode == 0


def _umount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def can_mount(tmp_path: Path) -> bool:
    probe = tmp_path / "mount-probe"
    probe.mkdir(exist_ok=True)
    if IS_ROOT and _mount(probe, "size=16k"):
        _umount(probe)
        return True
    return False


def make_full(folder: Path) -> Path:
    """Fill the disk of `full_folder` (again); the file that frees it when removed."""
    if not os.path.ismount(folder):
        (folder / "filler").write_bytes(b"\0")  # the pretended full disk
        return folder / "filler"
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 512)
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    finally:
        os.close(fd)
    return filler


@contextlib.contextmanager
def full_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: Path | None = None) -> Iterator[Path]:
    """A folder on a full disk (with the files of `seed` copied in first); yields the folder, whose
    `filler` file frees the disk when removed."""
    folder = tmp_path / "full"
    folder.mkdir()
    mounted = can_mount(tmp_path) and _mount(folder, "size=256k")
    for item in seed.iterdir() if seed else ():
        (folder / item.name).write_bytes(item.read_bytes())
    try:
        if not mounted:  # no root: writes fail as on a full disk while `filler` is there
            _pretend_full(folder, monkeypatch)
        make_full(folder)
        yield folder
    finally:
        if mounted:
            _umount(folder)


def _pretend_full(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """JSON writes fail in their fsync, SQLite rows in their insert, as on a full disk."""
    import sqlite3

    import storage.files
    import storage.stats

    filler = folder / "filler"
    real_fsync, real_insert = os.fsync, storage.stats.StatsStore._insert

    def fsync(fd: int) -> None:
        if filler.exists():
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    def insert(db: sqlite3.Connection, row: storage.stats.Row) -> int | None:
        if filler.exists():
            raise sqlite3.OperationalError("database or disk is full")
        return real_insert(db, row)
    monkeypatch.setattr(storage.files.os, "fsync", fsync)
    monkeypatch.setattr(storage.stats.StatsStore, "_insert", staticmethod(insert))


@contextlib.contextmanager
def read_only_folder(tmp_path: Path, seed: dict[str, bytes] | None = None) -> Iterator[Path]:
    """A folder no one may write in, holding the files `seed` names."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    mounted = IS_ROOT and _mount(folder, "size=1m")
    if IS_ROOT and not mounted:
        pytest.fail("as root a read-only folder needs a tmpfs mount, and mount failed")
    for name, data in (seed or {}).items():
        (folder / name).write_bytes(data)
    try:
        if mounted:
            subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        else:
            for name in seed or {}:
                (folder / name).chmod(0o444)
            folder.chmod(0o555)
        yield folder
    finally:
        if mounted:
            _umount(folder)
        else:
            folder.chmod(0o755)


@contextlib.contextmanager
def other_copy_holding(lock: Path) -> Iterator[subprocess.Popen]:
    """Another process holds the program's lock on `lock` until the block ends."""
    code = ("import sys, time; sys.path.insert(0, sys.argv[1]); from pathlib import Path;"
            "from storage.locks import FileLock; assert FileLock(Path(sys.argv[2])).acquire();"
            "print('held', flush=True); time.sleep(600)")
    with _process([sys.executable, "-c", code, str(ROOT), str(lock)]) as proc:
        yield proc


@contextlib.contextmanager
def other_process_locking(database: Path) -> Iterator[subprocess.Popen]:
    """Another process holds an exclusive lock on the SQLite file until the block ends."""
    code = ("import sqlite3, sys, time; db = sqlite3.connect(sys.argv[1], isolation_level=None);"
            "db.execute('BEGIN EXCLUSIVE'); print('held', flush=True); time.sleep(600)")
    with _process([sys.executable, "-c", code, str(database)]) as proc:
        yield proc


@contextlib.contextmanager
def _process(args: list[str]) -> Iterator[subprocess.Popen]:
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held", proc.stderr
        yield proc
    finally:
        proc.kill()
        proc.wait()


def make_writable(folder: Path) -> None:
    """The read-only folder of `read_only_folder` takes writes again."""
    if IS_ROOT:
        subprocess.run(["mount", "-o", "remount,rw", str(folder)], check=True)
    else:
        folder.chmod(0o755)
