"""The lock a copy holds on a save: whatever sits in the lock file's place, two copies never share a
save; only a read-only folder goes without a lock file."""
import errno
import logging
import os
from pathlib import Path

from storage.locks import FileLock
from storage.saves import SaveStore
from tests.storage.places import other_copy_holding, read_only_folder


def test_a_folder_in_the_lock_files_place_is_moved_aside_and_still_keeps_copies_apart(card_arcade_home):
    lock = card_arcade_home / "save-war.lock"
    lock.mkdir()
    with other_copy_holding(lock):
        assert not FileLock(lock).acquire(), "the other copy holds it"
    assert lock.is_file() and [p.is_dir() for p in card_arcade_home.glob("save-war.lock.damaged-*")] == [True]


def test_a_link_to_a_missing_folder_as_the_lock_file_is_moved_aside(card_arcade_home, tmp_path):
    lock = card_arcade_home / "save-war.lock"
    lock.symlink_to(tmp_path / "missing" / "save-war.lock")
    with other_copy_holding(lock):
        assert not FileLock(lock).acquire(), "the other copy holds it"
    assert not (tmp_path / "missing").exists(), "the link is never followed"
    assert [p.is_symlink() for p in card_arcade_home.glob("save-war.lock.damaged-*")] == [True]


def test_a_lock_file_that_cannot_be_opened_sends_the_game_to_a_slot_of_its_own(card_arcade_home, monkeypatch,
                                                                              caplog):
    lock = card_arcade_home / "save-war.lock"
    lock.write_bytes(b"")  # as if another user's, mode 0600: even a new one in its place is refused
    real_open = os.open

    def refusing(path, flags, mode=0o777, *, dir_fd=None):
        if Path(path) == lock:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, flags, mode, dir_fd=dir_fd)
    monkeypatch.setattr(os, "open", refusing)
    with caplog.at_level(logging.WARNING, "card_arcade.storage"):
        assert not FileLock(lock).acquire()
        saves = SaveStore(card_arcade_home)
        assert saves.save("war", {"by": "this copy"}, [])
    assert (card_arcade_home / "save-war-2.json").exists() and not (card_arcade_home / "save-war.json").exists()
    assert f"cannot open the lock file {lock}" in caplog.text


def test_a_read_only_folder_needs_no_lock_file(tmp_path):
    with read_only_folder(tmp_path) as folder:
        lock = FileLock(folder / "save-war.lock")
        assert lock.acquire() and lock.free()
        lock.release()


def test_results_that_cannot_be_kept_for_a_lock_file_that_cannot_be_opened_are_said_to_be_lost(card_arcade_home,
                                                                                               monkeypatch):
    """bench/attack.py (item 8): pending-results.lock immutable while the statistics could not be
    written; the results were lost at quit while the player read that they were kept."""
    from storage.pending import PENDING_FILE
    from storage.stats import STATS_FILE, StatsStore

    (card_arcade_home / (STATS_FILE + "-journal")).mkdir()  # no row can be written
    lock = card_arcade_home / "pending-results.lock"
    lock.write_bytes(b"")  # as if another user's, mode 0600, in a folder where it cannot be moved aside
    real_open = os.open

    def refusing(path, flags, mode=0o777, *, dir_fd=None):
        if Path(path).name.startswith(lock.name):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, flags, mode, dir_fd=dir_fd)
    monkeypatch.setattr(os, "open", refusing)
    monkeypatch.setattr("storage.locks.move_aside", lambda path: refusing(path, 0))
    stats = StatsStore(card_arcade_home)
    stats.record_game("war", [{"name": "Ann", "won": True}], key="k")
    assert not (card_arcade_home / PENDING_FILE).exists()
    assert any("results cannot be kept" in w for w in stats.warnings), stats.warnings


def test_results_that_cannot_be_kept_on_a_full_disk_are_said_to_be_lost_even_while_saving_fails(card_arcade_home,
                                                                                                monkeypatch):
    """bench/attack.py (item 6): on a full disk "progress cannot be saved" was the only sentence, and
    the finished games' results were lost at quit without a word."""
    from storage.report import SAVING
    from storage.stats import STATS_FILE, StatsStore

    (card_arcade_home / (STATS_FILE + "-journal")).mkdir()  # no row can be written
    stats = StatsStore(card_arcade_home)
    stats.report.failed(SAVING, "Progress cannot be saved (no space left on the disk).")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(stats.pending, "update", full)
    stats.record_game("war", [{"name": "Ann", "won": True}], key="k")
    assert any("results cannot be kept" in w for w in stats.warnings), stats.warnings
