"""What a table marks and draws beside its cards: the legal-move and hint marks, the Hint button, and
"Hafsa is thinking..."."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

import pygame

from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.theme import CREAM, HIGHLIGHT, PANEL, TEXT_DIM, WHITE
from sprites.widgets import draw_button_box

MARK_COLOUR = (250, 220, 110)  # a card or pile with a legal move
HINT_COLOUR = HIGHLIGHT
Mark = Hashable | pygame.FRect  # a sprite's key, or a place on the table (an empty pile)
Colour = tuple[int, int, int]


def mark_cards(sprites: Mapping[Hashable, CardSprite], marks: Iterable[Mark], colour: Colour) -> None:
    """Give the marked sprites their glow, and take it from every other."""
    for sprite in sprites.values():
        sprite.mark = None
    for mark in marks:
        if not isinstance(mark, pygame.FRect) and mark in sprites:
            sprites[mark].mark = colour


def draw_place_marks(canvas: Canvas, marks: Iterable[Mark], colour: Colour) -> None:
    """A ring round each marked place (an empty pile, a button)."""
    for mark in marks:
        if isinstance(mark, pygame.FRect):
            canvas.box(colour, mark.inflate(8, 8), width=3, radius=10)


def draw_hint_button(canvas: Canvas, rect: pygame.FRect, thinking: bool, hovered: bool, active: bool) -> None:
    """The Hint button: greyed out when it is not the player's turn, "Thinking..." while it works."""
    draw_button_box(canvas, rect, False, hovered, active)
    label = "Thinking..." if thinking else "Hint  [H]"
    canvas.text(label, rect.center, 20, WHITE if active else TEXT_DIM, bold=True)


def draw_thinking(canvas: Canvas, name: str, dots: str, centre: tuple[float, float]) -> None:
    """'Youssef is thinking' with dots that come and go, on a small pill centred at `centre`."""
    width = canvas.text_size(f"{name} is thinking...", 20)[0] + 36
    x, y = centre[0] - width / 2, centre[1]
    canvas.box((*PANEL[:3], 200), (x, y - 15, width, 30), radius=15)
    canvas.text(f"{name} is thinking{dots}", (x + 18, y), 20, CREAM, anchor="midleft")
