"""Statistics rows that fit the schema but hold odd values are left out and counted, never a crash."""
import pytest

from scenes.error import ErrorScene
from scenes.stats import StatsScene
from scenes.stats_details import StatsDetailsScene, skipped_sentence
from scenes.war.stats import WarStatsScene

GOOD = [{"name": "Ann", "kind": "human", "score": 3, "won": True},
        {"name": "Bot", "kind": "computer", "level": "hard", "score": 7, "won": False}]
WAR = {"outcome": "win", "reason": "cards", "battles": 40, "battles_won": 25, "wars": 3, "wars_won": 2,
       "double_wars": 1, "triple_wars": 0, "quadruple_wars": 0, "deeper_wars": 0, "longest_war": 2,
       "war_depths": {"1": 2, "2": 1}, "play_time_s": 80.0}


def seats_with(**changes):
    return [{**GOOD[0], **changes}, GOOD[1]]


BAD_SEATS = [seats_with(name="A\u0000n"), seats_with(name="\u034f"), seats_with(name="\ufeffAnn"),
             seats_with(score=1e308), seats_with(score=1e999), seats_with(score=-1e999),
             [GOOD[0], {**GOOD[1], "level": "ha\u0000rd"}]]
BAD_WAR = [{"outcome": []}, {"battles": "x"}, {"battles": -1_000_000}, {"war_depths": [1]}, {"reason": []},
           {"play_time_s": 1e999}, {"longest_war": "2"}]


def open_page(driver, scene):
    driver.app.push(scene, transition=False)
    driver.frames(3)
    assert not any(isinstance(s, ErrorScene) for s in driver.app.scenes)


def test_the_sentence_counts_the_rows_left_out():
    assert skipped_sentence(0) == ""
    assert "1 recorded game" in skipped_sentence(1) and "3 recorded games" in skipped_sentence(3)


@pytest.mark.parametrize("seats", BAD_SEATS)
def test_odd_seat_rows_are_left_out_of_every_page(driver, seats):
    stats = driver.app.stats
    stats.record_game("skyjo", GOOD, key="good")
    stats.record_game("skyjo", seats, key="bad")
    assert len(stats.results("skyjo")) == 1 and stats.skipped["skyjo"] == 1
    assert {row["name"] for row in stats.player_summary("skyjo")} == {"Ann", "Bot"}
    page = StatsScene(driver.app)
    page.current = page.names.index("skyjo")
    open_page(driver, page)
    open_page(driver, StatsDetailsScene(driver.app, "skyjo"))


@pytest.mark.parametrize("change", BAD_WAR)
def test_odd_war_details_are_left_out_of_wars_page(driver, change):
    stats = driver.app.stats
    stats.record_game("war", GOOD, WAR, key="good")
    stats.record_game("war", GOOD, {**WAR, **change}, key="bad")
    page = WarStatsScene(driver.app)
    assert page.total == 1 and stats.skipped["war"] == 1
    open_page(driver, page)


@pytest.mark.parametrize("stored", ["CAST(x'42eda08074' AS TEXT)", "CAST(x'416e6ec3' AS TEXT)", "x'00ff'"])
def test_a_name_stored_as_bytes_that_are_no_text_is_left_out_not_every_row(driver, stored):
    """A seat's name written by another program as invalid UTF-8 (or a blob): that game is left out
    and counted; the page shows the others and says nothing untrue about writing."""
    stats = driver.app.stats
    stats.record_game("skyjo", GOOD, key="good")
    stats.record_game("skyjo", GOOD, key="bad")
    stats.db.execute(f"UPDATE seats SET name = {stored} WHERE seat = 0 AND game_id = "
                     "(SELECT id FROM games WHERE game_key = 'bad')")
    stats.db.commit()
    assert {row["name"] for row in stats.player_summary("skyjo")} == {"Ann", "Bot"}
    assert len(stats.results("skyjo")) == 1 and stats.skipped["skyjo"] == 1
    assert not driver.app.stats.report.failing
    open_page(driver, StatsDetailsScene(driver.app, "skyjo"))
