"""Who sits in front of the screen: one human's seat, or nobody while the pass screen waits for the
next human (pass-and-play hides every hand between two people sharing the screen).

The pass screen takes no input for its first PASS_GUARD seconds (a quick second click of the one who
just moved must not open the next player's hand), then only a press of its own button or its key;
it tells the next player what happened since they last saw the table. Once it lifts, the table takes
no input for PASS_GUARD seconds either, nor any repeat of a key or button held down since (the second
click of a double-click, Enter held down), so no card is played from a hand its player has not seen."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from lang import _
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM
from sprites.widgets import draw_button_box, fitted

PASS_GUARD = 0.6  # seconds the pass screen, and the table after it, ignore every click and key
GUARD_WAKE = 0.1  # while a guard runs the loop wakes this often (its dt is capped: scenes/app.py MAX_DT)
PASS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
PASS_RECT = pygame.FRect(290, 110, 700, 500)
PASS_BUTTON = pygame.FRect(440, 506, 400, 56)  # its caption under it stays inside PASS_RECT
SINCE_LINES = 7  # lines of what happened since the player's last turn, the newest
SINCE_SIZE = 20


Press = tuple[int, int]  # (event type of its press, key or mouse button)
PRESSES = {pygame.KEYDOWN: pygame.KEYDOWN, pygame.KEYUP: pygame.KEYDOWN,
           pygame.MOUSEBUTTONDOWN: pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP: pygame.MOUSEBUTTONDOWN}


def press_of(event: pygame.Event) -> Press | None:
    """The key or mouse button an input event presses or releases (None: not a press or release)."""
    kind = PRESSES.get(event.type)
    if kind is None:
        return None
    return kind, event.key if kind == pygame.KEYDOWN else event.button


class InputGuard:
    """Input waits until a screen can be seen: for `left` seconds every press and release is refused,
    and so is every repeat or release of a key or button already down when the guard began or
    pressed during it (a key held down repeats without a release), until that one is released."""

    def __init__(self) -> None:
        self.left = 0.0
        self.down: set[Press] = set()  # keys and buttons pressed and not yet released
        self.stale: set[Press] = set()  # of those, the ones pressed before or during a guard

    def start(self, seconds: float = PASS_GUARD) -> None:
        self.left = seconds
        self.stale = set(self.down)

    def tick(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def forget(self) -> None:
        """Another screen took the input meanwhile (its releases never came here): nothing is held."""
        self.down.clear()
        self.stale.clear()

    def blocks(self, event: pygame.Event) -> bool:
        """Note `event`; True if it must not reach the screen."""
        press = press_of(event)
        if press is None:
            return False
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.down.add(press)
            if self.left > 0:
                self.stale.add(press)
            return press in self.stale
        self.down.discard(press)
        held = press in self.stale
        self.stale.discard(press)
        return held or self.left > 0


class Seating:
    """`viewer` is the seat whose eyes the table is drawn for; `pass_to` the human the screen waits for."""

    def __init__(self, humans: list[int], secret_hands: bool) -> None:
        self.humans = humans
        self.secret_hands = secret_hands
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.pass_to: int | None = None
        self.shown_for = 0.0  # seconds the pass screen has been up
        self.seen: dict[int, int] = {}  # per seat, the history lines there were when it last saw the table
        self.guard = InputGuard()  # while the pass screen shows, and as it lifts

    @property
    def shown_seat(self) -> int | None:
        """Whose eyes the table is drawn for: the viewer, or nobody while the pass screen shows."""
        return None if self.pass_to is not None else self.viewer

    @property
    def bottom(self) -> int:
        """The seat in front of the screen: the viewer, else the first human, else seat 0."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else 0

    def turn_to(self, seat: int, human_to_choose: bool, lines: int = 0) -> bool:
        """The turn passed to `seat` (a human with a choice to make, if `human_to_choose`): True if
        who sees the table changed: the pass screen must now hide it from the one who last saw it
        (`lines`: the history's lines now, what that one has seen), or, at a networked table whose
        moves go on behind the pass screen, it waits for someone else or is no longer needed."""
        if not self.secret_hands or len(self.humans) < 2:
            if seat in self.humans:
                self.viewer = seat
            return False
        if not human_to_choose:
            return False
        if seat == self.viewer:  # back to the one in front before anyone took the screen (a networked table)
            hidden, self.pass_to = self.pass_to is not None, None
            if hidden:  # the table shows again: a press meant for the pass screen must not reach it
                self.guard.start()
            return hidden
        if seat != self.pass_to:  # the screen waits for another one now (a networked table moves on)
            if self.viewer is not None and self.pass_to is None:
                self.seen[self.viewer] = lines
            self.pass_to = seat
            self.shown_for = 0.0
            self.guard.start()
            return True
        return False

    def tick(self, dt: float) -> None:
        if self.pass_to is not None:
            self.shown_for += dt
        self.guard.tick(dt)

    @property
    def ready(self) -> bool:
        """The pass screen takes its button or key now (its first PASS_GUARD seconds are over)."""
        return self.pass_to is not None and self.shown_for >= PASS_GUARD

    def dismisses(self, event: pygame.Event) -> bool:
        """Whether `event` is the next player's deliberate press: its button or key, after the guard."""
        if not self.ready:
            return False
        if event.type == pygame.KEYDOWN:
            return event.key in PASS_KEYS
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and PASS_BUTTON.collidepoint(event.pos)

    def since(self, history: Sequence[str]) -> list[str]:
        """What happened since the player the screen waits for last saw the table (the game's start
        for their first turn): the history's lines, at most the newest SINCE_LINES."""
        if self.pass_to is None:
            return []
        start = min(self.seen.get(self.pass_to, 0), len(history))
        return list(history[start:])[-SINCE_LINES:]

    def pass_done(self) -> None:
        """The next player is in front of the screen: their hand shows, and input waits until they see it."""
        self.viewer, self.pass_to = self.pass_to, None
        self.guard.start()


