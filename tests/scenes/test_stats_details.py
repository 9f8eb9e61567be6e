"""The statistics details page of every game: reached from the keyboard and the mouse, the numbers
recorded, streaks, charts with tick values, and a reset that asks first."""
from collections.abc import Callable

import pygame
import pytest

from scenes.dialog import Dialog
from scenes.plugins import game_scenes, playable_games
from scenes.stats import StatsScene
from scenes.stats_charts import nice_ticks
from scenes.stats_details import CHART_X, StatsDetailsScene, run_text, seat_label, streaks, win_rate_curve
from storage.stats import StatsStore


class Drawn:
    """Every string the canvas draws from now on, with where it went."""

    def __init__(self, canvas, monkeypatch):
        self.texts: list[tuple[str, pygame.FRect]] = []
        original = canvas.text

        def text(value, *args, **kwargs):
            rect = original(value, *args, **kwargs)
            self.texts.append((value, rect))
            return rect

        monkeypatch.setattr(canvas, "text", text)

    @property
    def lines(self) -> list[str]:
        return [t for t, _ in self.texts]

    def clear(self) -> None:
        self.texts.clear()


def shared_details(game: int, won: bool) -> dict:
    return {"seed": game, "rounds": 3, "hints": 1}


def seed(store: StatsStore, name: str, games: int, details: Callable[[int, bool], dict] = shared_details) -> None:
    """`games` finished games of `name`: a person against a hard computer, the person winning 3 in 5;
    `details(game, won)` is what the table records of each (a game with a page of its own records more)."""
    for i in range(games):
        won = i % 5 < 3
        store.record_game(name, [{"name": "Amina", "kind": "human", "score": 10 + i, "won": won},
                                 {"name": "Hafsa", "kind": "computer", "level": "hard", "score": 20, "won": not won}],
                          details(i, won), key=f"{name}-{i}")


def open_stats(driver) -> StatsScene:
    scene = StatsScene(driver.app)
    driver.app.push(scene, transition=False)
    driver.frames()
    return scene


def is_details_of(scene, name: str) -> bool:
    own = game_scenes(name).stats
    return isinstance(scene, own) if own is not None else isinstance(scene, StatsDetailsScene) and scene.game == name


def test_streaks_count_the_runs():
    assert streaks([]) == (None, 0, 0, 0)
    assert streaks(["win", "win", "loss", "win", "win", "win"]) == ("win", 3, 3, 1)
    assert streaks(["loss", "loss", "win", "loss", "draw"]) == ("draw", 1, 1, 2)
    assert streaks(["win", "draw", "win"]) == ("win", 1, 1, 0), "a draw breaks a run of wins"


def test_runs_are_said_in_words_and_the_win_rate_follows_each_game():
    assert [run_text("win", 1), run_text("loss", 3), run_text("draw", 2), run_text(None, 0)] == \
        ["1 win", "3 losses", "2 draws", "-"]
    assert win_rate_curve(["win", "loss", "draw", "win"]) == [(1.0, 1.0), (2.0, 0.5), (3.0, 1 / 3), (4.0, 0.5)]
    assert win_rate_curve([]) == []


def test_a_computer_is_named_by_its_level():
    assert seat_label("Computer", "computer", "normal") == "Computer (normal)"
    assert seat_label("Hafsa", "computer", "hard") == "Hafsa (hard computer)"
    assert seat_label("Computer", "computer", None) == "Computer"
    assert seat_label("Amina", "human", None) == "Amina"


def test_the_statistics_screen_names_computers_by_level(driver, monkeypatch):
    seed(driver.app.stats, "skyjo", 2)
    driver.app.stats.record_game("skyjo", [{"name": "Computer", "kind": "computer", "level": "normal", "score": 5,
                                            "won": True}], {}, key="c")
    scene = open_stats(driver)
    drawn = Drawn(driver.app.canvas, monkeypatch)
    for _ in range(3):
        driver.key(pygame.K_RIGHT)
    assert scene.names[scene.current] == "skyjo"
    assert "Hafsa (hard computer)" in drawn.lines and "Computer (normal)" in drawn.lines
    assert not any("(computer)" in line or ", hard computer" in line for line in drawn.lines)


