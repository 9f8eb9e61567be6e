"""Reading the statistics back per game with each computer's level, and resetting them."""
import shutil
import sqlite3
from pathlib import Path

import pytest

from storage.stats import STATS_FILE, StatsStore
from tests.storage.places import other_process_locking

FIXTURES = Path(__file__).parent.parent / "fixtures"
SEATS = [{"name": "Ann", "kind": "human", "score": 3, "won": True},
         {"name": "Bot", "kind": "computer", "level": "hard", "score": 7, "won": False}]


pytestmark = pytest.mark.usefixtures("short_waits")


def test_a_computers_level_is_kept_and_read_back_per_seat(tmp_path):
    stats = StatsStore(tmp_path)
    stats.record_game("skyjo", SEATS, {"rounds": 5}, key="a")
    stats.record_game("skyjo", [{**SEATS[0], "won": False}, {**SEATS[1], "level": "easy", "won": True}], key="b")
    stats.record_game("kings_corner", [SEATS[0], {"name": "Bot", "kind": "computer", "score": 9}],
                      {"levels": ["human", "normal"]}, key="c")  # the game wrote its levels itself
    first, second = stats.results("skyjo")
    assert first["details"] == {"rounds": 5, "levels": ["human", "hard"]}
    assert [s["level"] for s in first["seats"]] == [None, "hard"] and second["seats"][1]["level"] == "easy"
    assert stats.results("kings_corner")[0]["seats"][1]["level"] == "normal"
    summary = {(row["name"], row["level"]): row for row in stats.player_summary("skyjo")}
    assert summary[("Bot", "hard")]["games"] == 1 and summary[("Bot", "easy")]["wins"] == 1
    assert summary[("Ann", None)] == {"name": "Ann", "kind": "human", "level": None, "games": 2, "wins": 1,
                                      "draws": 0, "best": 3, "lowest": 3}
    assert [r["id"] for r in stats.results("skyjo", limit=1)] == [second["id"]], "the newest, oldest first"


def test_a_tie_is_a_draw_for_both_never_a_win(tmp_path):
    stats = StatsStore(tmp_path)
    tie = [{"name": "Ann", "kind": "human", "score": 42, "won": True},
           {"name": "Bot", "kind": "computer", "level": "normal", "score": 42, "won": True}]
    for key in ("t1", "t2"):  # two 42-42 Kings Corner games, as the rules report them: both "winners"
        stats.record_game("kings_corner", tie, key=key)
    stats.record_game("kings_corner", [{**tie[0], "score": 10}, {**tie[1], "won": False}], key="w")
    summary = {row["name"]: row for row in stats.player_summary("kings_corner")}
    assert (summary["Ann"]["wins"], summary["Ann"]["draws"]) == (1, 2)
    assert (summary["Bot"]["wins"], summary["Bot"]["draws"]) == (0, 2)
    assert [s["outcome"] for r in stats.results("kings_corner") for s in r["seats"]] == \
        ["draw", "draw", "draw", "draw", "win", "loss"]
    four = [{"name": n, "kind": "human", "score": 1, "won": n in "AB"} for n in "ABCD"]
    stats.record_game("sota", four, key="s")  # two of four share the fewest cards
    assert [s["outcome"] for s in stats.results("sota")[0]["seats"]] == ["draw", "draw", "loss", "loss"]


def test_an_old_file_reads_back_with_unknown_levels(tmp_path):
    shutil.copy(FIXTURES / "statistics.sqlite3", tmp_path / STATS_FILE)
    stats = StatsStore(tmp_path)
    assert stats.warnings == []
    sota = stats.results("sota")
    assert sota and all(seat["level"] is None for record in sota for seat in record["seats"])
    assert {s["level"] for s in stats.results("kings_corner")[0]["seats"]} == {"hard"}


def test_reset_removes_one_game_or_all_from_the_file(tmp_path):
    stats = StatsStore(tmp_path)
    for i in range(3):
        stats.record_game("sota", SEATS, key=f"s{i}")
        stats.record_game("war", SEATS, key=f"w{i}")
    assert stats.reset("sota")
    assert stats.count("sota") == 0 and stats.count("war") == 3
    db = sqlite3.connect(tmp_path / STATS_FILE)
    assert db.execute("SELECT count(*) FROM seats").fetchone()[0] == 6, "the seats of the reset games went too"
    db.close()
    assert stats.reset() and stats.count() == 0
    stats.close()
    assert StatsStore(tmp_path).count() == 0


def test_a_reset_the_busy_file_refuses_keeps_the_rows(tmp_path):
    stats = StatsStore(tmp_path)
    stats.record_game("sota", SEATS, key="a")
    with other_process_locking(tmp_path / STATS_FILE):
        assert stats.record_game("sota", SEATS, key="b") is None  # waits in memory
        assert not stats.reset("sota")
        assert stats.waiting, "the waiting row is not dropped by a reset that failed"
    assert stats.reset("sota") and stats.waiting == [] and stats.count("sota") == 0
    stats.flush(force=True)
    assert stats.count("sota") == 0, "a waiting row of a reset game does not come back"
