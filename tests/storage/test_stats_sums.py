"""The statistics summed in SQL are those of the games one by one, in their order, whoever sat where;
a game left out is not numbered, and another copy's games are seen."""
import sqlite3

import pytest

from storage.stats import STATS_FILE, StatsStore
from storage.stats_reading import CURVE_POINTS

pytestmark = pytest.mark.usefixtures("short_waits")
WHO = ("Amina", "human", None)
HARD = ("Computer", "computer", "hard")


def fill(folder, outcomes: str, first_id: int = 1) -> None:
    """One game per letter of `outcomes` ("w": Amina won, "l": the hard computer won, "d": both
    won, "n": nobody), Amina in seat 0 of even games, in seat 1 of odd ones; written at once."""
    StatsStore(folder).close()
    db = sqlite3.connect(folder / STATS_FILE)
    with db:
        for i, outcome in enumerate(outcomes, first_id):
            amina, computer = (0, 1) if i % 2 == 0 else (1, 0)
            levels = ["human", "hard"] if amina == 0 else ["hard", "human"]
            hints = [i % 3, 0] if amina == 0 else [0, i % 3]
            db.execute("INSERT INTO games (id, game, finished_at, details) VALUES (?, 'sota', ?, ?)",
                       (i, i, f'{{"rounds": {1 + i % 4}, "hints": {hints}, "levels": ["{levels[0]}", "{levels[1]}"]}}'))
            db.executemany("INSERT INTO seats (game_id, seat, name, kind, score, won) VALUES (?, ?, ?, ?, ?, ?)",
                           [(i, amina, "Amina", "human", i % 10, outcome in "wd"),
                            (i, computer, "Computer", "computer", 5, outcome in "ld")])
    db.close()


def test_the_figures_follow_the_games_in_order_whichever_seat_the_player_sat_in(tmp_path):
    outcomes = "lwwwlddwwl" * 99 + "wwwww"
    fill(tmp_path, outcomes)
    stats = StatsStore(tmp_path)
    summary = {(row["name"], row["level"]): row for row in stats.player_summary("sota")}
    assert (summary[("Amina", None)]["wins"], summary[("Amina", None)]["draws"]) == (outcomes.count("w"), 198)
    assert summary[("Computer", "hard")]["games"] == len(outcomes), "one player at either seat"
    figures = stats.player_figures("sota", WHO)
    assert (figures.wins, figures.losses, figures.draws) == (500, 297, 198)
    assert (figures.newest, figures.run, figures.best_wins, figures.worst_losses) == ("win", 5, 5, 2)
    assert figures.hints == sum(i % 3 for i in range(1, 996)) and figures.most_rounds == 4
    assert len(figures.curve) <= CURVE_POINTS + 1 and figures.curve[-1] == (995.0, 500 / 995)
    assert figures.curve[0] == (1.0, 0.0)
    assert [(game.number, game.outcome, game.score) for game in figures.recent[-2:]] == \
        [(994, "win", 4.0), (995, "win", 5.0)]
    computer = stats.player_figures("sota", HARD)
    assert (computer.wins, computer.losses, computer.hints) == (297, 500, None)


def test_a_game_left_out_is_not_numbered_and_the_next_read_sees_another_copys_games(tmp_path):
    fill(tmp_path, "wwww")
    db = sqlite3.connect(tmp_path / STATS_FILE)
    db.execute("UPDATE seats SET score = 1e300 WHERE game_id = 2 AND seat = 0")
    db.commit()
    stats = StatsStore(tmp_path)
    assert stats.player_summary("sota")[0]["games"] == 3 and stats.skipped["sota"] == 1
    assert [game.number for game in stats.player_figures("sota", WHO).recent] == [1, 2, 3]
    other = StatsStore(tmp_path)
    other.record_game("sota", [{"name": "Amina", "kind": "human", "score": 1, "won": True}], key="more")
    other.close()
    assert stats.player_summary("sota")[0]["games"] == 4 and stats.player_figures("sota", WHO).games == 4


def test_a_game_nobody_won_is_a_draw_for_every_seat(tmp_path):
    fill(tmp_path, "wnn")  # "n": no seat won
    stats = StatsStore(tmp_path)
    assert [(row["wins"], row["draws"]) for row in stats.player_summary("sota")] == [(1, 2), (0, 2)]
    figures = stats.player_figures("sota", WHO)
    assert (figures.newest, figures.run) == ("draw", 2)
    assert [game.outcome for game in figures.recent] == ["win", "draw", "draw"]
