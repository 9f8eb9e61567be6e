"""Render every card face and back of every deck to a PNG sheet for a person to look at.

Usage: python tools/face_sheet.py [out.png] [--width 100] [--four-colour] [--deck french]
(the sheet goes to the system's temporary folder unless a path is given)
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.cards import Card, french_deck, memory_deck, spanish_deck
from sprites.card_faces import CARD_ASPECT, DECKS, CardPainter

FELT = (22, 92, 58)


def deck_rows(deck: str) -> list[list[Card]]:
    """The distinct faces of a deck, one row per suit (or value group)."""
    if deck == "french":
        cards = french_deck()
        return [cards[i:i + 13] for i in range(0, 52, 13)]
    if deck == "spanish":
        cards = spanish_deck()
        return [cards[i:i + 10] for i in range(0, 40, 10)]
    if deck == "skyjo":
        return [[Card("skyjo", v) for v in range(-2, 13)]]
    return [[c for c in memory_deck() if c.copy == 0]]


def render(width: int, four_colour: bool, decks: tuple[str, ...]) -> pygame.Surface:
    """One sheet: each deck's faces in rows, its back at the end of its first row."""
    painter = CardPainter(four_colour)
    size = (width, round(width / CARD_ASPECT))
    gap = max(4, width // 10)
    rows = [(deck, row) for deck in decks for row in deck_rows(deck)]
    columns = max(len(row) for _, row in rows) + 1
    sheet = pygame.Surface((gap + columns * (size[0] + gap), gap + len(rows) * (size[1] + gap)))
    sheet.fill(FELT)
    for y, (deck, row) in enumerate(rows):
        top = gap + y * (size[1] + gap)
        for x, card in enumerate(row):
            sheet.blit(painter.face(card, size), (gap + x * (size[0] + gap), top))
        if row == deck_rows(deck)[0]:
            sheet.blit(painter.back(deck, size), (gap + (columns - 1) * (size[0] + gap), top))
    return sheet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?",
                        default=str(Path(tempfile.gettempdir()) / "card_faces_sheet.png"))
    parser.add_argument("--width", type=int, default=100, help="card width in pixels")
    parser.add_argument("--four-colour", action="store_true")
    parser.add_argument("--deck", choices=DECKS, action="append", help="only these decks")
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    start = time.perf_counter()
    sheet = render(args.width, args.four_colour, tuple(args.deck or DECKS))
    pygame.image.save(sheet, args.out)
    print(f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()}) "
          f"in {time.perf_counter() - start:.2f}s")


if __name__ == "__main__":
    main()
