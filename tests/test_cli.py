"""The command line: wrong options give one line and exit code 2; --simulate prints JSON."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

MAIN = Path(__file__).resolve().parent.parent / "main.py"


@pytest.mark.parametrize("args", [["--games", "ten"], ["--games", "0"], ["--games", "-5"], ["--seed", "x"],
                                  ["--simulate", "poker"], ["--bogus"], ["--frames", "1e9"]])
def test_bad_options_give_one_line_and_exit_code_2(args):
    done = subprocess.run([sys.executable, str(MAIN), *args], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "error" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_simulate_war_prints_batch_statistics_as_json():
    args = [sys.executable, str(MAIN), "--simulate", "war", "--games", "20", "--seed", "3"]
    first = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False)
    assert first.returncode == 0, first.stderr
    stats = json.loads(first.stdout)
    assert stats["games"] == 20 and stats["battles"] > 0
    again = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False)
    assert json.loads(again.stdout) == stats, "the same seed gives the same batch"
