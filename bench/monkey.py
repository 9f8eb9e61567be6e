#!/usr/bin/env python3
"""Monkey test: random but real pygame events through the real main loop, on every scene.

    python bench/monkey.py --events N --seed S     (headless; prints a JSON summary)

A failure replays with the same seed. Checks after every event: no crash (no error screen),
the rules invariants of every table on the stack hold; after each scene's run, a game in
progress still accepts a legal move.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Random clicks reach Settings and Host online: whatever the setting says, nothing is announced on
# the network and a hosted table's server listens on 127.0.0.1 only (scenes/online/session.py).
os.environ["CARD_ARCADE_DISCOVERY"] = "off"

from harness.monkey import Summary, run_scene, scene_builders


def run(events_per_scene: int, seed: int, only: str | None = None) -> Summary:
    from scenes.app import App

    summary = Summary()
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARD_ARCADE_HOME"] = home
        app = App()
        try:
            for index, (label, build) in enumerate(scene_builders().items()):
                if only and not label.startswith(only):
                    continue
                run_scene(app, label, build, events_per_scene, seed * 1000 + index, summary)
        finally:
            app.stats.close()
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Monkey test every scene with random real events.")
    parser.add_argument("--events", type=int, default=2000, help="events per scene (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="only scenes whose name starts with this")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    summary = run(args.events, args.seed, args.only)
    print(json.dumps({"events": summary.events, "scenes": len(summary.per_scene), "rebuilds": summary.rebuilds,
                      "tables_checked": summary.tables_checked, "errors": summary.errors,
                      "seconds": round(time.perf_counter() - start, 1), "per_scene": summary.per_scene}, indent=1))
    return 1 if summary.errors else 0


if __name__ == "__main__":
    sys.exit(main())
