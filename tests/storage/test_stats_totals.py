"""The statistics' totals, kept instead of summing every game at each reading, show what the pages
showed before (tests/storage/stats_before.py: the old SQL, War's page from every record) on random
games with odd and damaged rows, written by this program or another, across resets and restarts, and
from files of earlier versions; the totals file is only ever a shortcut: missing, damaged, hostile or
out of date, it is summed again."""
import dataclasses
import json
import math
import random
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

import storage.stats_folding
from game.registry import POINTS
from scenes.stats_details import figure_sections, run_text, streaks
from scenes.war.records import war_page, war_totals
from scenes.war.stats import VISIBLE_ROWS, streak_lines
from storage.stats import KEYLESS_GAMES, SCHEMA, STATS_FILE, StatsStore
from storage.stats_folding import TOTALS_FILE
from storage.stats_reading import win_rates
from tests.storage import stats_before

pytestmark = pytest.mark.usefixtures("short_waits")
FIXTURES = Path(__file__).parent.parent / "fixtures"
SHARED = ("sota", "skyjo", "kings_corner")
NAMES = ["Amina", "Omar ", "  Hafsa", "A" * 45, "Zoë", "Computer", "Ann"]
BAD_NAMES = ["A\u0000n", "\u034f", "\ufeffAnn", "\u200b", " "]
LEVELS = ["easy", "normal", "hard", "human", "l" * 20, ""]
BAD_LEVELS = ["\u200bhard", "hard\u2028"]  # and one with a NUL: shown cut short before, now left out (below)
ROUNDS = [1, 2, 3, 7, 0, -3, 10**12, 10**20, "3", 2.5, None]
WAR = {"seat": 0, "options": {"variant": "x4"}, "reason": "cards", "battles": 120, "battles_won": 70, "wars": 6,
       "wars_won": 4, "double_wars": 1, "triple_wars": 0, "quadruple_wars": 0, "deeper_wars": 0, "longest_war": 2,
       "war_depths": {"1": 5, "2": 1}, "play_time_s": 216.0}
BAD_WAR = [{"outcome": []}, {"battles": "x"}, {"battles": -1_000_000}, {"war_depths": [1]}, {"reason": []},
           {"longest_war": "2"}, {"seed": 10**50}]


def random_seats(rng: random.Random, bad: bool) -> tuple[list[dict], dict]:
    """A game's seats (as record_game takes them) and its details: names, levels, scores, rounds and
    hints of every sort, a seat that cannot be shown if `bad`."""
    seats = []
    for _ in range(rng.choice([1, 2, 2, 3, 4])):
        kind = rng.choice(["human", "computer"])
        seats.append({"name": rng.choice(NAMES), "kind": kind, "won": rng.random() < 0.45,
                      "score": rng.choice([None, rng.randint(-5, 60), rng.randint(0, 9) + 0.5, 1e9]),
                      "level": rng.choice(LEVELS) if kind == "computer" else None})
    details: dict = {"seed": rng.randint(0, 10**6)}
    if rng.random() < 0.9:
        details["rounds"] = rng.choice(ROUNDS)
    if rng.random() < 0.8:
        details["hints"] = rng.choice([rng.randint(0, 4), [rng.choice([0, 1, 2, -1, "x", 10**12]) for _ in seats],
                                       "many", None])
    if bad:
        seat = rng.choice(seats)
        what = rng.choice(["name", "score", "level"])
        if what == "name":
            seat["name"] = rng.choice(BAD_NAMES)
        elif what == "score":
            seat["score"] = rng.choice([1e300, -1e10, math.inf])
        else:
            seat.update(kind="computer", level=rng.choice(BAD_LEVELS))
    return seats, details


