"""A table's message line: a sentence shown for a few seconds, or held until the human acts (a
computer's move), fading out, wrapped into its box."""
from __future__ import annotations

import pygame

from lang.words import Line, render
from sprites.canvas import Canvas
from sprites.theme import PANEL, WHITE

MESSAGE_TIME = 3.5
MESSAGE_FADE = 0.5  # a message fades out over its last half second
BOX_TEXT = 21.0  # the message's size in a table's fixed message box
BOX_SIZES = (BOX_TEXT, 19.0, 17.0)  # smaller sizes a long message takes when its box cannot grow enough
BOX_PAD = 16.0  # above and below the lines of a message box


class MessageLine:
    """The sentence, the seconds it still shows, and whether it waits for the human (`hold`). The sentence
    may be Words: it is worded when drawn, so a language switch words it again."""

    def __init__(self) -> None:
        self.line: Line = ""
        self.left = 0.0
        self.hold = False

    @property
    def text(self) -> str:
        """The sentence in the current language."""
        return render(self.line)

    def say(self, line: Line, seconds: float = MESSAGE_TIME, hold: bool = False) -> None:
        self.line, self.left, self.hold = line, seconds, hold

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

    def draw(self, canvas: Canvas, box: pygame.FRect | None, centre: tuple[float, float], width: float,
             room: pygame.FRect | None = None) -> None:
        """The message wrapped into `box`, or in a box of its own around `centre`, at most `width`
        wide: it never runs past its box, and never loses a word. A box grows downwards into `room`
        (the free felt under it) as far as the message needs, in smaller type if it must (never
        under the window's smallest); a message too long even for that grows the box further."""
        text = self.text
        if self.left <= 0 or not text:
            return
        alpha = int(255 * min(1.0, self.left / MESSAGE_FADE))
        size = 26.0
        if box is not None:
            size, lines, step = fit_box(canvas, text, box, room)
            box = pygame.FRect(box.x, box.y, box.w, max(box.h, BOX_PAD + step * len(lines)))
        else:
            lines = canvas.wrap(text, size, width - 48)
            wide = max(canvas.text_size(line, size)[0] for line in lines) + 48
            high = 10 + 30 * len(lines)
            box = pygame.FRect(centre[0] - wide / 2, centre[1] - high / 2, wide, high)
            step = size + 4
        canvas.box((*PANEL[:3], alpha), box, radius=12)
        canvas.frame(box, "message", keep_clear=True)
        top = box.centery - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            canvas.text(line, (box.centerx, top + step * i), size, WHITE, alpha=alpha)


def fit_box(canvas: Canvas, text: str, box: pygame.FRect, room: pygame.FRect | None) -> tuple[float, list[str], float]:
    """The size, lines and line step of `text` in `box`: the largest of BOX_SIZES whose lines fit in
    the box grown down to the foot of `room`, else the smallest (then the box grows past it)."""
    bottom = max(box.bottom, room.bottom if room is not None else box.bottom)
    for size in BOX_SIZES:
        lines = canvas.wrap(text, size, box.w - 28, balanced=True)
        step = max(size + 5, canvas.text_size(text, size)[1] + 2)  # a clamped font is taller than its size
        if box.y + BOX_PAD + step * len(lines) <= bottom:
            break
    return size, lines, step