def test_the_best_score_column_says_what_it_counts_in_each_game(driver, monkeypatch):
    for name in ("sota", "kings_corner", "memory_match"):
        seed(driver.app.stats, name, 2)
    scene = open_stats(driver)
    drawn = Drawn(driver.app.canvas, monkeypatch)
    headings = {}
    for _ in scene.names:
        drawn.clear()
        driver.frames()
        headings[scene.names[scene.current]] = [h for h in ("Best score", "Fewest cards left", "Fewest penalty points",
                                                            "Most pairs") if h in drawn.lines]
        driver.key(pygame.K_RIGHT)
    assert headings["sota"] == ["Fewest cards left"] and headings["kings_corner"] == ["Fewest penalty points"]
    assert headings["memory_match"] == ["Most pairs"]


@pytest.mark.parametrize("name", playable_games())
def test_every_game_opens_its_details_from_the_keyboard(driver, monkeypatch, name):
    seed(driver.app.stats, name, 5)
    scene = open_stats(driver)
    for _ in range(scene.names.index(name)):
        driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_DOWN)
    assert scene.group.focused is scene.more and scene.more.enabled
    drawn = Drawn(driver.app.canvas, monkeypatch)
    driver.key(pygame.K_RETURN)
    driver.frames(30)
    assert is_details_of(driver.top, name)
    if game_scenes(name).stats is None:  # the shared page (a game's own page is tested with the game)
        assert {"Games played", "5", "3 / 2", "60%", "Amina"} <= set(drawn.lines)
    driver.key(pygame.K_ESCAPE)
    driver.frames(30)
    assert driver.top is scene


@pytest.mark.parametrize("name", playable_games())
def test_every_game_opens_its_details_with_the_mouse(driver, name):
    seed(driver.app.stats, name, 2)
    scene = open_stats(driver)
    driver.click(scene.tabs[scene.names.index(name)].rect.center)
    assert scene.names[scene.current] == name
    driver.click(scene.more.rect.center)
    driver.frames(30)
    assert is_details_of(driver.top, name)


def test_the_details_show_the_recorded_numbers_and_streaks(driver, monkeypatch):
    store = driver.app.stats
    outcomes = [False, True, True, False, True, True, True, False, True, True]  # best run 3, now 2 wins
    for i, won in enumerate(outcomes):
        store.record_game("skyjo", [{"name": "Amina", "kind": "human", "score": 40 + 10 * i, "won": won},
                                    {"name": "Hafsa", "kind": "computer", "score": 70, "won": not won}],
                          {"rounds": 4 + i % 3, "hints": i % 2}, key=str(i))
    page = StatsDetailsScene(driver.app, "skyjo")
    driver.app.push(page, transition=False)
    drawn = Drawn(driver.app.canvas, monkeypatch)
    driver.frames()
    shown = dict(zip(drawn.lines, drawn.lines[1:], strict=False))  # each label is drawn just before its value
    assert shown["Games played"] == "10" and shown["Won / lost"] == "7 / 3" and shown["Win rate"] == "70%"
    assert shown["Current streak"] == "2 wins" and shown["Best winning streak"] == "3 wins"
    assert shown["Longest losing streak"] == "1 loss"
    assert shown["Average score"] == "85" and shown["Best game"] == "40 points" and shown["Worst game"] == "130 points"
    assert shown["Rounds per game"] == "4.9 (most 6)" and shown["Hints used"] == "5 in 5 games"
    assert "Score in the last 10 games" in drawn.lines and "Win rate, now 70%" in drawn.lines


