#!/usr/bin/env python3
"""CPU used by the real main loop while nothing moves, as a process of its own, headless.

    python bench/idle.py menu|table [--seconds S] [--root CHECKOUT]

The child opens the App, shows the menu (or a Kings Corner table waiting for the human), lets it
settle for a few seconds, then reports the process's CPU time (user + system) over S seconds of
wall time as a JSON line: {"scene", "seconds", "cpu_s", "cpu_percent", "frames_drawn"}.
`--root` runs another checkout's code (to measure a change against the code before it).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETTLE_SECONDS = 4.0

CHILD = r"""
import json, os, sys, threading, time
sys.path.insert(0, ROOT)
import pygame
from scenes.app import App
from scenes.menu import MenuScene
from bench.autoplay import start_table

app = App()
app.settings.animation_speed = "fast"
menu = MenuScene(app)
marks = {}

def mark(name):
    marks[name] = (time.perf_counter(), sum(os.times()[:2]), getattr(app, "draws", app.frames))

def measure():
    time.sleep(SETTLE)
    mark("start")
    time.sleep(SECONDS)
    mark("end")
    pygame.event.post(pygame.event.Event(pygame.QUIT))

app.push(menu, transition=False)
if SCENE == "table":
    start_table(app, "kings_corner")
threading.Thread(target=measure, daemon=True).start()
app.run(app.scenes.pop())  # run() pushes its first scene again
(t0, c0, f0), (t1, c1, f1) = marks["start"], marks["end"]
print(json.dumps({"scene": SCENE, "seconds": round(t1 - t0, 2), "cpu_s": round(c1 - c0, 3),
                  "cpu_percent": round(100 * (c1 - c0) / (t1 - t0), 2), "frames_drawn": f1 - f0}))
"""


def idle_cpu(scene: str, seconds: float = 10.0, root: Path = ROOT) -> dict:
    """Run the child for `scene` ("menu" or "table") and return its report."""
    code = (f"ROOT = {str(root)!r}\nSCENE = {scene!r}\nSECONDS = {seconds!r}\nSETTLE = {SETTLE_SECONDS!r}\n"
            + CHILD)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    import tempfile

    with tempfile.TemporaryDirectory() as home:
        env["CARD_ARCADE_HOME"] = home
        out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True,
                             timeout=seconds + 120, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scene", choices=["menu", "table"])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall seconds measured (default 10)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose code runs (default this one)")
    args = parser.parse_args(argv)
    print(json.dumps(idle_cpu(args.scene, args.seconds, args.root.resolve())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
