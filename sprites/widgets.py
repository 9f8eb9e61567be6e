"""Buttons, choices, sliders and text fields with a keyboard focus ring, in logical units."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from lang import rtl
from sprites.canvas import Canvas
from sprites.theme import (
    BODY_SIZE,
    BUTTON,
    BUTTON_DISABLED,
    BUTTON_H,
    BUTTON_HOVER,
    BUTTON_RADIUS,
    BUTTON_W,
    CAPTION_SIZE,
    CREAM,
    FOCUS_RING,
    FOCUS_RING_DARK,
    GOLD,
    HEADING_SIZE,
    PANEL,
    PANEL_BORDER,
    PANEL_RADIUS,
    SHADE_ALPHA,
    SPACE,
    TEXT_DIM,
    TITLE_SIZE,
    WHITE,
)

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Widget:
    """Something on screen the user can focus and activate."""

    focusable = True

    def __init__(self, rect: tuple[float, float, float, float]) -> None:
        self.rect = pygame.FRect(rect)
        self.enabled = True
        self.hovered = False

    def handle_key(self, event: pygame.Event) -> bool:
        """React to a key while focused; True if used."""
        return False

    def click(self, pos: tuple[float, float]) -> None:
        """React to a left click inside the rect."""

    def drag(self, pos: tuple[float, float]) -> None:
        """React to the mouse moving with the button held, after a click inside."""

    def draw(self, canvas: Canvas, focused: bool) -> None:
        raise NotImplementedError


def draw_panel(canvas: Canvas, rect, title: str = "", shade: bool = True) -> float:
    """The one panel style: the screen behind dimmed (`shade`), an opaque fill with a soft shadow,
    a gold border, round corners, and the title centred in its top. Returns the y under the title."""
    box = pygame.FRect(rect)
    if shade:
        canvas.shade(SHADE_ALPHA)
    canvas.box((0, 0, 0, 90), box.move(0, 8), radius=PANEL_RADIUS)
    canvas.box(PANEL, box, radius=PANEL_RADIUS)
    canvas.box(PANEL_BORDER, box, width=2, radius=PANEL_RADIUS)
    canvas.frame(box, title or "panel")
    if not title:
        return box.y
    shown, size = fitted(canvas, title, TITLE_SIZE, box.w - 4 * SPACE, bold=True)  # a longer translation fits
    canvas.text(shown, (box.centerx, box.y + SPACE * 2 + TITLE_SIZE / 2), size, GOLD, bold=True, shadow=True)
    return box.y + SPACE * 3 + TITLE_SIZE


def button_row(buttons: Sequence[tuple[str, Callable[[], None]]], centre_x: float, top: float,
               width: float = BUTTON_W) -> list[Widget]:
    """Buttons of the one style side by side, centred on `centre_x`."""
    row: list[Widget] = [Button((0, top, width, BUTTON_H), label, action) for label, action in buttons]
    place_row(row, centre_x, top)
    return row


def place_row(widgets: Sequence[Widget], centre_x: float, top: float) -> None:
    """Put widgets side by side, SPACE apart, centred on `centre_x`, their tops at `top`; the first where
    reading starts (at the right when the interface reads right to left)."""
    left = centre_x - (sum(w.rect.w for w in widgets) + (len(widgets) - 1) * SPACE) / 2
    for widget in reversed(widgets) if rtl() else widgets:
        widget.rect.topleft = (left, top)
        left += widget.rect.w + SPACE


def reading_step(key: int) -> int:
    """The step through a row that the Left or Right key takes: rows read from the right in right to left."""
    step = 1 if key == pygame.K_RIGHT else -1
    return -step if rtl() else step


def draw_button_box(canvas: Canvas, rect: pygame.FRect, focused: bool, hovered: bool, enabled: bool,
                    accent=None) -> None:
    colour = BUTTON_DISABLED if not enabled else BUTTON_HOVER if hovered or focused else BUTTON
    canvas.box((0, 0, 0, 80), rect.move(3, 4), radius=BUTTON_RADIUS)
    canvas.box(accent or colour if enabled else colour, rect, radius=BUTTON_RADIUS)
    if enabled:
        canvas.box((255, 255, 255, 40), (rect.x + 4, rect.y + 3, rect.w - 8, rect.h * 0.42), radius=BUTTON_RADIUS - 3)
    if focused:
        draw_focus(canvas, rect)
    else:
        canvas.box((0, 0, 0), rect, width=1.5, radius=BUTTON_RADIUS)
    canvas.frame(rect, "button")


def draw_focus(canvas: Canvas, rect: pygame.FRect) -> None:
    """The keyboard focus on a button or field: a white line between two dark ones round its edge, the
    tables' focus ring in small (a shape, never the gold of a card that may be played)."""
    canvas.box(FOCUS_RING_DARK, rect.inflate(6, 6), width=2, radius=BUTTON_RADIUS + 3)
    canvas.box(FOCUS_RING, rect.inflate(2, 2), width=3, radius=BUTTON_RADIUS + 1)
    canvas.box(FOCUS_RING_DARK, rect.inflate(-4, -4), width=1.5, radius=BUTTON_RADIUS - 2)


