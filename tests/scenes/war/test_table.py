"""The War table, statistics and batch scenes driven headless through the real loop."""
import json
import sqlite3

import pygame
import pytest

from game.seats import Seat
from game.war import Battle, load_game
from game.war.sim import simulate
from game.war.text import format_play_time
from harness.driver import DT
from scenes.dialog import Dialog
from scenes.history import HistoryScene
from scenes.plugins import resume_scene
from scenes.result import ResultScene
from scenes.view_table import TableViewer
from scenes.war.batch import WarBatchScene
from scenes.war.records import war_records
from scenes.war.setup import WarSetupScene
from scenes.war.stats import WarStatsScene
from scenes.war.table import WarParts, start_table
from sprites.drawn import FRAME, TEXT
from storage.stats import STATS_FILE, StatsStore

SEATS = [Seat("You"), Seat("Computer", "computer")]
SHORT_SEED = 3  # 18 battles, 4 wars (one double), won by seat 0


def table_for(d, seed=SHORT_SEED, **options):
    table = start_table(d.app, SEATS, options, seed)
    d.app.push(table, transition=False)
    d.frames(2)
    return table


def control_centre(table, action, value=0):
    for control in table.game.input.controls:
        if control.action == action and control.value == value:
            x, y, w, h = control.rect
            return (x + w / 2, y + h / 2)
    raise AssertionError(action)


class TextLog:
    """Every string the canvas draws from now on."""

    def __init__(self, canvas, monkeypatch):
        self.lines = []
        original = canvas.text

        def text(value, *args, **kwargs):
            self.lines.append(value)
            return original(value, *args, **kwargs)

        monkeypatch.setattr(canvas, "text", text)


def test_watching_a_game_at_8x_to_its_end_records_it(driver, card_arcade_home):
    table = table_for(driver)
    driver.key(pygame.K_4)
    driver.key(pygame.K_SPACE)
    assert table.game.running and table.game.speed == 8
    driver.frames()
    assert table.animator.speed == driver.app.settings.animation_scale / 8, "the table plays at War's pace"
    seen_in_play, banners = 0, set()
    for _ in range(60 * 90):
        if isinstance(driver.top, ResultScene):
            break
        driver.frames()
        seen_in_play = max(seen_in_play, len(table.game.show.in_play))
        if not table.game.show.banner.hidden:
            banners.add(table.game.show.banner.text)
    assert isinstance(driver.top, ResultScene), "the game did not reach its end at 8x"
    assert table.rules.is_over and table.rules.battles == 18
    assert seen_in_play >= 10 and banners == {"WAR!", "DOUBLE WAR!"}
    assert table.game.show.shown_counts == [52, 0]
    assert any("you saved" in line for line in driver.top.lines)
    assert [w.label for w in driver.top.group.widgets] == ["Play again", "Statistics", "Menu", "View table"]
    path = card_arcade_home / STATS_FILE
    assert path.exists()
    fresh = StatsStore(card_arcade_home)  # a new connection reads what was committed
    (record,) = war_records(fresh)
    fresh.close()
    stats = table.rules.stats(0)
    assert {k: record["details"][k] for k in stats} == stats
    assert record["details"]["outcome"] == "win" and record["players"] == "You v Computer"
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT name, won FROM seats ORDER BY seat").fetchall()
    assert rows == [("You", 1), ("Computer", 0)]
    assert not driver.app.saves.exists("war")
    driver.key(pygame.K_RETURN)  # Play again: a new deal with the same seats
    again = driver.top
    assert isinstance(again.game, WarParts) and again is not table and again.rules.battles == 0
    assert again.match.seed != table.match.seed and [s.name for s in again.seats] == ["You", "Computer"]


def test_right_arrow_and_clicks_step_one_battle_each(driver):
    table = table_for(driver)
    driver.key(pygame.K_RIGHT)
    assert table.rules.battles == 1 and not table.game.running and table.animator.busy
    driver.key(pygame.K_RIGHT)  # finishes the first battle's animation, then fights one more
    assert table.rules.battles == 2
    driver.click((700, 360))
    assert table.rules.battles == 3
    driver.until(lambda: not table.animator.busy, 10)
    assert table.game.show.shown_counts == [len(s) for s in table.rules.stacks]
    assert table.game.show.tally["battles"] == 3
    assert driver.app.saves.exists("war")


