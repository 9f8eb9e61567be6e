#!/usr/bin/env python3
"""Add Card Arcade to this user's application menu on Linux (a desktop entry and its icon), or take it out.

The files go under $XDG_DATA_HOME (default ~/.local/share): applications/card-arcade.desktop,
icons/hicolor/NxN/apps/card-arcade.png at every size in assets/icons and
icons/hicolor/scalable/apps/card-arcade.svg. The entry's Exec is quoted and
escaped as the Desktop Entry Specification asks; its StartupWMClass is the window class main.py gives
the window. With no program named, it runs the `card-arcade` command `pip install .` put beside this
Python, else the build in dist/.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "tools" / "card-arcade.desktop"
ICONS = ROOT / "assets" / "icons"  # N.png, N px square
ENTRY_FILE = Path("applications") / "card-arcade.desktop"
ICON_FILES = {Path("icons") / "hicolor" / f"{png.stem}x{png.stem}" / "apps" / "card-arcade.png": png
              for png in sorted(ICONS.glob("*.png"), key=lambda png: int(png.stem))}
SCALABLE_ICON = (Path("icons") / "hicolor" / "scalable" / "apps" / "card-arcade.svg", ICONS / "scalable.svg")
BUILT = ROOT / "dist" / "CardArcade" / "CardArcade"
COMMAND = "card-arcade"  # the command `pip install .` makes (pyproject.toml's project.scripts)
RESERVED = frozenset(" \t\n\"'\\><~|&;$*?#()`")  # an Exec argument holding one of these is quoted


def data_home() -> Path:
    """$XDG_DATA_HOME when it is an absolute path, else ~/.local/share (the specification's default)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def exec_argument(argument: str) -> str:
    """One argument of Exec: % doubled; quoted, with " ` $ \\ escaped, if it holds a reserved character."""
    argument = argument.replace("%", "%%")
    if RESERVED.isdisjoint(argument):
        return argument
    return '"' + re.sub(r'(["`$\\])', r"\\\1", argument) + '"'


def string_value(text: str) -> str:
    """A value of type string: backslash, newline, tab and carriage return escaped."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def entry_text(command: list[str]) -> str:
    """The template with Exec running `command`."""
    line = "Exec=" + string_value(" ".join(exec_argument(argument) for argument in command))
    return re.sub(r"(?m)^Exec=.*$", lambda _: line, TEMPLATE.read_text(encoding="utf-8"))


def install(command: list[str], home: Path | None = None) -> Path:
    """Write the entry running `command` and its icon; returns the entry's path. The program,
    command[0], must be an executable file."""
    if not Path(command[0]).is_file():
        raise SystemExit(f"no program at {command[0]}: build it first (python3 tools/build.py) or name it")
    if not os.access(command[0], os.X_OK):
        raise SystemExit(f"{command[0]} cannot be run (not executable)")
    home = home or data_home()
    entry = home / ENTRY_FILE
    for icon, source in [*ICON_FILES.items(), SCALABLE_ICON]:
        (home / icon).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, home / icon)
    entry.parent.mkdir(parents=True, exist_ok=True)
    temporary = entry.with_name(entry.name + ".tmp")
    temporary.write_text(entry_text(command), encoding="utf-8")
    os.replace(temporary, entry)
    return entry


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove the entry and the icons `install` wrote; returns the files removed."""
    home = home or data_home()
    removed = []
    for path in [home / ENTRY_FILE, *(home / icon for icon in ICON_FILES), home / SCALABLE_ICON[0]]:
        if path.is_file() or path.is_symlink():
            path.unlink()
            removed.append(path)
    return removed


def default_program() -> Path:
    """The `card-arcade` command pip installed for this Python, if any; else the build in dist/."""
    command = Path(sysconfig.get_path("scripts")) / (COMMAND + (".exe" if os.name == "nt" else ""))
    return command if command.is_file() else BUILT


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     epilog="Files go under $XDG_DATA_HOME (default ~/.local/share).")
    parser.add_argument("program", nargs="?", type=Path,
                        help="the program to run (default: this Python's card-arcade command if pip installed "
                             "it, else dist/CardArcade/CardArcade)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--source", action="store_true",
                       help="run this checkout instead: this Python with main.py")
    which.add_argument("--uninstall", action="store_true", help="remove the entry and the icons")
    args = parser.parse_args(argv)
    if args.program and (args.source or args.uninstall):
        parser.error("a program goes with neither --source nor --uninstall")
    if args.uninstall:
        removed = uninstall()
        print("\n".join(f"removed {path}" for path in removed) or "nothing to remove")
        return 0
    program = (args.program or default_program()).absolute()
    command = [sys.executable, str(ROOT / "main.py")] if args.source else [str(program)]
    print(f"installed {install(command)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
