"""Autoplay one game with computer seats, headless, at instant speed.

    python bench/autoplay.py GAME [--seconds S]     (one game, computer seats, headless: a JSON report)
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script: the project's packages from its folder, headless
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from harness.start import start_table

DT = 1 / 60
GAME_FRAME_CAP = 60 * 60 * 20  # a game still running after 20 simulated minutes is left


def play_one(app, name: str, report: dict, deadline: float) -> None:
    """Autoplay one game of `name` with computer seats until it ends or the deadline passes."""
    from scenes.error import ErrorScene
    from scenes.menu import MenuScene

    app.reset(MenuScene(app))
    start_table(app, name, computers_only=True)
    table = app.top
    for _ in range(GAME_FRAME_CAP):
        app.step(DT)
        report["frames"] += 1
        if isinstance(app.top, ErrorScene):
            report["errors"].append(f"{name}: {app.top.message}")
            break
        if table.finished or time.perf_counter() >= deadline:
            break
    if table.finished:
        report["games_finished"] += 1
        report["per_game"][name] = report["per_game"].get(name, 0) + 1
    else:
        report["games_cut_short"] += 1


def main(argv: list[str] | None = None) -> int:
    """Autoplay one game at instant speed and print what happened; exit 1 on an error screen."""
    from scenes.app import App
    from scenes.plugins import playable_games

    parser = argparse.ArgumentParser(description="Autoplay one game with computer seats, headless, at instant "
                                                 "speed, and print a JSON report (frames, finished, errors).")
    parser.add_argument("game", choices=list(playable_games()))
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long (default 60)")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"frames": 0, "games_finished": 0, "games_cut_short": 0, "errors": [], "per_game": {}}
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARD_ARCADE_HOME"] = home
        app = App()
        app.settings.animation_speed = "instant"
        play_one(app, args.game, report, time.perf_counter() + args.seconds)
        app.stats.close()
    print(json.dumps(report))
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
