"""The longest frames of a window whose statistics file another program holds locked.

    python bench/locked_stats.py [--seconds S]     (headless: one JSON object, times in ms)

Another process holds `BEGIN EXCLUSIVE` on the statistics file from before the window opens;
computers-only Sota tables play in real time, one after another, so their results wait.
"""
from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

if __name__ == "__main__":  # run as a script: the project's packages from its folder, headless
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from harness.start import start_table
from storage.stats import STATS_FILE

LOCKER = ("import sqlite3, sys, time; db = sqlite3.connect(sys.argv[1], isolation_level=None);"
          "db.execute('BEGIN EXCLUSIVE'); print('held', flush=True); time.sleep(600)")


def locked(folder: Path) -> subprocess.Popen:
    """A statistics file in `folder`, held by another process until it is killed."""
    sqlite3.connect(folder / STATS_FILE).close()
    proc = subprocess.Popen([sys.executable, "-c", LOCKER, str(folder / STATS_FILE)], stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def measure(seconds: float) -> dict:
    """Run the real loop for `seconds`; the frames' work times (the idle sleep left out)."""
    from scenes.app import App
    from scenes.menu import MenuScene

    app = App()
    app.settings.animation_speed = "instant"
    app.push(MenuScene(app), transition=False)
    frames: list[float] = []
    games, table = 0, None  # the table playing (a Table)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        if app.frames >= 2 and (table is None or table.finished):
            games += table is not None
            app.reset(MenuScene(app))
            start_table(app, "sota", computers_only=True)
            table = cast(Any, app.top)
        dt, events = app.wait_for_change()
        began = time.perf_counter()
        app.step(dt, events)
        frames.append(time.perf_counter() - began)
    app.shut_down()
    frames.sort()
    return {"seconds": seconds, "frames": len(frames), "games_finished": games,
            "longest_ms": [round(f * 1000, 1) for f in frames[-5:][::-1]],
            "over_100ms": sum(f > 0.1 for f in frames), "median_ms": round(frames[len(frames) // 2] * 1000, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Frame times with the statistics file locked by another program.")
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARD_ARCADE_HOME"] = home
        proc = locked(Path(home))
        try:
            report = measure(args.seconds)
        finally:
            proc.kill()
            proc.wait()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
