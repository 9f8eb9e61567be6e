"""Odd text a player can type or a save can hold: seeds, names, history lines, text drawing."""
import copy
import json
import random

import pygame
import pytest

from game.seats import MAX_NAME, Seat, clean_name
from harness.start import start_table
from scenes.menu import MenuScene
from scenes.plugins import playable_games, resume_scene
from scenes.setup import seed_from_text
from scenes.war.draw import fit_text
from sprites.canvas import Canvas
from storage.files import atomic_write_json

ODD = ["\u0000", "\ufeff", "\u034f", "\u202e" * 20, "\ud800"]


@pytest.mark.parametrize("text", ["²", "①", "12²", "٣", "\uff11\uff12"])
def test_a_seed_of_digits_other_than_ascii_is_hashed_never_a_crash(text):
    assert isinstance(seed_from_text(text, random.Random(1)), int)
    assert seed_from_text("123", random.Random(1)) == 123


@pytest.mark.parametrize("text", ["\u034f", " \u034f", "\u17b4", "\u200b\u200c\u200d", "\ufeff\u2060",
                                  "\ud800", "\u0301", "\u202e" * 20, "\u00a0"])
def test_a_name_without_a_visible_character_is_the_default(text):
    assert clean_name(text, "Player 1") == "Player 1"


def test_a_name_is_normalised_and_stripped_of_hidden_characters():
    assert clean_name("Zoe\u0301", "P") == "Zo\u00e9"
    assert clean_name("a\u200bb\ufeffc\u034fd\ud800e\u202e", "P") == "abcde"
    assert Seat.from_json({"name": " \u034f", "kind": "human"}).name == "Player"


@pytest.mark.parametrize("text", ["", "\u034f", " \u034f", "\u0000", "\ud800", "a\u0000b", "\u200b", "x" * 5000])
def test_drawing_any_text_never_raises(text):
    canvas = Canvas(pygame.Surface((1280, 720)))
    canvas.text(text, (100, 100), 20)
    assert canvas.text_size(text, 20)[1] > 0
    canvas.wrap(text, 20, 300)


def test_fitting_a_long_text_is_a_binary_search():
    canvas = Canvas(pygame.Surface((1280, 720)))
    measured = 0
    real = canvas.text_size

    def counted(text, size, bold=False):
        nonlocal measured
        measured += 1
        return real(text, size, bold)

    canvas.text_size = counted  # type: ignore[method-assign]
    cut = canvas.fit("x" * 20_000, 14, 200)
    assert cut.endswith("...") and canvas.text_size(cut, 14)[0] <= 200
    assert measured < 40
    measured = 0
    cut = fit_text(canvas, "y" * 20_000, 14, 200)
    assert canvas.text_size(cut, 14, True)[0] <= 200 and measured < 40


def saved(driver, name):
    driver.app.push(MenuScene(driver.app), transition=False)
    start_table(driver.app, name)
    driver.frames(3)
    return driver.app.saves.load(name)


def names_key(payload):
    return "players" if "players" in payload["rules"] else "names"


@pytest.mark.driver(speed="instant")
@pytest.mark.parametrize("name", playable_games())
def test_a_long_name_in_a_save_is_refused(driver, name):
    payload = saved(driver, name)
    bad = copy.deepcopy(payload)
    bad["rules"][names_key(bad)][0] = "x" * 3000
    with pytest.raises(ValueError):
        resume_scene(driver.app, name, bad)


@pytest.mark.driver(speed="instant")
@pytest.mark.parametrize("odd", ODD)
@pytest.mark.parametrize("where", ["history", "unseen", "rules", "seat"])
def test_odd_text_in_a_save_never_crashes_a_resume(driver, card_arcade_home, odd, where):
    name = "war" if where == "unseen" else "kings_corner"
    payload = saved(driver, name)
    bad = copy.deepcopy(payload)
    if where == "history":
        bad["extra"]["history"] = [f"a{odd}b", *bad["extra"].get("history", [])]
    elif where == "unseen":
        bad["extra"]["unseen"] = f"a{odd}b"
    elif where == "rules":
        bad["rules"][names_key(bad)][0] = f"A{odd}"
    else:
        bad["seats"][0]["name"] = f" {odd}"
    driver.app.saves.save(name, bad["rules"], bad["seats"], bad["extra"])
    driver.app.reset(MenuScene(driver.app))
    driver.top.resume(name)
    driver.frames(3)
    if isinstance(driver.top, MenuScene):  # refused: moved aside, with a sentence
        assert list(card_arcade_home.glob(f"save-{name}.json.damaged-*"))
        assert any("damaged" in text for text, _ in driver.app.notices)
    else:
        assert driver.top.__class__.__name__ != "ErrorScene"


def test_writing_a_lone_surrogate_raises_no_unexpected_error(tmp_path):
    path = tmp_path / "a.json"
    atomic_write_json(path, {"a": 1})
    try:
        atomic_write_json(path, {"name": "x\ud800"})
    except OSError:
        assert json.loads(path.read_text("utf-8")) == {"a": 1}, "the old file stays"
    else:
        assert json.loads(path.read_text("utf-8")) == {"name": "x\ud800"}
    assert not list(tmp_path.glob("*.tmp"))


def test_the_fit_of_a_huge_name_takes_a_few_measures(monkeypatch):
    """Halving, not one measure a character (bench/bench_paint.py times it)."""
    canvas = Canvas(pygame.Surface((1280, 720)))
    measured = []
    measure = Canvas.text_size

    def counted(self, text, *args, **kwargs):
        measured.append(len(text))
        return measure(self, text, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text_size", counted)
    fitted = canvas.fit("x" * 20_000, 14, 200)
    assert fitted.endswith("...") and measure(canvas, fitted, 14)[0] <= 200
    assert len(measured) <= 20, f"{len(measured)} measures for a 20,000-character name"
    assert MAX_NAME <= 32


@pytest.mark.driver(speed="instant")
@pytest.mark.parametrize("key", ["a\ud800b", "\udfff", "k\u0000", "\u202ekey", 7, ["k"], "k" * 5000])
def test_a_save_whose_game_key_is_odd_is_set_aside_never_a_crash_when_its_game_ends(driver, card_arcade_home, key):
    """The key names the game in the statistics: a lone surrogate there made SQLite's insert raise
    UnicodeEncodeError when the resumed game ended (bench/attack.py, item 4)."""
    payload = saved(driver, "war")
    bad = copy.deepcopy(payload)
    bad["extra"]["key"] = key
    with pytest.raises(ValueError):
        resume_scene(driver.app, "war", bad)
    driver.app.saves.save("war", bad["rules"], bad["seats"], bad["extra"])
    driver.app.reset(MenuScene(driver.app))
    driver.top.resume("war")
    driver.frames(3)
    assert isinstance(driver.top, MenuScene), "refused: a key we never write is a damaged save"
    assert list(card_arcade_home.glob("save-war.json.damaged-*"))
    assert any("damaged" in text for text, _ in driver.app.notices)
