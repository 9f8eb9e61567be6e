#!/usr/bin/env python3
"""Build a one-folder standalone Card Arcade with PyInstaller: dist/CardArcade/CardArcade[.exe].

Run from a checkout after `python3 -m pip install -r requirements.txt pyinstaller`:
    python3 tools/build.py [--dist DIR] [--work DIR] [--server]
The program answers --version with version.py's VERSION and carries LICENSE beside it, and the
licences of what it bundles in licenses/ (assets/licenses/SOURCES.txt says where each comes from),
with the Debian copyright files of the libraries PyInstaller takes from the building system. What only
a server uses (pyproject.toml's `server` extra: the Redis client, the metrics) goes in with --server alone.
"""
from __future__ import annotations

import argparse
import ast
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from version import APP_ID, VERSION  # noqa: E402  (the checkout's top level first)

APP_NAME = "CardArcade"
PACKAGES = ("game", "lang", "scenes", "sprites", "sounds", "storage")
# Installed but never used. readline is imported only by websockets' command line (websockets.cli), and
# would bring libreadline (GPL 3) and libtinfo; curses only by Python 3.13's interactive prompt (_pyrepl),
# and would bring libncursesw and libtinfo.
EXCLUDED = ("numpy", "yaml", "tkinter", "pytest", "hypothesis", "PyInstaller", "readline", "curses", "_curses",
            "_pyrepl")
LICENCES = ROOT / "assets" / "licenses"  # the texts no installed package carries
BUNDLED = ("pygame-ce", "websockets", "msgspec", "zeroconf", "ifaddr", "python-bidi")  # requirements.txt's
SERVER = {"redis": "redis", "prometheus-client": "prometheus_client"}  # the server extra's: module, with --server
# what --install-desktop copies into the menu (storage/desktop.py), beside icon.png, which the window shows
DESKTOP_FILES = ("icons", f"{APP_ID}.desktop", f"{APP_ID}.metainfo.xml")
LICENCE_NAMES = ("LICENSE", "LICENCE", "COPYING", "NOTICE")
SYSTEM_LIBRARIES = "system-libraries.txt"  # in licenses/: which copyright file covers which system library
PYTHON_LIBRARY = ("libpython", "python3")  # libpython3.11.so.1.0, python311.dll: Python-LICENSE.txt's
DEBIAN_DOCS = Path("/usr/share/doc")  # each Debian package's copyright file is in DEBIAN_DOCS/<package>/
COMMON_LICENCES = Path("/usr/share/common-licenses")  # the texts Debian's copyright files point to


def python_licence() -> Path:
    """This Python's licence: beside its standard library (python.org, pyenv), at its prefix (Windows)."""
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    for path in (Path(sysconfig.get_path("stdlib")) / "LICENSE.txt", Path(sys.base_prefix) / "LICENSE.txt",
                 Path("/usr/share/doc") / version / "copyright"):
        if path.is_file():
            return path
    raise SystemExit(f"no licence text of this Python ({sys.base_prefix}): the build must carry one")


def metadata_licences(distribution: str) -> list[Path]:
    """The licence files an installed distribution carries in its metadata folder."""
    found = importlib.metadata.distribution(distribution)
    return [Path(str(found.locate_file(file))) for file in found.files or []
            if file.parts[0].endswith(".dist-info") and file.name.upper().startswith(LICENCE_NAMES)]


def collect_licences(target: Path, server: bool = False) -> list[Path]:
    """Copy the licences of what the build bundles (with `server`, the server extra's too) into `target`;
    returns the files written."""
    copies = {path.name: path for path in LICENCES.iterdir()}
    copies["Python-LICENSE.txt"] = python_licence()
    for distribution in (*BUNDLED, *SERVER) if server else BUNDLED:
        for path in metadata_licences(distribution):
            copies[f"{distribution}-{path.name}"] = path
    target.mkdir(parents=True, exist_ok=True)
    for name, path in copies.items():
        shutil.copyfile(path, target / name)
    return sorted(target / name for name in copies)


def system_libraries(work: Path) -> dict[str, Path]:
    """The shared libraries PyInstaller copied into the build from the building machine, by their names in
    the build, with the files they were copied from: all but pygame-ce's (assets/licenses covers them) and
    Python's own library (Python-LICENSE.txt)."""
    pygame_ce = importlib.metadata.distribution("pygame-ce")
    pygame_ces = {Path(str(pygame_ce.locate_file(file))).resolve() for file in pygame_ce.files or []}
    # PyInstaller's table of what it put in the build: (name in the build, original, kind) entries
    toc = ast.literal_eval((work / "pyinstaller" / APP_NAME / "COLLECT-00.toc").read_text(encoding="utf-8"))
    return {name: Path(source) for name, source, kind in toc[0] if kind == "BINARY"
            and Path(source).resolve() not in pygame_ces and not Path(name).name.startswith(PYTHON_LIBRARY)}