def test_space_starts_and_pauses(driver):
    table = table_for(driver)
    driver.key(pygame.K_SPACE)
    assert table.game.running
    driver.run(4)
    played = table.rules.battles
    assert played >= 2
    driver.key(pygame.K_SPACE)
    assert not table.game.running
    driver.run(3)
    assert table.rules.battles == played


def test_speed_buttons_and_keys(driver):
    table = table_for(driver)
    driver.click(control_centre(table, "speed", 2))
    assert table.game.speed == 2 and not table.game.running and table.rules.battles == 0
    driver.key(pygame.K_3)
    assert table.game.speed == 4
    driver.key(pygame.K_DOWN)
    assert table.game.speed == 2
    driver.click(control_centre(table, "toggle"))
    assert table.game.running
    driver.key(pygame.K_UP)
    assert table.game.speed == 4 and table.game.running
    for _ in range(2):
        driver.key(pygame.K_TAB)
    assert table.game.input.controls[table.game.input.focus].action == "speed"
    driver.key(pygame.K_RETURN)
    assert table.game.speed == 1
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert table.game.input.controls[table.game.input.focus].action == "toggle"
    driver.key(pygame.K_KP_ENTER)
    assert not table.game.running


def test_to_the_end_plays_out_at_once_and_records_once(driver):
    table = table_for(driver, seed=11)
    driver.click(control_centre(table, "end"))
    driver.until(lambda: isinstance(driver.top, ResultScene), 20)
    assert table.rules.is_over and table.game.show.shown_counts in ([52, 0], [0, 52])
    driver.key(pygame.K_ESCAPE)
    driver.frames(5)
    assert len(war_records(driver.app.stats)) == 1


def drawn_notes(driver):
    """What the next frame draws, as the collision check reads it (sprites/drawn.py)."""
    canvas = driver.app.canvas
    canvas.inspect()
    try:
        driver.app.draw()
        return list(canvas.drawn)
    finally:
        canvas.inspect(False)


def test_the_finished_table_and_its_viewer_offer_no_battle_and_open_the_history(driver):
    table = table_for(driver, seed=11)
    driver.key(pygame.K_e)
    driver.until(lambda: isinstance(driver.top, ResultScene), 20)
    next(w for w in driver.top.group.widgets if w.label == "View table").on_click()
    driver.frames(2)
    assert isinstance(driver.top, TableViewer)
    texts = [n.text for n in drawn_notes(driver) if n.kind == TEXT]
    assert "Game over" in texts and "Back to the result" in texts
    assert not any("[Space]" in t or "[E]" in t or t.startswith("Click the table") for t in texts), \
        "a finished game shows no control of the battles"
    viewer = driver.top
    driver.key(pygame.K_l)
    assert isinstance(driver.top, HistoryScene), "L opens the history over the final position"
    driver.key(pygame.K_ESCAPE)
    assert driver.top is viewer
    x, y, w, h = table.settings.history_rect
    driver.click((x + w / 2, y + h / 2))
    assert isinstance(driver.top, HistoryScene), "so does a click on the newest moves"
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, ResultScene), "Enter goes back to the result"


def test_at_800x600_the_tally_ends_above_your_name_and_keeps_a_time_whole(driver):
    table = table_for(driver, seed=SHORT_SEED, deck="trick")  # the longest setup line
    driver.key(pygame.K_RIGHT)
    driver.until(lambda: not table.animator.busy, 10)
    table.game.show.tally["play_time"] = 3 * 3600 + 59 * 60 + 59  # hours by hand: the longest the line gets
    driver.app.resize((800, 600))
    driver.frames(2)
    notes = drawn_notes(driver)
    name = max((n for n in notes if n.kind == TEXT and n.text == "You"), key=lambda n: n.rect.y)  # not the column's
    panel = next(n for n in notes if n.kind == FRAME and n.text == "panel" and n.rect.x < name.rect.x)
    assert panel.rect.bottom < name.rect.top, (panel.rect, name.rect)
    texts = [n.text.replace("\u00a0", " ") for n in notes if n.kind == TEXT]
    assert any(t.endswith("3 h 59 min 59 s") for t in texts), "the time by hand on one line"


def test_hand_rating_shows_before_the_first_battle(driver, monkeypatch):
    table = table_for(driver, deck="trick")
    log = TextLog(driver.app.canvas, monkeypatch)
    driver.frames()
    assert "50.0% strength" in log.lines
    assert "6 face cards: 2 Jacks, 2 Queens, 2 Kings" in log.lines
    driver.key(pygame.K_RIGHT)
    log.lines.clear()
    driver.frames()
    assert "50.0% strength" not in log.lines
    assert table.game.rating["sum"] == 182