def write_raw(db: sqlite3.Connection, game: str, rng: random.Random, count: int) -> None:
    """`count` games as another program (or an older version) writes them, some of them damaged or
    foreign: details that are not JSON or not text, a kind or score of the wrong type, no seats."""
    with db:
        for _ in range(count):
            seats, details = random_seats(rng, rng.random() < 0.08)
            text = json.dumps({**details, "levels": [s["level"] or "human" for s in seats]})
            text = rng.choices([text, "not json", "[" * 50, '{"rounds": 3', 7, "x" * 70_000, "{}"],
                               [90, 2, 1, 1, 1, 1, 4])[0]
            game_id = db.execute("INSERT INTO games (game, finished_at, details) VALUES (?, ?, ?)",
                                 (game, rng.random() * 1e9, text)).lastrowid
            if rng.random() < 0.03:
                continue  # a game without seats
            for seat, s in enumerate(seats):
                kind = rng.choices([s["kind"], "robot"], [98, 2])[0]
                score = rng.choices([s["score"], "lots"], [98, 2])[0]
                won = rng.choices([int(s["won"]), "", "yes", 2], [94, 2, 2, 2])[0]
                db.execute("INSERT INTO seats (game_id, seat, name, kind, score, won) VALUES (?, ?, ?, ?, ?, ?)",
                           (game_id, seat, s["name"], kind, score, won))


def record(stats: StatsStore, game: str, rng: random.Random, count: int) -> None:
    """`count` games as the program records them, some with a seat that cannot be shown."""
    for _ in range(count):
        seats, details = random_seats(rng, rng.random() < 0.08)
        stats.record_game(game, seats, details, key=f"{game}-{rng.random()}")


def same(new, old) -> None:
    """Two Figures the same (sums of fractions to the last digits their order may change)."""
    for field in dataclasses.fields(old):
        a, b = getattr(new, field.name), getattr(old, field.name)
        if field.name == "curve":
            assert [x for x, _ in a] == [x for x, _ in b] and [y for _, y in a] == pytest.approx([y for _, y in b])
        elif isinstance(b, float):
            assert a == pytest.approx(b, rel=1e-12), field.name
        else:
            assert a == b, field.name


def assert_pages_as_before(stats: StatsStore, path: Path) -> None:
    """Every shared page of every kind shows what it showed before: the players' rows, the games left
    out, and every player's figures (as the details page words them)."""
    db = sqlite3.connect(path)
    try:
        for game in SHARED:
            rows, skipped, figures = stats_before.shared_pages(db, game)
            assert stats.player_summary(game) == rows, game
            assert stats.skipped[game] == skipped, game
            for who, old in figures.items():
                new = stats.player_figures(game, who)
                same(new, old)
                for low in (False, True):
                    assert figure_sections(new, low, POINTS) == figure_sections(old, low, POINTS)
    finally:
        db.close()


def assert_war_page_as_before(stats: StatsStore) -> None:
    """War's page shows what it showed before: the totals, streaks, curve (every n-th point of many),
    the games left out, and the list of games a page at a time."""
    old = stats_before.war_page(stats)
    totals = war_totals(stats)
    assert totals is not None and stats.skipped["war"] == old["skipped"]
    assert totals.state.summary.as_dict() == old["summary"] and totals.shown == len(old["records"])
    newest, run, wins, losses = streaks(old["outcomes"])
    assert streak_lines(totals.state.summary.as_dict()) == [
        f"Streak now: {run_text(newest, run)}",
        f"Best streak: {run_text('win', wins)}" + (f", worst {run_text('loss', losses)}" if losses else "")]
    curve = win_rates(totals.state.outcomes)
    assert curve[-1:] == old["curve"][-1:] and all(old["curve"][int(x) - 1] == (x, y) for x, y in curve)
    if len(old["curve"]) <= 400:
        assert curve == old["curve"]
    for start in sorted({0, 1, VISIBLE_ROWS, len(old["records"]) - 3, len(old["records"]) - VISIBLE_ROWS}):
        if start >= 0:
            assert war_page(stats, totals, start, VISIBLE_ROWS) == old["records"][start:start + VISIBLE_ROWS]


def war_games(stats: StatsStore, rng: random.Random, count: int) -> None:
    """`count` War games as its table records them, some with details no War record holds."""
    for _ in range(count):
        details = {**WAR, "outcome": rng.choice(["win", "win", "loss", "draw"]), "battles": rng.randint(10, 900),
                   "war_depths": {"1": rng.randint(0, 9), "2": rng.randint(0, 2)}, "play_time_s": rng.random() * 600}
        if rng.random() < 0.07:
            details.update(rng.choice(BAD_WAR))
        stats.record_game("war", [{"name": "You", "won": details["outcome"] == "win"}, {"name": "Computer"}],
                          details, key=f"war-{rng.random()}")


