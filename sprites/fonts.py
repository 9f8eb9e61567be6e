"""The typefaces every screen and card face uses: Inter (SIL Open Font License 1.1, see
fonts/LICENSE-Inter.txt), a true regular and a true bold; then, for the letters Inter lacks, Noto Sans
Arabic UI and NotoSansExtra, Noto Sans cut to the Latin, Greek and Cyrillic letters Inter lacks (both
OFL 1.1, see fonts/LICENSE-Noto.txt; tools/fallback_fonts.py writes them)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame
import pygame.freetype

FOLDER = Path(__file__).resolve().parent / "fonts"
FILES = {False: FOLDER / "Inter-Regular.otf", True: FOLDER / "Inter-Bold.otf"}
# Each face of the fallback chain, by weight, in the order a letter is looked for, Inter first.
CHAIN = tuple({bold: FOLDER / f"{name}-{'Bold' if bold else 'Regular'}.{kind}" for bold in (False, True)}
              for name, kind in (("Inter", "otf"), ("NotoSansArabicUI", "ttf"), ("NotoSansExtra", "ttf")))
# The HarfBuzz script a face shapes as (ISO 15924); Arabic letters join only when shaped as Arabic.
SCRIPTS = {"NotoSansArabicUI": "Arab"}
# Inter at the same pixel size is taller and wider than pygame's default font, which the layouts
# were sized for; a size is scaled by this so a line keeps about its old width.
SCALE = 0.7


def open_font(path: Path, px: int) -> pygame.font.Font:
    """A face of the chain at a pixel size (the size pygame passes to FreeType), set to shape its
    script. Opened by path: SDL reads the file itself, without taking Python's lock for every read
    (a computer thinking on its thread would make each of those reads wait)."""
    if not pygame.font.get_init():
        pygame.font.init()
    font = pygame.font.Font(str(path), max(1, px))
    script = SCRIPTS.get(path.stem.split("-")[0])
    if script is not None:
        font.set_script(script)
    return font


def load(px: int, bold: bool = False) -> pygame.font.Font:
    """Inter at a pixel size, regular or bold."""
    return open_font(FILES[bold], px)


@lru_cache(maxsize=8)
def _outline(path: Path) -> pygame.freetype.Font:
    """The face read by pygame.freetype, which tells a glyph it lacks (pygame.font draws its box)."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(str(path), 1)


@lru_cache(maxsize=65536)
def covers(path: Path, ch: str) -> bool:
    """Whether the face of that file has a glyph for the character."""
    try:
        metrics = _outline(path).get_metrics(ch)
    except pygame.error:  # pygame was quit and started again (a second App): its faces went with it
        _outline.cache_clear()
        metrics = _outline(path).get_metrics(ch)
    return metrics[0] is not None
