#!/usr/bin/env python3
"""Build a one-folder standalone Card Arcade with PyInstaller: dist/CardArcade/CardArcade[.exe].

Run from a checkout after `python3 -m pip install -r requirements.txt pyinstaller`:
    python3 tools/build.py [--dist DIR] [--work DIR]
The program answers --version with version.py's VERSION and carries LICENSE beside it, and the
licences of what it bundles in licenses/ (assets/licenses/SOURCES.txt says where each comes from).
"""
from __future__ import annotations

import argparse
import importlib.metadata
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from version import VERSION  # noqa: E402  (the checkout's top level first)

APP_NAME = "CardArcade"
PACKAGES = ("game", "scenes", "sprites", "sounds", "storage")
# installed, never used; readline would bring GNU readline (GPL 3) and ncurses for a console the game has not
EXCLUDED = ("numpy", "yaml", "tkinter", "pytest", "hypothesis", "PyInstaller", "readline")
LICENCES = ROOT / "assets" / "licenses"  # the texts no installed package carries
BUNDLED = ("pygame-ce", "websockets", "msgspec", "zeroconf", "ifaddr", "redis")  # requirements.txt's, in the build
# Each shared library the build bundles (as its file name starts: pygame-ce's wheel's and the building
# Python's) and the licence texts in assets/licenses/ that cover it; a library not named here stops
# the build (its licence must be added first).
LIBRARY_LICENCES = {
    "libSDL2": ("SDL2-zlib.txt",), "libfreetype": ("FreeType-FTL.txt",), "libfluidsynth": ("LGPL-2.1.txt",),
    "libmpg123": ("LGPL-2.1.txt",), "libsndfile": ("LGPL-2.1.txt",), "libasound": ("LGPL-2.1.txt",),
    "libFLAC": ("FLAC.txt",), "libogg": ("Ogg.txt",), "libvorbis": ("Vorbis.txt",), "libopusfile": ("Opusfile.txt",),
    "libopus": ("Opus.txt",), "libwavpack": ("WavPack.txt",), "libxmp": ("libxmp.txt", "LGPL-2.1.txt"),
    "libpng": ("libpng.txt",), "libjpeg": ("libjpeg-turbo.txt",), "libtiff": ("libtiff.txt",),
    "libwebp": ("libwebp.txt",), "libsharpyuv": ("libwebp.txt",), "libharfbuzz": ("HarfBuzz.txt",),
    "libbrotli": ("Brotli.txt",), "libpython": ("Python-LICENSE.txt",),
    "libssl": ("OpenSSL.txt", "Apache-2.0.txt"), "libcrypto": ("OpenSSL.txt", "Apache-2.0.txt"),
    "libffi": ("libffi.txt",), "libz": ("zlib.txt",), "libbz2": ("bzip2.txt",), "liblzma": ("xz.txt",),
    "libsqlite3": ("SQLite.txt",), "libuuid": ("util-linux-libuuid.txt",),
    "libgcc_s": ("GCC-runtime.txt", "GPL-3.txt"), "libstdc++": ("GCC-runtime.txt", "GPL-3.txt"),
}
LICENCE_NAMES = ("LICENSE", "LICENCE", "COPYING", "NOTICE")


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


def collect_licences(target: Path) -> list[Path]:
    """Copy the licences of what the build bundles into `target`; returns the files written."""
    copies = {path.name: path for path in LICENCES.iterdir()}
    copies["Python-LICENSE.txt"] = python_licence()
    for distribution in BUNDLED:
        for path in metadata_licences(distribution):
            copies[f"{distribution}-{path.name}"] = path
    target.mkdir(parents=True, exist_ok=True)
    for name, path in copies.items():
        shutil.copyfile(path, target / name)
    return sorted(target / name for name in copies)


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
    unknown = unlicensed(exe.parent)
    if unknown:
        raise SystemExit(f"the build bundles {', '.join(unknown)}, whose licence tools/build.py does not carry: "
                         "add it to assets/licenses/ and LIBRARY_LICENCES")
    collect_licences(exe.parent / "licenses")
    return exe


def bundled_libraries(built: Path) -> list[str]:
    """The shared libraries in a build, by name (libFLAC for libFLAC-e7027ec5.so.14.0.0)."""
    names = {path.name.split(".so")[0] for path in built.rglob("lib*.so*")}
    return sorted({name.rsplit("-", 1)[0] if "-" in name else name for name in names})


def licences_of(library: str) -> tuple[str, ...] | None:
    """The licence files covering `library`, None if LIBRARY_LICENCES names it not."""
    return next((files for prefix, files in LIBRARY_LICENCES.items() if library.startswith(prefix)), None)


def unlicensed(built: Path) -> list[str]:
    """The libraries a build bundles whose licence this script does not know."""
    return [library for library in bundled_libraries(built) if licences_of(library) is None]


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
