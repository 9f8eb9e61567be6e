"""The statistics file in trouble: busy, foreign schema,
read-only, a symbolic link, a full disk. Only a damaged or foreign file is moved aside; rows wait
in the pending file until the file takes them, and a finished game's save goes at once."""
import json
import os
import sqlite3
import subprocess
import sys

import pytest

import storage.pending
import storage.stats
from storage.pending import LOCK_WAIT, MAX_PENDING, PENDING_FILE, QUIT_WAIT
from storage.report import Reporter
from storage.saves import MAX_SLOTS, SaveStore
from storage.stats import STATS_FILE, StatsStore
from tests.storage.places import full_folder, make_writable, other_process_locking, read_only_folder

SEATS = [{"name": "Ann", "kind": "human", "score": 3, "won": True}, {"name": "Bot", "kind": "computer", "score": 1}]


pytestmark = pytest.mark.usefixtures("short_waits")


def three_games(folder):
    stats = StatsStore(folder)
    for i in range(3):
        stats.record_game("war", SEATS, {"n": i}, key=f"old-{i}")
    stats.close()
    return folder / STATS_FILE


def rows(path):
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT count(*) FROM games").fetchone()[0], db.execute(
            "SELECT count(*) FROM seats").fetchone()[0]
    finally:
        db.close()


def aside(folder):
    return sorted(p.name for p in folder.iterdir() if ".damaged-" in p.name)


def stores(folder):
    """A SaveStore and a StatsStore sharing their notices, as the App makes them."""
    saves = SaveStore(folder)
    return saves, StatsStore(folder, saves.report)


def pending_keys(folder):
    return [row["key"] for row in json.loads((folder / PENDING_FILE).read_text())["rows"]]


def end_game(saves, stats, game, key):
    """A game saved after its moves, then finished, as a table ends it."""
    saves.save(game, {"game": game}, [{"name": "Ann"}], {"key": key})
    stats.record_game(game, SEATS, key=key)
    saves.delete(game)


def test_a_busy_file_is_waited_for_never_called_damaged_and_the_row_written_on_a_later_try(tmp_path):
    path = three_games(tmp_path)
    saves, stats = stores(tmp_path)
    saves.save("war", {"game": "war"}, [{"name": "Ann"}], {"key": "new"})
    with other_process_locking(path):
        assert stats.record_game("war", SEATS, key="new") is None
        saves.delete("war")
        assert not saves.exists("war"), "a finished game is never offered as waiting"
        assert pending_keys(tmp_path) == ["new"]
        assert any("cannot be written now" in w for w in saves.warnings)
    assert aside(tmp_path) == [] and rows(path) == (3, 6), "the busy file was kept whole"
    stats.flush()
    assert rows(path) == (4, 8) and stats.waiting == [] and not (tmp_path / PENDING_FILE).exists()
    assert "Statistics are written again." in saves.warnings


def test_results_the_file_refuses_take_no_save_slot_and_are_counted_when_it_takes_them(tmp_path):
    path = three_games(tmp_path)
    (tmp_path / (STATS_FILE + "-journal")).mkdir()  # no journal can be made: no row can be written
    saves, stats = stores(tmp_path)
    for i in range(MAX_SLOTS + 3):
        end_game(saves, stats, "sota", f"g{i}")
    assert not saves.exists("sota") and not list(tmp_path.glob("save-*.json"))
    assert saves.warnings == ["Statistics cannot be written now (disk I/O error); finished games' results are kept "
                              "and will be counted when they can be."], "one true sentence, no full save slots"
    assert pending_keys(tmp_path) == [f"g{i}" for i in range(MAX_SLOTS + 3)]
    stats.close()
    (tmp_path / (STATS_FILE + "-journal")).rmdir()
    saves, stats = stores(tmp_path)
    assert rows(path) == (15, 30) and stats.count("sota") == 12, "counted at the next start, once each"
    assert not (tmp_path / PENDING_FILE).exists()


