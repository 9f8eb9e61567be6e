"""Painting speed: all 52 French faces at 100x143 px from an empty cache, and the canvas's fit of a
20,000-character name (the tests count the measures; this times them)."""
from __future__ import annotations

import time

FACE_SIZE = (100, 143)
HUGE_NAME = "x" * 20_000


def run() -> list[dict]:
    """Time one painting of the deck's faces (fonts loaded before) and one fit of a huge name."""
    import pygame

    from game.cards import Card, french_deck
    from sprites.canvas import Canvas
    from sprites.card_faces import CardPainter

    pygame.font.init()
    painter = CardPainter()
    painter.face(Card("french", 1, "spades"), FACE_SIZE)  # fonts loaded once
    painter.clear()
    start = time.perf_counter()
    for card in french_deck():
        painter.face(card, FACE_SIZE)
    faces_ms = (time.perf_counter() - start) * 1000
    canvas = Canvas(pygame.Surface((1280, 720)))
    start = time.perf_counter()
    canvas.fit(HUGE_NAME, 14, 200)
    fit_ms = (time.perf_counter() - start) * 1000
    return [{"bench": "paint_french_faces_ms", "value": round(faces_ms, 1), "unit": "ms"},
            {"bench": "fit_huge_name_ms", "value": round(fit_ms, 2), "unit": "ms"}]


if __name__ == "__main__":
    import os
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from bench.run import run_alone

    sys.exit(run_alone(__doc__ or "", run))
