"""bench/run.py's idle figures: CPU of the real loop as a process while nothing moves (bench/idle.py)."""
from __future__ import annotations

IDLE_SECONDS = 10.0


def run() -> list[dict]:
    from bench.idle import idle_cpu

    return [{"bench": f"idle_cpu_percent_{scene}", "value": idle_cpu(scene, IDLE_SECONDS)["cpu_percent"],
             "unit": "% of a core"} for scene in ("menu", "table")]


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.run import run_alone

    sys.exit(run_alone(__doc__ or "", run))