def test_a_game_ending_while_another_program_holds_the_file_is_counted_at_the_next_start(tmp_path):
    path = three_games(tmp_path)
    saves, stats = stores(tmp_path)
    with other_process_locking(path):
        end_game(saves, stats, "skyjo", "held")
        stats.close()  # quit at once: no try is due yet
        saves, stats = stores(tmp_path)
        assert not saves.exists("skyjo"), "a finished game is never offered as waiting"
    stats.close()
    saves, stats = stores(tmp_path)
    assert not saves.exists("skyjo") and stats.count("skyjo") == 1 and rows(path) == (4, 8)


def test_the_pending_file_stays_bounded_and_a_damaged_one_is_moved_aside(tmp_path):
    (tmp_path / (STATS_FILE + "-journal")).mkdir()
    stats = StatsStore(tmp_path)
    for i in range(MAX_PENDING + 5):
        stats.record_game("war", SEATS, key=f"k{i}")
    assert pending_keys(tmp_path) == [f"k{i}" for i in range(5, MAX_PENDING + 5)], "the oldest went first"
    (tmp_path / PENDING_FILE).write_text('{"version": 1, "rows": "no"}')
    stats = StatsStore(tmp_path)
    assert len(aside(tmp_path)) == 1 and any(PENDING_FILE in w for w in stats.warnings)


def test_a_read_only_folder_with_an_old_save_ends_a_new_game_without_a_crash(tmp_path):
    old = json.dumps({"version": 1, "game": "war", "rules": {}, "seats": [{"name": "Ann"}], "extra": {"key": "old"}})
    with read_only_folder(tmp_path, {"save-war.json": old.encode()}) as folder:
        saves, stats = stores(folder)
        assert saves.exists("war")  # the menu offers it; the player picks New game
        for key in ("new", "newer"):
            end_game(saves, stats, "war", key)
        removing = [w for w in saves.warnings if "could not be removed" in w]
        assert len(removing) == 1 and "Resume offers the game it holds" in removing[0], "said once"
        assert (folder / "save-war.json").read_text() == old
        make_writable(folder)
        assert saves.exists("war"), "offered again, as said"
        end_game(saves, stats, "war", "last")  # New game once more: it replaces the old one
        assert not saves.exists("war")


def test_a_file_held_by_another_program_never_stalls_a_frame(tmp_path, monkeypatch):
    from harness.driver import Driver

    monkeypatch.setenv("CARD_ARCADE_HOME", str(tmp_path))
    path = three_games(tmp_path)
    waits = []  # every wait for the file a frame may ask: SQLite's for its lock, ours for the lock file
    connect, held = sqlite3.connect, storage.stats.held

    def connecting(target, *args, **kwargs):
        if target != ":memory:":  # the stand-in waits for nobody
            waits.append(kwargs.get("timeout", 5.0))  # SQLite's own default: 5 s
        return connect(target, *args, **kwargs)

    def holding(lock, wait):
        waits.append(wait)
        return held(lock, wait)

    with other_process_locking(path):
        driver = Driver()
        with monkeypatch.context() as spying:
            spying.setattr(sqlite3, "connect", connecting)
            spying.setattr(storage.stats, "held", holding)
            for frame in range(30):
                driver.frames()
                if frame == 5:
                    driver.app.stats.record_game("war", SEATS, key="held")  # a game ends
    assert waits and max(waits) <= storage.stats.BUSY_WAIT, waits  # the wait on the file was 2 s a try
    assert driver.app.stats.waiting, "the row waits for the file"
    driver.frames()
    assert rows(path) == (4, 8), "written by the next try once the file is free"
    driver.close()


def test_a_file_busy_at_the_start_keeps_its_rows(tmp_path):
    path = three_games(tmp_path)
    with other_process_locking(path):
        stats = StatsStore(tmp_path)
        assert not stats.on_file and stats.count() == 0
        stats.record_game("war", SEATS, key="during")
    assert aside(tmp_path) == [] and rows(path) == (3, 6)
    stats.record_game("war", SEATS, key="after")
    assert stats.on_file and rows(path) == (5, 10), "both waiting rows arrive, once each"
    assert stats.count("war") == 5


