"""Every screen a player reaches, put on a headless Driver: the collision test's list of screens.

Each entry of SCREENS puts the app of a fresh Driver (harness/driver.py) in front of one screen, as
the player would see it at rest: a table mid-game after a few moves, a game one move from its
end played out to its result, the overlays on top of a table."""
from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

import lang
from game.registry import game_info, new_game
from game.seats import Seat
from harness.driver import Driver
from harness.start import start_table
from scenes.history import HistoryScene
from scenes.how_to_play import HowToPlayScene
from scenes.menu import MenuScene
from scenes.pause import PauseScene
from scenes.plugins import game_scenes, playable_games, resume_scene
from scenes.rules_page import RulesScene
from scenes.settings import SettingsScene
from scenes.setup import setup_scene
from scenes.stats import StatsScene
from scenes.stats_details import StatsDetailsScene, reset_dialog
from scenes.table import Table
from scenes.title import TitleScene
from scenes.view_table import TableViewer
from scenes.widgets_scene import WidgetScene
from sprites.drawn import Drawn
from storage.stats import STATS_FILE

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SIZES = ((800, 600), (1280, 720), (1920, 1080), (3840, 2160))
Screen = Callable[[Driver], None]
# A table's three players named in Arabic and accented Latin, in Greek, and in Cyrillic
SCRIPT_NAMES = ("أمينة Núñez", "Ζωή Ελένη", "Жанна Ёлкина")


def rest(d: Driver, seconds: float = 30.0) -> None:
    """Step until nothing moves (no transition, no animation, no computer thinking)."""
    d.until(lambda: d.app.fade == 0 and d.app.next_change() is None, seconds)


def frame_at(d: Driver, size: tuple[int, int]) -> list[Drawn]:
    """Resize the window, let the screen settle, and draw one frame noting what it draws."""
    d.app.resize(size)
    d.frames(2)
    d.app.canvas.inspect()
    try:
        d.app.draw()
        return list(d.app.canvas.drawn)
    finally:
        d.app.canvas.inspect(False)


def table(d: Driver) -> Any:
    found = next((s for s in reversed(d.app.scenes) if isinstance(s, Table)), None)
    assert found is not None, "no table on the stack"
    return found


def mid_game(name: str, moves: int = 6, names: tuple[str, ...] = ()) -> Screen:
    """A table after a few moves, the human's chosen by the strongest computer (the first seats
    named `names`, if given)."""
    def build(d: Driver) -> None:
        d.app.push(MenuScene(d.app), transition=False)
        start_table(d.app, name, seed="7", names=names)
        info, t = game_info(name), table(d)
        adviser = info.computer(info.levels[-1], 7)
        for _ in range(moves if info.decisions else 0):
            d.until(t.can_act, 20)
            if t.rules.is_over or not t.can_act():
                break
            t.play(adviser.choose(t.rules.view(t.rules.current_player)))
        if not info.decisions:
            d.key(pygame.K_SPACE)
        rest(d)
    return build


def saved_before_the_end(d: Driver, name: str) -> dict:
    """A seeded game of computers played out, saved one move before its end, the other seat human."""
    info = game_info(name)
    before: dict = {}
    for seed in range(1, 40):
        rules = new_game(name, ["Amina", "Computer"], seed)
        players = [info.computer("normal", seed * 2 + i) for i in range(2)]
        mover = 0
        while not rules.is_over:
            before, mover = rules.to_dict(), rules.current_player
            rules.apply(players[mover].choose(rules.view(mover)) if info.decisions else rules.legal_moves()[0])
        if mover == 1 or not info.decisions:
            break
    seats = [Seat("Amina"), Seat("Computer", "computer", "normal")]
    d.app.saves.save(name, before, [s.to_json() for s in seats], {"key": f"end-{name}", "history": []})
    payload = d.app.saves.load(name)
    assert payload is not None
    return payload


def at_the_end(name: str) -> Screen:
    """The game's last move played: the table under its result."""
    def build(d: Driver) -> None:
        d.app.push(MenuScene(d.app), transition=False)
        d.app.push(resume_scene(d.app, name, saved_before_the_end(d, name)), transition=False)
        if end := game_scenes(name).end_key:
            d.key(pygame.key.key_code(end))
        assert d.until(lambda: table(d).finished and d.app.top is not table(d), 120), "the game did not end"
        rest(d)
    return build


def view_table(name: str) -> Screen:
    """The finished table under the result's View table: the final position and the way back."""
    def build(d: Driver) -> None:
        at_the_end(name)(d)
        result = d.app.top
        assert isinstance(result, WidgetScene), "no result with buttons over the table"
        next(w for w in result.group.widgets if getattr(w, "label", "") == "View table").on_click()
        rest(d)
        assert isinstance(d.app.top, TableViewer)
    return build


