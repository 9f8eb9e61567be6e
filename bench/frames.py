"""Frame times of a table of 104 tweening card sprites, and of a bare loop blitting the same.

    python bench/frames.py     (headless: one JSON object per line, as bench/run.py prints them)
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __name__ == "__main__":  # run as a script: the project's packages from its folder, headless
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.cards import french_deck
from scenes.base import Scene
from scenes.window import window_surface
from sprites.card_sprite import CardSprite, draw_sprites
from sprites.theme import CARD_ASPECT, CARD_W
from sprites.tween import Animator

SPRITES = 104
FRAMES = 600
WARMUP = 60


class BenchTable(Scene):
    """Two French decks, every card always sliding (and now and then flipping) somewhere."""

    def __init__(self, app, seed: int = 1) -> None:
        super().__init__(app)
        self.rng = random.Random(seed)
        self.animator = Animator(1.0)
        self.sprites = [CardSprite(card, self.rng.uniform(60, 1220), self.rng.uniform(80, 640), True)
                        for card in french_deck() * 2]
        for sprite in self.sprites:
            self.send(sprite)

    def send(self, sprite: CardSprite) -> None:
        target = (self.rng.uniform(60, 1220), self.rng.uniform(80, 640))
        sprite.move_to(self.animator, target, self.rng.uniform(0.4, 1.2), on_done=lambda: self.send(sprite))

    def update(self, dt: float) -> None:
        self.animator.update(dt)

    def draw(self, canvas) -> None:
        canvas.felt()
        draw_sprites(canvas, self.app.painter, self.sprites)


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def table_frames(app) -> list[float]:
    app.push(BenchTable(app), transition=False)
    times = []
    for i in range(FRAMES + WARMUP):
        start = time.perf_counter()
        app.step(1 / 60)
        if i >= WARMUP:
            times.append((time.perf_counter() - start) * 1000)
    return times


def bare_frames(app, count: int = SPRITES, width: int = CARD_W) -> list[float]:
    """`count` card images `width` pixels wide blitted at moving positions over a felt, nothing else."""
    screen = window_surface()
    sw, sh = screen.get_size()
    height = round(width / CARD_ASPECT)
    rng = random.Random(1)
    deck = french_deck() * (1 + count // 52)
    images = [app.painter.face(card, (width, height)) for card in deck[:count]]
    felt = pygame.Surface((sw, sh)).convert()
    felt.fill((22, 92, 58))
    positions = [[rng.uniform(0, sw - width), rng.uniform(0, sh - height), rng.uniform(-3, 3), rng.uniform(-3, 3)]
                 for _ in images]
    times = []
    for i in range(FRAMES + WARMUP):
        start = time.perf_counter()
        pygame.event.pump()
        screen.blit(felt, (0, 0))
        for image, p in zip(images, positions, strict=True):
            p[0] = (p[0] + p[2]) % (sw - width)
            p[1] = (p[1] + p[3]) % (sh - height)
            screen.blit(image, (p[0], p[1]))
        pygame.display.flip()
        if i >= WARMUP:
            times.append((time.perf_counter() - start) * 1000)
    return times


def frame_rows() -> list[dict]:
    """The table's and the bare loop's frame p50 and p99 in ms, and the ratio of their p99s."""
    from scenes.app import App

    with tempfile.TemporaryDirectory() as home:
        os.environ["CARD_ARCADE_HOME"] = home
        app = App()
        p50, p99 = percentiles(table_frames(app))
        bare50, bare99 = percentiles(bare_frames(app))
        app.stats.close()
    return [{"bench": "frame_p50_ms", "value": p50, "unit": "ms"},
            {"bench": "frame_p99_ms", "value": p99, "unit": "ms"},
            {"bench": "bare_frame_p50_ms", "value": bare50, "unit": "ms"},
            {"bench": "bare_frame_p99_ms", "value": bare99, "unit": "ms"},
            {"bench": "frame_p99_ratio_to_bare", "value": p99 / bare99, "unit": "x"}]


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    for row in frame_rows():
        print(json.dumps({**row, "value": round(row["value"], 3)}))