def test_the_charts_have_tick_values_and_the_rate_line_keeps_off_its_labels(driver, monkeypatch):
    seed(driver.app.stats, "memory_match", 12)
    driver.app.push(StatsDetailsScene(driver.app, "memory_match"), transition=False)
    drawn = Drawn(driver.app.canvas, monkeypatch)
    driver.frames()
    assert {"0%", "25%", "50%", "75%", "100%"} <= set(drawn.lines), "the win-rate axis has its values"
    assert {"0", "10", "20", "1", "12"} <= set(drawn.lines), "the score axis and the game numbers have values"
    assert "pairs" in drawn.lines and "12 games played, oldest first" in drawn.lines
    half = next(rect for text, rect in drawn.texts if text == "50%")
    assert half.right < CHART_X + 80, "the 50% label sits left of the plot, where the line never goes"


def test_nice_ticks_are_round_and_cover_the_range():
    assert nice_ticks(0, 130) == [0, 50, 100, 150]
    assert nice_ticks(-2, 8) == [-2.5, 0, 2.5, 5, 7.5, 10]
    assert nice_ticks(-2, 8, whole=True) == [-5, 0, 5, 10], "whole numbers get whole ticks"
    assert nice_ticks(1, 22, 5, whole=True) == [0, 5, 10, 15, 20, 25]


def test_reset_asks_first_and_cancel_keeps_the_data(driver, card_arcade_home):
    store = driver.app.stats
    seed(store, "skyjo", 4)
    seed(store, "sota", 3)
    page = StatsDetailsScene(driver.app, "skyjo")
    driver.app.push(page, transition=False)
    driver.frames()
    driver.key(pygame.K_DOWN)
    assert page.group.focused is page.reset_button
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, Dialog) and driver.top.title == "Reset statistics?"
    assert driver.top.group.focused.label == "Cancel", "Enter at once keeps the data"
    driver.key(pygame.K_RETURN)
    assert driver.top is page and store.count("skyjo") == 4
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RIGHT)
    assert driver.top.group.focused.label == "Reset this game"
    driver.key(pygame.K_RETURN)
    assert driver.top is page and store.count("skyjo") == 0 and store.count("sota") == 3
    assert page.players == [] and not page.reset_button.enabled
    again = StatsStore(card_arcade_home)
    assert again.count("skyjo") == 0 and again.count("sota") == 3, "the rows are gone from the file"
    again.close()


def test_reset_all_from_the_statistics_screen(driver, card_arcade_home):
    for name in playable_games():
        seed(driver.app.stats, name, 2)
    scene = open_stats(driver)
    driver.click(scene.reset.rect.center)
    assert isinstance(driver.top, Dialog)
    driver.click(driver.top.group.widgets[2].rect.center)  # Reset all games
    assert driver.top is scene and driver.app.stats.count() == 0 and scene.rows == []
    assert not scene.reset.enabled
    again = StatsStore(card_arcade_home)
    assert again.count() == 0
    again.close()


def test_a_tie_is_a_draw_in_the_figures_and_streaks_never_a_win(driver, monkeypatch):
    store = driver.app.stats
    for key in ("a", "b"):  # two 42-42 Kings Corner games: the rules call both players winners
        store.record_game("kings_corner", [{"name": "Amina", "kind": "human", "score": 42, "won": True},
                                           {"name": "Computer", "kind": "computer", "level": "normal", "score": 42,
                                            "won": True}], {}, key=key)
    scene = open_stats(driver)
    drawn = Drawn(driver.app.canvas, monkeypatch)
    driver.click(scene.tabs[scene.names.index("kings_corner")].rect.center)
    driver.frames()
    assert ("Amina", "2", "0", "2", "0%", "42") in scene.table_rows(), "Games 2, Wins 0, Draws 2"
    assert "Draws" in drawn.lines
    page = StatsDetailsScene(driver.app, "kings_corner")
    driver.app.push(page, transition=False)
    drawn.clear()
    driver.frames()
    shown = dict(zip(drawn.lines, drawn.lines[1:], strict=False))
    assert shown["Won / lost / drawn"] == "0 / 0 / 2" and shown["Win rate"] == "0%"
    assert shown["Current streak"] == "2 draws" and shown["Best winning streak"] == "0 wins"


