"""The pause overlay over a table: Resume, Rules, Settings, Quit to menu (at a networked table, also
a quick phrase and a computer playing for the player; its game goes on on the server meanwhile)."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from lang import N_, _
from scenes.base import Host
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import BUTTON_H, CAPTION_SIZE, PANEL_PAD, SPACE, TEXT_DIM, TITLE_SIZE
from sprites.widgets import Button, draw_panel, fitted

WIDTH = 400
BUTTON_W = 260
NOTE = N_("Your game is saved after every move.")
ONLINE_NOTE = N_("The game goes on at the table meanwhile.")


class ButtonPanel(WidgetScene):
    """A titled panel of buttons one under the other, with a note under them, over the scene below."""

    opaque = False

    def __init__(self, app: Host, title: str, labels: Sequence[tuple[str, Callable[[], None]]], note: str) -> None:
        super().__init__(app)
        self.title, self.note = title, note
        self.place(labels)

    def place(self, labels: Sequence[tuple[str, Callable[[], None]]]) -> None:
        """The panel sized for the buttons, one under the other."""
        body = len(labels) * BUTTON_H + (len(labels) - 1) * SPACE
        height = SPACE * 3 + TITLE_SIZE + body + SPACE * 1.5 + CAPTION_SIZE + PANEL_PAD
        self.rect = pygame.FRect(640 - WIDTH / 2, 360 - height / 2, WIDTH, height)
        top = self.rect.y + SPACE * 3 + TITLE_SIZE
        self.group.widgets = [Button((640 - BUTTON_W / 2, top + i * (BUTTON_H + SPACE), BUTTON_W, BUTTON_H),
                                     label, action) for i, (label, action) in enumerate(labels)]

    def draw(self, canvas: Canvas) -> None:
        draw_panel(canvas, self.rect, self.title)
        super().draw(canvas)
        note_y = self.group.widgets[-1].rect.bottom + SPACE * 1.5 + CAPTION_SIZE / 2
        note, size = fitted(canvas, self.note, CAPTION_SIZE, WIDTH - SPACE * 2)
        canvas.text(note, (640, note_y), size, TEXT_DIM)


class PauseScene(ButtonPanel):
    """The game stays saved; quitting to the menu keeps it for Resume. At a networked table the
    server keeps it, and two more buttons: Say (a quick phrase), and a computer playing this seat."""

    def __init__(self, app: Host, game_name: str) -> None:
        self.game_name = game_name
        super().__init__(app, "", self.labels(app), "")
        self.relabel()

    def labels(self, app: Host) -> list[tuple[str, Callable[[], None]]]:
        """The buttons, worded in the current language."""
        online = app.online
        labels = [(_("Resume"), self.back)]
        if online is not None and online.seat is not None:
            away = _("Play my turns myself") if online.autoplay else _("Computer plays for me")
            labels += [(_("Say..."), self.say), (away, self.away)]
        labels += [(_("Rules"), self.rules), (_("Settings"), self.settings),
                   (_("Leave the table") if online is not None else _("Quit to menu"), app.to_menu)]
        return labels

    def relabel(self) -> None:
        online = self.app.online
        self.title = _("Paused") if online is None else _("Menu")
        self.note = _(NOTE) if online is None else _(ONLINE_NOTE)
        focus = self.group.focus
        self.place(self.labels(self.app))
        self.group.focus = min(focus, len(self.group.widgets) - 1)

    def rules(self) -> None:
        from scenes.rules_page import RulesScene

        self.app.push(RulesScene(self.app, self.game_name))

    def settings(self) -> None:
        from scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def say(self) -> None:
        """The quick phrases (F1-F4 at the table send them too)."""
        from net.protocol import PHRASES

        def back() -> None:
            self.app.pop()

        def sender(index: int) -> Callable[[], None]:
            def send() -> None:
                if self.app.online is not None:
                    self.app.online.say(index)
                self.app.pop()  # the phrases
                self.close()
            return send

        labels = [(f"F{i + 1}  {text}", sender(i)) for i, text in enumerate(PHRASES)] + [(_("Back"), back)]
        self.app.push(ButtonPanel(self.app, _("Say"), labels, _("Everyone at the table sees it for a moment.")))

    def away(self) -> None:
        """A computer plays this seat's turns, or stops (A at the table)."""
        if self.app.online is not None:
            self.app.online.toggle_autoplay()
        self.close()