# one random file in the fast loop, two more in the full suite
@pytest.mark.parametrize("seed", [1, *(pytest.param(seed, marks=pytest.mark.slow) for seed in (2, 3))])
def test_the_pages_show_what_they_showed_before_whoever_wrote_the_games_and_after_resets(tmp_path, seed):
    rng = random.Random(seed)
    stats = StatsStore(tmp_path)
    path = tmp_path / STATS_FILE
    raw = sqlite3.connect(path)
    for game in SHARED:
        write_raw(raw, game, rng, 150)
        record(stats, game, rng, 30)
    war_games(stats, rng, 60)
    assert_pages_as_before(stats, path)
    assert_war_page_as_before(stats)
    for game in SHARED:  # more games, by both: only these are added to the totals
        record(stats, game, rng, 20)
        write_raw(raw, game, rng, 40)
    war_games(stats, rng, 20)
    assert_pages_as_before(stats, path)
    assert_war_page_as_before(stats)
    stats.close()
    again = StatsStore(tmp_path)  # the next start reads the totals from their file
    assert_pages_as_before(again, path)
    assert_war_page_as_before(again)
    assert again.reset("skyjo") and again.reset("war")
    assert again.player_summary("skyjo") == [] and again.skipped["skyjo"] == 0
    write_raw(raw, "skyjo", rng, 30)
    war_games(again, rng, 5)
    assert_pages_as_before(again, path)
    assert_war_page_as_before(again)
    assert again.reset()
    assert all(again.player_summary(game) == [] for game in SHARED)
    record(again, "sota", rng, 10)
    write_raw(raw, "kings_corner", rng, 10)
    war_games(again, rng, 3)
    assert_pages_as_before(again, path)
    assert_war_page_as_before(again)
    raw.close()
    again.close()
    assert again.warnings == [] and not list(tmp_path.glob("*.damaged-*"))


def test_a_game_that_would_be_left_out_never_enters_the_totals(tmp_path):
    stats = StatsStore(tmp_path)
    good = [{"name": "Ann", "kind": "human", "score": 3, "won": True},
            {"name": "Bot", "kind": "computer", "level": "hard", "score": 7, "won": False}]
    stats.record_game("skyjo", good, key="good")
    for i, seats in enumerate([[{**good[0], "name": "A\u0000n"}, good[1]], [{**good[0], "score": 1e308}, good[1]],
                               [good[0], {**good[1], "level": "ha\u0000rd"}]]):
        stats.record_game("skyjo", seats, key=f"bad{i}")
    summary = {row["name"]: row["games"] for row in stats.player_summary("skyjo")}
    assert summary == {"Ann": 1, "Bot": 1}, "not even the seats that could be shown of a game left out"
    assert stats.skipped["skyjo"] == 3, "a level holding a NUL too (the sums before showed it cut at the NUL)"
    assert [game.number for game in stats.player_figures("skyjo", ("Ann", "human", None)).recent] == [1]
    stats.record_game("skyjo", good, key="after")
    assert [game.number for game in stats.player_figures("skyjo", ("Ann", "human", None)).recent] == [1, 2], \
        "a game left out is not numbered"


@pytest.mark.parametrize("old", ["fixture", "keyless"])
def test_a_file_of_an_earlier_version_is_summed_once_and_shows_what_it_showed(tmp_path, old):
    path = tmp_path / STATS_FILE
    if old == "fixture":
        shutil.copy(FIXTURES / STATS_FILE, path)
    else:  # before games had keys: written by that version's schema, games of every sort
        db = sqlite3.connect(path)
        db.executescript(KEYLESS_GAMES + SCHEMA.split(";", 1)[1])
        for game in SHARED:
            write_raw(db, game, random.Random(game), 120)
        db.close()
    stats = StatsStore(tmp_path)
    assert stats.warnings == [] and not (tmp_path / TOTALS_FILE).exists()
    assert_pages_as_before(stats, path)
    assert_war_page_as_before(stats)
    assert (tmp_path / TOTALS_FILE).exists(), "the totals were kept"
    assert stats.record_game("skyjo", [{"name": "A", "kind": "human", "score": 3, "won": True}], key="new")
    assert_pages_as_before(stats, path)
    stats.close()


