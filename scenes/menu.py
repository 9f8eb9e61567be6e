"""The main menu: one tile per playable game (with Resume when a save exists), then the rest."""
from __future__ import annotations

import logging
import math

import pygame

from game.registry import game_info
from lang import N_, _, rtl
from scenes.base import Host
from scenes.dialog import Dialog
from scenes.plugins import playable_games, resume_scene
from scenes.setup import setup_scene
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.theme import (
    CAPTION_SIZE,
    CREAM,
    DISPLAY_SIZE,
    GOLD,
    HEADING_SIZE,
    SPACE,
    TEXT_DIM,
    WHITE,
)
from sprites.widgets import Button, button_row, draw_button_box, fitted, fitting_size, reading_step

log = logging.getLogger("card_arcade.menu")
TILE_W, TILE_H, TILE_GAP = 210, 280, 24  # the widest a tile gets; more games make them narrower
TILE_Y = 200
ROW_W = 1280 - 4 * SPACE  # the row of tiles never runs past this width
HELP = N_("Arrows or Tab move  -  Enter plays  -  F1 rules  -  Esc quits  -  F11 fullscreen")
BOB_SECONDS = 3.0  # the title bobs, settling, then the menu sleeps until input


def tile_rects(count: int) -> list[tuple[float, float, float, float]]:
    """The game tiles' rectangles, a row centred on the window, as wide as ROW_W lets them be, the first
    where reading starts (at the right in right to left)."""
    width = min(TILE_W, (ROW_W - max(0, count - 1) * TILE_GAP) / max(1, count))
    left = 640 - (count * width + max(0, count - 1) * TILE_GAP) / 2
    rects: list[tuple[float, float, float, float]] = [(left + i * (width + TILE_GAP), TILE_Y, width, TILE_H)
                                                      for i in range(count)]
    return rects[::-1] if rtl() else rects


class GameTile(Button):
    """A game's tile: its card, its name, and a Resume badge when a save is waiting."""

    def __init__(self, rect, name: str, on_click, has_save: bool, painter) -> None:
        super().__init__(rect, _(game_info(name).title), on_click)
        self.painter = painter
        self.name = name
        self.has_save = has_save
        self.sprite = CardSprite(game_info(name).tile_card, self.rect.centerx, self.rect.y + 112, True, width=110)

    def draw(self, canvas: Canvas, focused: bool) -> None:
        draw_button_box(canvas, self.rect, focused, self.hovered, True)
        self.sprite.lift = 10 if focused or self.hovered else 0
        self.sprite.draw(canvas, self.painter)
        label, size = fitted(canvas, self.label, HEADING_SIZE, self.rect.w - SPACE, bold=True)
        canvas.text(label, (self.rect.centerx, self.rect.bottom - 44), size, WHITE if focused else CREAM,
                    bold=True, shadow=True)
        if self.has_save:
            canvas.box((200, 60, 60), (self.rect.right - 96, self.rect.y - 12, 104, 30), radius=12)
            badge = _("Resume")
            size = fitting_size(canvas, badge, CAPTION_SIZE, 96)
            canvas.text(badge, (self.rect.right - 44, self.rect.y + 3), size, (255, 255, 255), bold=True)


