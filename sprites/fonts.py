"""The typeface every screen and card face uses: Inter (SIL Open Font License 1.1, see
fonts/LICENSE-Inter.txt), a true regular and a true bold, read from disk once."""
from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pygame

FOLDER = Path(__file__).resolve().parent / "fonts"
FILES = {False: FOLDER / "Inter-Regular.otf", True: FOLDER / "Inter-Bold.otf"}
# Inter at the same pixel size is taller and wider than pygame's default font, which the layouts
# were sized for; a size is scaled by this so a line keeps about its old width.
SCALE = 0.7


@cache
def font_bytes(bold: bool) -> bytes:
    """The font file's bytes (read once; each sized font opens its own view of them)."""
    return FILES[bold].read_bytes()


def load(px: int, bold: bool = False) -> pygame.font.Font:
    """Inter at a pixel size (the size pygame passes to FreeType), regular or bold."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(io.BytesIO(font_bytes(bold)), max(1, px))
