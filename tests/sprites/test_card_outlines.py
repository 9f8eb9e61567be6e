"""Shadows, glows and rings follow a card's rotation, lift and scale: nothing is drawn in the corners
of a tilted card's upright bounding box."""
from __future__ import annotations

import math

import pygame
import pytest

from game.cards import Card
from sprites.canvas import Canvas
from sprites.card_faces import CardPainter
from sprites.card_sprite import CardSprite

FELT = (0, 128, 0)


def drawn(angle: float, **looks) -> tuple[pygame.Surface, CardSprite]:
    canvas = Canvas(pygame.Surface((1280, 720)))
    canvas.surface.fill(FELT)
    sprite = CardSprite(Card("french", 7, "hearts"), 640, 360, face_up=True, width=120)
    sprite.angle = angle
    for name, value in looks.items():
        setattr(sprite, name, value)
    sprite.draw(canvas, CardPainter())
    return canvas.surface, sprite


def box_corners(sprite: CardSprite, grow: float) -> list[tuple[int, int]]:
    """Points just inside the corners of the upright box around the card turned by its angle."""
    a = math.radians(sprite.angle)
    w, h = sprite.width * sprite.scale + grow, sprite.height * sprite.scale + grow
    half_w = (abs(w * math.cos(a)) + abs(h * math.sin(a))) / 2 - 4
    half_h = (abs(w * math.sin(a)) + abs(h * math.cos(a))) / 2 - 4
    cx, cy = sprite.x, sprite.y - sprite.lift
    return [(round(cx + sx * half_w), round(cy + sy * half_h)) for sx in (-1, 1) for sy in (-1, 1)]


@pytest.mark.parametrize("angle", [20, -35])
@pytest.mark.parametrize("looks", [{"lift": 14.0}, {"scale": 1.3}, {"mark": (255, 200, 0)},
                                   {"highlight": (255, 214, 90)}])
def test_outlines_turn_with_the_card(angle, looks):
    surface, sprite = drawn(angle, **looks)
    shadow = (3 + sprite.lift / 3, 4 + sprite.lift / 2)
    for x, y in box_corners(sprite, 12):
        for dx, dy in ((0, 0), shadow):
            assert surface.get_at((round(x + dx), round(y + dy)))[:3] == FELT, (looks, (x, y))


@pytest.mark.parametrize("looks", [{"lift": 14.0}, {"mark": (255, 200, 0)}, {"highlight": (255, 214, 90)}])
def test_outlines_are_drawn_at_all(looks):
    tilted, _ = drawn(25, **looks)
    plain, _ = drawn(25)
    differs = sum(tilted.get_at((x, y)) != plain.get_at((x, y))
                  for x in range(500, 780, 3) for y in range(180, 540, 3))
    assert differs > 100, looks
