"""Missing glyphs, found two ways: by the character maps of the faces (fontTools) and by the picture
(a character drawn as the box a face draws for what it lacks)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame
from fontTools.ttLib import TTFont

from sprites.typeset import Typeface, pieces

NO_FACE_HAS = "\u4e00"  # a Chinese character: no face has it, so Inter draws its missing-glyph box


@lru_cache(maxsize=16)
def cmap(path: Path) -> frozenset[int]:
    """The code points the face's character map lists."""
    return frozenset(TTFont(path).getBestCmap())


def unmapped(typeface: Typeface, text: str) -> list[str]:
    """The characters of `text` whose chosen face's character map lacks them."""
    return [ch for piece in pieces(typeface.paths, text) for ch in piece.text
            if ord(ch) not in cmap(typeface.paths[piece.face])]


def pixels(image: pygame.Surface) -> tuple[tuple[int, int], bytes]:
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


def found_at(line: pygame.Surface, part: pygame.Surface) -> list[int]:
    """The left edges at which the ink of `part` lies in `line`, pixel for pixel."""
    ink = part.subsurface(part.get_bounding_rect())
    w, h = ink.get_size()
    return [x for x in range(line.get_width() - w + 1) for y in range(line.get_height() - h + 1)
            if pixels(line.subsurface((x, y, w, h))) == pixels(ink)]


def boxed(typeface: Typeface, text: str) -> list[str]:
    """The characters of `text` that, drawn alone, look exactly like the missing-glyph box."""
    box = pixels(typeface.render(NO_FACE_HAS, (255, 255, 255)))
    return [ch for ch in dict.fromkeys(text) if not ch.isspace()
            and pixels(typeface.render(ch, (255, 255, 255))) == box]
