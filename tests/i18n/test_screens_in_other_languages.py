"""The first screens translated: in the pseudo-language every word they draw came through the catalogue
(`lang._`), and in the pseudo-language (about 40% longer) and in Arabic (right to left) no text collides,
leaves its panel or the window, at 800x600 and 1920x1080 (tests/scenes/collisions.py)."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pygame
import pytest

import lang
import lang.words
from harness.driver import Driver
from lang import LANGUAGES
from scenes.app import CRASH_MESSAGE
from scenes.error import ErrorScene
from scenes.menu import MenuScene
from scenes.plugins import game_scenes, playable_games
from scenes.setup import DEFAULT_NAMES
from scenes.table import Table
from sprites.drawn import TEXT
from tests.i18n.online_screens import SHOWN_AS_IS, online_overlay, online_screens
from tests.scenes.collisions import collisions
from tests.scenes.screens import frame_at, screens

ALL = screens()
Screen = Callable[[Driver], None]
# The tables translated so far, reached in English as a player starts them, then switched
TABLES = [f"{kind}_{game}" for game in ("sota", "memory_match") for kind in ("table", "view_table", "end")]
TABLES.append("table_sota_names_in_four_scripts")


def crash_screen(d: Driver) -> None:
    d.app.push(MenuScene(d.app), transition=False)
    d.app.reset(ErrorScene(d.app, CRASH_MESSAGE, d.app.log_path, "Your game could not be saved."))
    d.until(lambda: d.app.fade == 0, 5)


# -- War, Skyjo and Kings Corner (branch h-t2): their tables, score sheets, ends and batch page, reached in
# English and then switched (the harness starts a table by its English Start button) --------------------
THREE_GAMES_SCREENS = ("table_war", "table_skyjo", "table_kings_corner", "table_kings_corner_four_colour",
                       "view_table_war", "view_table_kings_corner", "score_sheet_skyjo",
                       "score_sheet_kings_corner", "war_batch", "end_war", "end_skyjo", "end_kings_corner")
# --------------------------------------------------------------------------------------------------------


def translated_screens() -> dict[str, Screen]:
    """Every screen of tests/scenes/screens.py (each game's setup, How to play, table, result, finished
    table, score sheets and statistics, the history), the online screens and the crash screen; but Skyjo's
    finished table (View table's note lies over its newest moves in the pseudo-language)."""
    names = ["title", "menu", "settings", "statistics", "statistics_empty", "statistics_reset_notice", "pause",
             "how_to_play_menu", "rules", "reset_dialog", "history", *TABLES]
    names += [f"{page}_{game}" for game in playable_games() for page in ("setup", "details", "how_to_play")]
    names += THREE_GAMES_SCREENS
    chosen: dict[str, Screen] = {name: ALL[name] for name in names}
    chosen["crash"] = crash_screen
    # -- the online screens (h-ow): lobby as host and as guest, Join with an error, Your tables, a marked table
    chosen.update(online_screens())
    # -- end of the online screens
    return chosen


SCREENS = translated_screens()
SIZES = ((800, 600), (1920, 1080))
OVER_A_TABLE = {"pause", "rules", "history", *TABLES, *THREE_GAMES_SCREENS}
# What a screen draws that is no message: the program's name, each language named in itself, the
# players' names, numbers and symbols, keys' names
KEPT = {"Card Arcade", *LANGUAGES.values(), *DEFAULT_NAMES}
NO_WORD = re.compile(r"[^\W\d_]{2,}")  # two letters together make a word


class Recorder:
    """Every message `lang._` and `lang.n_` gave, whole, its placeholders filled; `words` records Words
    rendered too (lang/words.py `fill`: a history line, a card's name, a server's reason, an address's error)."""

    def __init__(self) -> None:
        self.made: list[str] = []

    def __call__(self, text: str, fields: Mapping[str, Any]) -> str:
        filled = FILL(text, fields)
        self.made.append(filled)
        return filled

    def words(self, text: str, values: Mapping[str, Any]) -> str:
        filled = WORDS_FILL(text, values)
        self.made.append(filled)
        return filled


FILL = lang._fill
WORDS_FILL = lang.words.fill


def reach(name: str, code: str, monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[Driver, Recorder]:
    recorder = Recorder()
    if monkeypatch is not None:
        monkeypatch.setattr(lang, "_fill", recorder)
        monkeypatch.setattr(lang.words, "fill", recorder.words)
    d = Driver()
    if name not in OVER_A_TABLE:
        d.app.set_language(code)
        SCREENS[name](d)
        return d, recorder
    SCREENS[name](d)  # reached in English (the harness starts a table by its English Start button), then
    recorder.made.clear()
    d.app.set_language(code)  # switched as Settings does: each screen on the stack reads its words again
    d.frames(2)
    return d, recorder


def data(d: Driver) -> set[str]:
    """What a screen shows as it is: the players' names the statistics hold, the games' default seats
    and the table's seats give, the log file's path."""
    names = {row["name"] for game in playable_games() for row in d.app.stats.player_summary(game)}
    seats = {seat.name for game in playable_games() for seat in game_scenes(game).default_seats}
    at_table = {seat.name for scene in d.app.scenes if isinstance(scene, Table) for seat in scene.seats}
    return names | seats | at_table | {str(d.app.log_path)}


def from_catalogue(text: str, made: list[str], kept: set[str]) -> bool:
    """Each part of the text (between '  -  ', as the title joins the games' names) is part of a
    message (a line of one wrapped, cut with '...'), or of what is kept as it is, or no word at all."""
    for part in text.split("  -  "):
        line = " ".join(part.split()).removesuffix("...").removesuffix(".").strip()  # (a reason's full stop)
        if NO_WORD.search(line) and not any(line in " ".join(whole.split()) for whole in [*kept, *made]):
            return False
    return True


@pytest.mark.parametrize("name", SCREENS)
def test_every_word_drawn_came_from_the_catalogue(name: str, monkeypatch: pytest.MonkeyPatch):
    d, recorder = reach(name, "pseudo", monkeypatch)
    try:
        drawn = [n for n in frame_at(d, SIZES[0])  # the table under an overlay too (Sota's)
                 if n.kind == TEXT and online_overlay(name, n.layer)]
        assert drawn, "nothing drawn: nothing checked"
        kept = KEPT | data(d) | SHOWN_AS_IS
        strays = sorted({n.text for n in drawn if not from_catalogue(n.text, recorder.made, kept)})
        assert strays == [], f"{name} draws words that are not from the catalogue: {strays}"
        assert any(n.text.startswith("[") for n in drawn)
    finally:
        d.close()
        pygame.quit()


class Reached:
    """The last screen reached in a language, kept for its other size."""

    def __init__(self) -> None:
        self.key: tuple[str, str] | None = None
        self.driver: Driver | None = None

    def get(self, name: str, code: str) -> Driver:
        if self.key != (name, code) or self.driver is None:
            self.close()
            self.driver, _recorder = reach(name, code)
            self.key = (name, code)
        return self.driver

    def close(self) -> None:
        if self.driver is not None:
            self.driver.close()
            pygame.quit()
        self.driver, self.key = None, None


@pytest.fixture(scope="module")
def reached() -> Iterator[Reached]:
    kept = Reached()
    yield kept
    kept.close()


CASES = [pytest.param(name, code, size, id=f"{name}-{code}-{size[0]}x{size[1]}",
                      marks=[pytest.mark.slow] if size != SIZES[0] else [])
         for name in SCREENS for code in ("pseudo", "ar") for size in SIZES]


@pytest.mark.parametrize(("screen", "code", "size"), CASES)
def test_collision_in_other_languages(reached: Reached, screen: str, code: str, size: tuple[int, int]):
    d = reached.get(screen, code)
    lang.set_language(code)  # the module's fixture gave English back after the last case
    drawn = frame_at(d, size)
    assert any(n.kind == TEXT for n in drawn), "the frame noted no text: nothing was checked"
    faults = collisions(drawn, d.app.canvas.rect((0, 0, 1280, 720)))
    assert not faults, f"{screen} in {code} at {size[0]}x{size[1]}:\n" + "\n".join(faults)