def round_over(name: str) -> Screen:
    """A saved game at the end of a round: the score sheet over the table."""
    def build(d: Driver) -> None:
        d.app.push(MenuScene(d.app), transition=False)
        payload = (FIXTURES / "saves" / f"save-{name}-round-over.json").read_text()
        d.app.push(resume_scene(d.app, name, json.loads(payload)), transition=False)
        rest(d)
        assert d.app.top is not table(d), "no score sheet shows"
    return build


def over_a_table(name: str, overlay: Callable[[Driver], None]) -> Screen:
    def build(d: Driver) -> None:
        mid_game(name, moves=2)(d)
        overlay(d)
        rest(d)
    return build


def pushed(make: Callable[[Driver], object]) -> Screen:
    def build(d: Driver) -> None:
        d.app.push(MenuScene(d.app), transition=False)
        d.app.push(make(d), transition=False)  # type: ignore[arg-type]
        rest(d)
    return build


def with_statistics(make: Callable[[Driver], object]) -> Screen:
    """A screen of statistics over those of games played before (tests/fixtures/statistics.sqlite3)."""
    def build(d: Driver) -> None:
        d.app.stats.close()
        shutil.copy(FIXTURES / "statistics.sqlite3", d.app.folder / STATS_FILE)
        d.app._stats = None
        pushed(make)(d)
    return build


def reset_notice(d: Driver) -> None:
    """The details page after its statistics were reset: the notice saying so."""
    with_statistics(lambda d: StatsDetailsScene(d.app, "kings_corner"))(d)
    page = d.app.top
    assert isinstance(page, StatsDetailsScene)
    dialog = reset_dialog(d.app, "kings_corner", page.reload)
    d.app.push(dialog, transition=False)
    next(w for w in dialog.group.widgets if getattr(w, "label", "") == lang._("Reset this game")).on_click()
    d.frames(2)


def menu(d: Driver) -> None:
    d.app.push(MenuScene(d.app), transition=False)
    rest(d)


def history(d: Driver) -> None:
    t = table(d)
    d.app.push(HistoryScene(d.app, t.match.info.title, t.history), transition=False)


def war_batch(d: Driver) -> None:
    """The batch simulation halfway, held there: its picture at each size is that of the same progress."""
    make = game_scenes("war").batch
    assert make is not None
    d.app.push(MenuScene(d.app), transition=False)
    scene = make(d.app, 200, 1, {})
    d.app.push(scene, transition=False)
    scene.batch.run(100)  # type: ignore[attr-defined]
    scene.elapsed = 0.5  # type: ignore[attr-defined]
    scene.update = lambda dt: None  # type: ignore[method-assign]
    scene.next_frame = lambda: None  # type: ignore[method-assign]
    rest(d)


def screens() -> dict[str, Screen]:
    """Every screen, by a name that says which."""
    plan: dict[str, Screen] = {
        "title": pushed(lambda d: TitleScene(d.app)),
        "menu": menu,
        "settings": pushed(lambda d: SettingsScene(d.app)),
        "statistics": with_statistics(lambda d: StatsScene(d.app)),
        "statistics_empty": pushed(lambda d: StatsScene(d.app)),
        "statistics_reset_notice": reset_notice,
    }
    for name in playable_games():
        plan[f"setup_{name}"] = pushed(lambda d, name=name: setup_scene(d.app, name))
        plan[f"table_{name}"] = mid_game(name)
        plan[f"end_{name}"] = at_the_end(name)
        plan[f"how_to_play_{name}"] = pushed(lambda d, name=name: HowToPlayScene(d.app, name))
        page = game_scenes(name).stats
        plan[f"details_{name}"] = with_statistics(
            lambda d, name=name, page=page: page(d.app) if page else StatsDetailsScene(d.app, name))
        if game_info(name).rounds:
            plan[f"score_sheet_{name}"] = round_over(name)
    first = playable_games()[0]
    plan["pause"] = over_a_table(first, lambda d: d.app.push(PauseScene(d.app, first), transition=False))
    plan["how_to_play_menu"] = pushed(lambda d: HowToPlayScene(d.app, first, playable_games()))
    plan["rules"] = over_a_table(first, lambda d: d.app.push(RulesScene(d.app, first), transition=False))
    plan["history"] = over_a_table(first, history)
    plan["reset_dialog"] = with_statistics(lambda d: reset_dialog(d.app, "skyjo", lambda: None))
    plan["war_batch"] = war_batch
    for name in playable_games():
        plan[f"view_table_{name}"] = view_table(name)
    plan["table_kings_corner_four_colour"] = four_colour(mid_game("kings_corner"))
    plan["table_sota_names_in_four_scripts"] = mid_game("sota", names=SCRIPT_NAMES)
    return plan


def four_colour(build: Screen) -> Screen:
    """The same screen with four-colour suits on: the French faces carry their colour group's mark."""
    def with_marks(d: Driver) -> None:
        d.app.settings.four_colour = True
        d.app.painter.set_four_colour(True)
        build(d)
    return with_marks
