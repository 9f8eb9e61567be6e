"""The typeface every screen and card face uses: Inter (SIL Open Font License 1.1, see
fonts/LICENSE-Inter.txt), a true regular and a true bold."""
from __future__ import annotations

from pathlib import Path

import pygame

FOLDER = Path(__file__).resolve().parent / "fonts"
FILES = {False: FOLDER / "Inter-Regular.otf", True: FOLDER / "Inter-Bold.otf"}
# Inter at the same pixel size is taller and wider than pygame's default font, which the layouts
# were sized for; a size is scaled by this so a line keeps about its old width.
SCALE = 0.7


def load(px: int, bold: bool = False) -> pygame.font.Font:
    """Inter at a pixel size (the size pygame passes to FreeType), regular or bold. Opened by path:
    SDL reads the file itself, without taking Python's lock for every read (a computer thinking on
    its thread would make each of those reads wait)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(FILES[bold]), max(1, px))