def draw_pass_screen(canvas: Canvas, name: str, since: Sequence[str] = (), ready: bool = True,
                     hovered: bool = False) -> None:
    """'Pass to Hafsa' on a panel over the bare felt: what happened since Hafsa's last turn, and the
    button that shows her hand (dimmed while the screen ignores input)."""
    canvas.box(PANEL, PASS_RECT, radius=24)
    canvas.box(GOLD, PASS_RECT, width=3, radius=24)
    width = PASS_RECT.w - 80
    title, size = fitted(canvas, _("Pass to {name}", name=name), 54, width, bold=True)
    canvas.text(title, (640, PASS_RECT.y + 52), size, GOLD, bold=True, shadow=True)
    hidden, size = fitted(canvas, _("Every hand is hidden."), 24, width)
    canvas.text(hidden, (640, PASS_RECT.y + 104), size, CREAM)
    y = PASS_RECT.y + 146
    start, anchor = canvas.line_start(PASS_RECT.x + 40, PASS_RECT.right - 40), canvas.start_anchor("midleft")
    if since:
        heading, size = fitted(canvas, _("Since your last turn:"), 22, width, bold=True)
        canvas.text(heading, (start, y), size, GOLD, anchor=anchor, bold=True)
        y += 32
        lines = [part for line in since for part in canvas.wrap(line, SINCE_SIZE, width)][-SINCE_LINES - 3:]
        for line in lines:
            canvas.text(line, (start, y), SINCE_SIZE, CREAM, anchor=anchor)
            y += SINCE_SIZE * 1.3
    else:
        nothing, size = fitted(canvas, _("Nothing has happened since you last saw the table."), 22, width)
        canvas.text(nothing, (640, y + 40), size, TEXT_DIM)
    draw_button_box(canvas, PASS_BUTTON, False, hovered and ready, ready)
    show, size = fitted(canvas, _("{name}: show my hand", name=name), 26, PASS_BUTTON.w - 24, bold=True)
    canvas.text(show, (640, PASS_BUTTON.centery), size, CREAM if ready else TEXT_DIM, bold=True)
    keys, size = fitted(canvas, _("Click the button or press Enter."), 19, width)
    canvas.text(keys, (640, PASS_BUTTON.bottom + 20), size, TEXT_DIM)
