"""Start a game's table as a player would: open its setup, set the seats, press Start.

    python bench/autoplay.py GAME [--seconds S]     (one game, computer seats, headless: a JSON report)
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script: the project's packages from its folder, headless
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.registry import game_info
from scenes.setup import setup_scene

DT = 1 / 60
GAME_FRAME_CAP = 60 * 60 * 20  # a game still running after 20 simulated minutes is left


def start_table(app, name: str, computers_only: bool = False, seed: str = "", names: Sequence[str] = ()) -> None:
    """Push the game's setup scene and press Start (every seat a computer of the game's default
    level, normal, if asked; `seed` typed in the Seed field, empty for a new deal; the first seats
    named `names`, if given).

    A computers-only table also gets a Space key, which starts a watched game (War)."""
    app.push(setup_scene(app, name), transition=False)
    setup = app.top
    if computers_only:
        computer = setup.kinds.index(("computer", game_info(name).default_level))
        setup.kind_index = [computer] * len(setup.kind_index)
    setup.seed_text = seed
    setup.names[:len(names)] = names
    next(w for w in setup.group.widgets if getattr(w, "label", "") == "Start").on_click()
    if computers_only:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))


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
