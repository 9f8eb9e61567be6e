"""Kings Corner's input controller: drag and drop of cards and piles, click-select-place; the
keyboard's focus in scenes/kings_corner/keys.py. It sees the table only through `TableHost`."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import Card
from game.kings_corner.moves import Draw, LayCard, MovePile, Pass, Undo, card_name
from game.kings_corner.text import with_group_marks
from lang import _
from scenes.kings_corner.keys import KeyboardFocus
from scenes.kings_corner.layout import Source, button_at, draw_pile_rect, own_hand, pile_at, pile_counts, source_at
from scenes.table_parts import TableHost
from sprites.card_sprite import CardSprite

DRAG_START = 6.0  # logical pixels the mouse moves, button held, before a press becomes a drag
SELECT_LIFT = 26.0
HOVER_LIFT = 14.0


@dataclass
class Press:
    """A left button held down: on what, and where it went down."""

    source: Source | None
    pos: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Pointer:
    """What Kings Corner's drawer needs of the input: what is picked up, where the focus is, what
    the mouse is over."""

    can_act: bool  # the viewer may move now (their turn, nothing moving)
    selected: Source | None  # the hand card or pile picked up
    dragging: bool
    drop_target: int | None  # the pile under a dragged card that takes it
    targets: tuple[int, ...]  # the piles that take the selection
    focus: Source
    focus_ok: bool  # the focus is on something that still exists
    hover_button: str | None


class KingsCornerInput:
    """Turns mouse and keys into moves; the table plays them. It reads the game only through the
    table's view."""

    def __init__(self, host: TableHost, show_sheet: Callable[[], None], four_colour: Callable[[], bool]) -> None:
        self.host = host
        self.show_sheet = show_sheet  # the score sheet during a round (S or its button)
        self.four_colour = four_colour  # four-colour suits are on: the reasons name the colour marks
        self.selected: Source | None = None
        self.press: Press | None = None
        self.dragging = False
        self.drag_offsets: list[tuple[CardSprite, float, float]] = []
        self.drop_target: int | None = None
        self.hovered: Card | None = None
        self.hover_button: str | None = None
        self.keys = KeyboardFocus(host, self, show_sheet)

    def pointer(self) -> Pointer:
        """The presentation state the drawer reads."""
        return Pointer(self.host.can_act(), self.selected, self.dragging, self.drop_target,
                       tuple(self.legal_targets(self.selected)), self.keys.focus, self.keys.focus_ok(),
                       self.hover_button)

    def legal_moves(self) -> list[Any]:
        """The viewer's moves on their turn, from their view (the input never reads the rules)."""
        return list(self.host.view().legal_moves)

    # -- what is where -----------------------------------------------------------------------
    def move_for(self, source: Source, target: int) -> LayCard | MovePile:
        kind, what = source
        return LayCard(what, target) if kind == "hand" else MovePile(what, target)

    def legal_targets(self, source: Source | None) -> list[int]:
        """The piles that take the selected card or pile now."""
        if source is None or not self.host.can_act():
            return []
        legal = self.legal_moves()
        return [n for n in range(1, 9) if self.move_for(source, n) in legal]

    def source_sprites(self, source: Source) -> list[CardSprite]:
        kind, what = source
        cards = [what] if kind == "hand" else list(self.host.view().piles[what - 1])
        return [self.host.sprites[c] for c in cards]

    def end_turn(self) -> None:
        """Draw a card, or pass when the draw pile is empty."""
        self.host.play(Draw() if self.host.view().draw_count else Pass())

    def put_selected(self, pile: int) -> bool:
        """Play the selected card or pile onto `pile`: True if played (else it stays picked)."""
        selected = self.selected
        return selected is not None and self.host.play(self.move_for(selected, pile), self.source_sprites(selected)[0])

    # -- the table's other calls -------------------------------------------------------------
    def on_key(self, key: int, mod: int) -> None:
        self.keys.on_key(key, mod)

    def hold_input(self, event: pygame.Event) -> bool:
        return False

    def refused(self, reason: str) -> str:
        """The reason names the colour marks on four-colour faces; a dragged card or pile snaps back."""
        self.host.sync(animate=True)
        return with_group_marks(reason) if self.four_colour() else reason

    def viewer_changed(self) -> None:
        """Kings Corner's hands are secret only between two people at one screen: nothing to reset."""

    def reveal(self) -> None:
        """Back from the pause menu: a drag whose button came up meanwhile snaps back."""
        if self.dragging:
            self.clear_selection()
            self.host.sync(animate=True)

    # -- the mouse ---------------------------------------------------------------------------
    def on_press(self, pos: tuple[float, float]) -> None:
        button = button_at(self.host.view(), pos)
        if button is not None:
            self.activate_button(button)
            return
        if not self.host.can_act():
            return
        if draw_pile_rect().collidepoint(pos):
            self.end_turn()
            return
        self.press = Press(source_at(self.host.view(), self.host.sprites, pos), pos)

    def on_motion(self, pos: tuple[float, float]) -> None:
        self.hover_button = button_at(self.host.view(), pos)
        press = self.press
        if (press is not None and press.source is not None and not self.dragging and self.host.can_act()
                and math.dist(pos, press.pos) >= DRAG_START):
            self.start_drag(press.source, press.pos)
        if self.dragging:
            for sprite, dx, dy in self.drag_offsets:
                sprite.pos = (pos[0] + dx, pos[1] + dy)
            target = pile_at(pos, pile_counts(self.host.view()), for_drop=True)
            self.drop_target = target if target in self.legal_targets(self.selected) else None
            return
        source = source_at(self.host.view(), self.host.sprites, pos) if self.host.can_act() else None
        self.hovered = source[1] if source and source[0] == "hand" else None
        self.refresh_lifts()

    def start_drag(self, source: Source, start: tuple[float, float]) -> None:
        """Pick up the card or the whole pile; the legal piles light up while it moves."""
        self.selected = source
        self.host.hint_marks = []  # the marks show where the picked-up card or pile may go now
        self.dragging = True
        self.drag_offsets = []
        for i, sprite in enumerate(self.source_sprites(source)):
            self.host.animator.cancel(sprite)
            sprite.lift = 0.0
            sprite.z = 3000 + i
            self.drag_offsets.append((sprite, sprite.x - start[0], sprite.y - start[1]))
        self.host.app.sounds.play("flip")

    def on_release(self, pos: tuple[float, float]) -> None:
        press, self.press = self.press, None
        if self.dragging:
            self.drop(pos)
        elif press is not None and self.host.can_act():
            self.click(press.source, pos)

    def drop(self, pos: tuple[float, float]) -> None:
        """Play the dragged card or pile onto the pile under the pointer, or snap it back."""
        source = self.selected
        sprites = [s for s, _, _ in self.drag_offsets]
        self.hovered = None  # the pointer is over a pile now, not over the card: it lands flat
        self.dragging = False
        self.drag_offsets = []
        target = pile_at(pos, pile_counts(self.host.view()), for_drop=True)
        if source is None or target is None or source == ("pile", target):
            self.clear_selection()
            self.host.sync(animate=True)
            return
        self.host.play(self.move_for(source, target), sprites[0] if sprites else None)
        self.clear_selection()

    def click(self, source: Source | None, pos: tuple[float, float]) -> None:
        """Click-select-place: the first click picks a card or pile, the second a pile for it."""
        selected = self.selected
        if selected is not None:
            if source == selected:
                self.clear_selection()
                return
            target = pile_at(pos, pile_counts(self.host.view()), for_drop=True)
            if target is not None and (source is None or source[0] == "pile"):
                if self.put_selected(target):
                    self.clear_selection()  # refused: it stays picked for another pile
                return
        if source is not None:
            self.select(source)
        else:
            self.clear_selection()

    def select(self, source: Source) -> None:
        self.selected = source
        self.host.hint_marks = []
        targets = self.legal_targets(source)
        if targets:
            self.keys.focus = ("pile", targets[0])
        elif source[0] == "hand":
            self.host.say(_("The {card} fits on no pile now.", card=card_name(source[1])))
        else:
            self.host.say(_("Pile {pile} cannot move onto any pile now.", pile=source[1]))
        self.refresh_lifts()

    def clear_selection(self) -> None:
        self.selected = None
        self.press = None
        self.dragging = False
        self.drag_offsets = []
        self.drop_target = None
        self.refresh_lifts()

    def refresh_lifts(self) -> None:
        """The selected hand card stands up; the hovered one rises a little."""
        for card in own_hand(self.host.view()):
            sprite = self.host.sprites.get(card)
            if sprite is None:
                continue  # a card just drawn gets its sprite at the next sync
            if self.selected == ("hand", card):
                sprite.lift = SELECT_LIFT
            elif card == self.hovered and self.host.can_act():
                sprite.lift = HOVER_LIFT
            else:
                sprite.lift = 0.0

    def activate_button(self, name: str) -> None:
        if name == "sheet":
            self.show_sheet()
        elif not self.host.can_act():
            return
        elif name == "draw":
            self.end_turn()
        elif name == "undo":
            if Undo() in self.legal_moves():
                self.host.play(Undo())
            else:
                self.host.say(_("Nothing to undo: undo works on this turn's moves, before drawing."))
