"""Hostile or damaged files in the data folder: nothing hangs, nothing
crashes, every such file is reported and moved aside, and links are never written through."""
import json
import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

import game
from harness.driver import Driver
from scenes.menu import MenuScene
from scenes.plugins import playable_games
from storage.reading import MAX_DEPTH, parse_json, read_json
from storage.saves import SaveStore
from storage.settings import SETTINGS_FILE, Settings, load_settings, save_settings

ROOT = Path(__file__).resolve().parent.parent
DEEP = b"[" * 100_000 + b"]" * 100_000
HUGE = b"1" * 5_000


@contextmanager
def within(seconds: float):
    """Fail instead of hanging: the block must end within `seconds`."""
    def late(signum, frame):
        raise TimeoutError(f"still blocked after {seconds} s")
    old = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def aside(folder: Path, name: str) -> list[Path]:
    return list(folder.glob(name + ".damaged-*"))


def a_save(home: Path, name: str) -> dict:
    """A real save of `name` (a game a few moves in), as the program writes it."""
    g = game.new_game(name, ["Ann", "Bob"], 7)
    for _ in range(3):
        if not g.is_over:
            g.apply(g.legal_moves()[0])
    return {"version": 1, "game": name, "rules": g.to_dict(), "seats": [
        {"name": "Ann", "kind": "human", "level": "normal"}, {"name": "Bob", "kind": "computer", "level": "easy"}],
        "extra": {"key": "k", "seed": 7}}


def resume_from_menu(home: Path, name: str):
    """Start the program, press Resume on `name`: the table, or None; and the notices."""
    driver = Driver(speed="instant")
    menu = MenuScene(driver.app)
    driver.app.push(menu, transition=False)
    menu.resume(name)
    table = next((s for s in driver.app.scenes if hasattr(s, "rules")), None)
    notices = [text for text, _ in driver.app.notices]
    driver.close()
    return table, notices


# -- item 6: nested 100,000 deep, a number of 5,000 digits -------------------------------------
@pytest.mark.parametrize("data", [DEEP, b'{"version": 1, "volume": ' + HUGE + b"}", b'{"version": 1, "volume": NaN}'],
                         ids=["deep", "huge number", "NaN"])
def test_settings_nested_too_deep_or_with_a_huge_number_start_with_defaults(card_arcade_home, data):
    (card_arcade_home / SETTINGS_FILE).write_bytes(data)
    driver = Driver(speed="normal")  # the default speed: the settings are all defaults
    try:
        assert driver.app.settings == Settings()
        assert any("Settings" in text and "moved to" in text for text, _ in driver.app.notices)
        assert len(aside(card_arcade_home, SETTINGS_FILE)) == 1
    finally:
        driver.close()


@pytest.mark.parametrize("data", [DEEP, b'{"version": 1, "game": "war", "rules": {"x": ' + HUGE + b"}}"],
                         ids=["deep", "huge number"])
def test_a_save_nested_too_deep_or_with_a_huge_number_is_moved_aside_on_resume(card_arcade_home, data):
    (card_arcade_home / "save-war.json").write_bytes(data)
    table, notices = resume_from_menu(card_arcade_home, "war")
    assert table is None and any("moved to" in text for text in notices)
    assert len(aside(card_arcade_home, "save-war.json")) == 1


def test_json_is_read_within_its_bounds():
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    for text in ["[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "[" * 5000 + "]" * 5000, "1" * 41, "-" + "9" * 41,
                 "1e999", "Infinity", "[NaN]", '{"a": {"b": [' * 20 + "]}}" * 20]:
        with pytest.raises(ValueError):
            parse_json(text)
    assert parse_json('{"seed": 12345678901234567890, "x": -1.5}') == {"seed": 12345678901234567890, "x": -1.5}


# -- item 7: values out of the rules' range ----------------------------------------------------
@pytest.mark.parametrize("field", ["pending_draw", "pending_skips"])
def test_a_sota_save_with_a_billion_to_draw_or_skip_is_refused(card_arcade_home, field):
    payload = a_save(card_arcade_home, "sota")
    payload["rules"][field] = 10**9
    with pytest.raises(ValueError):
        game.load_game(payload["rules"])
    (card_arcade_home / "save-sota.json").write_text(json.dumps(payload))
    table, notices = resume_from_menu(card_arcade_home, "sota")
    assert table is None and any("moved to" in text for text in notices)


@pytest.mark.parametrize("name", playable_games())
@pytest.mark.parametrize("word", [-1, 2**32, 10**30])
def test_a_random_state_out_of_range_is_a_damaged_save_in_every_game(card_arcade_home, name, word):
    payload = a_save(card_arcade_home, name)
    payload["rules"]["rng"][1][5] = word
    with pytest.raises(ValueError):
        game.load_game(payload["rules"])
    (card_arcade_home / f"save-{name}.json").write_text(json.dumps(payload))
    table, notices = resume_from_menu(card_arcade_home, name)
    assert table is None and any("moved to" in text for text in notices)
    assert len(aside(card_arcade_home, f"save-{name}.json")) == 1


# -- item 8: a FIFO, a folder, a huge file in a file's place -----------------------------------
def test_a_fifo_as_settings_or_save_never_blocks(card_arcade_home):
    os.mkfifo(card_arcade_home / SETTINGS_FILE)
    os.mkfifo(card_arcade_home / "save-skyjo.json")
    with within(20):
        table, notices = resume_from_menu(card_arcade_home, "skyjo")
    assert table is None
    assert len(aside(card_arcade_home, SETTINGS_FILE)) == 1 and len(aside(card_arcade_home, "save-skyjo.json")) == 1
    assert sum("moved to" in text for text in notices) == 2


