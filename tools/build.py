#!/usr/bin/env python3
"""Build a one-folder standalone Card Arcade with PyInstaller: dist/CardArcade/CardArcade[.exe].

Run from a checkout after `python3 -m pip install -r requirements.txt pyinstaller`:
    python3 tools/build.py [--dist DIR] [--work DIR]
The program answers --version with version.py's VERSION and carries LICENSE beside it.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from version import VERSION  # noqa: E402  (the checkout's top level first)

APP_NAME = "CardArcade"
PACKAGES = ("game", "scenes", "sprites", "sounds", "storage")
EXCLUDED = ("numpy", "yaml", "tkinter", "pytest", "hypothesis", "PyInstaller")  # installed, never used


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller; returns the path of the built executable."""
    icon_png = ROOT / "assets" / "icon.png"
    icon_ico = ROOT / "assets" / "icon.ico"
    work.mkdir(parents=True, exist_ok=True)
    sep = os.pathsep
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--onedir", "--windowed",
               "--name", APP_NAME, "--distpath", str(dist), "--workpath", str(work / "pyinstaller"),
               "--specpath", str(work), "--icon", str(icon_ico),
               "--add-data", f"{ROOT / 'sounds'}/*.wav{sep}sounds",
               "--add-data", f"{ROOT / 'sprites' / 'fonts'}{sep}sprites/fonts",
               "--add-data", f"{icon_png}{sep}assets", "--add-data", f"{ROOT / 'LICENSE'}{sep}.",
               "--paths", str(ROOT)]
    for module in EXCLUDED:
        command += ["--exclude-module", module]
    for package in PACKAGES:
        command += ["--collect-submodules", package]
    command.append(str(ROOT / "main.py"))
    subprocess.run(command, check=True, cwd=ROOT)
    exe = dist / APP_NAME / (APP_NAME + (".exe" if os.name == "nt" else ""))
    if not exe.exists():
        raise SystemExit(f"build finished but {exe} is missing")
    return exe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the program goes (default dist)")
    parser.add_argument("--work", type=Path, default=ROOT / "build",
                        help="PyInstaller's working folder (default build)")
    args = parser.parse_args(argv)
    exe = build(args.dist.resolve(), args.work.resolve())
    print(f"built Card Arcade {VERSION}: {exe}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