@pytest.mark.parametrize("schema, why", [
    ("CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT, finished_at REAL, game_key TEXT UNIQUE);"
     "CREATE TABLE seats (game_id INTEGER, seat INTEGER, name TEXT, kind TEXT, score REAL, won INTEGER)",
     "no games.details"),
    ("CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, finished_at REAL NOT NULL,"
     " details TEXT NOT NULL DEFAULT '{}', game_key TEXT UNIQUE);"
     "CREATE TABLE seats (game_id INTEGER, seat INTEGER, name TEXT, kind TEXT, score REAL)", "no seats.won"),
    (storage.stats.SCHEMA.replace("game TEXT NOT NULL,", "game TEXT NOT NULL CHECK (game = 'skyjo'),"),
     "a CHECK constraint"),
    (storage.stats.SCHEMA + "CREATE TRIGGER twice AFTER INSERT ON games BEGIN "
     "INSERT INTO games (game, finished_at, details) VALUES (new.game, 0, '{}'); END;", "a trigger"),
    (storage.stats.SCHEMA + "CREATE VIEW everything AS SELECT * FROM games;", "a view"),
    (storage.stats.SCHEMA + "CREATE TABLE extra (x);", "a table of someone else"),
])
def test_a_file_of_another_schema_is_moved_aside_and_nothing_in_it_runs(tmp_path, schema, why):
    db = sqlite3.connect(tmp_path / STATS_FILE)
    db.executescript(schema)
    db.close()
    stats = StatsStore(tmp_path)
    assert len(aside(tmp_path)) == 1, why
    assert any("not the statistics schema" in w for w in stats.warnings)
    for i in range(3):
        assert stats.record_game("war", SEATS, key=f"k{i}") is not None
    assert rows(tmp_path / STATS_FILE) == (3, 6), "every game once: no trigger ran, no row was dropped"
    assert stats.player_summary("war")[0]["games"] == 3


def test_a_file_that_fails_its_integrity_check_is_moved_aside(tmp_path):
    path = three_games(tmp_path)
    data = bytearray(path.read_bytes())
    page = 4096  # page 2 is the games table's root: its header broken
    data[page: page + 8] = b"\xff" * 8
    path.write_bytes(bytes(data))
    stats = StatsStore(tmp_path)
    assert len(aside(tmp_path)) == 1 and stats.on_file and stats.count() == 0


def test_the_fixture_of_earlier_versions_and_a_file_from_before_game_keys_pass_the_check(tmp_path):
    (tmp_path / STATS_FILE).write_bytes((storage.stats.Path(__file__).parents[1] / "fixtures" / STATS_FILE)
                                        .read_bytes())
    stats = StatsStore(tmp_path)
    assert stats.warnings == [] and stats.on_file and stats.count() > 0
    older = tmp_path / "older"
    older.mkdir()
    db = sqlite3.connect(older / STATS_FILE)
    db.executescript(storage.stats.KEYLESS_GAMES + storage.stats.SCHEMA.split(";", 1)[1])
    db.close()
    stats = StatsStore(older)
    assert stats.warnings == [] and stats.record_game("war", SEATS, key="k") is not None


def test_a_read_only_file_never_crashes_a_game_end_and_its_rows_wait(tmp_path):
    seed = tmp_path / "seed"
    seed.mkdir()
    data = three_games(seed).read_bytes()
    with read_only_folder(tmp_path, {STATS_FILE: data}) as folder:
        stats = StatsStore(folder)
        assert stats.on_file and stats.count() == 3, "the old rows still show"
        assert stats.record_game("sota", SEATS, key="ro") is None and stats.waiting
        stats.flush(force=True)
        assert [row.key for row in stats.waiting] == ["ro"], "another try: it still waits"
        assert aside(folder) == [] and any("cannot be written now" in w for w in stats.warnings)


def test_a_dangling_link_as_the_database_makes_no_file_outside_the_folder(tmp_path):
    folder, outside = tmp_path / "data", tmp_path / "outside.sqlite3"
    folder.mkdir()
    (folder / STATS_FILE).symlink_to(outside)
    stats = StatsStore(folder)
    assert stats.record_game("war", SEATS, key="k") is not None
    assert not outside.exists(), "nothing was made where the link pointed"
    assert (folder / STATS_FILE).is_file() and not (folder / STATS_FILE).is_symlink()
    assert len(aside(folder)) == 1 and os.path.islink(folder / aside(folder)[0])


