"""Text in any script: a line split into direction runs (sprites/bidi_runs.py), each run into pieces
by the first face of the fallback chain (sprites/fonts.py) that has their letters, each piece shaped
by HarfBuzz in its run's direction, and the pieces laid side by side on one baseline."""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import pygame

from sprites import fonts
from sprites.bidi_runs import visual_runs


class Piece(NamedTuple):
    """Characters drawn by one face in one direction: `text` in reading order."""
    text: str
    face: int  # its index in the chain
    rtl: bool


def _letter(ch: str) -> bool:
    """A letter (its face is the first that has it); the rest follow the letters around them."""
    return unicodedata.category(ch)[0] == "L"


@lru_cache(maxsize=65536)
def _first_face(paths: tuple[Path, ...], ch: str) -> int | None:
    """The index of the first face that has the character, None if none has it."""
    return next((i for i, path in enumerate(paths) if fonts.covers(path, ch)), None)


def _faces(paths: tuple[Path, ...], text: str) -> list[int]:
    """The face of each character: a letter's first face that has it; any other character (space,
    digit, mark, punctuation) keeps the face of the letter before it, or else of the one after it,
    when that face has it, so that a run of one script is shaped whole."""
    own = [_first_face(paths, ch) if _letter(ch) else None for ch in text]
    after: list[int | None] = [None] * len(text)
    for i in range(len(text) - 2, -1, -1):
        after[i] = own[i + 1] if own[i + 1] is not None else after[i + 1]
    chosen: list[int] = []
    before: int | None = None  # the face of the last letter
    for i, ch in enumerate(text):
        face = own[i]
        if face is None:
            near = [f for f in (before, after[i]) if f is not None]
            face = next((f for f in near if fonts.covers(paths[f], ch)), None)
            if face is None:
                face = _first_face(paths, ch) or 0  # no face has it: Inter's box shows it is missing
        else:
            before = face
        chosen.append(face)
    return chosen


def pieces(paths: tuple[Path, ...], line: str, rtl: bool | None = False) -> list[Piece]:
    """The line's pieces from left to right on screen (`rtl`: the paragraph's direction, as in
    bidi_runs.visual_runs)."""
    if line.isascii() and not rtl:  # Inter has every ASCII character, all left to right: most lines
        return [Piece(line, 0, False)] if line else []
    laid: list[Piece] = []
    for run in visual_runs(line, rtl):
        faces = _faces(paths, run.text)
        run_pieces: list[Piece] = []
        start = 0
        for i in range(1, len(run.text) + 1):
            if i == len(run.text) or faces[i] != faces[start]:
                run_pieces.append(Piece(run.text[start:i], faces[start], run.rtl))
                start = i
        laid.extend(reversed(run_pieces) if run.rtl else run_pieces)
    return laid


class Typeface:
    """The fallback chain at one pixel size and weight, measuring and drawing lines as one font does;
    `rtl` is the direction of its paragraphs (the interface's reading direction, as in bidi_runs)."""

    def __init__(self, px: int, bold: bool = False, rtl: bool | None = False) -> None:
        self.px, self.rtl = px, rtl
        self.paths = tuple(face[bold] for face in fonts.CHAIN)
        self.primary = fonts.open_font(self.paths[0], px)
        self._opened = {0: self.primary}  # the fallbacks are opened when a line first needs them

    def get_height(self) -> int:
        """The height of a line in the first face (a line of other faces may be taller)."""
        return self.primary.get_height()

    def _shaper(self, piece: Piece) -> pygame.font.Font:
        """The piece's face, set to its direction."""
        font = self._opened.get(piece.face)
        if font is None:
            font = self._opened[piece.face] = fonts.open_font(self.paths[piece.face], self.px)
        font.set_direction(pygame.DIRECTION_RTL if piece.rtl else pygame.DIRECTION_LTR)
        return font

    def _layout(self, laid: list[Piece]) -> tuple[list[tuple[Piece, int, int]], tuple[int, int]]:
        """Each piece with its left and top in the line, and the line's size."""
        placed, x, height = [], 0, 0
        ascent = max(self._shaper(piece).get_ascent() for piece in laid)
        for piece in laid:
            font = self._shaper(piece)
            top = ascent - font.get_ascent()  # every face on one baseline
            placed.append((piece, x, top))
            x += font.size(piece.text)[0]
            height = max(height, top + font.get_height())
        return placed, (x, height)

    def _alone(self, laid: list[Piece]) -> pygame.font.Font | None:
        """The first face, set to its direction, if it draws the whole line (most lines): the line
        is then measured and drawn as that one font does."""
        if not laid:
            return self._shaper(Piece("", 0, False))
        return self._shaper(laid[0]) if len(laid) == 1 and laid[0].face == 0 else None

    def size(self, text: str) -> tuple[int, int]:
        """The line's width and height in pixels, as `render` draws it."""
        laid = pieces(self.paths, text, self.rtl)
        alone = self._alone(laid)
        return self._layout(laid)[1] if alone is None else alone.size(laid[0].text if laid else "")

    def render(self, text: str, colour) -> pygame.Surface:
        """The line drawn, anti-aliased, on a see-through surface."""
        laid = pieces(self.paths, text, self.rtl)
        alone = self._alone(laid)
        if alone is not None:
            return alone.render(laid[0].text if laid else "", True, colour)
        placed, size = self._layout(laid)
        line = pygame.Surface(size, pygame.SRCALPHA)
        line.fill((*colour[:3], 0))  # see-through of the text's colour: the pieces' soft edges keep it
        for piece, x, top in placed:
            line.blit(self._shaper(piece).render(piece.text, True, colour), (x, top))
        return line
