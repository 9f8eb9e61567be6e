"""Kings Corner's keyboard: a focus that walks the piles, the hand and the buttons, and the keys that
pick, place, draw and undo through the input controller (scenes/kings_corner/input.py)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.cards import Card, cards_from_json, cards_to_json
from lang import _
from scenes.kings_corner.layout import Source, own_hand
from scenes.table_parts import TableHost

PILE_ORDER = (5, 1, 6, 4, 2, 8, 3, 7)  # reading order on the table, for the arrow keys
GROUPS = ("pile", "hand", "button")
BUTTON_ORDER = ("draw", "undo", "sheet")
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 9)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{n}"): n for n in range(1, 9)})
CLEAR_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_x)

class Picker(Protocol):
    """What the keys drive (KingsCornerInput): the selection, the buttons and the hand's lifts."""

    selected: Source | None
    hovered: Card | None

    def legal_targets(self, source: Source | None) -> list[int]: ...

    def select(self, source: Source) -> None: ...

    def clear_selection(self) -> None: ...

    def put_selected(self, pile: int) -> bool: ...

    def refresh_lifts(self) -> None: ...

    def activate_button(self, name: str) -> None: ...

    def end_turn(self) -> None: ...


class KeyboardFocus:
    """Arrows, Tab and 1-8 move the focus; Enter or Space picks or places; D draws, U or Ctrl+Z
    undoes, S shows the score sheet, Backspace drops the selection."""

    def __init__(self, host: TableHost, picker: Picker, show_sheet: Callable[[], None]) -> None:
        self.host = host
        self.picker = picker
        self.show_sheet = show_sheet
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

    def focus_ok(self) -> bool:
        """True if the keyboard focus points at something that still exists."""
        kind, what = self.focus
        return kind != "hand" or what in own_hand(self.host.view())

    def on_key(self, key: int, mod: int) -> None:
        self.key_pressed(key, mod)
        self.host.save_soon()  # a resume finds the focus where it was

    def key_pressed(self, key: int, mod: int) -> None:
        ctrl, picker = bool(mod & pygame.KMOD_CTRL), self.picker
        if key == pygame.K_s:
            self.show_sheet()
        elif not self.host.can_act():
            return
        elif (key == pygame.K_z and ctrl) or key == pygame.K_u:
            picker.activate_button("undo")
        elif key == pygame.K_d:
            picker.end_turn()
        elif key in CLEAR_KEYS:
            picker.clear_selection()
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
        hand = own_hand(self.host.view())
        if group == "hand" and hand:
            self.focus = ("hand", hand[0])
        elif group == "button":
            self.focus = ("button", BUTTON_ORDER[0])
        else:
            self.focus = ("pile", PILE_ORDER[0])

    def step_focus(self, delta: int) -> None:
        kind, what = self.focus
        picker = self.picker
        hand = own_hand(self.host.view())
        if kind == "hand" and hand:
            index = hand.index(what) if what in hand else (-1 if delta > 0 else 0)
            self.focus = ("hand", hand[(index + delta) % len(hand)])
        elif kind == "button":
            self.focus = ("button", BUTTON_ORDER[(BUTTON_ORDER.index(what) + delta) % 3])
        elif kind == "pile":
            self.focus = ("pile", PILE_ORDER[(PILE_ORDER.index(what) + delta) % 8])
        else:
            self.focus_group("hand")
        picker.hovered = self.focus[1] if self.focus[0] == "hand" else None
        picker.refresh_lifts()

    def tab_target(self) -> None:
        """Tab: the next pile that takes the selection (or the next hand card)."""
        targets = self.picker.legal_targets(self.picker.selected)
        if not targets:
            self.step_focus(1) if self.focus[0] == "hand" else self.focus_group("hand")
            return
        current = self.focus[1] if self.focus[0] == "pile" else 0
        later = [t for t in targets if t > current]
        self.focus = ("pile", (later or targets)[0])

    def activate_focus(self) -> None:
        """Enter: pick the focused card or pile, or put the selection on the focused pile."""
        kind, what = self.focus
        picker = self.picker
        if kind == "button":
            picker.activate_button(what)
            return
        if kind == "hand":
            if what not in own_hand(self.host.view()):
                self.focus_group("hand")
            elif picker.selected == ("hand", what):
                picker.clear_selection()
            else:
                picker.select(("hand", what))
            return
        if picker.selected is not None and picker.selected != ("pile", what):
            if picker.put_selected(what):
                self.focus_group("hand")
                picker.clear_selection()  # refused: it stays picked for another pile
        elif picker.selected == ("pile", what):
            picker.clear_selection()
        elif self.host.view().piles[what - 1]:
            picker.select(("pile", what))
        else:
            self.host.say(_("Pile {pile} is empty: choose a card or a pile first.", pile=what))
