"""bench/run.py's real-table figures at 1920x1080 (bench/tables.py): each table's frame p99 while it
autoplays (until shown, and of the loop's whole pass), against a bare loop blitting as many card
images of the same size."""
from __future__ import annotations

TABLE_SECONDS = 20.0


def run() -> list[dict]:
    from bench.tables import summary
    from scenes.plugins import playable_games

    rows, bare = [], []
    for name in playable_games():
        result = summary(name, TABLE_SECONDS)
        bare.append(result["bare_p99_ms"])
        rows += [{"bench": f"table_frame_p99_ms_{name}", "value": result["p99_ms"], "unit": "ms"},
                 {"bench": f"table_frame_max_ms_{name}", "value": result["max_ms"], "unit": "ms"},
                 {"bench": f"table_pass_p99_ms_{name}", "value": result["pass_p99_ms"], "unit": "ms"},
                 {"bench": f"table_frame_p99_ratio_to_bare_{name}", "value": result["ratio"], "unit": "x"}]
    return [*rows, {"bench": "bare_frame_p99_ms_1080p", "value": max(bare), "unit": "ms"}]


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.run import run_alone

    sys.exit(run_alone(__doc__ or "", run))
