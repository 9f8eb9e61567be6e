"""What each game registers and shows before and after a game (its title, options, score words, rules
page, setup screen, statistics page and lesson) comes through the catalogue: in the pseudo-language every
word those screens draw is a message, in French and Arabic none of the game's English texts is drawn,
and those pages keep their texts apart (tests/scenes/collisions.py) at 800x600 in the pseudo-language and
Arabic."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame
import pytest

import lang
from game.registry import GameInfo, built_in_games, game_info
from harness.driver import Driver
from scenes.lesson import lesson_for
from scenes.menu import MenuScene
from scenes.plugins import playable_games
from scenes.rules_page import RulesScene, is_heading
from sprites.drawn import TEXT, Drawn
from tests.i18n.test_screens_in_other_languages import KEPT, Recorder, data, frame_at, from_catalogue
from tests.scenes.collisions import collisions
from tests.scenes.screens import screens

ALL = screens()
GAMES = tuple(name for name in playable_games() if name in built_in_games())  # a plugin brings no catalogue yet
Screen = Callable[[Driver], None]
SMALL = (800, 600)
KEPT_TITLES = {"fr": {"Sota", "Skyjo"}, "ar": set()}  # a title French players say as the English do


def rules_over_menu(name: str) -> Screen:
    """The rules page as the menu's Rules opens it, over the menu."""
    def build(d: Driver) -> None:
        d.app.push(MenuScene(d.app), transition=False)
        d.app.push(RulesScene(d.app, name), transition=False)
        d.frames(2)
    return build


def game_screens() -> dict[str, Screen]:
    chosen: dict[str, Screen] = {}
    for name in GAMES:
        chosen[f"rules_{name}"] = rules_over_menu(name)
        chosen[f"setup_{name}"] = ALL[f"setup_{name}"]
        chosen[f"statistics_{name}"] = ALL[f"details_{name}"]
    return chosen


SCREENS = game_screens()


def reach(name: str, code: str, recorder: Recorder | None = None,
          monkeypatch: pytest.MonkeyPatch | None = None) -> Driver:
    if recorder is not None and monkeypatch is not None:
        monkeypatch.setattr(lang, "_fill", recorder)
    d = Driver()
    d.app.set_language(code)
    SCREENS[name](d)
    return d


def english_texts(info: GameInfo) -> set[str]:
    """The game's own English words a screen may draw: title, options and their values, score words, and
    every line of its rules (as the page breaks them into paragraphs and bullets)."""
    texts = {info.title, info.score.unit, info.score.best, info.score.goal}
    for option in info.options:
        texts |= {option.label, *(label for label in option.labels if not label.isdigit())}
    for line in info.rules_text.split("\n"):
        texts.add(line.removeprefix("- ").strip())
    return {text for text in texts if text}


@contextmanager
def drawn_at_800x600(name: str, code: str, recorder: Recorder | None = None,
                     monkeypatch: pytest.MonkeyPatch | None = None) -> Iterator[tuple[Driver, list[Drawn]]]:
    """The page reached in `code` and what a frame of it at 800x600 drew; the window closed after."""
    d = reach(name, code, recorder, monkeypatch)
    try:
        yield d, frame_at(d, SMALL)
    finally:
        d.close()
        pygame.quit()


@pytest.mark.parametrize("name", SCREENS)
def test_every_word_a_games_page_draws_came_from_the_catalogue(name: str, monkeypatch: pytest.MonkeyPatch):
    recorder = Recorder()
    with drawn_at_800x600(name, "pseudo", recorder, monkeypatch) as (d, frame):
        drawn = [n for n in frame if n.kind == TEXT]
        assert drawn, "nothing drawn: nothing checked"
        strays = sorted({n.text for n in drawn if not from_catalogue(n.text, recorder.made, KEPT | data(d))})
        assert strays == [], f"{name} draws words that are not from the catalogue: {strays}"


@pytest.mark.parametrize("code", ["fr", "ar"])
@pytest.mark.parametrize("name", SCREENS)
def test_no_english_text_of_the_game_is_drawn(name: str, code: str):
    game = name.split("_", 1)[1]
    english = english_texts(game_info(game)) - KEPT_TITLES[code]
    with drawn_at_800x600(name, code) as (d, frame):
        drawn = {" ".join(n.text.split()) for n in frame if n.kind == TEXT}
        left = sorted(text for text in drawn if any(text == words or (len(text) > 12 and text in words)
                                                    for words in english))
        assert left == [], f"{name} in {code} still draws the game's English: {left}"
        if name.startswith("rules_"):
            assert isinstance(d.app.top, RulesScene) and len(d.app.top.lines) > 20, "the rules were drawn"


@pytest.mark.parametrize("code", ["pseudo", "ar"])
@pytest.mark.parametrize("name", SCREENS)
def test_a_games_pages_keep_their_texts_apart_at_800x600(name: str, code: str):
    with drawn_at_800x600(name, code) as (d, frame):
        assert any(n.kind == TEXT for n in frame), "the frame noted no text: nothing was checked"
        faults = collisions(frame, d.app.canvas.rect((0, 0, 1280, 720)))
        assert not faults, f"{name} in {code} at 800x600:\n" + "\n".join(faults)


@pytest.mark.parametrize("code", ["fr", "es", "de", "ar"])
@pytest.mark.parametrize("name", GAMES)
def test_a_lesson_speaks_the_language(name: str, code: str):
    lesson = lesson_for(name)
    assert lesson is not None
    lang.set_language(code)
    assert all(lang._(step.text) != step.text for step in lesson.steps)


@pytest.mark.parametrize("code", ["fr", "es", "de", "ar"])
@pytest.mark.parametrize("name", GAMES)
def test_a_translated_rules_paragraph_keeps_its_headings_and_bullets(name: str, code: str):
    lang.set_language(code)
    for paragraph in game_info(name).rules_text.split("\n\n"):
        english, translated = paragraph.split("\n"), lang._(paragraph).split("\n")
        assert len(translated) == len(english), paragraph[:40]
        for line, words in zip(english, translated, strict=True):
            assert (is_heading(words), words.startswith("- ")) == (is_heading(line), line.startswith("- ")), words


@pytest.mark.parametrize("name", GAMES)
def test_the_score_words_say_which_way_a_score_wins(name: str):
    info = game_info(name)
    low = (info.score.best.startswith("Fewest"), info.score.goal.startswith("The fewest"))
    assert low == (info.low_score_wins, info.low_score_wins)
