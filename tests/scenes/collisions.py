"""The collision check: what a frame drew (sprites/drawn.py notes), read for faults of layout.

In one layer a text lies wholly inside or wholly outside every frame (panel, button, plate) and
every card; no two texts overlap; two frames, or a frame and a card, are nested or apart (cards may
overlap cards: a fanned hand). Everywhere: nothing outside the 1280x720 picture, no text set
smaller than MIN_TEXT_PX window pixels, no card face whose smallest mark is under MIN_MARK_PX."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import pygame

from sprites.drawn import CARD, FRAME, MIN_MARK_PX, MIN_TEXT_PX, TEXT, Drawn

SLACK = 1  # window pixels of rounding forgiven at every edge


def overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    """More than SLACK pixels of a and b in common, both ways."""
    common = a.clip(b)
    return common.w > SLACK and common.h > SLACK


def inside(a: pygame.Rect, b: pygame.Rect) -> bool:
    """a within b, SLACK pixels forgiven."""
    return b.inflate(2 * SLACK, 2 * SLACK).contains(a)


def name(d: Drawn) -> str:
    what = f"text {d.text!r}" if d.kind == TEXT else f"{d.kind} {d.text!r}"
    return f"{what} at {tuple(d.rect)}"


def collisions(drawn: Sequence[Drawn], picture: pygame.Rect) -> list[str]:
    """Every fault of the frame's notes, one sentence each (none: the frame is clean)."""
    faults: list[str] = []
    layers: dict[tuple[str, ...], list[Drawn]] = defaultdict(list)
    for d in drawn:
        layers[d.layer].append(d)
        if not inside(d.rect, picture):
            faults.append(f"{name(d)} is outside the picture {tuple(picture)}")
        if d.kind == TEXT and d.px is not None and d.px < MIN_TEXT_PX:
            faults.append(f"{name(d)} is set at {d.px} px, under {MIN_TEXT_PX}")
        if d.kind == CARD and d.px is not None and d.px < MIN_MARK_PX:
            faults.append(f"{name(d)}: its smallest mark is {d.px:.1f} px tall, under {MIN_MARK_PX}")
    for layer, notes in layers.items():
        texts = [d for d in notes if d.kind == TEXT]
        boxes = [d for d in notes if d.kind in (FRAME, CARD)]
        where = f" (layer {'/'.join(layer)})"
        for i, text in enumerate(texts):
            for other in texts[i + 1:]:
                if overlap(text.rect, other.rect):
                    faults.append(f"{name(text)} overlaps {name(other)}{where}")
            for box in boxes:
                if overlap(text.rect, box.rect) and not inside(text.rect, box.rect):
                    faults.append(f"{name(text)} crosses the edge of {name(box)}{where}")
        for i, box in enumerate(boxes):
            for other in boxes[i + 1:]:
                if box.kind == CARD and other.kind == CARD:
                    continue
                if overlap(box.rect, other.rect) and not (inside(box.rect, other.rect)
                                                          or inside(other.rect, box.rect)):
                    faults.append(f"{name(box)} overlaps {name(other)}{where}")
    return list(dict.fromkeys(faults))


def noted_frame(app) -> list[Drawn]:
    """Draw the app's frame now, noting what it draws (texts, frames, cards)."""
    app.canvas.inspect()
    try:
        app.draw()
        return list(app.canvas.drawn)
    finally:
        app.canvas.inspect(False)
