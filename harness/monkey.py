"""The monkey: random but real pygame events through the real main loop, on every scene (run long by
bench/monkey.py, short by tests/test_monkey.py). Checks after every event: no crash (no error
screen), the rules invariants of every table on the stack hold; after each scene's run, a game in
progress still accepts a legal move."""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from harness.start import start_table
from scenes.error import ErrorScene
from scenes.menu import MenuScene
from scenes.pause import PauseScene
from scenes.plugins import game_scenes, playable_games
from scenes.rules_page import RulesScene
from scenes.settings import SettingsScene
from scenes.setup import setup_scene
from scenes.stats import StatsScene
from scenes.title import TitleScene
from scenes.window import window_surface

DT = 1 / 60
KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_RETURN,
        pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_PAGEUP,
        pygame.K_PAGEDOWN, pygame.K_a, pygame.K_z, pygame.K_1, pygame.K_s, pygame.K_d, pygame.K_u,
        pygame.K_h, pygame.K_F11)
TEXTS = ("a", "Zoë", "😀", "مرحبا", "שלום", "1234", " ", "x" * 40, "\u202e", "日本")
SIZES = ((1280, 720), (640, 360), (1920, 1080), (800, 800), (480, 270), (1600, 600))


def paused_table(app, name: str) -> None:
    """A table of `name` with its pause menu open over it."""
    start_table(app, name)
    app.push(PauseScene(app, name), transition=False)


def scene_builders() -> dict[str, Callable]:
    """Every scene the monkey visits, by name: each builds its stack on a fresh menu."""
    builders: dict[str, Callable] = {
        "title": lambda app: app.push(TitleScene(app), transition=False),
        "menu": lambda app: None,
        "settings": lambda app: app.push(SettingsScene(app), transition=False),
        "statistics": lambda app: app.push(StatsScene(app), transition=False),
    }
    for name in playable_games():
        scenes = game_scenes(name)
        builders[f"{name}:setup"] = lambda app, n=name: app.push(setup_scene(app, n), transition=False)
        builders[f"{name}:rules"] = lambda app, n=name: app.push(RulesScene(app, n), transition=False)
        builders[f"{name}:table"] = lambda app, n=name: start_table(app, n)
        builders[f"{name}:pause"] = lambda app, n=name: paused_table(app, n)
        if scenes.stats is not None:
            builders[f"{name}:statistics"] = lambda app, page=scenes.stats: app.push(page(app), transition=False)
        if scenes.batch is not None:
            builders[f"{name}:batch"] = lambda app, batch=scenes.batch: app.push(batch(app, 1000, 1, {}),
                                                                                   transition=False)
    return builders


@dataclass
class Summary:
    events: int = 0
    frames: int = 0
    rebuilds: int = 0
    tables_checked: int = 0
    errors: list[str] = field(default_factory=list)
    per_scene: dict[str, int] = field(default_factory=dict)


class Monkey:
    def __init__(self, app, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.held = False

    def random_event(self) -> pygame.Event:
        rng = self.rng
        w, h = window_surface().get_size()
        pos = (rng.randrange(-20, w + 20), rng.randrange(-20, h + 20))
        roll = rng.random()
        if roll < 0.25:
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-30, 30), rng.randint(-30, 30)),
                                      buttons=(int(self.held), 0, 0))
        if roll < 0.45:
            self.held = True
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3, 4, 5)))
        if roll < 0.6:
            self.held = False
            return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice((1, 1, 3)))
        if roll < 0.85:
            key = rng.choice(KEYS)
            if key == pygame.K_F11 and rng.random() < 0.8:
                key = pygame.K_RIGHT
            mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
            return pygame.event.Event(rng.choice((pygame.KEYDOWN, pygame.KEYDOWN, pygame.KEYUP)), key=key, mod=mod,
                                      unicode="", scancode=0)
        if roll < 0.9:
            return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))
        if roll < 0.95:
            return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False)
        if roll < 0.975:
            size = rng.choice(SIZES)
            return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        return pygame.event.Event(rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED,
                                              pygame.WINDOWLEAVE, pygame.WINDOWENTER)))


def tables(app) -> list:
    return [scene for scene in app.scenes if hasattr(scene, "rules") and hasattr(scene, "match")]


def check_still_playable(app, summary: Summary, label: str) -> None:
    """A game in progress must still take a legal move (from a human) or move by itself."""
    for table in tables(app):
        rules = table.rules
        summary.tables_checked += 1
        if rules.is_over:
            continue
        before = json.dumps(rules.to_dict(), sort_keys=True)
        table.seating.pass_to = None
        while app.top is not table:
            app.pop()
        if table.seats[rules.current_player].is_human:
            table.animator.finish_all()
            if not table.play(rules.legal_moves()[0]):
                summary.errors.append(f"{label}: a legal move was refused")
        else:
            for _ in range(int(20 / DT)):
                app.step(DT)
                if app.top is not table or json.dumps(rules.to_dict(), sort_keys=True) != before:
                    break
            else:
                summary.errors.append(f"{label}: the computer never moved")


def run_scene(app, label: str, build: Callable, events: int, seed: int, summary: Summary) -> None:
    app.settings.animation_speed = "fast"
    monkey = Monkey(app, seed)
    app.reset(MenuScene(app))
    build(app)
    home = list(app.scenes)
    for i in range(events):
        if not app.running or not app.scenes:
            app.running = True
            app.reset(MenuScene(app))
            build(app)
            summary.rebuilds += 1
        pygame.event.post(monkey.random_event())
        app.step(DT)
        summary.events += 1
        summary.frames += 1
        if any(isinstance(scene, ErrorScene) for scene in app.scenes):
            summary.errors.append(f"{label} event {i}: {app.scenes[-1].message}")
            return
        try:
            for table in tables(app):
                table.rules.check_invariants()
        except AssertionError as exc:
            summary.errors.append(f"{label} event {i}: invariant broken: {exc}")
            return
        if home and home[-1] not in app.scenes and monkey.rng.random() < 0.02:
            app.reset(MenuScene(app))
            build(app)
            home = list(app.scenes)
            summary.rebuilds += 1
    if label.endswith((":table", ":pause")) and not tables(app):
        app.reset(MenuScene(app))
        build(app)
    check_still_playable(app, summary, label)
    summary.per_scene[label] = summary.per_scene.get(label, 0) + events