def test_a_folder_in_a_files_place_is_moved_aside(card_arcade_home):
    (card_arcade_home / SETTINGS_FILE).mkdir()
    (card_arcade_home / "save-war.json").mkdir()
    assert load_settings(card_arcade_home)[0] == Settings()
    assert SaveStore(card_arcade_home).load("war") is None
    assert len(aside(card_arcade_home, SETTINGS_FILE)) == 1 and len(aside(card_arcade_home, "save-war.json")) == 1
    assert save_settings(card_arcade_home, Settings(volume=0.5))
    assert load_settings(card_arcade_home)[0].volume == 0.5


def test_a_big_valid_settings_file_is_refused_without_reading_it(card_arcade_home):
    path = card_arcade_home / SETTINGS_FILE
    path.write_text(json.dumps({"version": 1, "volume": 0.2, "padding": "x" * 2_000_000}))
    settings, warning = load_settings(card_arcade_home)
    assert settings == Settings() and warning and "more than" in warning
    assert len(aside(card_arcade_home, SETTINGS_FILE)) == 1


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("[" + "1," * 100 + "1]")
    with pytest.raises(Exception, match="more than"):
        read_json(path, 64)


# -- item 9 (the files the program writes): never written through a link ----------------------
def test_settings_and_saves_are_never_written_through_a_link(card_arcade_home, tmp_path):
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("precious")
    (card_arcade_home / SETTINGS_FILE).symlink_to(elsewhere)
    (card_arcade_home / "save-war.json").symlink_to(elsewhere)
    assert save_settings(card_arcade_home, Settings(volume=0.4))
    saves = SaveStore(card_arcade_home)
    assert saves.save("war", {"game": "war"}, [{"name": "A"}], {"key": "k"})
    assert elsewhere.read_text() == "precious"
    assert not (card_arcade_home / SETTINGS_FILE).is_symlink() and not saves.path("war").is_symlink()
    assert saves.load("war")["extra"]["key"] == "k"


def test_a_hostile_settings_file_never_stops_the_real_program_starting(card_arcade_home):
    (card_arcade_home / SETTINGS_FILE).write_bytes(DEEP)
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "3"], cwd=ROOT, timeout=120,
                          capture_output=True, text=True, env=dict(os.environ, CARD_ARCADE_HOME=str(card_arcade_home)))
    assert done.returncode == 0, done.stderr
    assert len(aside(card_arcade_home, SETTINGS_FILE)) == 1


def test_hostile_details_in_the_statistics_never_break_the_statistics_screens(card_arcade_home):
    from scenes.stats import StatsScene
    from scenes.war.records import war_records
    from storage.stats import StatsStore

    stats = StatsStore(card_arcade_home)
    for details in ("[" * 100_000 + "]" * 100_000, '{"battles": ' + "9" * 5000 + "}", "not json"):
        stats.db.execute("INSERT INTO games (game, finished_at, details) VALUES ('war', 0, ?)", (details,))
    stats.db.commit()
    stats.record_game("war", [{"name": "x" * 100_000, "won": True}], {"outcome": "win"}, key="long name")
    assert [g["details"] for g in stats.games("war")] == [{"outcome": "win"}, {}, {}, {}]
    assert war_records(stats) == [] and len(stats.player_summary("war")[0]["name"]) <= 40
    stats.close()
    driver = Driver()
    try:
        driver.app.push(StatsScene(driver.app), transition=False)
        driver.frames(3)
        assert type(driver.top).__name__ == "StatsScene"
    finally:
        driver.close()


# -- the results waiting for the statistics (bench/attack.py, item 4) ---------------------------
WAITING = {"game": "war", "finished_at": 1.0, "details": "{}", "key": "k1",
           "seats": [[0, "Ann", "human", 3, 1], [1, "Bot", "computer", 1, 0]]}


def waiting_file(home: Path, changed: dict) -> None:
    """pending-results.json holding a good row and `changed`, lone surrogates written as JSON escapes."""
    (home / "pending-results.json").write_text(json.dumps({"version": 1, "rows": [WAITING, changed]}))


@pytest.mark.parametrize("field", ["key", "game", "details", "name", "kind"])
def test_a_waiting_result_with_a_lone_surrogate_is_left_out_and_the_others_are_counted(card_arcade_home, field):
    from storage.stats import StatsStore

    changed = json.loads(json.dumps(WAITING))
    changed["key"] = "k2"
    if field in ("name", "kind"):
        changed["seats"][0][1 if field == "name" else 2] = "A\ud800"
    else:
        changed[field] += "\udfff"
    waiting_file(card_arcade_home, changed)
    stats = StatsStore(card_arcade_home)
    assert stats.count("war") == 1, "the good row is counted, the other left out"
    stats.close()


def test_a_waiting_result_with_a_lone_surrogate_never_stops_the_real_program_starting(card_arcade_home):
    waiting_file(card_arcade_home, {**WAITING, "key": "k\ud800"})
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "5"], cwd=ROOT, timeout=120,
                          capture_output=True, text=True, env=dict(os.environ, CARD_ARCADE_HOME=str(card_arcade_home)))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
