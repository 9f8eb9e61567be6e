"""The pause overlay over a table: Resume, Rules, Settings, Quit to menu."""
from __future__ import annotations

from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import GOLD, PANEL, TEXT_DIM
from sprites.widgets import Button


class PauseScene(WidgetScene):
    """The game stays saved; quitting to the menu keeps it for Resume."""

    opaque = False

    def __init__(self, app, game_name: str) -> None:
        super().__init__(app)
        self.game_name = game_name
        labels = [("Resume", self.back), ("Rules", self.rules), ("Settings", self.settings),
                  ("Quit to menu", self.app.to_menu)]
        self.group.widgets = [Button((520, 230 + i * 76, 240, 60), label, action)
                              for i, (label, action) in enumerate(labels)]

    def rules(self) -> None:
        from scenes.rules_page import RulesScene

        self.app.push(RulesScene(self.app, self.game_name))

    def settings(self) -> None:
        from scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def draw(self, canvas: Canvas) -> None:
        canvas.shade(150)
        canvas.box(PANEL, (460, 120, 360, 480), radius=20)
        canvas.box(GOLD, (460, 120, 360, 480), width=2, radius=20)
        canvas.text("Paused", (640, 175), 54, GOLD, bold=True, shadow=True)
        super().draw(canvas)
        canvas.text("Your game is saved after every move.", (640, 575), 20, TEXT_DIM)
