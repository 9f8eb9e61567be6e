"""Write the application icon to assets/icon.png (256x256), painted by sprites/app_icon.py.

Run: python tools/make_icon.py [output path]
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICON_SIZE = 256


def main(argv: list[str]) -> Path:
    """Paint the icon and save it as PNG; returns the path written."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window needed to paint and save
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from sprites.app_icon import paint_app_icon

    target = Path(argv[1]) if len(argv) > 1 else ROOT / "assets" / "icon.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(paint_app_icon(ICON_SIZE), str(target))
    print(f"{target}  {target.stat().st_size} bytes")
    return target


if __name__ == "__main__":
    main(sys.argv)
