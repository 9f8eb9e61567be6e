"""Memory Match's input controller: cells flipped by mouse or keyboard, the Bonus or Penalty choice,
and the reading pause no click may cut short."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.memory_match.moves import CHOICES, GRID_SIZE, Choose, Flip
from lang.words import W_
from scenes.memory_match.layout import CHOICE_BUTTONS, cell_at, grid_neighbour
from scenes.memory_match.motion import MemoryMotion, sprite_at
from scenes.table_parts import Pos, TableHost

HOVER_LIFT = 6.0
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
CHOICE_KEYS = {pygame.K_1: 0, pygame.K_2: 1}


@dataclass(frozen=True, slots=True)
class Pointer:
    """What Memory Match's drawer needs of the input: the cell a click or Enter would flip, the
    choice's focus and hover."""

    cell: int | None  # the keyboard's focus, else the cell under the mouse
    lift: float  # how high that cell's card is raised
    flippable: bool  # it may be flipped now
    choice_focus: int
    hover_choice: int | None


class MemoryInput:
    """The grid's cells and the choice's two buttons, by mouse and keyboard."""

    def __init__(self, host: TableHost, motion: MemoryMotion) -> None:
        self.host = host
        self.motion = motion
        self.focus_cell = 0
        self.choice_focus = 0
        self.hover_cell: int | None = None
        self.hover_choice: int | None = None

    def pointer(self) -> Pointer:
        """The presentation state the drawer reads."""
        cell = self.pointed_cell()
        sprite = sprite_at(self.host, cell) if cell is not None else None
        return Pointer(cell, sprite.lift if sprite is not None else 0.0, self.flippable(cell), self.choice_focus,
                       self.hover_choice)

    def hold_input(self, event: pygame.Event) -> bool:
        """While two turned-up cards have not shown for MIN_READ, a click or key (a fast third
        click, an early Enter) leaves them up; L and H still answer."""
        if self.motion.reading_left <= 0:
            return False
        self.host.table_command(event)
        return True

    def on_motion(self, pos: Pos) -> None:
        self.hover_choice = None
        if self.host.view().pending_choice is not None:
            for i, rect in enumerate(CHOICE_BUTTONS):
                if pygame.FRect(rect).collidepoint(pos):
                    self.hover_choice = self.choice_focus = i
            self.hover_cell = None
            return
        self.hover_cell = cell_at(pos)
        if self.hover_cell is not None:
            self.focus_cell = self.hover_cell

    def on_press(self, pos: Pos) -> None:
        if not self.host.can_act():
            self.not_your_turn()
        elif self.host.view().pending_choice is not None:
            for i, rect in enumerate(CHOICE_BUTTONS):
                if pygame.FRect(rect).collidepoint(pos):
                    self.choose(i)
                    return
            self.host.say(W_("Choose one of the two options first."))
        else:
            cell = cell_at(pos)
            if cell is not None:
                self.flip(cell)

    def on_release(self, pos: Pos) -> None:
        """Memory Match has no drags."""

    def saved_focus(self) -> dict:
        """The keyboard focus and whether it shows, JSON-safe, for a resume (`restore_focus`)."""
        return {"at": self.focus_cell, "choice": self.choice_focus, "shown": self.host.keyboard_focus}

    def restore_focus(self, data: object) -> None:
        """The focus as `saved_focus` kept it; anything else (an older save's nothing) is left alone."""
        if not isinstance(data, dict):
            return
        at, choice = data.get("at"), data.get("choice")
        if isinstance(at, int) and not isinstance(at, bool) and 0 <= at < GRID_SIZE:
            self.focus_cell = at
        if choice in (0, 1) and not isinstance(choice, bool):
            self.choice_focus = choice
        self.host.keyboard_focus = data.get("shown") is True

    def on_key(self, key: int, mod: int) -> None:
        self.key_pressed(key)
        self.host.save_soon()  # a resume finds the focus where it was

    def key_pressed(self, key: int) -> None:
        if not self.host.can_act():
            self.not_your_turn()
        elif self.host.view().pending_choice is not None:
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.choice_focus = 1 - self.choice_focus
            elif key in CHOICE_KEYS:
                self.choose(CHOICE_KEYS[key])
            elif key in ACTIVATE_KEYS:
                self.choose(self.choice_focus)
        elif key in ARROWS:
            self.focus_cell = grid_neighbour(self.focus_cell, *ARROWS[key])
            self.hover_cell = None
        elif key in ACTIVATE_KEYS:
            self.flip(self.focus_cell)

    def refused(self, reason: str) -> str:
        return reason

    def viewer_changed(self) -> None:
        """Both players see the same grid: the focus stays where it is."""

    def not_your_turn(self) -> None:
        rules = self.host.match.rules
        if not rules.is_over:
            self.host.say(W_("Wait: it is {name}'s turn.", name=self.host.seats[rules.current_player].name))

    def pointed_cell(self) -> int | None:
        """The cell a click or Enter would flip: the keyboard's focus, else the one under the mouse."""
        return self.focus_cell if self.host.keyboard_focus else self.hover_cell

    def flippable(self, cell: int | None) -> bool:
        return cell is not None and self.host.can_act() and Flip(cell) in self.host.match.rules.legal_moves()

    def flip(self, cell: int) -> None:
        self.host.play(Flip(cell), sprite_at(self.host, cell))

    def choose(self, index: int) -> None:
        kind = self.host.view().pending_choice
        assert kind is not None
        self.host.app.sounds.play("button")
        self.host.play(Choose(list(CHOICES[kind])[index]))

    def lift_pointed_card(self) -> None:
        """The face-down card a click or Enter would flip rises a little; the others lie flat."""
        if self.host.animator.busy:
            return
        cell = self.pointed_cell()
        pointed = cell if self.flippable(cell) else None
        for index in self.host.view().face_down_cells():
            sprite = self.host.sprites.get(("cell", index))
            if sprite is not None:
                sprite.lift = HOVER_LIFT if index == pointed else 0.0