class Button(Widget):
    """A labelled button; Enter, Space or a click calls `on_click`."""

    def __init__(self, rect, label: str, on_click: Callable[[], None], size: float = HEADING_SIZE,
                 accent=None, hint: str = "") -> None:
        super().__init__(rect)
        self.label = label
        self.on_click = on_click
        self.size = size
        self.accent = accent
        self.hint = hint

    def handle_key(self, event: pygame.Event) -> bool:
        if event.key in ACTIVATE_KEYS and self.enabled:
            self.on_click()
            return True
        return False

    def click(self, pos) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, canvas: Canvas, focused: bool) -> None:
        draw_button_box(canvas, self.rect, focused, self.hovered, self.enabled, self.accent)
        colour = WHITE if self.enabled else TEXT_DIM
        label, size = fitted(canvas, self.label, self.size, self.rect.w - SPACE)
        canvas.text(label, self.rect.center, size, colour, shadow=True)


def fitting_size(canvas: Canvas, text: str, size: float, width: float, bold: bool = False) -> float:
    """`size`, or the largest size down to CAPTION_SIZE at which `text` fits in `width`."""
    while size > CAPTION_SIZE and canvas.text_size(text, size, bold)[0] > width:
        size -= 1
    return size


def fitted(canvas: Canvas, text: str, size: float, width: float, bold: bool = False) -> tuple[str, float]:
    """The text and size that fit `width`: set smaller down to CAPTION_SIZE, then cut with '...' (a
    translation longer than the English never runs out of its place)."""
    size = fitting_size(canvas, text, size, width, bold)
    return canvas.fit(text, size, width, bold), size


SLIDER_PERCENT_W = 56  # room for a slider's "100%" beside its track


def mirrored(rect: pygame.FRect, x: float, anchor: str = "midleft") -> tuple[float, str]:
    """A point's x and a text's anchor in a widget, mirrored across it when the interface reads right to
    left: its label then stands at the right, where reading starts."""
    if not rtl():
        return x, anchor
    swapped = anchor.replace("left", "RIGHT").replace("right", "left").replace("RIGHT", "right")
    return rect.x + rect.right - x, swapped


def mirrored_text(canvas: Canvas, rect: pygame.FRect) -> Callable[..., pygame.FRect]:
    """A way to draw the texts of a panel, each at its place `mirrored` across the panel in a language read
    right to left (its labels then start at the right, its columns of numbers stand at the left)."""
    def put(text: str, left: float, y: float, size: float, colour: tuple[int, int, int], anchor: str = "midleft",
            bold: bool = False, shadow: bool = False) -> pygame.FRect:
        x, placed = mirrored(rect, left, anchor)
        return canvas.text(text, (x, y), size, colour, anchor=placed, bold=bold, shadow=shadow)
    return put


def draw_arrow(canvas: Canvas, centre: tuple[float, float], direction: int, size: float = 6) -> None:
    """A small gold triangle pointing left (-1) or right (1)."""
    x, y = centre
    canvas.polygon(GOLD, [(x + direction * size, y), (x - direction * size * 0.6, y - size),
                          (x - direction * size * 0.6, y + size)])


