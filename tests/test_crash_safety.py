"""Kill -9 a real process mid-game and mid-save, many times: the save is the old or the new one,
never broken; no statistics row is lost or doubled; the next start offers to resume exactly there.
The worker reaches every moment: a resumed game goes on (War's too), a round's end deals on, and
the game after a finished one starts."""
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game import game_info, load_game
from harness.copies import WORKER
from scenes.plugins import playable_games, resume_scene
from storage.saves import validate_payload
from storage.stats import STATS_FILE

KILLS = 3
REACH_TIME = 180.0  # seconds the last run may take to reach every moment on a loaded machine


def moments_reached(lines: list[str], name: str) -> bool:
    """Whether a worker's lines show every moment: after a resume the game moved on, a round's end
    was followed by the next round, and after a finished game the next one started and moved."""
    said = [line.split()[0] if line.startswith("recorded") else line for line in lines]

    def after(first: str, then: str) -> bool:
        return first in said and then in said[said.index(first) + 1:]

    later = said[said.index("resumed") + 1:] if "resumed" in said else ["moved"]
    resumed = next((line for line in later if line in ("moved", "new game")), None) == "moved"
    rounds = not game_info(name).rounds or after("round end", "next round")
    return resumed and rounds and after("recorded", "new game") and after("new game", "moved")


def took_up_an_ended_game(lines: list[str]) -> bool:
    """Whether the game a worker took up had ended: it was recorded at once and could not move on
    (the worker was killed between a game's end and its statistics)."""
    later = lines[lines.index("resumed") + 1:] if "resumed" in lines else []
    return next((line for line in later if line in ("moved", "new game")), None) == "new game"


def run_and_kill(name: str, home: Path, seconds: float, resume: bool, until_all_moments: bool = False) -> list[str]:
    """Start the worker, kill -9 it after `seconds`, or once it has reached every moment or shown
    that the game it took up had ended; its lines."""
    env = dict(os.environ, CARD_ARCADE_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    args = [sys.executable, str(WORKER), name] + (["--resume"] if resume else [])
    proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(line.strip() for line in proc.stdout), daemon=True)
    reader.start()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not (
            until_all_moments and (moments_reached(lines, name) or took_up_an_ended_game(lines))):
        time.sleep(0.05)
    assert proc.poll() is None, proc.stderr.read()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    reader.join(timeout=5)
    return lines


def last_count(lines: list[str]) -> int:
    counts = [int(line.split()[1]) for line in lines if line.startswith("recorded")]
    return counts[-1] if counts else -1


def copy_of_statistics(home: Path) -> Path:
    """The statistics and their write-ahead log, copied: a killed writer's log is replayed on opening, which a
    read-only connection cannot do ("attempt to write a readonly database"), and the game's own files stay as
    the kill left them for the next round."""
    copy = home.parent / "statistics-copy"
    shutil.rmtree(copy, ignore_errors=True)
    copy.mkdir()
    for suffix in ("", "-wal"):
        source = home / (STATS_FILE + suffix)
        if source.exists():
            shutil.copyfile(source, copy / source.name)
    return copy / STATS_FILE


def check_home(name: str, home: Path, printed: int) -> None:
    save = home / f"save-{name}.json"
    if save.exists():
        payload = json.loads(save.read_text())
        assert validate_payload(payload, name) is None
        load_game(payload["rules"]).check_invariants()
    if not (home / STATS_FILE).exists():  # killed before the statistics were first opened
        assert printed == -1, "a recorded game was lost"
        return
    db = sqlite3.connect(copy_of_statistics(home))
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    if db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'games'").fetchone()[0] == 0:
        db.close()  # killed before the first tables were written: nothing was recorded
        assert printed == -1, "a recorded game was lost"
        return
    games = db.execute("SELECT count(*) FROM games WHERE game = ?", (name,)).fetchone()[0]
    keys = db.execute("SELECT count(DISTINCT game_key) FROM games WHERE game = ?", (name,)).fetchone()[0]
    orphans = db.execute("SELECT count(*) FROM seats WHERE game_id NOT IN (SELECT id FROM games)").fetchone()[0]
    empty = db.execute("SELECT count(*) FROM games WHERE id NOT IN (SELECT game_id FROM seats)").fetchone()[0]
    db.close()
    assert games == keys, "a game was counted twice"
    assert orphans == 0 and empty == 0, "a statistics row was half written"
    assert games >= printed, "a recorded game was lost"


def test_a_stalled_worker_is_told_from_one_that_reached_every_moment():
    whole = ["resumed", "round end", "moved", "next round", "recorded 3", "new game", "moved"]
    assert moments_reached(whole, "skyjo")
    assert not moments_reached(["resumed", "recorded 3", "new game", "moved"], "skyjo"), "no round's end"
    assert not moments_reached(["moved", "recorded 1"], "war"), "stalled after the first game"
    assert not moments_reached(["resumed", "recorded 1", "new game", "moved"], "war"), "stalled after a resume"


def test_a_worker_that_took_up_an_ended_game_is_told_from_one_that_went_on():
    assert took_up_an_ended_game(["resumed", "game k", "recorded 4", "finished k", "new game", "moved"])
    assert not took_up_an_ended_game(["resumed", "game k", "moved", "recorded 4", "new game"])
    assert not took_up_an_ended_game(["game k", "moved", "recorded 1", "new game"]), "nothing taken up"


@pytest.mark.slow
@pytest.mark.parametrize("name", playable_games())
def test_kill_minus_9_never_breaks_saves_or_statistics(name, card_arcade_home):
    rng = random.Random(name)
    home = card_arcade_home
    for round_ in range(KILLS):
        lines = run_and_kill(name, home, rng.uniform(0.8, 2.2), resume=round_ > 0)
        check_home(name, home, last_count(lines))
    for _ in range(5):  # a kill between a game's end and its statistics leaves a game that cannot move
        lines = run_and_kill(name, home, REACH_TIME, resume=True, until_all_moments=True)  # on: again
        check_home(name, home, last_count(lines))
        if not took_up_an_ended_game(lines):
            break
    assert moments_reached(lines, name), f"the worker stalled: {lines}"
    from harness.driver import Driver

    driver = Driver()
    try:
        assert not list(home.glob("save-*.tmp")), "a write cut short is cleaned up at the next start"
        if driver.app.saves.exists(name):
            payload = driver.app.saves.load(name)
            table = resume_scene(driver.app, name, payload)
            assert table.rules == load_game(payload["rules"]), "resumed exactly where it stopped"
    finally:
        driver.close()


def test_a_computers_only_skyjo_resumed_at_a_round_end_at_instant_speed_deals_on_by_itself():
    from harness.driver import Driver
    from harness.start import start_table
    from scenes.menu import MenuScene

    driver = Driver(speed="instant")
    start_table(driver.app, "skyjo", computers_only=True)
    table = driver.top
    assert driver.until(lambda: table.between_rounds(), 120), "the first round never ended"
    saved = driver.app.saves.load("skyjo")
    driver.close()
    assert saved["rules"]["phase"] == "round_over"

    driver = Driver(speed="instant")
    try:
        menu = MenuScene(driver.app)
        driver.app.push(menu, transition=False)
        menu.resume("skyjo")
        table = next(s for s in driver.app.scenes if hasattr(s, "rules"))
        assert table.between_rounds()
        assert driver.until(lambda: not table.between_rounds(), 20), "the resumed table waits for a key"
        assert table.rules.round_number == saved["rules"]["round"] + 1
    finally:
        driver.close()
