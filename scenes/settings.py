"""The settings screen: volume, mute, animation speed, fullscreen, four-colour suits, reduced motion, move marks."""
from __future__ import annotations

from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import GOLD, PANEL, TEXT_DIM
from sprites.widgets import Button, Choice, Slider
from storage.settings import ANIMATION_SPEEDS

ON_OFF = ("Off", "On")
SPEEDS = tuple(ANIMATION_SPEEDS)


class SettingsScene(WidgetScene):
    """Every change applies at once and is saved."""

    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        x, w, h, gap = 340, 600, 50, 10
        rows = [
            Slider((x, 0, w, h), "Master volume", s.volume, self.set_volume),
            Choice((x, 0, w, h), "Sound", ("On", "Muted"), int(s.muted), lambda i: self.set("muted", i == 1)),
            Choice((x, 0, w, h), "Animation speed", [v.capitalize() for v in SPEEDS], SPEEDS.index(s.animation_speed),
                   lambda i: self.set("animation_speed", SPEEDS[i])),
            Choice((x, 0, w, h), "Fullscreen", ON_OFF, int(s.fullscreen), self.set_fullscreen),
            Choice((x, 0, w, h), "Four-colour suits", ON_OFF, int(s.four_colour),
                   lambda i: self.set("four_colour", i == 1)),
            Choice((x, 0, w, h), "Reduced motion", ON_OFF, int(s.reduced_motion),
                   lambda i: self.set("reduced_motion", i == 1)),
            Choice((x, 0, w, h), "Mark legal moves", ON_OFF, int(s.move_marks),
                   lambda i: self.set("move_marks", i == 1)),
            Button((x + w / 2 - 110, 0, 220, h), "Done", self.back),
        ]
        for i, widget in enumerate(rows):
            widget.rect.y = 140 + i * (h + gap)
        self.group.widgets = rows

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
        canvas.shade(170)
        canvas.box((*PANEL[:3], 250), (300, 50, 680, 630), radius=20)
        canvas.box(GOLD, (300, 50, 680, 630), width=2, radius=20)
        canvas.text("Settings", (640, 100), 56, GOLD, bold=True, shadow=True)
        super().draw(canvas)
        canvas.text("Left/Right change  -  Up/Down move  -  Esc back", (640, 665), 20, TEXT_DIM)
