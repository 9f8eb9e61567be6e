"""Ninety-Nine, a game written from docs/adding-a-game.md alone: found through its distribution's entry
points, its rules, played from the menu, and every shared test parametrised over the games run for it."""
import logging
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pygame
import pytest

import tests.test_saved_by_earlier_versions as old_files
from game import load_game, new_game
from game.cards import Card
from game.core import IllegalMove, Kind
from game.registry import built_in_games, find_games, game_info, game_names, online_games
from scenes.menu import MenuScene
from scenes.plugins import game_scenes, playable_games
from tests.ninety_nine.conftest import ENTRY_POINTS, NAME, install, installed
from tests.ninety_nine.game.moves import Play
from tests.ninety_nine.game.rules import NinetyNineGame
from tests.ninety_nine.scenes.table import NinetyNineParts, ninety_nine_table, own_hand

ROOT = Path(__file__).resolve().parent.parent.parent
SHARED_RUN_S = 900  # the bound on the shared tests' run


def french(rank: int, suit: str = "spades") -> Card:
    return Card("french", rank, suit)


def game_of(hands: list[list[Card]], count: int = 0, draw: tuple[Card, ...] = ()) -> NinetyNineGame:
    """A game at `count` with these hands and draw pile (top card last); the rest of the deck on the pile."""
    fresh = new_game(NAME, [f"P{i}" for i in range(len(hands))], 1)
    assert isinstance(fresh, NinetyNineGame)
    held = {card for hand in hands for card in hand} | set(draw)
    pile = [card for card in [*fresh.draw, *(c for h in fresh.hands for c in h)] if card not in held]
    return NinetyNineGame(fresh.players, hands, list(draw), fresh.rng, pile, count)


# -- found, not listed ---------------------------------------------------------------------------
def test_it_is_a_game_only_while_its_distribution_is_on_the_path(tmp_path):
    assert NAME not in game_names() and NAME not in playable_games()
    with installed(tmp_path / "site"):
        assert game_names()[-1] == playable_games()[-1] == NAME, "after the built-in games"
        assert NAME in online_games() and game_scenes(NAME).online is ninety_nine_table
        assert NAME not in built_in_games() and game_info(NAME).title == "Ninety-Nine"
        old_files.test_every_game_of_an_earlier_version_has_an_old_save_and_every_old_save_a_registered_game()
    assert NAME not in game_names() and NAME not in playable_games(), "every other test sees the built-in games"
    with pytest.raises(ValueError):
        game_info(NAME)


def test_a_distribution_whose_game_fails_to_load_is_left_out_and_logged(tmp_path, caplog):
    folder = install(tmp_path / "site")
    entry_points = next(folder.glob("*.dist-info")) / "entry_points.txt"
    entry_points.write_text(ENTRY_POINTS.replace("tests.ninety_nine.game:INFO", "tests.ninety_nine.game:NOTHING"))
    sys.path.insert(0, str(folder))
    try:
        with caplog.at_level(logging.ERROR, logger="card_arcade.games"):
            find_games()
        assert NAME not in game_names() and NAME not in playable_games()
        assert any(NAME in record.getMessage() for record in caplog.records)
    finally:
        sys.path.remove(str(folder))


# -- its rules -----------------------------------------------------------------------------------
def test_a_card_adds_its_value_and_the_player_draws(ninety_nine):
    game = game_of([[french(12), french(2)], [french(5)]], count=80, draw=(french(7, "hearts"),))
    events = game.apply(Play(french(12)))
    assert game.count == 90 and [e.kind for e in events] == [Kind.PLAY, Kind.DRAW, Kind.TURN]
    assert french(7, "hearts") in game.hands[0] and game.current_player == 1
    assert "7" not in events[1].text, "nobody reads which card was drawn"


def test_a_card_that_passes_99_is_refused(ninety_nine):
    game = game_of([[french(10), french(3)], [french(5)]], count=95)
    assert game.legal_moves() == [Play(french(3))]
    with pytest.raises(IllegalMove, match="past 99"):
        game.apply(Play(french(10)))


def test_who_cannot_play_loses_and_the_others_win(ninety_nine):
    game = game_of([[french(1)], [french(9)], [french(2)]], count=97)
    events = game.apply(Play(french(1)))
    assert game.is_over and events[-1].kind == Kind.GAME_OVER
    assert game.result()["winners"] == [0, 2] and game.view(0).loser == 1


def test_a_seat_sees_its_own_hand_only(ninety_nine):
    game = new_game(NAME, ["Ann", "Ben", "Cy"], 4)
    assert isinstance(game, NinetyNineGame)
    assert game.view(1).hand == tuple(game.hands[1]) and game.view(None).hand == ()
    assert not set(game.hands[0]) & set(repr(game.view(1))), "seat 1 sees nothing of seat 0's hand"
    data = game.to_dict()
    for damage in ({"count": 100}, {"hands": data["hands"][:2]}, {"draw": data["draw"][1:]}):
        with pytest.raises(ValueError):
            load_game({**data, **damage})


# -- played as a person would --------------------------------------------------------------------
def test_from_the_menu_a_click_plays_a_card_and_the_computer_answers(ninety_nine, driver):
    driver.app.push(MenuScene(driver.app), transition=False)
    tiles = driver.top.group.widgets[:driver.top.tile_count]
    assert [tile.name for tile in tiles][-1] == NAME and all(tile.rect.right <= 1280 for tile in tiles)
    driver.click(tiles[-1].rect.center)
    driver.click(next(w for w in driver.top.group.widgets if getattr(w, "label", "") == "Start").rect.center)
    table = driver.top
    assert isinstance(table.game, NinetyNineParts) and table.can_act()
    card = own_hand(table.view(), table.seating.bottom)[0]
    driver.click(table.sprites[card].rect.center)
    assert driver.until(lambda: table.match.moves_played >= 2 and table.can_act())
    assert table.rules.pile[0] == card and table.rules.count >= 2
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)
    assert table.match.moves_played >= 3, "Enter played the card Right chose"


# -- the shared tests ----------------------------------------------------------------------------
@pytest.mark.slow
def test_every_shared_test_parametrised_over_the_games_passes_for_it(tmp_path):
    """pytest over the whole tree, Ninety-Nine's distribution on PYTHONPATH: every test whose
    parameters name it (they come from the registry when collected) runs and passes."""
    report = tmp_path / "report.xml"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(install(tmp_path / "site")), str(ROOT)])}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-k", NAME, "--ignore", "tests/ninety_nine",
                           f"--junitxml={report}", "tests"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=SHARED_RUN_S, check=False)
    cases = ElementTree.parse(report).getroot().iter("testcase")
    files = {case.get("classname", "") for case in cases}
    assert done.returncode == 0, done.stdout[-3000:]
    assert {"tests.test_game_protocol", "tests.test_resume", "tests.scenes.test_collisions", "tests.test_monkey",
            "tests.net.test_no_leak", "tests.scenes.test_phrase_anchors"} <= files
    assert len(files) >= 20, sorted(files)
