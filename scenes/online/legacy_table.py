"""Legacy, temporary: the tables not yet made of parts (docs/table-parts.md) run on this until converted.

A game's own table, playing a match held on a server: `online_class(SkyjoTable)` is SkyjoTable
with these few differences (the drawing, the input and the animations are the game's own), and the
phrases players send drawn over it as speech bubbles by their seats."""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pygame

from game.record import MoveRecord
from net import protocol as p
from net.remote import RemoteMatch
from scenes.legacy_table import TableScene
from scenes.sheet import ScoreSheet
from sprites.bubble import Anchor, draw_bubble
from sprites.canvas import Canvas

PHRASE_KEYS = (pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4)  # one a phrase of protocol.PHRASES


class OnlineTable(TableScene[Any]):
    """Play again is the host's to ask (the server deals for everyone); the next round is dealt by
    the seat whose move it is; F1-F4 send the quick phrases, A lets a computer play this seat's
    turns (and takes them back); Menu leaves the table. A phrase shows by its sender's seat."""

    match: RemoteMatch

    def end_buttons(self) -> list[tuple[str, Callable[[], None]]]:
        online = self.app.online
        buttons = []
        if online is not None and online.hosting:
            buttons.append(("Play again", lambda: online.send(p.Again())))
        return [*buttons, ("Menu", self.app.to_menu)]

    def next_round(self) -> None:
        """The score sheet's Next round: a seat's of this screen to play, else it says who deals
        (nothing if someone dealt it already)."""
        if not self.between_rounds():
            return
        if self.match.to_move is not None and self.match.to_move not in self.match.here:
            self.say(f"Waiting for {self.seats[self.match.to_move].name} to deal the next round.")
            return
        super().next_round()

    def on_move(self, record: MoveRecord) -> None:
        """A move arrived; a round dealt by another player closes the score sheet still open here."""
        super().on_move(record)
        sheet = self.app.top
        if isinstance(sheet, ScoreSheet) and self.app.scenes[-2:-1] == [self] and not (
                self.between_rounds() or self.rules.is_over):
            sheet.close()

    def handle_event(self, event: pygame.Event) -> None:
        online = self.app.online
        if event.type == pygame.KEYDOWN and online is not None:
            if event.key in PHRASE_KEYS:
                online.say(PHRASE_KEYS.index(event.key))
                return
            if event.key == pygame.K_a:
                online.toggle_autoplay()
                return
        super().handle_event(event)

    def phrase_anchor(self, seat: int) -> Anchor | None:
        """Where `seat`'s phrase shows as a bubble: by its seat while this table is on top and in view
        (no menu over it, no pass screen); None: in the notice band."""
        if self.app.top is not self or self.seating.pass_to is not None or not 0 <= seat < len(self.seats):
            return None
        return self.seat_anchor(seat)

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        online = self.app.online
        for phrase in online.phrases if online is not None else []:
            anchor = self.phrase_anchor(phrase.seat)
            if anchor is not None:
                with canvas.layer(f"phrase of seat {phrase.seat}"):  # over the table, on purpose
                    draw_bubble(canvas, anchor, phrase.text, self.seats[phrase.seat].name)

    def new_table(self) -> Any:
        raise RuntimeError("a networked table is dealt again by its server")


@functools.cache
def online_class(table_class: type) -> type:
    """The game's table class with OnlineTable's differences in front of it."""
    return type(f"Online{table_class.__name__}", (OnlineTable, table_class), {})
