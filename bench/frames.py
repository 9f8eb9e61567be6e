"""Frame times of a table of 104 tweening card sprites, and of a bare loop blitting the same."""
from __future__ import annotations

import random
import statistics
import time

import pygame

from game.cards import french_deck
from scenes.base import Scene
from sprites.card_sprite import CardSprite, draw_sprites
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


def bare_frames(app) -> list[float]:
    """The same 104 card images blitted at moving positions, with nothing else."""
    screen = pygame.display.get_surface()
    rng = random.Random(1)
    images = [app.painter.face(card, (90, 129)) for card in french_deck() * 2]
    felt = pygame.Surface(screen.get_size()).convert()
    felt.fill((22, 92, 58))
    positions = [[rng.uniform(0, 1190), rng.uniform(0, 590), rng.uniform(-3, 3), rng.uniform(-3, 3)] for _ in images]
    times = []
    for i in range(FRAMES + WARMUP):
        start = time.perf_counter()
        pygame.event.pump()
        screen.blit(felt, (0, 0))
        for image, p in zip(images, positions, strict=True):
            p[0] = (p[0] + p[2]) % 1190
            p[1] = (p[1] + p[3]) % 590
            screen.blit(image, (p[0], p[1]))
        pygame.display.flip()
        if i >= WARMUP:
            times.append((time.perf_counter() - start) * 1000)
    return times
