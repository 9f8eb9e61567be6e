"""High Card, registered by its own fixture, played as a person would: menu, setup, table, save,
resume, result and statistics; its rules; and the shared tests' checks, run for it by name."""
import json
import zlib

import pygame
import pytest

import tests.game.test_match as shared_match
import tests.scenes.test_stats_details as shared_stats
import tests.test_bad_input as shared_bad_input
import tests.test_fuzz_moves as shared_fuzz
import tests.test_game_protocol as shared_protocol
import tests.test_resume as shared_resume
from bench.monkey import Summary, run_scene, scene_builders
from game import game_info, game_names, load_game, new_game
from game.cards import Card
from game.registry import built_in_games
from scenes.dialog import Dialog
from scenes.menu import MenuScene
from scenes.pause import PauseScene
from scenes.plugins import game_scenes, playable_games
from scenes.result import ResultScene
from scenes.setup import SetupScene
from scenes.stats import StatsScene
from scenes.stats_details import StatsDetailsScene
from tests.high_card.conftest import high_card_registered
from tests.high_card.game.rules import HighCardGame, Turn
from tests.high_card.scenes.table import HighCardTable

BUILT_IN = tuple(name for name in game_names() if name in built_in_games())  # in menu order


def french(rank: int, suit: str) -> Card:
    return Card("french", rank, suit)


# -- the registry ------------------------------------------------------------------------------
def test_high_card_is_a_game_only_while_registered():
    assert game_names() == playable_games() == BUILT_IN
    with high_card_registered() as name:
        assert game_names() == playable_games() == (*BUILT_IN, name), "after the built-in games"
        assert game_info(name).title == "High Card" and game_scenes(name).start is not None
    assert game_names() == playable_games() == BUILT_IN, "every other test sees the built-in games"
    for lookup in (game_info, game_scenes):
        with pytest.raises(ValueError):
            lookup("high_card")


# -- its rules ---------------------------------------------------------------------------------
def test_the_higher_card_takes_the_pair_ace_high_then_by_suit(high_card):
    game = HighCardGame(["Ann", "Ben"], [[french(13, "spades"), french(1, "clubs")],
                                         [french(13, "hearts"), french(13, "clubs")]])
    game.apply(Turn())
    events = game.apply(Turn())
    assert [e.kind for e in events] == ["flip", "take"] and events[1].player == 0, "the Ace beats a King"
    game.apply(Turn())
    events = game.apply(Turn())
    assert events[1].player == 0 and events[-1].kind == "game_over", "spades beat hearts"
    assert game.is_over and game.result() == {"scores": [2, 0], "winners": [0]}


def test_a_view_shows_its_own_top_card_and_never_the_other_pile(high_card):
    game = new_game(high_card, ["Ann", "Ben"], 4, cards=10)
    assert isinstance(game, HighCardGame)
    mine, theirs = game.view(0), game.view(1)
    assert mine.own_top == game.piles[0][-1] and theirs.own_top == game.piles[1][-1]
    assert game.view(None).own_top is None
    assert not any(str(card) in repr(mine) for card in game.piles[1]), "seat 0 sees nothing of seat 1's pile"
    assert mine.pile_sizes == (10, 10)


def test_a_damaged_save_is_refused(high_card):
    data = new_game(high_card, ["Ann", "Ben"], 2).to_dict()
    damages: list[dict] = [{"piles": [[], []]}, {"open_card": ["french", 1, "spades", 0]}, {"players": ["Ann"]},
                           {"taken": [[["french", 99, "x", 0]], []]}]
    for damage in damages:
        with pytest.raises(ValueError):
            load_game({**data, **damage})


# -- played as a person would ------------------------------------------------------------------
def click_label(driver, label: str) -> None:
    driver.click(next(w for w in driver.top.group.widgets if getattr(w, "label", "") == label).rect.center)


def turn_by_click(driver, table: HighCardTable) -> None:
    """Click the top card of the pile in front of the screen, then wait for the computer's answer."""
    driver.click(table.sprites.get(table.top_key()).rect.center)
    driver.until(lambda: table.can_act() or table.rules.is_over)


