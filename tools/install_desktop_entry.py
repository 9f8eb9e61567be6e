#!/usr/bin/env python3
"""Install the Linux desktop entry and icon for a built Card Arcade (tools/build.py) for this user."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def install(exe: Path, home: Path | None = None) -> Path:
    """Write ~/.local/share/applications/card-arcade.desktop pointing at `exe`; returns its path."""
    home = home or Path.home()
    apps = home / ".local/share/applications"
    icons = home / ".local/share/icons/hicolor/256x256/apps"
    apps.mkdir(parents=True, exist_ok=True)
    icons.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "assets" / "icon.png", icons / "card-arcade.png")
    text = (ROOT / "tools" / "card-arcade.desktop").read_text().replace("Exec=CardArcade", f"Exec=\"{exe.resolve()}\"")
    entry = apps / "card-arcade.desktop"
    entry.write_text(text)
    return entry


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist" / "CardArcade" / "CardArcade"
    print(install(target))