def test_each_player_sees_their_own_hints(driver, monkeypatch):
    for key in ("a", "b"):  # two people at one Sota table: 5 hints and 2 hints, a list per seat
        driver.app.stats.record_game("sota", [{"name": "Amina", "kind": "human", "score": 0, "won": True},
                                              {"name": "Youssef", "kind": "human", "score": 3, "won": False}],
                                     {"hints": [5, 2]}, key=key)
    page = StatsDetailsScene(driver.app, "sota")
    driver.app.push(page, transition=False)
    drawn = Drawn(driver.app.canvas, monkeypatch)
    driver.frames()
    hints = {}
    for _ in range(2):
        shown = dict(zip(drawn.lines, drawn.lines[1:], strict=False))
        hints[page.who[0]] = shown["Hints used"]
        drawn.clear()
        driver.key(pygame.K_RIGHT)
        driver.frames()
    assert hints == {"Amina": "10 in 2 games", "Youssef": "4 in 2 games"}


def test_singular_figures_are_said_in_the_singular(driver, monkeypatch):
    driver.app.stats.record_game("skyjo", [{"name": "Amina", "kind": "human", "score": 1, "won": True},
                                           {"name": "Omar", "kind": "human", "score": 9, "won": False}], {}, key="a")
    driver.app.push(StatsDetailsScene(driver.app, "skyjo"), transition=False)
    drawn = Drawn(driver.app.canvas, monkeypatch)
    driver.frames()
    shown = dict(zip(drawn.lines, drawn.lines[1:], strict=False))
    assert shown["Best game"] == "1 point" and shown["Worst game"] == "1 point"
    assert "Score in the last game" in drawn.lines and "Score in the last 1 game" not in drawn.lines


class Counting:
    """The store's connection, counting the rows its queries hand back to Python."""

    def __init__(self, db) -> None:
        self.db, self.rows = db, 0

    def execute(self, *args):
        rows = self.db.execute(*args).fetchall()
        self.rows += len(rows)
        return Fetched(rows)

    def __getattr__(self, name):
        return getattr(self.db, name)


class Fetched:
    def __init__(self, rows: list) -> None:
        self.rows = rows

    def fetchall(self) -> list:
        return self.rows

    def fetchone(self):
        return self.rows[0] if self.rows else None

    def __iter__(self):
        return iter(self.rows)


def open_skyjo_pages(driver) -> None:
    scene = open_stats(driver)
    driver.click(scene.tabs[scene.names.index("skyjo")].rect.center)
    driver.app.push(StatsDetailsScene(driver.app, "skyjo"), transition=False)
    driver.frames()


def test_the_screens_read_sums_and_a_page_of_games_never_every_game(driver, card_arcade_home):
    db = driver.app.stats.db
    with db:  # 400 games written at once, as by a fast writer (or an older version)
        for i in range(1, 401):
            db.execute("INSERT INTO games (id, game, finished_at, details) VALUES (?, 'skyjo', ?, '{\"rounds\": 3}')",
                       (i, i))
            db.executemany("INSERT INTO seats (game_id, seat, name, kind, score, won) VALUES (?, ?, ?, ?, ?, ?)",
                           [(i, 0, "Amina", "human", i, i % 3 > 0), (i, 1, "Omar", "human", 5, i % 3 == 0)])
    open_skyjo_pages(driver)  # summed once
    assert driver.top.shown.games == 400
    driver.app.stats.record_game("skyjo", [{"name": "Amina", "kind": "human", "score": 1, "won": True}], key="new")
    driver.app.stats.db = counting = Counting(db)
    driver.app.pop()
    driver.app.pop()
    open_skyjo_pages(driver)
    assert counting.rows < 100, f"{counting.rows} rows read for 401 games"
    assert driver.top.shown.games == 401
    again = StatsStore(card_arcade_home)  # the next start: the totals are read from their file
    again.db = counting = Counting(again.db)
    assert again.player_figures("skyjo", ("Amina", "human", None)).games == 401
    assert counting.rows < 100, f"{counting.rows} rows read for 401 games at the next start"
    again.close()
