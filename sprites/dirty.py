"""Which parts of the window a new frame changes: its drawing operations compared with the last
frame's (each operation is a key saying all it draws, and the window rectangle it may touch)."""
from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher

import pygame

FULL_SHARE = 0.5  # changes over this share of the window: redraw it whole
MAX_RECTS = 12  # more separate changes than this: one rectangle around them all


Operations = Sequence[tuple]  # (key, rect, ...): what an operation draws, and the window pixels it may touch


def changed_rects(old: Operations, new: Operations) -> list[pygame.Rect]:
    """The rectangles of the operations (key, rect, ...) one frame has and the other has not, or
    has in another order. Outside them both frames draw the same operations in the same order: the
    same pixels."""
    a, b = [op[0] for op in old], [op[0] for op in new]
    start, shortest = 0, min(len(a), len(b))
    while start < shortest and a[start] == b[start]:
        start += 1
    end = 0  # operations equal at the ends of both
    while end < shortest - start and a[-1 - end] == b[-1 - end]:
        end += 1
    rects: list[pygame.Rect] = []
    matcher = SequenceMatcher(None, a[start:len(a) - end], b[start:len(b) - end], autojunk=False)
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag != "equal":
            rects += [old[start + i][1] for i in range(a0, a1)] + [new[start + i][1] for i in range(b0, b1)]
    return rects


def merged(rects: list[pygame.Rect], window: pygame.Rect) -> list[pygame.Rect] | None:
    """The rectangles inside the window, overlapping ones joined (more than MAX_RECTS: one around
    them all); None when that covers over half the window: redrawing it whole is simpler."""
    inside = [r.clip(window) for r in rects]
    inside = [r for r in inside if r.w > 0 and r.h > 0]
    if sum(r.w * r.h for r in inside) > FULL_SHARE * window.w * window.h:
        return None
    if len(inside) > 4 * MAX_RECTS:  # too many to join one by one
        return around(inside, window)
    joined: list[pygame.Rect] = []
    for rect in inside:
        rect = rect.copy()
        while (hit := rect.collidelist(joined)) >= 0:
            rect.union_ip(joined.pop(hit))
        joined.append(rect)
    return around(joined, window) if len(joined) > MAX_RECTS else joined


def around(rects: list[pygame.Rect], window: pygame.Rect) -> list[pygame.Rect] | None:
    """One rectangle around them all, or None if it covers much of the window."""
    whole = rects[0].unionall(rects[1:])
    return None if whole.w * whole.h > FULL_SHARE * window.w * window.h else [whole]
