"""A table's message line: a sentence shown for a few seconds, or held until the human acts (a
computer's move), fading out, wrapped into its box."""
from __future__ import annotations

import pygame

from sprites.canvas import Canvas
from sprites.theme import PANEL, WHITE

MESSAGE_TIME = 3.5
MESSAGE_FADE = 0.5  # a message fades out over its last half second
BOX_TEXT, BOX_LINES = 21.0, 3  # the message's size and most lines in a table's fixed message box


class MessageLine:
    """The sentence, the seconds it still shows, and whether it waits for the human (`hold`)."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0
        self.hold = False

    def say(self, text: str, seconds: float = MESSAGE_TIME, hold: bool = False) -> None:
        self.text, self.left, self.hold = text, seconds, hold

    def release(self) -> None:
        """The human acted: a held message fades out within a second."""
        if self.hold:
            self.hold, self.left = False, min(self.left, 1.0)

    def update(self, dt: float) -> None:
        if not self.hold:
            self.left = max(0.0, self.left - dt)

    def next_change(self) -> float | None:
        """Seconds until the message starts to fade (None: it does not change by itself)."""
        if self.left > 0 and not self.hold:
            return max(0.0, self.left - MESSAGE_FADE)
        return None

    def draw(self, canvas: Canvas, box: pygame.FRect | None, centre: tuple[float, float], width: float) -> None:
        """The message wrapped into `box` (its first BOX_LINES lines), or in a box of its own around
        `centre`, at most `width` wide: it never runs past its box."""
        if self.left <= 0 or not self.text:
            return
        alpha = int(255 * min(1.0, self.left / MESSAGE_FADE))
        size = 26.0
        if box is not None:
            size = BOX_TEXT
            lines = canvas.wrap(self.text, size, box.w - 28)[:BOX_LINES]
        else:
            lines = canvas.wrap(self.text, size, width - 48)
            wide = max(canvas.text_size(line, size)[0] for line in lines) + 48
            high = 10 + 30 * len(lines)
            box = pygame.FRect(centre[0] - wide / 2, centre[1] - high / 2, wide, high)
        canvas.box((*PANEL[:3], alpha), box, radius=12)
        canvas.frame(box, "message")
        step = size + (5 if size == BOX_TEXT else 4)
        top = box.centery - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            canvas.text(line, (box.centerx, top + step * i), size, WHITE, alpha=alpha)
