"""Ctrl+C (SIGINT) and SIGTERM end a real Card Arcade process cleanly: exit code 130 or 143, no
traceback, the log says so, and the game on the table is saved as it stood."""
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from storage.saves import SaveStore

ROOT = Path(__file__).resolve().parent.parent
TABLE_WORKER = """
import json, sys
sys.path.insert(0, sys.argv[1])
import main
from scenes.app import App
from scenes.plugins import game_scenes

signals = main.Signals()
signals.install()
app = App()
signals.app = app
scenes = game_scenes("sota")
table = scenes.start(app, list(scenes.default_seats), {}, 7)
code = app.run(table)
print(json.dumps(table.rules.to_dict()), flush=True)
sys.exit(code)
"""


def start(command: list[str], home: Path) -> subprocess.Popen:
    """Start a headless process and wait for its first frame."""
    env = dict(os.environ, CARD_ARCADE_HOME=str(home), CARD_ARCADE_REPORT_FIRST_FRAME="1")
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout.readline() == "first frame\n"
    return process


@pytest.mark.parametrize(("number", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_ends_main_py_with_its_exit_code_and_no_traceback(card_arcade_home, number, code):
    process = start([sys.executable, str(ROOT / "main.py")], card_arcade_home)
    process.send_signal(number)
    _, err = process.communicate(timeout=60)
    assert process.returncode == code
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    log = (card_arcade_home / "card-arcade.log").read_text()
    assert f"closed (exit code {code})" in log and f"stopped by {signal.Signals(number).name}" in log


def test_a_game_in_progress_is_saved_as_it_stood_when_sigterm_ends_the_program(card_arcade_home):
    process = start([sys.executable, "-c", TABLE_WORKER, str(ROOT)], card_arcade_home)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 143, err
    assert "Traceback" not in err
    saved = SaveStore(card_arcade_home).load("sota")
    assert saved is not None and saved["rules"] == json.loads(out.splitlines()[-1])
