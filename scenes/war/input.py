"""War's input controller: the control bar, a click on the table, and the keys of the pace."""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from scenes.table_parts import Pos, TableHost
from scenes.war.layout import SPEEDS, Control, control_bar

KEY_SPEEDS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
              pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
FASTER_KEYS = (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER_KEYS = (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS)


class Pace(Protocol):
    """What the controls drive (WarParts): the battles' start, pause, step and speed."""

    speed_index: int

    def toggle(self) -> None: ...

    def step(self) -> None: ...

    def set_speed(self, index: int) -> None: ...

    def play_to_end(self) -> None: ...


class WarInput:
    """The control bar by mouse and Tab/Enter; Space, Right, 1-4, Up/Down and E as keys; a click
    elsewhere on the table fights one battle."""

    def __init__(self, host: TableHost, pace: Pace) -> None:
        self.host = host
        self.pace = pace
        self.controls: list[Control] = control_bar()
        self.focus = 0  # the control the keyboard focus is on
        self.hovered: int | None = None  # the control under the mouse

    def saved_focus(self) -> dict:
        """The control the keyboard focus is on and whether it shows, JSON-safe (`restore_focus`)."""
        return {"at": self.focus, "shown": self.host.keyboard_focus}

    def restore_focus(self, data: object) -> None:
        """The focus as `saved_focus` kept it; anything else (an older save's nothing) is left alone."""
        if not isinstance(data, dict):
            return
        at = data.get("at")
        if isinstance(at, int) and not isinstance(at, bool) and 0 <= at < len(self.controls):
            self.focus = at
            self.host.keyboard_focus = data.get("shown") is True

    def act(self, control: Control) -> None:
        self.host.app.sounds.play("button")
        pace = self.pace
        actions: dict[str, Callable[[], None]] = {
            "toggle": pace.toggle, "step": pace.step, "end": pace.play_to_end,
            "speed": lambda: pace.set_speed(SPEEDS.index(control.value))}
        actions[control.action]()

    def control_at(self, pos: Pos) -> int | None:
        for i, control in enumerate(self.controls):
            if pygame.FRect(control.rect).collidepoint(pos):
                return i
        return None

    def on_motion(self, pos: Pos) -> None:
        self.hovered = self.control_at(pos)

    def on_press(self, pos: Pos) -> None:
        index = self.control_at(pos)
        if index is None:
            self.pace.step()  # a click on the table: one battle
        else:
            self.focus = index
            self.act(self.controls[index])

    def on_release(self, pos: Pos) -> None:
        """War has no drags."""

    def on_key(self, key: int, mod: int) -> None:
        pace = self.pace
        if key == pygame.K_SPACE:
            pace.toggle()
        elif key == pygame.K_RIGHT:
            pace.step()
        elif key in KEY_SPEEDS:
            pace.set_speed(KEY_SPEEDS[key])
        elif key in FASTER_KEYS:
            pace.set_speed(min(len(SPEEDS) - 1, pace.speed_index + 1))
        elif key in SLOWER_KEYS:
            pace.set_speed(max(0, pace.speed_index - 1))
        elif key in (pygame.K_e, pygame.K_END):
            pace.play_to_end()
        elif key == pygame.K_TAB:
            backwards = bool(mod & pygame.KMOD_SHIFT)
            self.focus = (self.focus + (-1 if backwards else 1)) % len(self.controls)
            self.host.app.sounds.play("tick")
        elif key in ACTIVATE_KEYS:
            self.act(self.controls[self.focus])

    def hold_input(self, event: pygame.Event) -> bool:
        return False

    def refused(self, reason: str) -> str:
        return reason

    def viewer_changed(self) -> None:
        """War has no pass screen: nobody's cards are secret."""
