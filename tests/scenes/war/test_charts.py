"""War's statistics charts and page: tick values, units, legends, one game said right, streaks, reset,
and a list of many games read a page at a time."""
import pygame

from scenes.dialog import Dialog
from scenes.stats import StatsScene
from scenes.war.charts import depth_chart, length_chart, rate_chart
from scenes.war.stats import VISIBLE_ROWS, WarStatsScene
from tests.scenes.test_stats_details import Counting, Drawn, seed

WAR_DETAILS = {"seat": 0, "options": {"variant": "x4"}, "outcome": "win", "reason": "cards", "battles": 120,
               "battles_won": 70, "wars": 6, "wars_won": 4, "double_wars": 1, "triple_wars": 0, "quadruple_wars": 0,
               "deeper_wars": 0, "longest_war": 2, "war_depths": {"1": 5, "2": 1}, "play_time_s": 216.0}


def war_details(game: int, won: bool) -> dict:
    """What War's table records of a game (scenes/war/records.py reads it)."""
    return {**WAR_DETAILS, "outcome": "win" if won else "loss", "seed": game}


def test_the_war_page_from_the_statistics_counts_the_games_and_wins(driver, monkeypatch):
    seed(driver.app.stats, "war", 5, war_details)
    scene = StatsScene(driver.app)
    driver.app.push(scene, transition=False)
    scene.current = scene.names.index("war")
    scene.open_details()
    drawn = Drawn(driver.app.canvas, monkeypatch)
    driver.frames(30)
    assert isinstance(driver.top, WarStatsScene)
    assert "Games: 5" in drawn.lines and "Won: 3 (60.0%)" in drawn.lines


def test_the_win_rate_chart_says_one_game_and_keeps_off_its_labels(driver, monkeypatch):
    drawn = Drawn(driver.app.canvas, monkeypatch)
    plotted = rate_chart(driver.app.canvas, (706, 330, 266, 296), [(1.0, 1.0)])
    assert "1 game played, oldest first" in drawn.lines and not any("1 games" in t for t in drawn.lines)
    drawn.clear()
    curve = [(float(i), 0.5 + (-1) ** i * 0.02) for i in range(1, 41)]  # hugging the 50% line
    plotted = rate_chart(driver.app.canvas, (706, 330, 266, 296), curve)
    assert {"0%", "50%", "100%", "win rate, now 52%"} <= set(drawn.lines)
    halves = [rect.inflate(4, 4) for text, rect in drawn.texts if text == "50%"]  # the tick and the legend
    assert len(halves) == 2
    assert not any(rect.collidepoint(point) for rect in halves for point in plotted), "no line through 50%"
    tick = min(halves, key=lambda rect: rect.x)
    assert all(x > tick.right for x, _ in plotted), "the axis value sits left of the whole line"


def test_the_bar_charts_have_tick_values_units_and_a_legend(driver, monkeypatch):
    drawn = Drawn(driver.app.canvas, monkeypatch)
    bars = depth_chart(driver.app.canvas, (428, 330, 266, 296), {"1": 640, "2": 100, "3": 12})
    assert {"0", "10", "100", "1k", "wars (log scale)", "wars", "640"} <= set(drawn.lines)
    assert bars[0].h > bars[1].h > bars[2].h > 0
    drawn.clear()
    length_chart(driver.app.canvas, (984, 330, 266, 296), {"0": 2, "150": 1}, 50)
    assert {"0", "1", "2", "games", "battles per game, bars of 50", "150"} <= set(drawn.lines)


def test_the_war_page_shows_streaks_and_resets_after_asking(driver, monkeypatch):
    seed(driver.app.stats, "war", 7, war_details)  # won, won, won, lost, lost, won, won
    page = WarStatsScene(driver.app)
    driver.app.push(page, transition=False)
    drawn = Drawn(driver.app.canvas, monkeypatch)
    driver.frames()
    assert "Streak now: 2 wins" in drawn.lines and "Best streak: 3 wins, worst 2 losses" in drawn.lines
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, Dialog) and driver.top.title.startswith("Game 7"), "Enter opens the chosen game"
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, Dialog) and driver.top.title == "Reset statistics?"
    driver.key(pygame.K_RETURN)  # Cancel
    assert driver.top is page and driver.app.stats.count("war") == 7
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)  # Reset this game
    assert driver.top is page and driver.app.stats.count("war") == 0 and page.total == 0
    assert driver.app.stats.count("sota") == 0


def test_the_war_page_reads_only_the_games_it_lists_and_numbers_them_as_before(driver, monkeypatch):
    seed(driver.app.stats, "war", 150, war_details)  # game n is won if (n - 1) % 5 < 3
    page = WarStatsScene(driver.app)  # the totals summed (every game read once)
    driver.app.push(page, transition=False)
    driver.frames()
    driver.app.stats.db = counting = Counting(driver.app.stats.db)
    drawn = Drawn(driver.app.canvas, monkeypatch)
    for _ in range(6):
        driver.key(pygame.K_PAGEDOWN)
    assert (page.selected, page.scroll) == (84, 71)
    drawn.clear()
    driver.frames()
    assert {"#79", "#66"} <= set(drawn.lines) and "#80" not in drawn.lines and "#65" not in drawn.lines
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, Dialog) and driver.top.title == "Game 66: Won"
    driver.key(pygame.K_ESCAPE)
    driver.post(pygame.MOUSEWHEEL, x=0, y=-1000, flipped=False, precise_x=0.0, precise_y=-1000.0)
    drawn.clear()
    driver.frames()
    assert page.scroll == 150 - VISIBLE_ROWS
    assert {"#14", "#1", f"{150 - VISIBLE_ROWS + 1}-150 of 150"} <= set(drawn.lines)
    assert counting.rows < 100, f"{counting.rows} rows read to list 7 pages of 150 games"
