"""The notices: short messages over every scene along the top of the window, for a few seconds each,
placed where they cover no name plate, message or phrase of the scene (`Canvas.kept_clear`) and no
other notice."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from sprites.canvas import Canvas
from sprites.theme import PANEL, WHITE

NOTICE_TIME = 6.0  # seconds a notice shows; it fades in its last one
NOTICES_KEPT = 3  # the newest shown at once
NOTICE_WIDTH = 1200  # logical px: a longer notice wraps
NOTICE_SIZE = 22
NOTICE_TOP = 8.0  # logical px: the notices hang from the top of the window
NOTICE_GAP = 8.0  # logical px between a notice and what it keeps clear of
WRAP_WIDTHS = (NOTICE_WIDTH - 40, 560.0, 340.0, 240.0)  # tried in turn where a wide notice finds no room
SCREEN_W, SCREEN_H = 1280.0, 720.0


def free_spot(size: tuple[float, float], taken: Sequence[pygame.FRect]) -> pygame.FRect | None:
    """The highest place for a box of `size` (centred, else at the left or right edge) in the window that
    lies NOTICE_GAP clear of every rect `taken`; None if there is none."""
    w, h = size
    tops = sorted({NOTICE_TOP, *(r.bottom + NOTICE_GAP for r in taken)})
    for top in (t for t in tops if t + h <= SCREEN_H - NOTICE_GAP):
        for left in (SCREEN_W / 2 - w / 2, NOTICE_GAP, SCREEN_W - NOTICE_GAP - w):
            box = pygame.FRect(left, top, w, h)
            if not any(box.colliderect(r.inflate(2 * NOTICE_GAP - 2, 2 * NOTICE_GAP - 2)) for r in taken):
                return box
    return None


class NoticeLine:
    """The notices shown, oldest first, each counted down by the loop's passes."""

    def __init__(self) -> None:
        self.shown: list[list] = []  # [text, seconds left]

    def add(self, text: str) -> None:
        self.shown.append([text, NOTICE_TIME])
        del self.shown[:-NOTICES_KEPT]

    def tick(self, dt: float) -> bool:
        """Count `dt` seconds down; True when a notice went (the picture changed)."""
        for notice in self.shown:
            notice[1] -= dt
        if any(left <= 0 for _, left in self.shown):
            self.shown = [n for n in self.shown if n[1] > 0]
            return True
        return False

    def waits(self) -> list[float]:
        """Seconds until each notice's picture changes by itself: it fades in its last second."""
        return [max(0.0, left - 1.0) for _, left in self.shown]

    def draw(self, canvas: Canvas, lasting: list[str]) -> None:
        """The notices from the top of the window down, newest lowest, each wrapped to fit: a layer of
        their own over every scene, where no screen has a button (the bottom holds their rows), off
        what the scene keeps clear (name plates, its message) and off each other. `lasting` (a
        networked table's) come first, shown whole while they last."""
        scene, placed_notices = canvas.kept_clear, list[pygame.FRect]()
        canvas.scene_layer("notices")
        for text, left in [[text, NOTICE_TIME] for text in lasting] + self.shown:
            placed = place(canvas, text, scene, placed_notices)
            if placed is None:
                continue
            box, lines, step = placed
            placed_notices.append(box)
            alpha = int(255 * min(1.0, left))
            canvas.box((*PANEL[:3], alpha), box, radius=10)
            canvas.frame(box, "notice")
            for i, line in enumerate(lines):
                canvas.text(line, (box.centerx, box.y + 6 + step * (i + 0.5)), NOTICE_SIZE, WHITE, alpha=alpha)


def place(canvas: Canvas, text: str, scene: list[pygame.FRect],
          notices: list[pygame.FRect]) -> tuple[pygame.FRect, list[str], float] | None:
    """Where the notice goes and its lines: wrapped as wide as it finds room clear of the scene's
    plates and the notices placed; with no such room, over the scene but off the other notices."""
    step = max(NOTICE_SIZE * 1.25, canvas.text_size(text, NOTICE_SIZE)[1])
    for taken in (scene + notices, notices):
        found = []
        for wrap in WRAP_WIDTHS:
            lines = canvas.wrap(text, NOTICE_SIZE, wrap)
            width = max(canvas.text_size(line, NOTICE_SIZE)[0] for line in lines) + 40
            box = free_spot((width, 12 + step * len(lines)), taken)
            if box is not None:
                found.append((box, lines))
        if found:  # the highest place, as wide as there is room for there
            box, lines = min(found, key=lambda f: (f[0].top, -f[0].width))
            return box, lines, step
    return None
