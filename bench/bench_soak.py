"""bench/run.py's short soak: memory growth per hour while every game autoplays."""
from __future__ import annotations

SOAK_SECONDS = 120


def run() -> list[dict]:
    from bench.soak import soak

    report = soak(SOAK_SECONDS)
    return [{"bench": "soak_rss_growth_mb_per_h", "value": report["rss_growth_mb_per_h"], "unit": "MB/h"},
            {"bench": "soak_rss_growth_second_half_mb_per_h", "value": report["rss_growth_second_half_mb_per_h"],
             "unit": "MB/h"},
            {"bench": "soak_frames_per_s", "value": report["frames"] / report["seconds"], "unit": "frames/s"}]


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.run import run_alone

    sys.exit(run_alone(__doc__ or "", run))