def test_trick_deck_war_climbs_to_a_sextuple_banner(driver):
    table = table_for(driver, deck="trick")
    driver.key(pygame.K_4)  # 8x, still paused
    driver.key(pygame.K_RIGHT)
    assert table.rules.battles == 1 and not table.game.running
    unknown = [s for s in table.game.show.in_play if s.card is None]
    assert len(unknown) == 6 * 3 * 2 and len(table.game.show.in_play) - len(unknown) == 7 * 2, \
        "only the cards turned face up know their faces"
    texts = []
    for _ in range(60 * 30):
        if not table.animator.busy:
            break
        driver.frames()
        if not table.game.show.banner.hidden and table.game.show.banner.text not in texts:
            texts.append(table.game.show.banner.text)
    assert texts == ["WAR!", "DOUBLE WAR!", "TRIPLE WAR!", "QUADRUPLE WAR!", "QUINTUPLE WAR!",
                     "SEXTUPLE WAR!"]
    assert table.game.show.shown_counts == [51, 1]


def test_resume_continues_the_saved_game(driver):
    table = table_for(driver, seed=21, pickup="fixed")
    driver.key(pygame.K_3)
    for _ in range(5):
        driver.key(pygame.K_RIGHT)
    payload = json.loads(json.dumps(driver.app.saves.load("war")))
    resumed = resume_scene(driver.app, "war", payload)
    assert isinstance(resumed.game, WarParts) and resumed.rules == table.rules
    assert resumed.rules.battles == 5 and resumed.game.speed == 4, "a resumed table keeps its pace"
    expected = load_game(table.rules.to_dict())
    assert resumed.rules.apply(Battle()) == expected.apply(Battle())
    payload["rules"]["stacks"][0].pop()
    with pytest.raises(ValueError):
        resume_scene(driver.app, "war", payload)


def watch_and_pause(driver, table, frames):
    """Run the battles for `frames` frames of the fixed dt, then pause (which saves)."""
    driver.key(pygame.K_SPACE)
    driver.frames(frames)
    driver.key(pygame.K_SPACE)
    assert not table.game.running


def resumed_from_save(driver):
    payload = json.loads(json.dumps(driver.app.saves.load("war")))
    driver.app.pop()
    table = resume_scene(driver.app, "war", payload)
    driver.app.push(table, transition=False)
    driver.frames(2)
    return table


def test_watched_time_and_pace_add_up_across_resumes(driver):
    table = table_for(driver, seed=21)
    watch_and_pause(driver, table, 300)
    first = table.game.watched
    assert first >= 300 * DT - 1e-9
    table = resumed_from_save(driver)
    assert table.game.watched == pytest.approx(first, abs=2 * DT)
    driver.key(pygame.K_2)
    watch_and_pause(driver, table, 300)
    both = table.game.watched
    assert both >= first + 300 * DT - 0.01
    table = resumed_from_save(driver)
    assert table.game.watched == pytest.approx(both, abs=2 * DT), "the second resume kept the first's time"
    assert table.game.speed == 2, "the pace chosen after a resume is kept"
    lines = table.game.result_lines()
    assert any(f"took {format_play_time(table.game.watched)}" in line for line in lines)


def test_a_save_without_watched_time_loads_with_none(driver):
    table_for(driver, seed=21)
    driver.key(pygame.K_RIGHT)
    driver.until(lambda: not driver.top.animator.busy, 10)
    payload = json.loads(json.dumps(driver.app.saves.load("war")))
    for key in ("watched_s", "speed_index"):
        del payload["extra"][key]
    resumed = resume_scene(driver.app, "war", payload)
    assert resumed.game.watched == 0 and resumed.game.speed == 1 and resumed.rules.battles == 1


def test_statistics_scene_lists_games_and_opens_one(driver, monkeypatch):
    store = driver.app.stats
    for seed in (3, 1520):
        table = start_table(driver.app, SEATS, {}, seed)
        table.quiet = True  # played to the end without a picture
        while not table.rules.is_over:
            table.match.play(Battle())
        store.record_game("war", [{"name": "You", "won": True}, {"name": "Computer"}],
                          table.game.stats_details())
    stats = WarStatsScene(driver.app)
    driver.app.push(stats, transition=False)
    log = TextLog(driver.app.canvas, monkeypatch)
    driver.frames()
    assert stats.summary["games"] == 2 and len(stats.curve) == 2
    assert "Games: 2" in log.lines and "Wars by depth" in log.lines
    assert "Win rate over time" in log.lines and "Game lengths" in log.lines
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, Dialog) and driver.top.title.startswith("Game 1")
    assert "Battles: 18, won" in " ".join(driver.top.lines)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is stats


