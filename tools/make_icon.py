"""Write the application icon, painted by sprites/app_icon.py: assets/icons/N.png at every size an
icon theme asks for (16 to 512 px), assets/icon.png (256 px) and assets/icon.ico holding 16 to 256 px.

Run: python tools/make_icon.py [FOLDER]   (default assets)
"""
from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # hicolor's sizes: 48 its minimum, 512 its biggest
ICON_SIZE = 256  # icon.png's, the biggest an ICO holds
ICO_SIZES = tuple(size for size in SIZES if size <= ICON_SIZE)


def write_ico(pngs: list[Path], ico: Path) -> None:
    """An ICO file holding the square PNGs, smallest first (Windows Vista and later read PNG icons)."""
    images = [png.read_bytes() for png in pngs]
    offset = 6 + 16 * len(images)
    entries = b""
    for data in images:
        width, height = struct.unpack(">II", data[16:24])
        entries += struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    ico.write_bytes(struct.pack("<HHH", 0, 1, len(images)) + entries + b"".join(images))


def main(argv: list[str] | None = None) -> Path:
    """Paint the icon at every size and save the PNGs and the ICO; returns the folder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "assets",
                        help="where to write them (default assets)")
    folder = parser.parse_args(argv).folder
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window needed to paint and save
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from sprites.app_icon import paint_app_icon

    (folder / "icons").mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        pygame.image.save(paint_app_icon(size), str(folder / "icons" / f"{size}.png"))
    (folder / "icon.png").write_bytes((folder / "icons" / f"{ICON_SIZE}.png").read_bytes())
    write_ico([folder / "icons" / f"{size}.png" for size in ICO_SIZES], folder / "icon.ico")
    print(f"{folder}: icons/ at {', '.join(map(str, SIZES))} px, icon.png and icon.ico")
    return folder


if __name__ == "__main__":
    main()
