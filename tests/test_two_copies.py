"""Two copies of the program at once: each game in progress belongs to one
copy, a copy never deletes another's temporary files or saves, the second copy says what it did,
and the statistics of both arrive, once each."""
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import load_game
from harness.copies import Worker
from harness.driver import Driver
from scenes.plugins import resume_scene
from storage.saves import SaveStore, validate_payload
from storage.stats import STATS_FILE, StatsStore
from tests.storage.places import other_copy_holding

ROOT = Path(__file__).resolve().parent.parent
PLAY_TIME = 240.0  # seconds at most for both copies to finish GAMES games each on a loaded machine
GAMES = 2
STARTS = 4  # short-lived third copies started while the two play


def test_a_second_copy_never_removes_the_first_copys_half_written_save(card_arcade_home):
    temp = card_arcade_home / "save-war.json.x1y2z3.tmp"
    temp.write_text('{"half": ')
    with other_copy_holding(card_arcade_home / "save-war.lock"):
        SaveStore(card_arcade_home)
        assert temp.exists(), "the other copy is writing it"
    old = card_arcade_home / "settings.json.abc.tmp"
    old.write_text("{")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    SaveStore(card_arcade_home)
    assert not temp.exists() and not old.exists(), "cut short by a crash: cleaned up"


def write_save(home: Path, name: str, key: str, path: Path | None = None) -> None:
    """A save as another copy of the program wrote it."""
    (path or home / f"save-{name}.json").write_text(json.dumps(
        {"version": 1, "game": name, "rules": {"by": key}, "seats": [], "extra": {"key": key}}))


def test_a_second_copy_saves_its_own_game_and_never_deletes_the_firsts(card_arcade_home):
    with other_copy_holding(card_arcade_home / "save-skyjo.lock"):  # the first copy plays Skyjo
        write_save(card_arcade_home, "skyjo", "first")
        second = SaveStore(card_arcade_home)
        assert not second.exists("skyjo"), "the first copy's game is not offered to the second"
        assert second.save("skyjo", {"by": "second"}, [], {"key": "second"})
        assert second.warnings == ["Skyjo is open in another window: this game is saved separately."]
        second.delete("skyjo")  # the second copy finishes its game
        assert json.loads((card_arcade_home / "save-skyjo.json").read_text())["rules"] == {"by": "first"}
        assert second.load("skyjo") is None and "open in another window" in second.warnings[-1]
    later = SaveStore(card_arcade_home)
    assert later.exists("skyjo") and later.load("skyjo")["rules"] == {"by": "first"}, "once the first copy is gone"


def test_when_both_copies_move_and_quit_both_games_resume(card_arcade_home):
    with other_copy_holding(card_arcade_home / "save-war.lock"):
        write_save(card_arcade_home, "war", "first")
        second = SaveStore(card_arcade_home)
        assert second.save("war", {"by": "second"}, [], {"key": "second"})
    later = SaveStore(card_arcade_home)  # both have quit (this process stands for the second)
    keys = []
    while later.exists("war"):
        keys.append(later.load("war")["extra"]["key"])
        later.delete("war")  # played to the end
    assert sorted(keys) == ["first", "second"]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["war", "memory_match"])
def test_two_copies_play_at_once_and_lose_nothing(card_arcade_home, name):
    home = card_arcade_home
    copies = [Worker(name, home)]  # real copies of the program (harness/crash_worker.py)
    deadline = time.monotonic() + 30
    while not copies[0].said("game") and time.monotonic() < deadline:
        time.sleep(0.05)
    copies.append(Worker(name, home))
    for _ in range(STARTS):  # a player double-clicks again: each start must leave both alone
        subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "3"], cwd=ROOT, timeout=120, check=True,
                       env=dict(os.environ, CARD_ARCADE_HOME=str(home)), capture_output=True)
    deadline = time.monotonic() + PLAY_TIME
    while min(len(c.said("finished")) for c in copies) < GAMES and time.monotonic() < deadline:
        time.sleep(0.1)
    assert all([copy.kill() for copy in copies]), "a copy died while both played"

    finished = [key for c in copies for key in c.said("finished")]
    started = {key for c in copies for key in c.said("game")}
    assert min(len(c.said("finished")) for c in copies) >= GAMES, [c.lines[-5:] for c in copies]
    StatsStore(home).close()  # the next start counts the results that waited (a copy's write met the other's)
    db = sqlite3.connect(home / STATS_FILE)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    keys = [key for (key,) in db.execute("SELECT game_key FROM games WHERE game = ?", (name,))]
    db.close()
    assert len(keys) == len(set(keys)), "a game was counted twice"
    assert set(finished) <= set(keys), "a finished game's statistics were lost"
    assert set(keys) <= started, "a row from nowhere"
    saves = {}
    for path in home.glob(f"save-{name}*.json"):
        payload = json.loads(path.read_text())
        assert validate_payload(payload, name) is None
        load_game(payload["rules"]).check_invariants()
        saves[payload["extra"]["key"]] = path
    for copy in copies:
        last = copy.said("game")[-1]
        assert last in keys or last in saves, f"the game a copy was playing was lost ({last})"
    log = (home / "card-arcade.log").read_text(errors="replace")
    assert "open in another window" in log, "the second copy said what it did"
    assert "crash:" not in log and "Traceback" not in log

    driver = Driver()  # the next start resumes each copy's game in turn
    try:
        resumed = []
        while driver.app.saves.exists(name):
            payload = driver.app.saves.load(name)
            table = resume_scene(driver.app, name, payload)
            resumed.append(table.match.key)
            driver.app.saves.delete(name)
        assert sorted(resumed) == sorted(saves)
    finally:
        driver.close()




def test_copies_quitting_together_on_a_held_statistics_file_keep_every_result(card_arcade_home):
    """bench/attack.py (item 9): each copy's last update of the pending file met another's lock and
    gave up, with no later try: about half of the results were lost."""
    from tests.storage.places import RECORDING, other_process_locking, start_together

    StatsStore(card_arcade_home).close()
    copies = 8
    with other_process_locking(card_arcade_home / STATS_FILE):
        procs = start_together([[sys.executable, "-c", RECORDING, str(ROOT), str(card_arcade_home), f"k{i}"]
                                for i in range(copies)])
        for proc in procs:
            proc.communicate(timeout=120)
        assert [proc.returncode for proc in procs] == [0] * copies
    stats = StatsStore(card_arcade_home)  # the next start writes what waited
    assert stats.count("war") == copies
    stats.close()
