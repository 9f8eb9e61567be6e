"""Kill -9 a real process mid-game and mid-save, many times: the save is the old or the new one,
never broken; no statistics row is lost or doubled; the next start offers to resume exactly there."""
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game import GAME_NAMES, load_game
from scenes.plugins import resume_scene
from storage.saves import validate_payload
from storage.stats import STATS_FILE

WORKER = Path(__file__).resolve().parent / "crash_worker.py"
KILLS = 6


def run_and_kill(name: str, home: Path, seconds: float, resume: bool) -> int:
    """Start the worker, kill -9 it after `seconds`; the last count of recorded games it printed."""
    env = dict(os.environ, CARD_ARCADE_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    args = [sys.executable, str(WORKER), name] + (["--resume"] if resume else [])
    proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
    reader.start()
    time.sleep(seconds)
    assert proc.poll() is None, proc.stderr.read()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    reader.join(timeout=5)
    counts = [int(line.split()[1]) for line in lines if line.startswith("recorded")]
    return counts[-1] if counts else -1


def check_home(name: str, home: Path, printed: int) -> None:
    save = home / f"save-{name}.json"
    if save.exists():
        payload = json.loads(save.read_text())
        assert validate_payload(payload, name) is None
        load_game(payload["rules"]).check_invariants()
    db = sqlite3.connect(home / STATS_FILE)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    games = db.execute("SELECT count(*) FROM games WHERE game = ?", (name,)).fetchone()[0]
    keys = db.execute("SELECT count(DISTINCT game_key) FROM games WHERE game = ?", (name,)).fetchone()[0]
    orphans = db.execute("SELECT count(*) FROM seats WHERE game_id NOT IN (SELECT id FROM games)").fetchone()[0]
    empty = db.execute("SELECT count(*) FROM games WHERE id NOT IN (SELECT game_id FROM seats)").fetchone()[0]
    db.close()
    assert games == keys, "a game was counted twice"
    assert orphans == 0 and empty == 0, "a statistics row was half written"
    assert games >= printed, "a recorded game was lost"


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_NAMES)
def test_kill_minus_9_never_breaks_saves_or_statistics(name, card_arcade_home):
    rng = random.Random(name)
    home = card_arcade_home
    for round_ in range(KILLS):
        printed = run_and_kill(name, home, rng.uniform(0.8, 2.2), resume=round_ > 0)
        check_home(name, home, printed)
    from tests.ui import Driver

    driver = Driver()
    try:
        assert not list(home.glob("save-*.tmp")), "a write cut short is cleaned up at the next start"
        if driver.app.saves.exists(name):
            payload = driver.app.saves.load(name)
            table = resume_scene(driver.app, name, payload)
            assert table.rules == load_game(payload["rules"]), "resumed exactly where it stopped"
    finally:
        driver.close()
