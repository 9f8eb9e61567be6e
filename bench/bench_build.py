"""bench/run.py's standalone build: its size and its start-up to the first frame."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


def run() -> list[dict]:
    if importlib.util.find_spec("PyInstaller") is None:
        return []
    from bench.run import startup_ms

    with tempfile.TemporaryDirectory() as work:
        dist = Path(work) / "dist"
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--dist", str(dist),
                        "--work", str(Path(work) / "build")], check=True, capture_output=True)
        exe = next(p for p in (dist / "CardArcade").iterdir() if p.name.startswith("CardArcade"))
        return [{"bench": "build_size_mb", "value": folder_mb(dist / "CardArcade"), "unit": "MB"},
                {"bench": "build_startup_ms", "value": startup_ms(command=[str(exe)]), "unit": "ms"}]


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.run import run_alone

    sys.exit(run_alone(__doc__ or "", run))
