"""What a frame drew, as a check of the picture reads it: texts, frames and cards, each in a layer.

A layer is what may lie over something else on purpose: each scene of the stack draws in its own, a
dimming veil (`Canvas.shade`) starts a new one over everything before it, and `Canvas.layer(name)`
opens one inside the current one (a banner over the table). Only what lies in the same layer is
compared: there a text is wholly inside or wholly outside every frame (a panel, a button, a name
plate) and every card, texts never overlap, and two frames are nested or apart."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

TEXT, FRAME, CARD = "text", "frame", "card"
MIN_TEXT_PX = 11  # no text is set smaller on the window, in font pixels (its em)
# The digits of a text MIN_TEXT_PX high are this tall: the smallest mark a card face may show
MIN_MARK_PX = 8


@dataclass(frozen=True, slots=True)
class Drawn:
    """One thing a frame drew: its kind, the window pixels it covers (a text's: its ink), its layer."""

    kind: str
    rect: pygame.Rect
    layer: tuple[str, ...]
    text: str = ""  # a text's string, a frame's or card's name
    px: float | None = None  # a text's font size in window pixels; a card face's smallest mark's ink


@dataclass(slots=True)
class Notes:
    """The layer the canvas draws in, and while inspecting (`notes` a list) what it drew there."""

    path: tuple[str, ...] = ("",)
    shades: int = 0
    notes: list[Drawn] | None = None
    last: list[Drawn] = field(default_factory=list)  # the notes of the last frame ended
    clear: list[pygame.FRect] = field(default_factory=list)  # logical rects the notices keep off, this frame
    # (dimmed ones too: a notice stays where it is while a veil lifts or a dialog opens)

    def add(self, kind: str, rect: pygame.Rect, text: str = "", px: float | None = None) -> None:
        if self.notes is not None:
            self.notes.append(Drawn(kind, pygame.Rect(rect), self.path, text, px))

    def shaded(self) -> None:
        """Everything drawn so far is dimmed: what follows lies over it."""
        self.shades += 1
        self.path = (f"over shade {self.shades}",)

    def begin(self) -> None:
        self.path, self.shades = ("",), 0
        self.clear = []
        if self.notes is not None:
            self.notes = []

    def end(self) -> None:
        if self.notes is not None:
            self.last = self.notes
