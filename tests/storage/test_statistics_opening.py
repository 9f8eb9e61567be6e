"""Opening the statistics file: copies starting together on a file that must be set aside, and
harmless objects of SQLite or of a newer version that are no reason to set it aside."""
import sqlite3
import sys

import pytest

from storage.stats import STATS_FILE, StatsStore
from tests.storage.places import RECORDING, ROOT, start_together

COPIES, ROUNDS = 8, 5


def aside(folder):
    return sorted(p.name for p in folder.iterdir() if ".damaged-" in p.name)


def games_in(path):
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        db.close()


@pytest.mark.slow
@pytest.mark.parametrize("round_", range(ROUNDS))
def test_copies_starting_together_set_the_damaged_file_aside_once_and_keep_every_row(tmp_path, round_):
    (tmp_path / STATS_FILE).write_bytes(b"this is not a database" * 100)
    copies = start_together([[sys.executable, "-c", RECORDING, str(ROOT), str(tmp_path), f"k{i}"]
                             for i in range(COPIES)])
    waiting = [int(copy.communicate(timeout=60)[0].strip()) for copy in copies]
    assert len(aside(tmp_path)) == 1, "only the damaged file was set aside, never a new one"
    # a copy that met the file busy keeps its row in the pending file: the next start writes it, or a
    # copy that opened the file later (it takes the pending file's rows too)
    assert COPIES - sum(waiting) <= games_in(tmp_path / STATS_FILE) <= COPIES
    StatsStore(tmp_path).close()
    assert games_in(tmp_path / STATS_FILE) == COPIES, "no row lost, none landed in a file set aside"


SEATS = [{"name": "Ann", "kind": "human", "score": 3, "won": True}, {"name": "Bot", "kind": "computer", "score": 1}]


def two_games(folder, *statements):
    """A statistics file of two games, then `statements` run on it as another program would."""
    stats = StatsStore(folder)
    for key in ("a", "b"):
        stats.record_game("war", SEATS, key=key)
    stats.close()
    db = sqlite3.connect(folder / STATS_FILE)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()
    return folder / STATS_FILE


def test_a_file_analysed_in_a_database_browser_is_kept_and_written(tmp_path):
    path = two_games(tmp_path, "ANALYZE")
    stats = StatsStore(tmp_path)
    assert stats.warnings == [] and aside(tmp_path) == []
    assert stats.record_game("war", SEATS, key="c") is not None and games_in(path) == 3


@pytest.mark.parametrize("added", [
    ["ALTER TABLE games ADD COLUMN rating REAL DEFAULT 0", "ALTER TABLE seats ADD COLUMN team TEXT"],
    ["CREATE INDEX seats_by_name ON seats(name)"],
])
def test_a_file_a_newer_version_added_to_is_only_read_and_said_so_once(tmp_path, added):
    path = two_games(tmp_path, *added)
    before = path.read_bytes()
    stats = StatsStore(tmp_path)
    assert aside(tmp_path) == [] and stats.on_file
    assert len(stats.warnings) == 1 and "newer version" in stats.warnings[0] and "only reads" in stats.warnings[0]
    assert stats.count("war") == 2 and stats.player_summary("war")[0]["games"] == 2
    assert stats.record_game("war", SEATS, key="c") is None and "c" in {row.key for row in stats.waiting}
    stats.close()
    assert path.read_bytes() == before and len(stats.warnings) == 1, "nothing written, nothing more said"
