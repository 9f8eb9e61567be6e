"""A real Card Arcade process that plays computer-only games back to back, for kill -9 tests.

    python harness/crash_worker.py GAME [--resume]

Prints each moment it reaches on a line: "resumed" (a saved game taken up), "new game" (the next
game after one ended), "moved" (the game taken up or started has moved on since), "round end",
"next round" (dealt after a round's end), "recorded N" (the statistics hold N games of GAME),
"game KEY" (a table shown, its game key) and "finished KEY" (that game ended and was recorded).
Never returns by itself.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from harness.start import start_table
from scenes.app import App
from scenes.menu import MenuScene

DT = 1 / 60


def say(line: str) -> None:
    print(line, flush=True)


def table_of(app: App):
    return next((s for s in reversed(app.scenes) if hasattr(s, "rules")), None)


def new_game(app: App, name: str) -> None:
    app.reset(MenuScene(app))
    start_table(app, name, computers_only=True)
    say("new game")


def state(table) -> str:
    return json.dumps(table.rules.to_dict(), sort_keys=True)


def main(name: str, resume: bool) -> None:
    app = App()
    app.settings.animation_speed = "instant"
    menu = MenuScene(app)
    app.push(menu, transition=False)
    if resume and app.saves.exists(name):
        menu.resume(name)
        say("resumed")
        # A watched table (War) comes back paused, as a player would find it: Space runs it again.
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    else:
        start_table(app, name, computers_only=True)
    recorded = app.stats.count(name)
    table, at_round_end, began = None, False, None  # began: the game as taken up, None once it moved
    while True:
        app.step(DT)
        if app.stats.count(name) != recorded:
            recorded = app.stats.count(name)
            say(f"recorded {recorded}")
        if table is not None and began is not None and state(table) != began:
            began = None
            say("moved")
        if table is not None and table.finished:
            say(f"finished {table.match.key}")
        if table_of(app) is None or table_of(app).finished:
            new_game(app, name)  # the result is shown by then (or a damaged save did not resume)
        if table_of(app) is not table:
            table, at_round_end = table_of(app), False
            began = state(table)
            say(f"game {table.match.key}")
            continue
        if table.between_rounds() != at_round_end:
            at_round_end = not at_round_end
            say("round end" if at_round_end else "next round")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--resume", action="store_true", help="take up the game's save first, if there is one")
    args = parser.parse_args()
    main(args.game, args.resume)
