#!/usr/bin/env python3
"""Card Arcade's benchmarks: one JSON object per line, {"bench": NAME, "value": NUMBER, "unit": UNIT}.

Run by hand (`python bench/run.py`), headless; never as a timed test. Every bench/bench_*.py
module with a run() -> list of such dicts is included.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"bench": name, "value": round(value, 3), "unit": unit}), flush=True)


def startup_ms(runs: int = 5, command: list[str] | None = None) -> float:
    """Process start to the first frame drawn (the app prints when it has flipped one);
    the best of `runs`. `command` defaults to `python main.py`."""
    command = command or [sys.executable, str(ROOT / "main.py")]
    best = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            env = dict(os.environ, CARD_ARCADE_HOME=home, CARD_ARCADE_REPORT_FIRST_FRAME="1")
            start = time.perf_counter()
            proc = subprocess.Popen([*command, "--frames", "2"], env=env,
                                    stdout=subprocess.PIPE, text=True)
            assert proc.stdout is not None  # stdout=PIPE above
            for line in proc.stdout:
                if line.startswith("first frame"):
                    best.append((time.perf_counter() - start) * 1000)
                    break
            proc.wait(timeout=60)
    return min(best)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     epilog="Takes a few minutes; run it on an otherwise idle machine.")
    parser.parse_args(argv)
    emit("startup_to_first_frame_ms", startup_ms(), "ms")
    from bench.frames import frame_rows

    for row in frame_rows():
        emit(row["bench"], row["value"], row["unit"])
    for path in sorted((ROOT / "bench").glob("bench_*.py")):
        module = importlib.import_module(f"bench.{path.stem}")
        for row in module.run():
            emit(row["bench"], row["value"], row["unit"])
    return 0


def run_alone(doc: str, run: Callable[[], list[dict]], argv: list[str] | None = None) -> int:
    """A bench/bench_*.py module run as a script: --help from its docstring, else its rows as run.py prints them."""
    argparse.ArgumentParser(description=doc.splitlines()[0]).parse_args(argv)
    for row in run():
        emit(row["bench"], row["value"], row["unit"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
