#!/usr/bin/env python3
"""Soak: autoplay every game with computer seats, animations on, as fast as frames go, headless.

    python bench/soak.py --minutes M      (prints a JSON report)

First each game is played once at instant speed (the card and text caches fill), then games
are autoplayed with animations at normal speed, each for at most 30 s, until the time is up.
Reports frames drawn, games finished, errors, and the memory (RSS) at start, after the warm-up
and at the end, with the growth per hour fitted over the samples taken after each game.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")



def rss_mb() -> float:
    """The current resident memory of this process in MB."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def slope_per_hour(samples: list[tuple[float, float]]) -> float:
    """Least-squares growth of (seconds, MB) samples, in MB per hour."""
    if len(samples) < 2:
        return 0.0
    n = len(samples)
    mean_t = sum(t for t, _ in samples) / n
    mean_m = sum(m for _, m in samples) / n
    var = sum((t - mean_t) ** 2 for t, _ in samples)
    if var == 0:
        return 0.0
    return sum((t - mean_t) * (m - mean_m) for t, m in samples) / var * 3600


def soak(seconds: float, warmup: float = 0.25) -> dict:
    from bench.autoplay import play_one
    from scenes.app import App
    from scenes.plugins import playable_games

    report: dict[str, Any] = {"frames": 0, "games_finished": 0, "games_cut_short": 0, "errors": [], "per_game": {}}
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARD_ARCADE_HOME"] = home
        app = App()
        names = list(playable_games())
        report["rss_start_mb"] = round(rss_mb(), 1)
        app.settings.animation_speed = "instant"  # one quick game each first: the caches fill
        for name in names:
            play_one(app, name, report, time.perf_counter() + seconds * warmup / max(1, len(names)))
        report["rss_after_warm_up_mb"] = round(rss_mb(), 1)
        app.settings.animation_speed = "normal"
        start = time.perf_counter()
        samples: list[tuple[float, float]] = [(0.0, rss_mb())]
        index = 0
        while time.perf_counter() - start < seconds and names:
            play_one(app, names[index % len(names)], report, min(start + seconds, time.perf_counter() + 30))
            index += 1
            samples.append((time.perf_counter() - start, rss_mb()))
        report["seconds"] = round(time.perf_counter() - start, 1)
        report["rss_end_mb"] = round(rss_mb(), 1)
        report["rss_growth_mb_per_h"] = round(slope_per_hour(samples), 2)
        late = [(t, m) for t, m in samples if t >= report["seconds"] / 2]
        report["rss_growth_second_half_mb_per_h"] = round(slope_per_hour(late), 2)  # caches full by then
        report["rss_samples_mb"] = [round(m, 1) for _, m in samples]
        app.stats.close()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Autoplay every game and watch memory.")
    parser.add_argument("--minutes", type=float, default=5.0)
    args = parser.parse_args(argv)
    report = soak(args.minutes * 60)
    print(json.dumps(report, indent=1))
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