def test_a_full_disk_keeps_the_rows_and_the_save_and_makes_no_damaged_files(tmp_path, monkeypatch):
    seed = tmp_path / "seed"
    seed.mkdir()
    three_games(seed)
    SaveStore(seed).save("skyjo", {"move": 1}, [{"name": "Ann"}], {"key": "full"})
    with full_folder(tmp_path, monkeypatch, seed) as folder:
        before = (folder / "save-skyjo.json").read_bytes()
        for _ in range(2):  # every start on a full disk, not just the first
            saves, stats = stores(folder)
            assert saves.load("skyjo")["rules"] == {"move": 1}
            assert [saves.save("skyjo", {"move": m}, [{"name": "Ann"}], {"key": "full"}) for m in (2, 3)] == [
                False, False]
            assert len(saves.warnings) == 1 and "No space left on device" in saves.warnings[0], "said once"
            stats.record_game("skyjo", SEATS, key="full")
            assert (folder / "save-skyjo.json").read_bytes() == before and aside(folder) == []
            assert stats.waiting, "the row has to wait"
            stats.db.close()
        (folder / "filler").unlink()
        saves, stats = stores(folder)
        assert saves.save("skyjo", {"move": 4}, [{"name": "Ann"}], {"key": "full"})
        stats.record_game("skyjo", SEATS, key="full")
        assert stats.count() == 4 and stats.count("skyjo") == 1 and aside(folder) == []


def test_a_first_start_on_a_full_disk_leaves_no_damaged_file_on_each_try(tmp_path, monkeypatch):
    with full_folder(tmp_path, monkeypatch) as folder:
        for _ in range(3):
            stats = StatsStore(folder, Reporter())
            stats.close()
        assert aside(folder) == []
        (folder / "filler").unlink()
        stats = StatsStore(folder)
        assert stats.on_file and stats.record_game("war", SEATS, key="k") is not None


def test_a_read_only_folder_without_a_file_says_so_plainly(tmp_path):
    with read_only_folder(tmp_path) as folder:
        saves, stats = stores(folder)
        assert not stats.on_file
        assert len(saves.warnings) == 1 and "Progress cannot be saved" in saves.warnings[0]
        assert "No such file" not in saves.warnings[0]
        assert stats.record_game("war", SEATS, key="k") is None and stats.count("war") == 1, \
            "the session's own games still show"


class HeldPendingLock:
    """Another copy holds the pending file's lock until this clock, which the pending file's waits
    advance, reaches `until` seconds: a copy's wait is measured without reading the wall clock."""

    HOLD = ("import fcntl, sys; f = open(sys.argv[1], 'a'); fcntl.flock(f, fcntl.LOCK_EX);"
            "print('held', flush=True); sys.stdin.readline()")

    def __init__(self, folder, until: float) -> None:
        self.now, self.until = 0.0, until
        self.proc = subprocess.Popen([sys.executable, "-c", self.HOLD, str(folder / "pending-results.lock")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline() == "held\n"

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        if self.now >= self.until and self.proc.poll() is None:
            self.let_go()

    def let_go(self) -> None:
        self.proc.communicate("go\n", timeout=30)


@pytest.mark.skipif(sys.platform == "win32", reason="the other copy holds its lock with fcntl")
def test_a_copy_quitting_waits_longer_for_another_copys_update_of_the_pending_file(tmp_path, monkeypatch):
    """Eight copies quitting together on a held statistics file, on a loaded machine: one waited
    LOCK_WAIT for another's update of the pending file, gave up with no later try, and its result was lost."""
    path = three_games(tmp_path)
    with other_process_locking(path):
        stats = StatsStore(tmp_path)
        held = HeldPendingLock(tmp_path, until=LOCK_WAIT * 5)
        monkeypatch.setattr(storage.pending, "time", held)
        try:
            assert stats.record_game("war", SEATS, key="last") is None
            assert not (tmp_path / PENDING_FILE).exists(), "while playing, a held lock is tried again later"
            stats.close()
        finally:
            if held.proc.poll() is None:
                held.let_go()
        assert LOCK_WAIT < held.now <= QUIT_WAIT, "the quitting copy waited past LOCK_WAIT, within QUIT_WAIT"
        assert pending_keys(tmp_path) == ["last"]
