"""Kings Corner's input controller: drag and drop of cards and piles, click-select-place, and the
keyboard. It sees the table only through `TableHost`."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import Card, cards_from_json, cards_to_json
from game.kings_corner.moves import Draw, LayCard, MovePile, Pass, Phase, Undo, card_name
from game.kings_corner.text import with_group_marks
from scenes.kings_corner.layout import BUTTON_RECTS, draw_pile_rect, pile_at
from scenes.table_parts import TableHost
from sprites.card_sprite import CardSprite

DRAG_START = 6.0  # logical pixels the mouse moves, button held, before a press becomes a drag
SELECT_LIFT = 26.0
HOVER_LIFT = 14.0
PILE_ORDER = (5, 1, 6, 4, 2, 8, 3, 7)  # reading order on the table, for the arrow keys
GROUPS = ("pile", "hand", "button")
BUTTON_ORDER = ("draw", "undo", "sheet")
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 9)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{n}"): n for n in range(1, 9)})
CLEAR_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_x)

Source = tuple[str, Any]  # ("hand", Card) or ("pile", pile number)


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
        self.focus: Source = ("hand", None)

    def saved_focus(self) -> dict:
        """The keyboard focus and whether it shows, JSON-safe, for a resume (`restore_focus`)."""
        group, what = self.focus
        at = cards_to_json([what])[0] if isinstance(what, Card) else what
        return {"group": group, "at": at, "shown": self.host.keyboard_focus}

    def restore_focus(self, data: object) -> None:
        """The focus as `saved_focus` kept it; anything else (an older save's nothing) is left alone."""
        if not isinstance(data, dict):
            return
        group, at = data.get("group"), data.get("at")
        if group == "pile" and at in PILE_ORDER and not isinstance(at, bool):
            self.focus = ("pile", at)
        elif group == "button" and at in BUTTON_ORDER:
            self.focus = ("button", at)
        elif group == "hand" and isinstance(at, list):
            try:
                card = cards_from_json([at])[0]
            except (ValueError, TypeError, KeyError, IndexError):
                return
            self.focus = ("hand", card)
        self.host.keyboard_focus = data.get("shown") is True

    def pointer(self) -> Pointer:
        """The presentation state the drawer reads."""
        return Pointer(self.host.can_act(), self.selected, self.dragging, self.drop_target,
                       tuple(self.legal_targets(self.selected)), self.focus, self.focus_ok(), self.hover_button)

    def legal_moves(self) -> list[Any]:
        """The viewer's moves on their turn, from their view (the input never reads the rules)."""
        return list(self.host.view().legal_moves)

    # -- what is where -----------------------------------------------------------------------
    def counts(self) -> list[int]:
        return [len(p) for p in self.host.view().piles]

    def my_hand(self) -> list[Card]:
        """The hand of the player in front of the screen (none while the pass screen shows)."""
        view = self.host.view()
        return list(view.hand) if view.player is not None and view.phase == Phase.PLAY else []

    def source_at(self, pos: tuple[float, float]) -> Source | None:
        """The viewer's hand card (topmost) or the non-empty pile under `pos`."""
        sprites = self.host.sprites
        shown = [(sprites[c], c) for c in self.my_hand() if c in sprites]
        for sprite, card in sorted(shown, key=lambda pair: -pair[0].z):
            if sprite.contains(pos):
                return ("hand", card)
        pile_no = pile_at(pos, self.counts())
        return ("pile", pile_no) if pile_no is not None else None

    def button_at(self, pos: tuple[float, float]) -> str | None:
        if self.host.view().phase != Phase.PLAY:
            return None
        for name, rect in BUTTON_RECTS.items():
            if pygame.FRect(rect).collidepoint(pos):
                return name
        return None

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

    def end_move(self) -> Draw | Pass:
        return Draw() if self.host.view().draw_count else Pass()

    # -- the table's other calls -------------------------------------------------------------
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
        button = self.button_at(pos)
        if button is not None:
            self.activate_button(button)
            return
        if not self.host.can_act():
            return
        if draw_pile_rect().collidepoint(pos):
            self.host.play(self.end_move())
            return
        self.press = Press(self.source_at(pos), pos)

    def on_motion(self, pos: tuple[float, float]) -> None:
        self.hover_button = self.button_at(pos)
        press = self.press
        if (press is not None and press.source is not None and not self.dragging and self.host.can_act()
                and math.dist(pos, press.pos) >= DRAG_START):
            self.start_drag(press.source, press.pos)
        if self.dragging:
            for sprite, dx, dy in self.drag_offsets:
                sprite.pos = (pos[0] + dx, pos[1] + dy)
            target = pile_at(pos, self.counts(), for_drop=True)
            self.drop_target = target if target in self.legal_targets(self.selected) else None
            return
        source = self.source_at(pos) if self.host.can_act() else None
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
        target = pile_at(pos, self.counts(), for_drop=True)
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
            target = pile_at(pos, self.counts(), for_drop=True)
            if target is not None and (source is None or source[0] == "pile"):
                sprite = self.source_sprites(selected)[0]
                if self.host.play(self.move_for(selected, target), sprite):
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
            self.focus = ("pile", targets[0])
        elif source[0] == "hand":
            self.host.say(f"The {card_name(source[1])} fits on no pile now.")
        else:
            self.host.say(f"Pile {source[1]} cannot move onto any pile now.")
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
        for card in self.my_hand():
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
            self.host.play(self.end_move())
        elif name == "undo":
            if Undo() in self.legal_moves():
                self.host.play(Undo())
            else:
                self.host.say("Nothing to undo: undo works on this turn's moves, before drawing.")

    # -- the keyboard ------------------------------------------------------------------------
    def on_key(self, key: int, mod: int) -> None:
        self.key_pressed(key, mod)
        self.host.save_soon()  # a resume finds the focus where it was

    def key_pressed(self, key: int, mod: int) -> None:
        ctrl = bool(mod & pygame.KMOD_CTRL)
        if key == pygame.K_s:
            self.show_sheet()
        elif not self.host.can_act():
            return
        elif (key == pygame.K_z and ctrl) or key == pygame.K_u:
            self.activate_button("undo")
        elif key == pygame.K_d:
            self.host.play(self.end_move())
        elif key in CLEAR_KEYS:
            self.clear_selection()
        elif key in NUMBER_KEYS:
            self.focus = ("pile", NUMBER_KEYS[key])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step_focus(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            group = GROUPS.index(self.focus[0])
            self.focus_group(GROUPS[(group + (-1 if key == pygame.K_UP else 1)) % len(GROUPS)])
        elif key == pygame.K_TAB:
            self.tab_target()
        elif key in ACTIVATE_KEYS:
            self.activate_focus()

    def focus_group(self, group: str) -> None:
        hand = self.my_hand()
        if group == "hand" and hand:
            self.focus = ("hand", hand[0])
        elif group == "button":
            self.focus = ("button", BUTTON_ORDER[0])
        else:
            self.focus = ("pile", PILE_ORDER[0])

    def step_focus(self, delta: int) -> None:
        kind, what = self.focus
        hand = self.my_hand()
        if kind == "hand" and hand:
            index = hand.index(what) if what in hand else (-1 if delta > 0 else 0)
            self.focus = ("hand", hand[(index + delta) % len(hand)])
        elif kind == "button":
            self.focus = ("button", BUTTON_ORDER[(BUTTON_ORDER.index(what) + delta) % 3])
        elif kind == "pile":
            self.focus = ("pile", PILE_ORDER[(PILE_ORDER.index(what) + delta) % 8])
        else:
            self.focus_group("hand")
        self.hovered = self.focus[1] if self.focus[0] == "hand" else None
        self.refresh_lifts()

    def tab_target(self) -> None:
        """Tab: the next pile that takes the selection (or the next hand card)."""
        targets = self.legal_targets(self.selected)
        if not targets:
            self.step_focus(1) if self.focus[0] == "hand" else self.focus_group("hand")
            return
        current = self.focus[1] if self.focus[0] == "pile" else 0
        later = [t for t in targets if t > current]
        self.focus = ("pile", (later or targets)[0])

    def activate_focus(self) -> None:
        """Enter: pick the focused card or pile, or put the selection on the focused pile."""
        kind, what = self.focus
        if kind == "button":
            self.activate_button(what)
            return
        if kind == "hand":
            if what not in self.my_hand():
                self.focus_group("hand")
                return
            if self.selected == ("hand", what):
                self.clear_selection()
            else:
                self.select(("hand", what))
            return
        if self.selected is not None and self.selected != ("pile", what):
            selected = self.selected
            if self.host.play(self.move_for(selected, what), self.source_sprites(selected)[0]):
                self.focus_group("hand")
                self.clear_selection()  # refused: it stays picked for another pile
        elif self.selected == ("pile", what):
            self.clear_selection()
        elif self.host.view().piles[what - 1]:
            self.select(("pile", what))
        else:
            self.host.say(f"Pile {what} is empty: choose a card or a pile first.")

    def focus_ok(self) -> bool:
        """True if the keyboard focus points at something that still exists."""
        kind, what = self.focus
        return kind != "hand" or what in self.my_hand()