def filled(folder: Path, seed: int = 5) -> Path:
    stats = StatsStore(folder)
    rng = random.Random(seed)
    for game in SHARED:
        record(stats, game, rng, 40)
    war_games(stats, rng, 30)
    assert_pages_as_before(stats, folder / STATS_FILE)
    assert_war_page_as_before(stats)
    stats.close()
    return folder / STATS_FILE


@pytest.fixture(scope="session")
def filled_once(tmp_path_factory) -> Callable[[Path, int], Path]:
    """filled(folder, seed) for the tests that only read it: built and checked once a session for each seed,
    then its files (statistics and totals, closed) copied into the test's folder."""
    made: dict[int, Path] = {}

    def fill(folder: Path, seed: int = 5) -> Path:
        if seed not in made:
            made[seed] = tmp_path_factory.mktemp(f"filled{seed}")
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(storage.stats, "RETRY_EVERY", 0.0)
                filled(made[seed], seed)
        for file in made[seed].iterdir():
            shutil.copy2(file, folder / file.name)
        return folder / STATS_FILE
    return fill


def test_the_next_start_sums_no_game_again(tmp_path, monkeypatch, filled_once):
    path = filled_once(tmp_path)

    def summing(*args):
        raise AssertionError("summed again")

    monkeypatch.setattr(storage.stats_folding, "fold_seats", summing)
    monkeypatch.setattr(storage.stats_folding, "fold_details", summing)
    stats = StatsStore(tmp_path)
    assert_pages_as_before(stats, path)
    assert_war_page_as_before(stats)
    stats.close()


@pytest.mark.parametrize("content", [b"\x00\xff garbage", *(pytest.param(c, marks=pytest.mark.slow) for c in (
    b"[]", b'{"version": 1, "kept": []}', b'{"version": 99, "kept": {}}', b"{" * 10_000))])
def test_a_damaged_or_foreign_totals_file_is_summed_again_and_never_said(tmp_path, content, filled_once):
    path = filled_once(tmp_path)
    (tmp_path / TOTALS_FILE).write_bytes(content)
    stats = StatsStore(tmp_path)
    assert_pages_as_before(stats, path)
    assert_war_page_as_before(stats)
    stats.close()
    assert stats.warnings == [] and not list(tmp_path.glob("*.damaged-*"))
    assert json.loads((tmp_path / TOTALS_FILE).read_text())["version"] == storage.stats_folding.TOTALS_VERSION


def hostile(kept: dict) -> list[dict]:
    """Totals files with one value of the wrong type or out of bounds each."""
    sota = kept["game:sota"]
    player = sota["players"][0][3]
    changes = [("outcomes", "wwx"), ("outcomes", ""), ("scores", -1), ("scores", 10**9), ("best", math.inf),
               ("best", "9"), ("recent", [[0, "w", 1]]), ("recent", [[1, "win", 1]] * 3), ("recent", [[1, ["w"], 1]]),
               ("recent", "x"), ("hints", [1]), ("most_rounds", 10**10)]
    files = [{**kept, "game:sota": {**sota, "players": [[*sota["players"][0][:3], {**player, key: value}],
                                                         *sota["players"][1:]]}} for key, value in changes]
    files += [{**kept, "game:sota": {**sota, "players": [sota["players"][0]] * 2}},
              {**kept, "game:sota": {**sota, "players": [["\u200b" + sota["players"][0][0], *sota["players"][0][1:]],
                                                         *sota["players"][1:]]}},
              {**kept, "game:sota": {**sota, "players": [[sota["players"][0][0], "robot", *sota["players"][0][2:]],
                                                         *sota["players"][1:]]}},
              {**kept, "game:sota": {**sota, "shown": -1}}, {**kept, "game:sota": {**sota, "upto": "3"}},
              {**kept, "game:sota": [1, 2]}]
    war = kept["details:war"]
    files += [{**kept, "details:war": {**war, "state": {**war["state"], "outcomes": "w"}}},
              {**kept, "details:war": {**war, "left_out": ["1"]}},
              {**kept, "details:war": {**war, "state": {**war["state"], "summary": {
                  **war["state"]["summary"], "totals": {"battles": -5}}}}},
              {**kept, "details:war": {**war, "state": {**war["state"], "summary": {
                  **war["state"]["summary"], "war_depths": {"x": 1}}}}},
              {**kept, "details:war": {**war, "key": "war-0"}}]
    return files


