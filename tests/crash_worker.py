"""A real Card Arcade process that plays computer-only games back to back, for kill -9 tests.

    python tests/crash_worker.py GAME [--resume]

Prints "recorded N" after the statistics hold N games. Never returns by itself.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from bench.autoplay import start_table
from scenes.app import App
from scenes.menu import MenuScene

DT = 1 / 60


def main(name: str, resume: bool) -> None:
    app = App()
    app.settings.animation_speed = "instant"
    app.push(MenuScene(app), transition=False)
    if resume and app.saves.exists(name):
        app.top.resume(name)
    else:
        start_table(app, name, computers_only=True)
    recorded = app.stats.count(name)
    while True:
        app.step(DT)
        if app.stats.count(name) != recorded:
            recorded = app.stats.count(name)
            print(f"recorded {recorded}", flush=True)
        if not any(hasattr(s, "rules") for s in app.scenes):
            app.reset(MenuScene(app))
            start_table(app, name, computers_only=True)
        elif not hasattr(app.top, "rules"):
            app.pop()  # the result dialog: close it and start the next game


if __name__ == "__main__":
    main(sys.argv[1], "--resume" in sys.argv)
