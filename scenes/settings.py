"""The settings screen: volume, mute, animation speed, fullscreen, four-colour suits, reduced motion, move
marks, and where hosted tables are announced."""
from __future__ import annotations

import pygame

from scenes.base import Host
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import BUTTON_H, CAPTION_SIZE, PANEL_PAD, SPACE, TEXT_DIM, TITLE_SIZE
from sprites.widgets import Choice, Slider, Widget, button_row, draw_panel
from storage.settings import ANIMATION_SPEEDS, DISCOVERY

ON_OFF = ("Off", "On")
SPEEDS = tuple(ANIMATION_SPEEDS)
DISCOVERY_LABELS = ("Off", "This computer only", "Local network")  # hosting and looking for tables
ROW_W, ROW_H, ROW_GAP = 600, 50, 6
HELP = "Left/Right change  -  Up/Down move  -  Esc back"


class SettingsScene(WidgetScene):
    """Every change applies at once and is saved."""

    opaque = False

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        s = app.settings
        w = ROW_W
        rows: list[Widget] = [
            Slider((0, 0, w, ROW_H), "Master volume", s.volume, self.set_volume),
            Choice((0, 0, w, ROW_H), "Sound", ("On", "Muted"), int(s.muted), lambda i: self.set("muted", i == 1)),
            Choice((0, 0, w, ROW_H), "Animation speed", [v.capitalize() for v in SPEEDS],
                   SPEEDS.index(s.animation_speed), lambda i: self.set("animation_speed", SPEEDS[i])),
            Choice((0, 0, w, ROW_H), "Fullscreen", ON_OFF, int(s.fullscreen), self.set_fullscreen),
            Choice((0, 0, w, ROW_H), "Four-colour suits", ON_OFF, int(s.four_colour),
                   lambda i: self.set("four_colour", i == 1)),
            Choice((0, 0, w, ROW_H), "Reduced motion", ON_OFF, int(s.reduced_motion),
                   lambda i: self.set("reduced_motion", i == 1)),
            Choice((0, 0, w, ROW_H), "Mark legal moves", ON_OFF, int(s.move_marks),
                   lambda i: self.set("move_marks", i == 1)),
            Choice((0, 0, w, ROW_H), "Tables on this network", DISCOVERY_LABELS, DISCOVERY.index(s.discovery),
                   lambda i: self.set("discovery", DISCOVERY[i])),
        ]
        body = len(rows) * (ROW_H + ROW_GAP) + SPACE + BUTTON_H
        height = SPACE * 3 + TITLE_SIZE + body + SPACE * 1.5 + CAPTION_SIZE + PANEL_PAD
        self.rect = pygame.FRect(640 - (w + 2 * PANEL_PAD) / 2, 360 - height / 2, w + 2 * PANEL_PAD, height)
        y = self.rect.y + SPACE * 3 + TITLE_SIZE
        for widget in rows:
            widget.rect.topleft = (self.rect.x + PANEL_PAD, y)
            y += ROW_H + ROW_GAP
        self.group.widgets = rows + button_row([("Done", self.back)], 640, y + SPACE - ROW_GAP)

    def set(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self.app.apply_settings()

    def set_volume(self, value: float) -> None:
        self.set("volume", value)
        self.app.sounds.play("tick")

    def set_fullscreen(self, index: int) -> None:
        self.app.set_fullscreen(index == 1)
        self.app.apply_settings()

    def draw(self, canvas: Canvas) -> None:
        draw_panel(canvas, self.rect, "Settings")
        super().draw(canvas)
        help_y = self.group.widgets[-1].rect.bottom + SPACE * 1.5 + CAPTION_SIZE / 2
        canvas.text(HELP, (640, help_y), CAPTION_SIZE, TEXT_DIM)