class Choice(Widget):
    """A label and one value out of several; Left/Right or a click on the arrows changes it."""

    def __init__(self, rect, label: str, options: Sequence[str], index: int = 0,
                 on_change: Callable[[int], None] | None = None, size: float = BODY_SIZE) -> None:
        super().__init__(rect)
        self.label = label
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.size = size

    @property
    def value(self) -> str:
        return self.options[self.index]

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        if self.on_change:
            self.on_change(self.index)

    def handle_key(self, event: pygame.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
        elif event.key in (pygame.K_RIGHT, *ACTIVATE_KEYS):
            self.step(1)
        else:
            return False
        return True

    def click(self, pos) -> None:
        """The left arrow steps back; anywhere else steps forward."""
        self.step(-1 if self._value_left() <= pos[0] < self._value_left() + 40 else 1)

    def _value_left(self) -> float:
        """The left of the value and its arrows: the right half beside a label (the left half in right to left)."""
        return self.rect.x + (self.rect.w * 0.5 if self.label and not rtl() else 0)

    def _value_right(self) -> float:
        return self.rect.right - (self.rect.w * 0.5 if self.label and rtl() else 0)

    def draw(self, canvas: Canvas, focused: bool) -> None:
        draw_button_box(canvas, self.rect, focused, self.hovered, self.enabled)
        if self.label:
            x, anchor = mirrored(self.rect, self.rect.x + 18)
            label, size = fitted(canvas, self.label, self.size, self.rect.w * 0.5 - 24)
            canvas.text(label, (x, self.rect.centery), size, CREAM, anchor=anchor)
        mid = (self._value_left() + 16 + self._value_right() - 16) / 2
        draw_arrow(canvas, (self._value_left() + 16, self.rect.centery), -1)
        value, size = fitted(canvas, self.value, self.size, self._value_right() - self._value_left() - 56, bold=True)
        canvas.text(value, (mid, self.rect.centery), size, WHITE, bold=True)
        draw_arrow(canvas, (self._value_right() - 16, self.rect.centery), 1)


class Slider(Widget):
    """A value from 0 to 1: Left/Right step by 10%, click or drag sets it."""

    def __init__(self, rect, label: str, value: float, on_change: Callable[[float], None],
                 size: float = BODY_SIZE) -> None:
        super().__init__(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.size = size

    def _track(self) -> pygame.FRect:
        """The track in the half beside the label (0% at its left in either direction, as a slider reads)."""
        x = self.rect.x + self.rect.w * (0.06 if rtl() else 0.5)
        return pygame.FRect(x, self.rect.centery - 5, self.rect.w * 0.44, 10)

    def set(self, value: float) -> None:
        self.value = round(min(1.0, max(0.0, value)), 2)
        self.on_change(self.value)

    def handle_key(self, event: pygame.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.set(self.value - 0.1)
        elif event.key == pygame.K_RIGHT:
            self.set(self.value + 0.1)
        else:
            return False
        return True

    def click(self, pos) -> None:
        track = self._track()
        if pos[0] >= track.x - 10:
            self.set((pos[0] - track.x) / track.w)

    drag = click

    def draw(self, canvas: Canvas, focused: bool) -> None:
        draw_button_box(canvas, self.rect, focused, self.hovered, self.enabled)
        x, anchor = mirrored(self.rect, self.rect.x + 18)
        label, size = fitted(canvas, self.label, self.size, self.rect.w * 0.5 - 24 - SLIDER_PERCENT_W)
        canvas.text(label, (x, self.rect.centery), size, CREAM, anchor=anchor)
        track = self._track()
        canvas.box((0, 0, 0, 160), track, radius=5)
        canvas.box(GOLD, (track.x, track.y, track.w * self.value, track.h), radius=5)
        canvas.circle(WHITE, (track.x + track.w * self.value, track.centery), 11)
        percent_x, percent_anchor = (track.right + 14, "midleft") if rtl() else (track.x - 14, "midright")
        canvas.text(f"{round(self.value * 100)}%", (percent_x, self.rect.centery), self.size - 4,
                    WHITE, anchor=percent_anchor)


class TextField(Widget):
    """A single line of text, at most `max_len` characters; typed while focused."""

    def __init__(self, rect, label: str, text: str = "", max_len: int = 16,
                 on_change: Callable[[str], None] | None = None, size: float = BODY_SIZE) -> None:
        super().__init__(rect)
        self.label = label
        self.text = text[:max_len]
        self.max_len = max_len
        self.on_change = on_change
        self.size = size
        self.blink = 0.0

    def handle_key(self, event: pygame.Event) -> bool:
        if pasting(event):
            self.type_text(" ".join(clipboard().split()))  # a pasted message's lines and tabs: spaces
            return True
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.key == pygame.K_DELETE:
            self.text = ""
        else:
            return False
        if self.on_change:
            self.on_change(self.text)
        return True

    def type_text(self, text: str) -> None:
        cleaned = "".join(ch for ch in text if ch.isprintable())
        self.text = (self.text + cleaned)[: self.max_len]
        if self.on_change:
            self.on_change(self.text)

    def draw(self, canvas: Canvas, focused: bool) -> None:
        draw_button_box(canvas, self.rect, focused, self.hovered, self.enabled)
        if self.label:
            x, anchor = mirrored(self.rect, self.rect.x + 14)
            label, size = fitted(canvas, self.label, self.size - 4, self.rect.w * 0.3 - 20)
            canvas.text(label, (x, self.rect.centery), size, TEXT_DIM, anchor=anchor)
        field = pygame.FRect(self.rect.x + self.rect.w * (0.01 if rtl() else 0.3), self.rect.y + 6,
                             self.rect.w * 0.7 - 8, self.rect.h - 12)
        canvas.box((250, 248, 240), field, radius=6)
        visible = tail_that_fits(canvas, self.text, self.size, field.w - 16)  # a long text shows its end
        shown = canvas.text(visible, (field.x + 8, field.centery), self.size, (20, 24, 30), anchor="midleft")
        if focused:
            canvas.box((20, 24, 30), (shown.right + 2, field.y + 6, 2, field.h - 12))


def tail_that_fits(canvas: Canvas, text: str, size: float, width: float) -> str:
    """The longest end of `text` that fits `width` (found by halving)."""
    low, high = 0, len(text)  # text[high:] fits; the shortest start that fits is looked for
    while low < high:
        middle = (low + high) // 2
        if canvas.text_size(text[middle:], size)[0] <= width:
            high = middle
        else:
            low = middle + 1
    return text[high:]


def pasting(event: pygame.Event) -> bool:
    """Ctrl+V (Cmd+V on a Mac) or Shift+Insert: paste."""
    mod = getattr(event, "mod", 0)
    return bool((event.key == pygame.K_v and mod & (pygame.KMOD_CTRL | pygame.KMOD_GUI))
                or (event.key == pygame.K_INSERT and mod & pygame.KMOD_SHIFT))


def clipboard() -> str:
    """The clipboard's text ("" when it holds none or cannot be read)."""
    try:
        return pygame.scrap.get_text()
    except pygame.error:
        return ""


class FocusGroup:
    """A list of widgets with one keyboard focus: Tab/Up/Down move it, the mouse hovers and clicks."""

    def __init__(self, widgets: Sequence[Widget] = (), columns: int = 1) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.columns = columns
        self.focus = 0
        self.pressed: Widget | None = None
        # One highlight: the pointer moves the focus onto what it hovers, and a key clears the hover
        self.pointer_takes_focus = False

    @property
    def focused(self) -> Widget | None:
        if not self.widgets:
            return None
        self.focus %= len(self.widgets)
        return self.widgets[self.focus]

    def drop_hover(self) -> None:
        """A key was used: no widget shows the pointer's hover until the mouse moves again."""
        for widget in self.widgets:
            widget.hovered = False

    def move(self, delta: int) -> None:
        if not self.widgets:
            return
        for _ in range(len(self.widgets)):
            self.focus = (self.focus + delta) % len(self.widgets)
            widget = self.widgets[self.focus]
            if widget.focusable and widget.enabled:
                return

    def handle_event(self, event: pygame.Event) -> bool:
        """Route one event; True if a widget or the focus used it."""
        if event.type == pygame.MOUSEMOTION:
            for index, widget in enumerate(self.widgets):
                widget.hovered = widget.rect.collidepoint(event.pos)
                if widget.hovered and self.pointer_takes_focus and widget.focusable and widget.enabled:
                    self.focus = index
            if self.pressed and getattr(event, "buttons", (0,))[0]:
                self.pressed.drag(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, widget in enumerate(self.widgets):
                if widget.rect.collidepoint(event.pos) and widget.enabled:
                    self.focus = index
                    self.pressed = widget
                    widget.click(event.pos)
                    return True
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self.pressed = None
            return False
        if event.type == pygame.TEXTINPUT and isinstance(self.focused, TextField):
            self.focused.type_text(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if self.pointer_takes_focus:
            self.drop_hover()
        focused = self.focused
        if focused is not None and focused.enabled and focused.handle_key(event):
            return True
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if event.key == pygame.K_TAB:
            self.move(-1 if shift else 1)
        elif event.key == pygame.K_DOWN:
            self.move(self.columns)
        elif event.key == pygame.K_UP:
            self.move(-self.columns)
        elif event.key in (pygame.K_RIGHT, pygame.K_LEFT) and self.columns > 1:
            self.move(reading_step(event.key))
        else:
            return False
        return True

    def draw(self, canvas: Canvas) -> None:
        focused = self.focused
        for widget in self.widgets:
            widget.draw(canvas, widget is focused)
