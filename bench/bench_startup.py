"""bench/run.py's start-up ratio: the whole process of `main.py --frames 2` (start to exit, its second frame
shown) against a bare script that imports pygame, opens a 1280x720 window and shows two frames; runs in
pairs, one of each in turn, so that a machine busy with other work slows both alike; the median of the
pairs' ratios (issue 43 asks for at most 1.5). The data folder is made once, before: a player's usual start."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PAIRS = 9
MAIN = Path(__file__).resolve().parent.parent / "main.py"
BARE = """
import os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 720))
for _ in range(2):
    screen.fill((22, 92, 58))
    pygame.display.flip()
"""


def whole_ms(command: list[str], env: dict[str, str]) -> float:
    """One whole process, start to exit."""
    start = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True, timeout=120)
    return (time.perf_counter() - start) * 1000


def run() -> list[dict]:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CARD_ARCADE_HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        program, bare = [sys.executable, str(MAIN), "--frames", "2"], [sys.executable, "-c", BARE]
        whole_ms(program, env)  # the data folder and the compiled modules made once, not counted
        whole_ms(bare, env)
        pairs = [(whole_ms(program, env), whole_ms(bare, env)) for _ in range(PAIRS)]
    return [{"bench": "bare_two_frames_median_ms", "value": round(statistics.median(b for _, b in pairs), 1),
             "unit": "ms"},
            {"bench": "startup_second_frame_median_ms", "value": round(statistics.median(a for a, _ in pairs), 1),
             "unit": "ms"},
            {"bench": "startup_ratio_to_bare", "value": round(statistics.median(a / b for a, b in pairs), 2),
             "unit": "x"}]


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.run import run_alone

    sys.exit(run_alone(__doc__ or "", run))
