"""The end of a game: the result over the table, the winner's celebration, and what to do next."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from game.cards import Card, french_deck
from scenes.base import Host
from scenes.dialog import Dialog
from scenes.widgets_scene import word_buttons
from sprites.canvas import Canvas
from sprites.cascade import Cascade


def celebrates(winners: Sequence[int], humans: Sequence[int]) -> bool:
    """Whether the window celebrates: one winner, played in front of it (a loss, a tie and a table
    only watched end without one)."""
    return len(winners) == 1 and winners[0] in humans


Words = Callable[[], tuple[str, Sequence[str]]]  # the result's title and lines in the current language


class ResultScene(Dialog):
    """A Dialog over the table; when `celebrate`, a cascade of `cards` (a French deck's if none)
    behind it, never over its words or buttons. The buttons' labels are messages (marked with N_),
    shown in the current language; `words`, if given, words the title and lines again after a
    language switch."""

    def __init__(self, app: Host, title: str, lines: Sequence[str],
                 buttons: Sequence[tuple[str, Callable[[], None]]], celebrate: bool = True,
                 cards: Sequence[Card] = (), words: Words | None = None) -> None:
        super().__init__(app, title, lines, buttons, width=900)
        self.words = words
        self.messages = [label for label, _action in buttons]
        word_buttons(self.group.widgets, self.messages)
        self.cascade = Cascade(cards or french_deck(), app.settings.reduced_motion, len(title)) if celebrate else None
        self.quiet = False

    def relabel(self) -> None:
        if self.words is not None:
            self.title, lines = self.words()
            self.lines = self.wrapped = list(lines)
        word_buttons(self.group.widgets, self.messages)
        self.scale = 0.0  # laid out again, in the new words

    def hush(self) -> None:
        """Shown again: without its sound and cascade."""
        self.cascade, self.quiet = None, True

    def enter(self) -> None:
        if not self.quiet:
            self.app.sounds.play("win" if self.cascade else "score")

    def update(self, dt: float) -> None:
        if self.cascade is not None:
            self.cascade.update(dt)

    def next_frame(self) -> float | None:
        return 0.0 if self.cascade is not None and not self.cascade.over else None

    def draw_behind(self, canvas: Canvas) -> None:
        """The table dimmed, then the cards cascading over it, under the panel and its buttons."""
        super().draw_behind(canvas)
        if self.cascade is not None and not self.cascade.over:
            canvas.keep_below()  # the cards fly over the table: its dimmed picture is kept
            self.cascade.draw(canvas, self.app.painter)
