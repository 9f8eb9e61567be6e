"""How to play: a game's first turn worked step by step, each step a picture of its table drawn by
the game's own parts (scenes/lesson.py) beside a few sentences of what happens."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.registry import game_info
from lang import N_, _
from scenes.base import Host
from scenes.lesson import Lesson, Picture, lesson_for, lesson_match, table_picture
from scenes.rules_page import PANEL_RECT, RulesScene
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import BODY_SIZE, BUTTON_H, BUTTON_W, CAPTION_SIZE, LINE_SPACING, PANEL_PAD, SPACE, TEXT_DIM
from sprites.widgets import Button, Choice, draw_panel, place_row, reading_step

PICTURE_W = 592  # the table picture, 16:9 like the window
PICTURE_H = PICTURE_W * 9 / 16
CHOICE_W, CHOICE_H = 440, 48
HELP = N_("Left/Right: steps  -  Tab moves  -  F1 rules  -  Esc back")
NO_LESSON = N_("This game has no worked turn yet: its rules say how it is played.")


class HowToPlayScene(WidgetScene):
    """A game's How to play over the dimmed screen below; given `games`, a choice among them too
    (the menu's page)."""

    opaque = False

    def __init__(self, app: Host, game_name: str, games: Sequence[str] = ()) -> None:
        super().__init__(app)
        self.games = tuple(games)
        self.game_name = game_name
        self.lesson: Lesson | None = lesson_for(game_name)
        self.step = 0
        self.picture: tuple[tuple, Picture] | None = None  # (what it shows, the picture)
        self.build()
        self.group.focus = len(self.group.widgets) - 3  # Next
        self.update_buttons()

    def build(self) -> None:
        """The game's choice and the buttons, worded in the current language."""
        x, y, w, h = PANEL_RECT
        top = y + SPACE * 3 + 44
        widgets: list = []
        if self.games:
            titles = [_(game_info(name).title) for name in self.games]
            widgets.append(Choice((x + (w - CHOICE_W) / 2, top, CHOICE_W, CHOICE_H), _("Game"), titles,
                                  self.games.index(self.game_name), self.choose_game))
            top += CHOICE_H + SPACE
        self.picture_rect = pygame.FRect(x + PANEL_PAD, top, PICTURE_W, PICTURE_H)
        self.text_rect = pygame.FRect(self.picture_rect.right + SPACE * 1.5, top,
                                      x + w - PANEL_PAD - self.picture_rect.right - SPACE * 1.5, PICTURE_H)
        buttons = [Button((0, 0, BUTTON_W, BUTTON_H), label, action) for label, action in (
            (_("Previous"), lambda: self.go(-1)), (_("Next"), lambda: self.go(1)), (_("Rules"), self.open_rules),
            (_("Back"), self.back))]
        place_row(buttons, x + w / 2, y + h - PANEL_PAD / 2 - BUTTON_H)
        self.group.widgets = [*widgets, *buttons]

    def relabel(self) -> None:
        focus = self.group.focus
        self.build()
        self.group.focus = focus
        self.update_buttons()

    @property
    def title_of_game(self) -> str:
        return game_info(self.game_name).title

    @property
    def steps(self) -> int:
        return len(self.lesson.steps) if self.lesson else 0

    def choose_game(self, index: int) -> None:
        self.game_name = self.games[index]
        self.lesson = lesson_for(self.game_name)
        self.step = 0
        self.update_buttons()

    def go(self, delta: int) -> None:
        """Show the step `delta` away, within the lesson."""
        self.step = max(0, min(self.steps - 1, self.step + delta))
        self.update_buttons()

    def update_buttons(self) -> None:
        previous, following = self.group.widgets[-4:-2]
        previous.enabled = self.step > 0
        following.enabled = self.step < self.steps - 1

    def open_rules(self) -> None:
        """The rules of the game shown, in this page's place."""
        self.app.sounds.play("button")
        self.app.replace(RulesScene(self.app, self.game_name))

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_LEFT: reading_step(pygame.K_LEFT), pygame.K_RIGHT: reading_step(pygame.K_RIGHT),
                     pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
            if event.key == pygame.K_F1:
                self.open_rules()
                return
            if event.key in steps and not isinstance(self.group.focused, Choice):
                self.go(steps[event.key])
                self.app.sounds.play("tick")
                return
        super().handle_event(event)

    # -- drawing -----------------------------------------------------------------------------------
    def table_picture(self, canvas: Canvas) -> Picture | None:
        """The step's table at the window's size, drawn once per step and size."""
        if self.lesson is None:
            return None
        size = canvas.rect(self.picture_rect).size
        key = (self.game_name, self.step, size, canvas.felt_choice)
        if self.picture is None or self.picture[0] != key:
            match = lesson_match(self.game_name, self.lesson, self.step)
            self.picture = (key, table_picture(self.app, self.game_name, match, size, canvas.felt_choice))
        return self.picture[1]

    def draw(self, canvas: Canvas) -> None:
        draw_panel(canvas, PANEL_RECT, _("{game}: how to play", game=_(self.title_of_game)))
        picture = self.table_picture(canvas)
        if picture is not None and self.lesson is not None:
            canvas.blit(picture.image, canvas.rect(self.picture_rect))
            canvas.frame(self.picture_rect, "table picture")
            text = _(self.lesson.steps[self.step].text)
            step_line = _("Step {step} of {steps}", step=self.step + 1, steps=self.steps)
        else:
            text, step_line = _(NO_LESSON), ""
        self.draw_text(canvas, step_line, text)
        super().draw(canvas)
        back = self.group.widgets[-1].rect
        canvas.text(_(HELP), (PANEL_RECT.centerx, back.top - SPACE), CAPTION_SIZE, TEXT_DIM, anchor="midbottom")

    def draw_text(self, canvas: Canvas, step_line: str, text: str) -> None:
        """The step's number, then its sentences, wrapped in the column beside the picture."""
        x, y, w, __ = self.text_rect
        start, anchor = canvas.line_start(x, x + w), canvas.start_anchor("topleft")
        if step_line:
            canvas.text(step_line, (start, y), CAPTION_SIZE, TEXT_DIM, anchor=anchor)
            y += CAPTION_SIZE * LINE_SPACING + SPACE / 2
        step = max(BODY_SIZE * LINE_SPACING, canvas.text_size("Ag", BODY_SIZE)[1])
        for paragraph in text.split("\n"):
            for line in canvas.wrap(paragraph, BODY_SIZE, w):
                canvas.text(line, (start, y), BODY_SIZE, anchor=anchor)
                y += step
            y += SPACE / 2
