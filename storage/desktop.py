"""Card Arcade in a Linux application menu: `card-arcade --install-desktop` copies the desktop entry, the
icon at every size and the AppStream metainfo the package carries (assets/) into the user's
$XDG_DATA_HOME (default ~/.local/share), with Exec running this copy; `--uninstall-desktop` takes them out.
Exec is quoted and escaped as the Desktop Entry Specification asks."""
from __future__ import annotations

import os
import re
import shutil
import sys
import sysconfig
from pathlib import Path

from version import APP_ID

TOP = Path(__file__).resolve().parent.parent  # the checkout, or site-packages/card_arcade
ASSETS = TOP / "assets"
ICONS = ASSETS / "icons"  # N.png, N px square, and scalable.svg
ENTRY = Path("applications") / f"{APP_ID}.desktop"
METAINFO = Path("metainfo") / f"{APP_ID}.metainfo.xml"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # tools/make_icon.py's, each a size of the hicolor theme
COMMAND = "card-arcade"  # the command pip and pipx install (pyproject.toml's project.scripts)
# what tools/install_desktop_entry.py wrote before the application id: taken out, or the menu shows two
OLD_FILES = (Path("applications") / "card-arcade.desktop", Path("icons/hicolor/scalable/apps/card-arcade.svg"),
             *(Path(f"icons/hicolor/{size}x{size}/apps/card-arcade.png") for size in SIZES))
RESERVED = frozenset(" \t\n\"'\\><~|&;$*?#()`")  # an Exec argument holding one of these is quoted


def icon_files() -> dict[Path, Path]:
    """Each icon's place under the data folder, with the file of the package it is copied from."""
    icons = {Path(f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png"): ICONS / f"{size}.png" for size in SIZES}
    icons[Path(f"icons/hicolor/scalable/apps/{APP_ID}.svg")] = ICONS / "scalable.svg"
    return icons


def installed_files() -> dict[Path, Path]:
    """Everything install() writes but the entry: place under the data folder, and source."""
    return {**icon_files(), METAINFO: ASSETS / METAINFO.name}


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
    """The package's desktop entry with Exec running `command`, given the cardarcade:// link opened (%u)."""
    line = "Exec=" + string_value(" ".join(exec_argument(argument) for argument in command)) + " %u"  # a link
    return re.sub(r"(?m)^Exec=.*$", lambda _: line, (ASSETS / ENTRY.name).read_text(encoding="utf-8"))


def this_command(main_py: Path) -> list[str]:
    """What starts this copy: the standalone build itself, else the `card-arcade` command pip or pipx put
    beside this Python, else this Python with main.py (a checkout)."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    script = Path(sysconfig.get_path("scripts")) / (COMMAND + (".exe" if os.name == "nt" else ""))
    return [str(script)] if script.is_file() else [sys.executable, str(main_py)]


def install(command: list[str], home: Path | None = None) -> list[Path]:
    """Write the entry running `command`, its icons and metainfo under `home` (default data_home());
    the files written, the entry first. The files of an earlier, unnamed entry go."""
    home = home or data_home()
    remove(home, OLD_FILES)
    for place, source in installed_files().items():
        (home / place).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, home / place)
    entry = home / ENTRY
    entry.parent.mkdir(parents=True, exist_ok=True)
    temporary = entry.with_name(entry.name + ".tmp")
    temporary.write_text(entry_text(command), encoding="utf-8")
    os.replace(temporary, entry)
    return [entry, *(home / place for place in installed_files())]


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what install() wrote (and an earlier entry's files); the files removed."""
    return remove(home or data_home(), (ENTRY, *installed_files(), *OLD_FILES))


def remove(home: Path, places: tuple[Path, ...]) -> list[Path]:
    removed = []
    for path in (home / place for place in places):
        if path.is_file() or path.is_symlink():
            path.unlink()
            removed.append(path)
    return removed


def run(main_py: Path, undo: bool) -> int:
    """`--install-desktop` (or with `undo`, `--uninstall-desktop`): one line per file; exit code 0, 1
    when a file cannot be written, or on Windows and macOS, whose menus read no desktop entries."""
    if sys.platform in ("win32", "darwin"):
        print("Card Arcade's menu entry is for Linux desktops; docs/packaging.md says how an installer would add "
              "it to the Start menu or Applications.", file=sys.stderr)
        return 1
    try:
        done = uninstall() if undo else install(this_command(main_py))
    except OSError as exc:
        print(f"Card Arcade could not {'remove' if undo else 'add'} its menu entry: {exc}", file=sys.stderr)
        return 1
    verb = "removed" if undo else "installed"
    print("\n".join(f"{verb} {path}" for path in done) or "nothing to remove")
    return 0
