"""Write the application icon to assets/icon.png (256x256) and assets/icon.ico beside it,
painted by sprites/app_icon.py.

Run: python tools/make_icon.py [PNG]   (default assets/icon.png)
"""
from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICON_SIZE = 256


def write_ico(png: Path, ico: Path) -> None:
    """An ICO file holding the PNG as its one image (Windows Vista and later read PNG icons)."""
    data = png.read_bytes()
    width, height = struct.unpack(">II", data[16:24])
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32, len(data), 6 + 16)
    ico.write_bytes(header + entry + data)


def main(argv: list[str] | None = None) -> Path:
    """Paint the icon and save it as PNG (and ICO); returns the PNG's path."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("png", nargs="?", type=Path, default=ROOT / "assets" / "icon.png",
                        help="where to write the PNG; the ICO goes beside it (default assets/icon.png)")
    target = parser.parse_args(argv).png
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window needed to paint and save
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from sprites.app_icon import paint_app_icon

    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(paint_app_icon(ICON_SIZE), str(target))
    write_ico(target, target.with_suffix(".ico"))
    print(f"{target}  {target.stat().st_size} bytes, and {target.with_suffix('.ico').name}")
    return target


if __name__ == "__main__":
    main()
