"""Settings, saves and statistics on real files: atomic, validated, damaged files moved aside."""
import json
import sqlite3

import pytest

from storage.files import atomic_write_json, data_dir
from storage.saves import SaveStore
from storage.settings import Settings, load_settings, save_settings
from storage.stats import STATS_FILE, StatsStore


def test_data_dir_follows_the_environment(card_arcade_home):
    assert data_dir() == card_arcade_home


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    folder = tmp_path / "atomic"
    folder.mkdir()
    path = folder / "x.json"
    atomic_write_json(path, {"a": 1})
    atomic_write_json(path, {"a": 2})
    assert json.loads(path.read_text()) == {"a": 2}
    assert [p.name for p in folder.iterdir()] == ["x.json"]


def test_settings_round_trip(tmp_path):
    settings = Settings(volume=0.3, muted=True, animation_speed="fast", four_colour=True)
    save_settings(tmp_path, settings)
    loaded, warning = load_settings(tmp_path)
    assert warning is None and loaded == settings


@pytest.mark.parametrize("content", [b"", b"{", b"\x89PNG\x00\x01", b'{"version": 2}', b'[1, 2]',
                                     b'{"version": 1, "volume": "loud"}', b'{"version": 1, "animation_speed": "warp"}'])
def test_damaged_settings_give_defaults_and_are_moved_aside(tmp_path, content):
    (tmp_path / "settings.json").write_bytes(content)
    loaded, warning = load_settings(tmp_path)
    assert loaded == Settings()
    assert warning and "moved to" in warning
    assert not (tmp_path / "settings.json").exists()
    assert len(list(tmp_path.glob("settings.json.damaged-*"))) == 1


def test_save_store_round_trip_and_delete(tmp_path):
    saves = SaveStore(tmp_path)
    saves.save("war", {"game": "war"}, [{"name": "You"}], {"seed": 3})
    assert saves.exists("war")
    assert saves.load("war")["extra"] == {"seed": 3}
    saves.delete("war")
    assert saves.load("war") is None


@pytest.mark.parametrize("content", [b"", b"\x00garbage", b'{"version": 9, "game": "war"}',
                                     b'{"version": 1, "game": "sota", "rules": {}, "seats": []}',
                                     b'{"version": 1, "game": "war", "rules": [], "seats": []}'])
def test_damaged_saves_are_reported_and_moved_aside(tmp_path, content):
    saves = SaveStore(tmp_path)
    saves.path("war").write_bytes(content)
    assert saves.load("war") is None
    assert saves.warnings and "moved to" in saves.warnings[0]
    assert not saves.exists("war")


def test_unknown_game_names_are_refused(tmp_path):
    with pytest.raises(ValueError):
        SaveStore(tmp_path).path("../etc/passwd")


def test_statistics_record_and_summarise(tmp_path):
    stats = StatsStore(tmp_path)
    stats.record_game("memory_match", [{"name": "Ann", "kind": "human", "score": 5, "won": True},
                                       {"name": "Bot", "kind": "computer", "score": 2, "won": False}], {"seed": 1})
    stats.record_game("memory_match", [{"name": "Ann", "kind": "human", "score": 3, "won": False},
                                       {"name": "Bot", "kind": "computer", "score": 4, "won": True}])
    stats.close()
    again = StatsStore(tmp_path)
    summary = {row["name"]: row for row in again.player_summary("memory_match")}
    assert summary["Ann"]["games"] == 2 and summary["Ann"]["wins"] == 1 and summary["Ann"]["best"] == 5
    assert again.count("memory_match") == 2 and again.count("war") == 0
    assert again.games("memory_match")[-1]["details"] == {"seed": 1}


def test_a_damaged_statistics_file_is_moved_aside(tmp_path):
    (tmp_path / STATS_FILE).write_bytes(b"this is not a database" * 100)
    stats = StatsStore(tmp_path)
    assert stats.warnings and "moved to" in stats.warnings[0]
    assert stats.count() == 0
    assert list(tmp_path.glob(STATS_FILE + ".damaged-*"))


def test_a_statistics_row_is_all_or_nothing(tmp_path):
    stats = StatsStore(tmp_path)
    with pytest.raises((KeyError, sqlite3.Error)):
        stats.record_game("war", [{"name": "A", "won": True}, {"won": False}])
    assert stats.count() == 0
    assert stats.db.execute("SELECT count(*) FROM seats").fetchone()[0] == 0


def test_the_same_game_key_is_counted_once(tmp_path):
    stats = StatsStore(tmp_path)
    seats = [{"name": "A", "score": 1, "won": True}, {"name": "B", "score": 0, "won": False}]
    assert stats.record_game("war", seats, key="abc") is not None
    assert stats.record_game("war", seats, key="abc") is None
    assert stats.record_game("war", seats) is not None
    assert stats.count("war") == 2
    assert stats.db.execute("SELECT count(*) FROM seats").fetchone()[0] == 4


def test_an_older_statistics_file_gains_game_keys(tmp_path):
    old = sqlite3.connect(tmp_path / STATS_FILE)
    old.executescript("CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, finished_at REAL NOT NULL,"
                      " details TEXT NOT NULL DEFAULT '{}');")
    old.close()
    stats = StatsStore(tmp_path)
    assert stats.record_game("war", [{"name": "A", "won": True}], key="k") is not None
    assert stats.record_game("war", [{"name": "A", "won": True}], key="k") is None
