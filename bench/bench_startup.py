"""bench/run.py's start-up ratio: the program's first frame against the whole run of a bare script
that imports pygame, opens a 1280x720 window, fills and flips it once (medians, runs interleaved)."""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time

RUNS = 7
BARE = """
import os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 720))
screen.fill((22, 92, 58))
pygame.display.flip()
"""


def bare_ms() -> float:
    """The whole bare script, process start to exit."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", BARE], check=True)
    return (time.perf_counter() - start) * 1000


def run() -> list[dict]:
    from bench.run import startup_ms

    firsts, bares = [], []
    with tempfile.TemporaryDirectory() as _:
        for _ in range(RUNS):
            firsts.append(startup_ms(1))
            bares.append(bare_ms())
    first, bare = statistics.median(firsts), statistics.median(bares)
    return [{"bench": "bare_startup_ms", "value": round(bare, 1), "unit": "ms"},
            {"bench": "startup_first_frame_median_ms", "value": round(first, 1), "unit": "ms"},
            {"bench": "startup_ratio_to_bare", "value": round(first / bare, 2), "unit": "x"}]


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.run import run_alone

    sys.exit(run_alone(__doc__ or "", run))
