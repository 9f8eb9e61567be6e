"""The title screen: cards fly in and fan out under the name; any key or click goes on."""
from __future__ import annotations

import math
import random

import pygame

from game.cards import Card
from lang import N_, _
from scenes.base import Host, Scene
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite, draw_sprites
from sprites.theme import CAPTION_SIZE, CREAM, GOLD, HEADING_SIZE, SPACE, TEXT_DIM
from sprites.tween import Animator
from version import VERSION

# Written out, not read from the registry: that would import every game before the first frame.
# TRANSLATORS: the games' names as the menu's tiles show them.
GAMES_LINE = N_("Sota  -  Memory Match  -  War  -  Skyjo  -  Kings Corner")
MOTION_SECONDS = 12.0  # the cards and the name bob this long, then come to rest (the loop then sleeps)
TITLE_CARDS = (Card("french", 1, "spades"), Card("spanish", 8, "cups"), Card("skyjo", -2),
               Card("memory", 7), Card("french", 13, "hearts"), Card("spanish", 1, "coins"),
               Card("skyjo", 12), Card("french", 12, "diamonds"), Card("memory", 3))


class TitleScene(Scene):
    """Animated title; leads to the menu."""

    def __init__(self, app: Host, seed: int = 1) -> None:
        super().__init__(app)
        self.animator = Animator(app.settings.animation_scale, app.settings.reduced_motion)
        self.time = 0.0
        rng = random.Random(seed)
        self.sprites: list[CardSprite] = []
        count = len(TITLE_CARDS)
        for i, card in enumerate(TITLE_CARDS):
            sprite = CardSprite(card, rng.uniform(-200, 1480), -200, face_up=False, width=110)
            sprite.z = i
            spread = (i - (count - 1) / 2)
            target = (640 + spread * 70, 470 + abs(spread) ** 1.6 * 6)
            sprite.move_to(self.animator, target, 0.9, "out_back", delay=0.12 * i)
            sprite.flip_to(self.animator, True, 0.35, delay=0.12 * i + 0.75)
            self.animator.tween(sprite, "angle", -spread * 6.0, 0.9, "out_cubic", 0.12 * i)
            self.sprites.append(sprite)
        self.dealt = False

    def enter(self) -> None:
        self.app.sounds.play("shuffle")

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.sounds.play("button")
            from scenes.menu import MenuScene

            self.app.replace(MenuScene(self.app))

    def update(self, dt: float) -> None:
        self.time += dt
        self.animator.update(dt)
        if not self.animator.busy and not self.dealt:
            self.dealt = True
            self.app.sounds.play("deal")
        if self.dealt and not self.app.settings.reduced_motion:
            for i, sprite in enumerate(self.sprites):
                sprite.lift = 6 * (1 + math.sin(self.time * 2.2 + i * 0.7)) * self.motion()

    def motion(self) -> float:
        """How much the title still bobs: 1, then easing to 0 over the last two seconds."""
        return max(0.0, min(1.0, (MOTION_SECONDS - self.time) / 2))

    def next_frame(self) -> float | None:
        return 0.0 if self.animator.busy or self.motion() > 0 else None

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        bob = 0 if self.app.settings.reduced_motion else math.sin(self.time * 1.6) * 6 * self.motion()
        canvas.text("Card Arcade", (640, 170 + bob), 128, GOLD, bold=True, shadow=True)  # its name in every language
        canvas.text(_(GAMES_LINE), (640, 262), HEADING_SIZE, CREAM)
        draw_sprites(canvas, self.app.painter, self.sprites)
        alpha = int(255 - 95 * (1 - math.sin(self.time * 3)) / 2 * self.motion())
        canvas.text(_("Press any key or click to play"), (640, 672), HEADING_SIZE, CREAM, alpha=alpha, shadow=True)
        canvas.text(_("version {version}", version=VERSION), (1280 - SPACE, 720 - SPACE), CAPTION_SIZE, TEXT_DIM,
                    anchor="bottomright")