def test_batch_simulation_shows_the_batch_statistics(driver):
    options = {"variant": "classic"}
    driver.app.push(WarBatchScene(driver.app, 100, 5, options), transition=False)
    assert driver.until(lambda: isinstance(driver.top, WarStatsScene), 30)
    shown = dict(driver.top.summary)
    shown.pop("seconds")
    assert shown == simulate(100, 5, **options)
    assert driver.top.curve[-1][0] == 100


def test_batch_simulation_stays_responsive_and_cancels(driver):
    batch = WarBatchScene(driver.app, 10000, 2, {})
    driver.app.push(batch, transition=False)
    driver.frames(2)
    assert 0 < batch.batch.done < 10000
    driver.click((640, 489))  # Cancel
    driver.frames(2)
    stats = driver.top
    assert isinstance(stats, WarStatsScene) and stats.summary["cancelled"]
    assert stats.summary["games"] < 10000 and stats.summary["games_requested"] == 10000


def test_setup_scene_offers_batches_and_statistics(driver):
    setup = WarSetupScene(driver.app)
    driver.app.push(setup, transition=False)
    driver.frames()
    labels = [getattr(w, "label", "") for w in setup.group.widgets]
    assert {"Simulate 100", "Simulate 1,000", "Simulate 10,000", "Start", "Back"} <= set(labels)
    button = setup.group.widgets[labels.index("Simulate 100")]
    driver.click(button.rect.center)
    assert isinstance(driver.top, WarBatchScene) and driver.top.batch.games == 100


def test_game_length_bars_fill_gaps_and_merge():
    from scenes.war.stats import length_bars

    assert length_bars({"0": 2, "150": 1}, 50) == [("0", 2.0), ("50", 0.0), ("100", 0.0),
                                                    ("150", 1.0)]
    merged = length_bars({"0": 1, "3000": 4}, 50, max_bars=30)
    assert len(merged) <= 30 and sum(n for _, n in merged) == 5 and merged[0] == ("0", 1.0)
    assert length_bars({}, 50) == []


def test_escape_pauses_the_battles_and_resume_lets_them_run_again(driver):
    table = table_for(driver)
    driver.key(pygame.K_SPACE)
    driver.run(1)
    assert table.game.running
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not table
    played = table.rules.battles
    driver.run(3)
    assert table.rules.battles == played, "no battle is fought under the pause menu"
    driver.key(pygame.K_ESCAPE)  # Resume
    assert driver.top is table and table.game.running, "auto-play goes on"
    driver.run(3)
    assert table.rules.battles > played


def test_a_paused_table_stays_paused_after_resume(driver):
    table = table_for(driver)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is table and not table.game.running
    driver.run(2)
    assert table.rules.battles == 0


def test_a_table_of_two_computers_draws_from_the_public_view(driver):
    table = start_table(driver.app, [Seat("Left", "computer"), Seat("Right", "computer")], {}, SHORT_SEED)
    driver.app.push(table, transition=False)
    driver.frames(2)
    assert table.view().seat is None and table.rules.battles == 0, "nobody fights until started"
    driver.key(pygame.K_RIGHT)
    driver.until(lambda: not table.animator.busy, 10)
    assert table.game.show.shown_counts == list(table.view().stack_sizes) and table.game.show.tally["battles"] == 1


def test_the_keyboard_focus_and_its_showing_come_back_after_a_resume(driver):
    table = table_for(driver, seed=21)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_2)  # a new pace is saved at once
    assert table.game.input.focus == 2 and table.keyboard_focus
    table = resumed_from_save(driver)
    assert table.game.input.focus == 2 and table.keyboard_focus
    payload = json.loads(json.dumps(driver.app.saves.load("war")))
    payload["extra"].pop("focus")  # a save of an earlier version: the focus hidden where it starts
    older = resume_scene(driver.app, "war", payload)
    driver.app.replace(older)
    driver.frames(2)
    assert older.game.input.focus == 0 and not older.keyboard_focus
