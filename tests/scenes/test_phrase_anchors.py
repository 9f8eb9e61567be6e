"""Where each game's table puts a seat's speech bubble (`seat_anchor`), for every seat of every seat
count, whoever sits in front: inside the screen, the bubble too, pointing at its seat from TAIL away,
and no two seats' bubbles on each other."""
from __future__ import annotations

import pygame
import pytest

from game.registry import game_info, online_games
from game.seats import Seat
from net.protocol import PHRASES
from scenes.plugins import game_scenes, playable_games
from sprites.bubble import TAIL, Anchor, bubble_rect, bubble_size
from sprites.theme import LOGICAL_SIZE

SCREEN = pygame.FRect(0, 0, *LOGICAL_SIZE)
NAMES = ["Amina", "Bartholomew", "Chiamaka", "Dmitri", "Esperanza", "Fionnuala", "Guillermo", "Hafsa"]
LAYOUTS = [(name, count, bottom) for name in playable_games() if game_scenes(name).online is not None
           for count in range(game_info(name).min_players, game_info(name).max_players + 1)
           for bottom in range(count)]


def anchors(app, name: str, count: int, bottom: int) -> list[Anchor | None]:
    """Every seat's anchor at a new table of `count` seats, the one human (in front) at `bottom`."""
    info = game_info(name)
    seats = [Seat(NAMES[i], "human" if i == bottom else "computer", info.levels[0]) for i in range(count)]
    table = game_scenes(name).start(app, seats, {}, 5)
    assert table.seating.bottom == bottom
    parts = table.game
    return [parts.seat_anchor(seat) for seat in range(count)]


def distance(point: tuple[float, float], box: pygame.FRect) -> float:
    """How far a point lies outside a box (0 inside it)."""
    dx = max(box.left - point[0], 0.0, point[0] - box.right)
    dy = max(box.top - point[1], 0.0, point[1] - box.bottom)
    return (dx * dx + dy * dy) ** 0.5


def test_every_game_played_online_has_its_layouts_here():
    assert {name for name, _, _ in LAYOUTS} == set(online_games())


@pytest.mark.parametrize(("name", "count", "bottom"), LAYOUTS)
def test_each_seat_has_its_own_bubble_inside_the_screen_pointing_at_it(driver, name, count, bottom):
    canvas = driver.app.canvas
    widest = max(bubble_size(canvas, text) for text in PHRASES)
    found = anchors(driver.app, name, count, bottom)
    assert all(anchor is not None for anchor in found)
    assert len({anchor.point for anchor in found if anchor is not None}) == count
    boxes = []
    for anchor in found:
        assert anchor is not None and SCREEN.collidepoint(anchor.point)
        box = bubble_rect(anchor, widest)
        assert SCREEN.contains(box)
        assert TAIL - 1 <= distance(anchor.point, box) <= TAIL + 1, "the bubble keeps its tail's length away"
        boxes.append(box)
    for i, box in enumerate(boxes):
        assert box.collidelist(boxes[i + 1:]) == -1, "two seats' bubbles lie on each other"
