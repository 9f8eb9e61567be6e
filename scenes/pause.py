"""The pause overlay over a table: Resume, Rules, Settings, Quit to menu."""
from __future__ import annotations

import pygame

from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import BUTTON_H, CAPTION_SIZE, PANEL_PAD, SPACE, TEXT_DIM, TITLE_SIZE
from sprites.widgets import Button, draw_panel

WIDTH = 400
BUTTON_W = 260
NOTE = "Your game is saved after every move."


class PauseScene(WidgetScene):
    """The game stays saved; quitting to the menu keeps it for Resume."""

    opaque = False

    def __init__(self, app, game_name: str) -> None:
        super().__init__(app)
        self.game_name = game_name
        labels = [("Resume", self.back), ("Rules", self.rules), ("Settings", self.settings),
                  ("Quit to menu", self.app.to_menu)]
        body = len(labels) * BUTTON_H + (len(labels) - 1) * SPACE
        height = SPACE * 3 + TITLE_SIZE + body + SPACE * 1.5 + CAPTION_SIZE + PANEL_PAD
        self.rect = pygame.FRect(640 - WIDTH / 2, 360 - height / 2, WIDTH, height)
        top = self.rect.y + SPACE * 3 + TITLE_SIZE
        self.group.widgets = [Button((640 - BUTTON_W / 2, top + i * (BUTTON_H + SPACE), BUTTON_W, BUTTON_H),
                                     label, action) for i, (label, action) in enumerate(labels)]

    def rules(self) -> None:
        from scenes.rules_page import RulesScene

        self.app.push(RulesScene(self.app, self.game_name))

    def settings(self) -> None:
        from scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def draw(self, canvas: Canvas) -> None:
        draw_panel(canvas, self.rect, "Paused")
        super().draw(canvas)
        note_y = self.group.widgets[-1].rect.bottom + SPACE * 1.5 + CAPTION_SIZE / 2
        canvas.text(NOTE, (640, note_y), CAPTION_SIZE, TEXT_DIM)