def test_hostile_totals_are_never_shown_nor_a_crash(tmp_path, filled_once):
    path = filled_once(tmp_path)
    kept = json.loads((tmp_path / TOTALS_FILE).read_text())["kept"]
    for data in hostile(kept):
        (tmp_path / TOTALS_FILE).write_text(json.dumps({"version": 1, "kept": data}))
        stats = StatsStore(tmp_path)
        assert_pages_as_before(stats, path)
        assert_war_page_as_before(stats)
        stats.close()


def test_totals_of_another_file_or_of_games_another_program_deleted_are_summed_again(tmp_path, filled_once):
    path = filled_once(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    filled_once(elsewhere, seed=6)
    shutil.copy(tmp_path / TOTALS_FILE, elsewhere / TOTALS_FILE)  # the totals of another file
    stats = StatsStore(elsewhere)
    assert_pages_as_before(stats, elsewhere / STATS_FILE)
    assert_war_page_as_before(stats)
    stats.close()
    stats = StatsStore(tmp_path)
    assert_pages_as_before(stats, path)
    db = sqlite3.connect(path)
    with db:  # a game in the middle deleted, then one written under the newest id again
        for game in ("sota", "war"):
            middle = db.execute("SELECT id FROM games WHERE game = ? ORDER BY id LIMIT 1 OFFSET 5", (game,)).fetchone()
            db.execute("DELETE FROM seats WHERE game_id = ?", middle)
            db.execute("DELETE FROM games WHERE id = ?", middle)
        newest = db.execute("SELECT max(id) FROM games WHERE game = 'skyjo'").fetchone()[0]
        db.execute("DELETE FROM seats WHERE game_id = ?", (newest,))
        db.execute("UPDATE games SET finished_at = 1 WHERE id = ?", (newest,))
    db.close()
    assert_pages_as_before(stats, path)
    assert_war_page_as_before(stats)
    stats.close()


def test_totals_that_cannot_be_kept_are_summed_at_each_start_and_never_said(tmp_path):
    (tmp_path / TOTALS_FILE).mkdir()  # in the way: neither read nor written
    path = filled(tmp_path)
    stats = StatsStore(tmp_path)
    assert_pages_as_before(stats, path)
    assert_war_page_as_before(stats)
    stats.close()
    assert stats.warnings == [] and (tmp_path / TOTALS_FILE).is_dir()


def test_wars_page_of_many_games_shows_every_nth_point_of_the_same_curve(tmp_path):
    stats = StatsStore(tmp_path)
    rng = random.Random(7)
    with stats.db:  # more games than the curve has points, written at once
        for i in range(1, 1001):
            details = {**WAR, "outcome": rng.choice(["win", "loss", "draw"]), "battles": rng.randint(10, 900)}
            stats.db.execute("INSERT INTO games (id, game, finished_at, details) VALUES (?, 'war', ?, ?)",
                             (i, i, json.dumps(details if i % 97 else {**details, "wars": -1})))
    assert_war_page_as_before(stats)
    curve = win_rates(war_totals(stats).state.outcomes)
    assert 300 < len(curve) <= 401 and stats.skipped["war"] == 10
    stats.close()


def test_games_another_program_wrote_under_ids_of_zero_or_less_are_counted_as_before(tmp_path):
    stats = StatsStore(tmp_path)
    with stats.db:
        for game_id in (-(2**62), -5, 0):
            for game, details in (("sota", '{"rounds": 2}'), ("war", json.dumps({**WAR, "outcome": "win"}))):
                game_id -= 1 if game == "war" else 0
                stats.db.execute("INSERT INTO games (id, game, finished_at, details) VALUES (?, ?, ?, ?)",
                                 (game_id, game, 1.0, details))
                stats.db.execute("INSERT INTO seats (game_id, seat, name, kind, score, won) "
                                 "VALUES (?, 0, 'Ann', 'human', 3, 1)", (game_id,))
    record(stats, "sota", random.Random(8), 5)
    war_games(stats, random.Random(8), 5)
    assert_pages_as_before(stats, tmp_path / STATS_FILE)
    assert_war_page_as_before(stats)
    assert war_totals(stats).shown + stats.skipped["war"] == 8
    stats.close()