def test_menu_setup_table_save_resume_result_and_statistics(high_card, driver, card_arcade_home, monkeypatch):
    driver.app.push(MenuScene(driver.app), transition=False)
    menu = driver.top
    tiles = menu.group.widgets[:menu.tile_count]
    assert [t.name for t in tiles] == [*BUILT_IN, high_card] and all(t.rect.right <= 1280 for t in tiles)
    driver.click(tiles[-1].rect.center)
    assert isinstance(driver.top, SetupScene) and driver.top.game_name == high_card
    click_label(driver, "Start")
    table = driver.top
    assert isinstance(table, HighCardTable) and table.can_act()
    turn_by_click(driver, table)
    assert table.match.moves_played == 2, "the human turned a card, the computer answered"
    saved = json.loads((card_arcade_home / "save-high_card.json").read_text())
    assert saved["game"] == high_card and load_game(saved["rules"]) == table.rules

    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    click_label(driver, "Quit to menu")
    tile = next(w for w in driver.top.group.widgets if getattr(w, "name", None) == high_card)
    assert tile.has_save
    driver.click(tile.rect.center)
    assert isinstance(driver.top, Dialog)
    click_label(driver, "Resume")
    resumed = driver.top
    assert isinstance(resumed, HighCardTable) and resumed is not table
    assert resumed.rules == table.rules and resumed.match.key == table.match.key

    turn_by_click(driver, resumed)
    for _ in range(20):
        if resumed.rules.is_over:
            break
        driver.key(pygame.K_SPACE)
        driver.until(lambda: resumed.can_act() or resumed.rules.is_over)
    assert resumed.rules.is_over
    assert driver.until(lambda: isinstance(driver.top, ResultScene))
    assert driver.app.stats.count(high_card) == 1 and not (card_arcade_home / "save-high_card.json").exists()

    click_label(driver, "Menu")
    click_label(driver, "Statistics")
    stats = driver.top
    assert isinstance(stats, StatsScene) and stats.names[-1] == high_card
    driver.click(stats.tabs[-1].rect.center)
    assert [row["games"] for row in stats.rows] == [1, 1]
    drawn = shared_stats.Drawn(driver.app.canvas, monkeypatch)
    driver.click(stats.more.rect.center)
    driver.frames(30)
    assert isinstance(driver.top, StatsDetailsScene) and driver.top.game == high_card
    assert {"High Card statistics", "Games played", "1"} <= set(drawn.lines)
    assert any(line.endswith((" pair", " pairs")) for line in drawn.lines), "its scores counted in its own unit"


# -- the shared tests, run for High Card by name -----------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_shared_protocol_playout(high_card, seed):
    shared_protocol.test_random_playout_keeps_protocol(high_card, seed)


@pytest.mark.parametrize("seed", [11, 12])
def test_the_shared_fuzzed_moves(high_card, seed):
    shared_fuzz.test_fuzzed_moves_are_refused_cleanly_and_games_end(high_card, seed)


def test_the_shared_match_checks(high_card):
    shared_match.test_a_whole_game_of_computers_through_the_match(high_card)
    shared_match.test_the_same_seed_and_moves_give_the_same_game(high_card)
    shared_match.test_a_saved_match_loads_where_it_stopped(high_card)
    shared_bad_input.test_rules_take_any_names(high_card)


def test_the_shared_resume_checks(high_card, driver):
    shared_resume.test_resume_is_exact_and_keeps_the_game_key(driver, high_card)
    for damage in ("seats", "level", "seed", "rules", "game"):
        shared_resume.test_damaged_saves_are_refused(driver, high_card, damage)


def test_the_shared_statistics_page(high_card, driver):
    shared_stats.test_every_game_opens_its_details_with_the_mouse(driver, high_card)


@pytest.mark.parametrize("scene", ["setup", "rules", "table", "pause"])
def test_the_shared_monkey(high_card, driver, scene):
    label = f"{high_card}:{scene}"
    summary = Summary()
    run_scene(driver.app, label, scene_builders()[label], 150, seed=zlib.crc32(label.encode()), summary=summary)
    assert summary.errors == [] and summary.events == 150
