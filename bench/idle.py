#!/usr/bin/env python3
"""CPU used by the real main loop while nothing moves, as a process of its own, headless.

    python bench/idle.py menu|table|online [--seconds S] [--root CHECKOUT]

The child opens the App, shows the menu (or a Kings Corner table waiting for the human, or a
networked Skyjo table: a `main.py --serve` process on a loopback port, the window hosting, a friend
seated on another connection who never moves), lets it settle for a few seconds, then reports the
process's CPU time (user + system) over S seconds of wall time as a JSON line: {"scene", "seconds",
"cpu_s", "cpu_percent", "frames_drawn"} (online: also "to_move", the seat the table waits for).
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
from harness.start import start_table

app = App()
app.settings.animation_speed = "fast"
menu = MenuScene(app)
marks = {}
extra = {}

def mark(name):
    marks[name] = (time.perf_counter(), sum(os.times()[:2]), getattr(app, "draws", app.frames))

def measure():
    time.sleep(SETTLE)
    mark("start")
    time.sleep(SECONDS)
    mark("end")
    if app.online is not None:  # what the networked table waited for (the window leaves it when it closes)
        match = app.online.match
        extra.update(started=match is not None, to_move=None if match is None else match.to_move)
    pygame.event.post(pygame.event.Event(pygame.QUIT))

app.push(menu, transition=False)
if SCENE == "table":
    start_table(app, "kings_corner")
if SCENE == "online":
    import re, subprocess
    from net import protocol as p
    from net.client import Client
    from scenes.online.lobby import LobbyScene
    from scenes.online.session import OnlineSession

    server = subprocess.Popen([sys.executable, "main.py", "--serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    url = "ws://127.0.0.1:" + re.search(r":(\d+)", server.stdout.readline())[1]
    specs = [p.SeatSpec("you"), p.SeatSpec("open")]
    app.online = OnlineSession(app, url, p.Create(p.VERSION, "Amina", "skyjo", specs, seed=2))
    app.push(LobbyScene(app, "skyjo"), transition=False)

    def seat_a_friend():
        while not app.online.code:
            time.sleep(0.05)
        friend = Client(url, p.Join(p.VERSION, app.online.code, "Bilal"))
        friend.send(p.TakeSeat(1))
        time.sleep(1)
        app.online.send(p.Start())

    threading.Thread(target=seat_a_friend, daemon=True).start()
threading.Thread(target=measure, daemon=True).start()
app.run(app.scenes.pop())  # run() pushes its first scene again
(t0, c0, f0), (t1, c1, f1) = marks["start"], marks["end"]
if SCENE == "online":
    server.terminate()
print(json.dumps({"scene": SCENE, "seconds": round(t1 - t0, 2), "cpu_s": round(c1 - c0, 3),
                  "cpu_percent": round(100 * (c1 - c0) / (t1 - t0), 2), "frames_drawn": f1 - f0, **extra}))
"""


def idle_cpu(scene: str, seconds: float = 10.0, root: Path = ROOT) -> dict:
    """Run the child for `scene` ("menu", "table" or "online") and return its report."""
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
    parser.add_argument("scene", choices=["menu", "table", "online"])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall seconds measured (default 10)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose code runs (default this one)")
    args = parser.parse_args(argv)
    print(json.dumps(idle_cpu(args.scene, args.seconds, args.root.resolve())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
