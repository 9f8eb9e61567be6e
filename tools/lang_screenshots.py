"""Take the screenshots of a translation: the menu, a setup, a rules page, the statistics and every
game's table, at 1280x720, in one language, headless (the real App on the dummy video driver).

    python tools/lang_screenshots.py --lang fr [--out docs/screenshots] [--only menu,table_sota]

Writes `lang-<code>-<screen>.png`: `menu`, `setup` (Skyjo's), `rules` (Sota's page over its table),
`statistics` (of the games in tests/fixtures/statistics.sqlite3), `settings` and `table-<game>` for each game (a table
after a few moves, the human's chosen by the strongest computer, seeded: the same deal every run). A
table is started in English by its setup's Start button, as the harness starts one, and the language is
then switched as Settings switches it; the other screens are reached in the language.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
STATISTICS = ROOT / "tests" / "fixtures" / "statistics.sqlite3"
SETUP_GAME, RULES_GAME = "skyjo", "sota"
MOVES = 6  # the human's moves played before a table's picture


def rest(driver) -> None:
    """Step until nothing moves (no transition, no animation, no computer thinking)."""
    driver.until(lambda: driver.app.fade == 0 and driver.app.next_change() is None, 30)


def table_of(driver):
    """The table on the app's stack."""
    from scenes.table import Table

    found = next((s for s in reversed(driver.app.scenes) if isinstance(s, Table)), None)
    if found is None:
        raise SystemExit("no table on the stack")
    return found


def mid_game(name: str) -> Callable:
    """A table after a few moves (a game without decisions: watched for a moment)."""
    def reach(driver) -> None:
        import pygame

        from game.registry import game_info
        from harness.start import start_table
        from scenes.menu import MenuScene

        driver.app.push(MenuScene(driver.app), transition=False)
        start_table(driver.app, name, seed="7")
        info, table = game_info(name), table_of(driver)
        adviser = info.computer(info.levels[-1], 7)
        for _ in range(MOVES if info.decisions else 0):
            driver.until(table.can_act, 20)
            if table.rules.is_over or not table.can_act():
                break
            table.play(adviser.choose(table.rules.view(table.rules.current_player)))
        if not info.decisions:
            driver.key(pygame.K_SPACE)
        rest(driver)
    return reach


def rules(driver) -> None:
    """The rules page over a table, as the pause menu opens it."""
    from scenes.rules_page import RulesScene

    mid_game(RULES_GAME)(driver)
    driver.app.push(RulesScene(driver.app, RULES_GAME), transition=False)


def pushed(make: Callable) -> Callable:
    """A screen pushed over the menu."""
    def reach(driver) -> None:
        from scenes.menu import MenuScene

        driver.app.push(MenuScene(driver.app), transition=False)
        driver.app.push(make(driver.app), transition=False)
    return reach


def statistics(driver) -> None:
    """The statistics screen over the games of the tests' statistics."""
    from scenes.stats import StatsScene
    from storage.stats import STATS_FILE

    driver.app.stats.close()
    shutil.copy(STATISTICS, driver.app.folder / STATS_FILE)
    driver.app._stats = None
    pushed(StatsScene)(driver)


def plan() -> dict[str, tuple[Callable, bool]]:
    """Each picture's name, how it is reached, and whether it is reached in English first (a table)."""
    from scenes.menu import MenuScene
    from scenes.plugins import playable_games
    from scenes.settings import SettingsScene
    from scenes.setup import setup_scene

    screens: dict[str, tuple[Callable, bool]] = {
        "menu": (lambda d: d.app.push(MenuScene(d.app), transition=False), False),
        "setup": (pushed(lambda app: setup_scene(app, SETUP_GAME)), False),
        "rules": (rules, True),
        "statistics": (statistics, False),
        "settings": (pushed(SettingsScene), False),
    }
    for name in playable_games():
        screens[f"table-{name.replace('_', '-')}"] = (mid_game(name), True)
    return screens


def take(code: str, name: str, reach: Callable, english_first: bool, out: Path) -> Path:
    """One picture in a fresh data folder."""
    import pygame

    from harness.driver import Driver

    os.environ["CARD_ARCADE_HOME"] = tempfile.mkdtemp(prefix="card-arcade-lang-")
    driver = Driver()
    try:
        if english_first:
            driver.app.set_language("en")
            reach(driver)
            driver.app.set_language(code)  # as Settings switches it: every scene reads its words again
        else:
            driver.app.set_language(code)
            reach(driver)
        rest(driver)
        driver.frames(2)
        path = out / f"lang-{code}-{name}.png"
        pygame.image.save(driver.app.window, str(path))
        return path
    finally:
        driver.close()
        driver.app.shut_down()
        shutil.rmtree(os.environ["CARD_ARCADE_HOME"], ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", required=True, help="the language's code: fr, es, de, ar")
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--only", default="", help="comma-separated screens: menu, setup, rules, statistics, settings, "
                                                   "table-<game>")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from lang import LANGUAGES

    if args.lang not in LANGUAGES:
        parser.error(f"--lang must be one of {', '.join(LANGUAGES)}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    wanted = set(filter(None, args.only.split(",")))
    for name, (reach, english_first) in plan().items():
        if not wanted or name in wanted:
            print("took", take(args.lang, name, reach, english_first, out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