def debian_packages(files: list[Path]) -> dict[Path, str]:
    """The Debian package that installed each file (dpkg -S), by the file's resolved path."""
    # dpkg knows a file by the path its package gave it, /lib or /usr/lib (one folder where /usr is merged,
    # as since Debian 12): ask for every path ending in the file's name, keep the ones that are this file.
    found = subprocess.run(["dpkg", "-S", *(f"*/{file.name}" for file in files)],
                           capture_output=True, text=True, check=False)
    wanted = {file.resolve() for file in files}
    packages = {}
    for line in found.stdout.splitlines():
        package, _, path = line.rpartition(": ")
        if not line.startswith("diversion ") and Path(path).resolve() in wanted:
            packages[Path(path).resolve()] = package.split(",")[0].partition(":")[0]  # "libssl3:amd64"
    return packages


def copy_debian_copyright(package: str, target: Path) -> bool:
    """Copy a Debian package's copyright file into `target`, with each text of /usr/share/common-licenses it
    points to; False when it has none."""
    copyright_file = DEBIAN_DOCS / package / "copyright"
    if not package or not copyright_file.is_file():
        return False
    shutil.copyfile(copyright_file, target / f"{package}-copyright.txt")
    text = copyright_file.read_text(encoding="utf-8", errors="replace")
    pointed = re.findall(rf"{re.escape(COMMON_LICENCES.as_posix())}/([\w.+-]*[\w+])", text)  # no full stop
    for licence in set(pointed):
        if (COMMON_LICENCES / licence).is_file():
            shutil.copyfile(COMMON_LICENCES / licence, target / f"common-licenses-{licence}.txt")
    return True


def collect_system_licences(work: Path, target: Path) -> list[str]:
    """Copy into `target` the Debian copyright file of each system library in the build, and write
    system-libraries.txt naming which covers which; returns the libraries left without one."""
    libraries = system_libraries(work)
    packages = debian_packages(list(libraries.values())) if shutil.which("dpkg") else {}
    lines, missing = [], []
    for name, source in sorted(libraries.items()):
        package = packages.get(source.resolve(), "")
        if copy_debian_copyright(package, target):
            lines.append(f"{name}: {package}-copyright.txt (Debian package {package}, {source})")
        else:
            missing.append(name)
            lines.append(f"{name}: no copyright file found (no dpkg, or no package of its) for {source}")
    (target / SYSTEM_LIBRARIES).write_text(
        "The shared libraries this build took from the system of the machine that built it (besides\n"
        "pygame-ce's, whose licences are the other texts here, and Python's own, Python-LICENSE.txt),\n"
        "each with the copyright file of the Debian package it came from. The texts of\n"
        f"{COMMON_LICENCES} those files point to are here as common-licenses-<name>.txt.\n\n"
        + "\n".join(lines) + "\n",
        encoding="utf-8")
    return missing


def build(dist: Path, work: Path, server: bool = False) -> Path:
    """Run PyInstaller; returns the path of the built executable. With `server`, the server extra goes in."""
    icon_png = ROOT / "assets" / "icon.png"
    icon_ico = ROOT / "assets" / "icon.ico"
    work.mkdir(parents=True, exist_ok=True)
    sep = os.pathsep
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--onedir", "--windowed",
               "--name", APP_NAME, "--distpath", str(dist), "--workpath", str(work / "pyinstaller"),
               "--specpath", str(work), "--icon", str(icon_ico),
               "--add-data", f"{ROOT / 'sounds'}/*.wav{sep}sounds",
               "--add-data", f"{ROOT / 'sprites' / 'fonts'}{sep}sprites/fonts",
               "--add-data", f"{ROOT / 'locale'}{sep}locale",
               "--add-data", f"{icon_png}{sep}assets", "--add-data", f"{ROOT / 'LICENSE'}{sep}.",
               "--paths", str(ROOT)]
    for name in DESKTOP_FILES:
        command += ["--add-data", f"{ROOT / 'assets' / name}{sep}{'assets/icons' if name == 'icons' else 'assets'}"]
    for module in EXCLUDED if server else (*EXCLUDED, *SERVER.values()):
        command += ["--exclude-module", module]
    for package in PACKAGES:
        command += ["--collect-submodules", package]
    command.append(str(ROOT / "main.py"))
    subprocess.run(command, check=True, cwd=ROOT)
    exe = dist / APP_NAME / (APP_NAME + (".exe" if os.name == "nt" else ""))
    if not exe.exists():
        raise SystemExit(f"build finished but {exe} is missing")
    collect_licences(exe.parent / "licenses", server)
    missing = collect_system_licences(work, exe.parent / "licenses")
    if missing:
        print(f"warning: no licence text found for {', '.join(missing)} (dpkg knows no package of theirs); "
              f"licenses/{SYSTEM_LIBRARIES} names them", file=sys.stderr)
    return exe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the program goes (default dist)")
    parser.add_argument("--work", type=Path, default=ROOT / "build",
                        help="PyInstaller's working folder (default build)")
    parser.add_argument("--server", action="store_true",
                        help="bundle what only --serve --redis uses too (the server extra: redis, prometheus-client)")
    args = parser.parse_args(argv)
    exe = build(args.dist.resolve(), args.work.resolve(), args.server)
    print(f"built Card Arcade {VERSION}: {exe}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
