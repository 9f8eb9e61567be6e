"""The log file: bounded rotation, every warning of the program in it, never through a symlink or a FIFO."""
import logging
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from storage.logs import BACKUPS, LOG_NAME, MAX_BYTES, LogFile, setup_logging

ROOT = Path(__file__).resolve().parent.parent


pytestmark = pytest.mark.usefixtures("fresh_logging")


def test_the_log_rotates_through_a_few_files_of_bounded_size(tmp_path):
    path = tmp_path / LOG_NAME
    assert setup_logging(path) == path
    line = "x" * 1000
    for i in range((BACKUPS + 3) * MAX_BYTES // 1000):
        logging.getLogger("card_arcade").info("%d %s", i, line)
    files = sorted(tmp_path.glob(LOG_NAME + "*"))
    assert [f.name for f in files] == [LOG_NAME] + [f"{LOG_NAME}.{n}" for n in range(1, BACKUPS + 1)]
    assert all(f.stat().st_size <= MAX_BYTES for f in files)
    assert f" {i} x" in path.read_text(), "the newest record is in the current file"


def test_a_symlink_in_the_log_files_place_is_replaced_and_its_target_never_written(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("not yours\n")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / LOG_NAME).symlink_to(target)
    assert setup_logging(folder / LOG_NAME) == folder / LOG_NAME
    logging.getLogger("card_arcade").error("written here")
    assert target.read_text() == "not yours\n"
    log = folder / LOG_NAME
    assert not log.is_symlink() and log.is_file()
    text = log.read_text()
    assert "written here" in text and "was a symbolic link" in text


def test_a_dangling_symlink_creates_nothing_outside_the_folder(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / LOG_NAME).symlink_to(tmp_path / "outside.log")
    setup_logging(folder / LOG_NAME)
    logging.getLogger("card_arcade").error("inside")
    assert not (tmp_path / "outside.log").exists()
    assert "inside" in (folder / LOG_NAME).read_text()


def test_a_fifo_in_the_log_files_place_never_blocks_the_start(tmp_path, capsys):
    os.mkfifo(tmp_path / LOG_NAME)
    assert setup_logging(tmp_path / LOG_NAME) is None, "no log file: the log goes to stderr"
    logging.getLogger("card_arcade").error("on stderr")
    assert "on stderr" in capsys.readouterr().err


def test_sound_warnings_and_python_warnings_land_in_the_log(tmp_path):
    from sounds.player import SoundPlayer

    logging.getLogger("card_arcade.sounds").disabled = True  # as a library's logging.config.dictConfig leaves it
    setup_logging(tmp_path / LOG_NAME)
    SoundPlayer().play("no-such-effect")
    warnings.warn("something old is used", DeprecationWarning, stacklevel=1)
    text = (tmp_path / LOG_NAME).read_text()
    assert "card_arcade.sounds: unknown sound effect 'no-such-effect'" in text
    assert "card_arcade.warnings" in text and "something old is used" in text


def test_a_hard_crash_and_an_uncaught_exception_are_written_to_the_log(tmp_path):
    program = ("import sys; sys.path.insert(0, sys.argv[1]); from pathlib import Path;"
               "from storage.logs import setup_logging; setup_logging(Path(sys.argv[2]));"
               "import faulthandler; faulthandler._sigsegv() if sys.argv[3] == 'segv' else 1 / 0")
    for kind in ("segv", "raise"):
        done = subprocess.run([sys.executable, "-c", program, str(ROOT), str(tmp_path / kind), kind],
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode != 0
        text = (tmp_path / kind).read_text()
        if kind == "segv":
            assert "Fatal Python error: Segmentation fault" in text
        else:
            assert "CRITICAL card_arcade: uncaught exception" in text and "ZeroDivisionError" in text


def test_an_exception_on_another_thread_is_written_to_the_log(tmp_path):
    """bench/attack.py (item 20): it went to stderr only (a windowed build has none)."""
    program = ("import sys, threading; sys.path.insert(0, sys.argv[1]); from pathlib import Path;"
               "from storage.logs import setup_logging; setup_logging(Path(sys.argv[2]));"
               "t = threading.Thread(target=lambda: 1 / 0, name='thinker'); t.start(); t.join()")
    done = subprocess.run([sys.executable, "-c", program, str(ROOT), str(tmp_path / LOG_NAME)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0
    text = (tmp_path / LOG_NAME).read_text()
    assert "uncaught exception in thread thinker" in text and "ZeroDivisionError" in text


def test_other_libraries_warnings_land_in_the_log(tmp_path):
    setup_logging(tmp_path / LOG_NAME)
    logging.getLogger("websockets.server").warning("a peer went away")
    assert "WARNING websockets.server: a peer went away" in (tmp_path / LOG_NAME).read_text()


def test_what_is_said_before_the_log_file_opens_waits_for_it(tmp_path, monkeypatch, capsys):
    from storage.files import data_dir
    from storage.logs import start_logging

    monkeypatch.delenv("CARD_ARCADE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    old = tmp_path / "xdg" / "CardArcade" / "CardArcade"
    old.mkdir(parents=True)
    (old / "settings.json").write_text("{}")
    start_logging()
    folder = data_dir()  # moves the doubled folder up and says so, before there is a log file
    setup_logging(folder / LOG_NAME)
    assert "moved 1 files from the old data folder" in (folder / LOG_NAME).read_text()
    assert capsys.readouterr().err == ""


class FullDisk:
    """A stream on a full disk: every write fails."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")

    def flush(self) -> None:
        raise OSError(28, "No space left on device")


def test_a_full_disk_makes_logging_silent_not_noisy(tmp_path, capsys):
    setup_logging(tmp_path / LOG_NAME)
    handler = next(h for h in logging.getLogger().handlers if isinstance(h, LogFile))
    real, handler.stream = handler.stream, FullDisk()
    try:
        logging.getLogger("card_arcade").error("lost")
        logging.getLogger("card_arcade").info("lost too")
    finally:
        handler.stream = real
    assert capsys.readouterr().err == ""
