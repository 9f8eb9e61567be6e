"""What a table marks and draws beside its cards: the legal-move and hint marks, what another
player's turn changed, the keyboard focus ring, the Hint button, and "Hafsa is thinking..."."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

import pygame

from game.core import Kind
from game.record import MoveRecord
from lang import _
from sprites.canvas import Canvas
from sprites.card_sprite import MARK_MARGIN, THIN_MARGIN, CardSprite
from sprites.theme import (
    CHANGED,
    CREAM,
    FOCUS_REFUSED,
    FOCUS_RING,
    FOCUS_RING_DARK,
    HIGHLIGHT,
    MARK,
    PANEL,
    TEXT_DIM,
    WHITE,
)
from sprites.widgets import draw_button_box, fitted

MARK_COLOUR = MARK  # a card or pile with a legal move
HINT_COLOUR = HIGHLIGHT
CHANGE_COLOUR = CHANGED  # a card or pile another player's turn changed
Mark = Hashable | pygame.FRect  # a sprite's key, or a place on the table (an empty pile)
Colour = tuple[int, int, int]
Layer = tuple[list[Mark], Colour]  # marks and their colour; a later layer's glow wins on a card


def mark_cards(sprites: Mapping[Hashable, CardSprite], layers: Iterable[Layer], changed: Iterable[Mark] = ()) -> None:
    """Give the marked sprites their glow (the last layer's colour where two mark one card) and the
    changed ones their outer glow, and take both from every other."""
    for sprite in sprites.values():
        sprite.mark = None
        sprite.changed = None
    for mark in changed:
        if not isinstance(mark, pygame.FRect) and mark in sprites:
            sprites[mark].changed = CHANGE_COLOUR
    for marks, colour in layers:
        for mark in marks:
            if not isinstance(mark, pygame.FRect) and mark in sprites:
                sprites[mark].mark = colour
    thin_crowded_marks([s for s in sprites.values() if s.mark or s.changed])


def thin_crowded_marks(marked: list[CardSprite]) -> None:
    """A marked card that overlaps another marked card by more than half its width (a long hand)
    glows thinly, so that a row of marked cards is not a tangle of outlines."""
    for sprite in marked:
        crowded = any(other is not sprite and abs(other.x - sprite.x) < sprite.width / 2
                      and abs(other.y - sprite.y) < sprite.height / 2 for other in marked)
        sprite.mark_margin = THIN_MARGIN if crowded else MARK_MARGIN


def draw_place_marks(canvas: Canvas, layers: Iterable[Layer], changed: Iterable[Mark] = ()) -> None:
    """A ring round each marked place (an empty pile, a button); a changed place's ring lies outside."""
    for mark in changed:
        if isinstance(mark, pygame.FRect):
            canvas.box(CHANGE_COLOUR, mark.inflate(18, 18), width=3, radius=13)
    for marks, colour in layers:
        for mark in marks:
            if isinstance(mark, pygame.FRect):
                canvas.box(colour, mark.inflate(8, 8), width=3, radius=10)


def draw_focus_ring(canvas: Canvas, rect: pygame.FRect, legal: bool = True) -> None:
    """The keyboard focus (or the card the mouse points at): a white line between two dark ones,
    seen on every card colour and on the felt, unlike the gold glow of a legal move; light red on
    something that may not be chosen now."""
    canvas.box(FOCUS_RING_DARK, rect.inflate(20, 20), width=3, radius=14)
    canvas.box(FOCUS_RING if legal else FOCUS_REFUSED, rect.inflate(14, 14), width=4, radius=12)
    canvas.box(FOCUS_RING_DARK, rect.inflate(6, 6), width=3, radius=9)


def draw_hint_button(canvas: Canvas, rect: pygame.FRect, thinking: bool, hovered: bool, active: bool) -> None:
    """The Hint button: greyed out when it is not the player's turn, "Thinking..." while it works."""
    draw_button_box(canvas, rect, False, hovered, active)
    label, size = fitted(canvas, _("Thinking...") if thinking else _("Hint  [H]"), 20, rect.w - 12, bold=True)
    canvas.text(label, rect.center, size, WHITE if active else TEXT_DIM, bold=True)


def draw_thinking(canvas: Canvas, name: str, dots: str, centre: tuple[float, float]) -> None:
    """'Youssef is thinking' with dots that come and go, on a small pill centred at `centre`."""
    width = canvas.text_size(_("{name} is thinking{dots}", name=name, dots="..."), 20)[0] + 36
    x, y = centre[0] - width / 2, centre[1]
    canvas.box((*PANEL[:3], 200), (x, y - 15, width, 30), radius=15)
    canvas.text(_("{name} is thinking{dots}", name=name, dots=dots), (canvas.line_start(x + 18, x + width - 18), y),
                20, CREAM, anchor=canvas.start_anchor("midleft"))


class OthersMoves:
    """What other players' moves changed, kept marked for the humans until they act: a human's move
    clears the marks of every move before it; a new deal clears them all."""

    def __init__(self, humans: list[int], decisions: bool) -> None:
        self.active = bool(humans) and decisions  # a watched game (War) or a table of computers: nobody to catch up
        self.humans = humans
        self.changes: list[tuple[int, list[Mark]]] = []

    def note(self, record: MoveRecord, marks: Iterable[Mark]) -> None:
        if not self.active:
            return
        if record.mover in self.humans or any(e.kind is Kind.DEAL for e in record.events):
            self.changes = []
        marks = list(marks)
        if marks:
            self.changes.append((record.mover, marks))

    def marks_for(self, viewer: int | None) -> list[Mark]:
        """The marks of what others changed since the human in front of the screen last moved."""
        return [mark for mover, marks in self.changes if mover != viewer for mark in marks]
