"""The notices: short messages over every scene along the top of the window, for a few seconds each."""
from __future__ import annotations

import pygame

from sprites.canvas import Canvas
from sprites.theme import PANEL, WHITE

NOTICE_TIME = 6.0  # seconds a notice shows; it fades in its last one
NOTICES_KEPT = 3  # the newest shown at once
NOTICE_WIDTH = 1200  # logical px: a longer notice wraps
NOTICE_SIZE = 22
NOTICE_TOP = 8.0  # logical px: the notices hang from the top of the window


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
        """The notices along the top of the window, newest lowest, each wrapped to fit it: a layer of
        their own over every scene, where no screen has a button (the bottom holds their rows).
        `lasting` (a networked table's) come first, shown whole while they last."""
        canvas.scene_layer("notices")
        top = NOTICE_TOP
        for text, left in [[text, NOTICE_TIME] for text in lasting] + self.shown:
            alpha = int(255 * min(1.0, left))
            lines = canvas.wrap(text, NOTICE_SIZE, NOTICE_WIDTH - 40)
            step = max(NOTICE_SIZE * 1.25, canvas.text_size(text, NOTICE_SIZE)[1])
            width = max(canvas.text_size(line, NOTICE_SIZE)[0] for line in lines) + 40
            box = pygame.FRect(640 - width / 2, top, width, 12 + step * len(lines))
            canvas.box((*PANEL[:3], alpha), box, radius=10)
            canvas.frame(box, "notice")
            for i, line in enumerate(lines):
                canvas.text(line, (640, box.y + 6 + step * (i + 0.5)), NOTICE_SIZE, WHITE, alpha=alpha)
            top = box.bottom + 8