class MenuScene(WidgetScene):
    """Pick a game, or open statistics, settings, or quit."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.time = 0.0
        self.build()

    def build(self) -> None:
        names = playable_games()
        tiles = [GameTile(rect, name, self._opener(name), self.app.saves.exists(name), self.app.painter)
                 for rect, name in zip(tile_rects(len(names)), names, strict=True)]
        buttons = [(_("Join a table"), self.open_join), (_("How to play"), self.how_to_play),
                   (_("Statistics"), self.open_stats), (_("Settings"), self.open_settings), (_("Quit"), self.app.quit)]
        bottom = button_row(buttons, 640, TILE_Y + TILE_H + SPACE * 4)
        self.tile_count = len(tiles)
        self.group.widgets = [*tiles, *bottom]
        self.group.columns = 1
        self.group.pointer_takes_focus = True  # one highlight: hovering a tile moves the focus there
        self.warned = False

    def reveal(self) -> None:
        focus = self.group.focus
        self.build()
        self.group.focus = focus

    relabel = reveal

    def enter(self) -> None:
        for text in self.app.saves.warnings:
            self.app.notify(text)
        self.app.saves.warnings.clear()

    def back(self) -> None:
        """Esc asks before the program ends (the Quit button does not: it says what it does)."""
        self.app.sounds.play("button")
        self.app.push(Dialog(self.app, _("Quit Card Arcade?"), [_("Close the window and stop playing.")],
                             [(_("Quit"), self.app.quit), (_("Cancel"), lambda: None)]))

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.group.drop_hover()  # the keyboard has the one highlight until the mouse moves
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.group.move(reading_step(event.key))
            self.app.sounds.play("tick")
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.tile_count:
            self.group.focus = self.row_jump(self.group.focus, down=event.key == pygame.K_DOWN)
            self.app.sounds.play("tick")
            return
        super().handle_event(event)

    def row_jump(self, focus: int, down: bool) -> int:
        """Up/Down between the row of game tiles and the row of buttons, at the nearest place."""
        tiles, buttons = self.tile_count, len(self.group.widgets) - self.tile_count
        on_tiles = focus < tiles
        if on_tiles != down:
            return focus  # already on that row
        if down:
            return tiles + round(focus * (buttons - 1) / max(1, tiles - 1))
        return round((focus - tiles) * (tiles - 1) / max(1, buttons - 1))

    def _opener(self, name: str):
        def open_game() -> None:
            if self.app.saves.exists(name):
                self.app.push(Dialog(self.app, _(game_info(name).title), [_("A game is waiting where you left it.")],
                                     [(_("Resume"), lambda: self.resume(name)),
                                      (_("New game"), lambda: self.new_game(name)), (_("Back"), lambda: None)]))
            else:
                self.new_game(name)
        return open_game

    def new_game(self, name: str) -> None:
        self.app.push(setup_scene(self.app, name))

    def resume(self, name: str) -> None:
        payload = self.app.saves.load(name)
        if payload is None:
            self.reveal()
            return
        try:
            scene = resume_scene(self.app, name, payload)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            log.warning("the %s save would not load: %r", name, exc)
            self.app.saves.discard_damaged(name, "its game could not be rebuilt")
            self.enter()
            self.reveal()
            return
        self.app.push(scene)

    def open_rules(self) -> None:
        """The rules of the game whose tile has the focus; from elsewhere, ask which game's."""
        focused = self.group.focused
        if isinstance(focused, GameTile):
            self.show_rules(focused.name)
        else:
            self.choose_rules()

    def choose_rules(self) -> None:
        """A question: which game's rules to read."""
        names = playable_games()
        choices = [(_(game_info(name).title), self._rules_opener(name)) for name in names]
        self.app.push(Dialog(self.app, _("Rules"), [_("Which game would you like to read about?")],
                             [*choices, (_("Back"), lambda: None)]))

    def _rules_opener(self, name: str):
        return lambda: self.show_rules(name)

    def how_to_play(self) -> None:
        """The first turn of a game worked step by step (the focused tile's, else the first), with a
        choice of game; its Rules button opens the rules."""
        from scenes.how_to_play import HowToPlayScene

        names = playable_games()
        focused = self.group.focused
        first = focused.name if isinstance(focused, GameTile) else names[0]
        self.app.sounds.play("button")
        self.app.push(HowToPlayScene(self.app, first, names))

    def show_rules(self, name: str) -> None:
        from scenes.rules_page import RulesScene

        self.app.push(RulesScene(self.app, name))

    def open_join(self) -> None:
        from scenes.online.join import JoinScene

        self.app.push(JoinScene(self.app))

    def open_stats(self) -> None:
        from scenes.stats import StatsScene

        self.app.push(StatsScene(self.app))

    def open_settings(self) -> None:
        from scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def update(self, dt: float) -> None:
        self.time += dt

    def next_frame(self) -> float | None:
        return 0.0 if self.time < BOB_SECONDS else None

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        settle = max(0.0, 1 - self.time / BOB_SECONDS)
        bob = 0 if self.app.settings.reduced_motion else math.sin(self.time * 1.5) * 4 * settle
        canvas.text("Card Arcade", (640, 96 + bob), DISPLAY_SIZE, GOLD, bold=True, shadow=True)
        if not self.tile_count:
            canvas.text(_("No game is ready yet."), (640, 330), 36, CREAM)
        super().draw(canvas)
        canvas.text(_(HELP), (640, 720 - SPACE - CAPTION_SIZE / 2), CAPTION_SIZE, TEXT_DIM)
