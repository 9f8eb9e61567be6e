"""Following a War game, through the real loop: who won each battle, said and kept in the
history once it has been shown; the speed and the history kept by a resume; a true result line."""
import json
import shutil
from pathlib import Path

import pygame

from game.seats import Seat
from game.war.text import format_play_time
from harness.driver import Driver
from scenes.menu import MenuScene
from scenes.plugins import resume_scene
from scenes.result import ResultScene
from scenes.table import Table
from scenes.war.table import WarParts, start_table

SEATS = [Seat("You"), Seat("Computer", "computer")]
SHORT_SEED = 3  # 18 battles, 4 wars: 51 s by hand


def table_for(d, seed=SHORT_SEED, **options) -> Table:
    table = start_table(d.app, SEATS, options, seed)
    d.app.push(table, transition=False)
    d.frames(2)
    return table


def test_a_resumed_game_keeps_the_speed_chosen_after_its_last_battle(driver):
    menu = MenuScene(driver.app)
    driver.app.push(menu, transition=False)
    table = table_for(driver)
    driver.key(pygame.K_RIGHT)
    driver.until(lambda: not table.animator.busy, 10)
    driver.key(pygame.K_4)  # 8x, chosen after the last battle
    driver.key(pygame.K_ESCAPE)
    driver.app.to_menu()
    driver.frames(2)
    driver.top.resume("war")
    resumed = driver.top
    assert isinstance(resumed.game, WarParts) and resumed is not table and resumed.rules.battles == 1
    assert resumed.game.speed == 8


def test_after_each_battle_the_table_says_who_won_it_in_words(driver):
    table = table_for(driver)
    driver.key(pygame.K_RIGHT)
    assert table.rules.battles == 1 and table.animator.busy
    assert table.history == [] and not table.message.text.startswith("Battle"), "not told before it is seen"
    assert driver.until(lambda: not table.animator.busy, 10)
    assert table.history == ["Battle 1: the Computer's 3 beats your Ace"]
    assert table.message.text == table.history[-1] and table.message.left > 0
    for _ in range(3):
        driver.key(pygame.K_RIGHT)  # each step first shows the battle before it
    driver.until(lambda: not table.animator.busy, 10)
    assert [line.split(":")[0].split(",")[0] for line in table.history] == [f"Battle {n}" for n in range(1, 5)]
    assert table.history[2] == "Battle 3, a double war: your 7 beats the Computer's 2, you take 18 cards"


def test_a_war_is_not_told_before_its_banners(driver):
    table = table_for(driver, deck="trick")
    driver.key(pygame.K_RIGHT)
    banners = set()
    while table.animator.busy:
        driver.frames()
        if not table.game.show.banner.hidden:
            banners.add(table.game.show.banner.text)
        if table.history:
            assert "SEXTUPLE WAR!" in banners, "the history told the war's end before its last banner"
        else:
            assert not table.message.text.startswith("Battle 1"), "the message told it before the history"
    assert "SEXTUPLE WAR!" in banners
    assert table.history == ["Battle 1, a sextuple war: your 10 beats the Computer's Ace, you take 50 cards"]


def test_to_the_end_puts_every_battle_in_the_history(driver):
    table = table_for(driver, seed=11)
    driver.key(pygame.K_e)
    assert driver.until(lambda: isinstance(driver.top, ResultScene), 20)
    assert len(table.history) == table.rules.battles
    assert table.history[-1].startswith(f"Battle {table.rules.battles}") and "the game" in table.history[-1]


def test_the_history_comes_back_after_a_resume_with_a_battle_saved_before_it_was_shown(driver):
    table = table_for(driver)
    for _ in range(3):
        driver.key(pygame.K_RIGHT)
    assert table.animator.busy and len(table.history) == 2, "battle 3 is still being shown"
    payload = json.loads(json.dumps(driver.app.saves.load("war")))
    resumed = resume_scene(driver.app, "war", payload)
    driver.until(lambda: not table.animator.busy, 10)
    assert resumed.history == table.history and len(resumed.history) == 3


def test_the_result_says_time_was_saved_only_when_it_was():
    quick = Driver(speed="normal")
    table = table_for(quick)
    quick.key(pygame.K_e)  # to the end at once: nearly all the time by hand is saved
    assert quick.until(lambda: isinstance(quick.top, ResultScene), 20)
    assert table.game.watched < 1
    assert quick.top.lines[-2:] == ["Played by hand this game would take 0 min 51 s.",
                                    "Here the battles took 0 min 0 s: you saved 0 min 50 s."]
    assert quick.top.lines[1] == "18 battles, you won 10", "'you' in the middle of a sentence"
    quick.close()
    watcher = Driver(speed="normal")
    table = table_for(watcher)
    watcher.key(pygame.K_SPACE)  # watched at 1x: about a minute, longer than by hand
    for _ in range(2000):
        if isinstance(watcher.top, ResultScene):
            break
        watcher.app.step(0.1)
    assert isinstance(watcher.top, ResultScene)
    assert table.game.watched > 51
    assert watcher.top.lines[-1] == f"Here the battles took {format_play_time(table.game.watched)}.", "nothing saved"
    watcher.close()


def test_a_fixed_order_game_saved_by_version_1_resumes_from_the_menu_and_plays_to_its_end(card_arcade_home):
    old = Path(__file__).parents[2] / "game" / "war" / "old_saves" / "war-fixed-pickup-v1.json"
    shutil.copy(old, card_arcade_home / "save-war.json")
    d = Driver(speed="fast")
    menu = MenuScene(d.app)
    d.app.push(menu, transition=False)
    menu.resume("war")
    table = d.top
    assert isinstance(table.game, WarParts) and table.rules.battles == 30 and table.game.speed == 4
    assert table.rules.fixed_order == "by_seat" and len(table.history) == 30
    d.key(pygame.K_e)
    assert d.until(lambda: isinstance(d.top, ResultScene), 30)
    assert table.rules.is_over and len(table.history) == table.rules.battles
    d.close()


def test_a_war_only_computers_played_ends_without_a_celebration(driver):
    seats = [Seat("Hafsa", "computer"), Seat("Youssef", "computer")]
    table = start_table(driver.app, seats, {}, SHORT_SEED)
    driver.app.push(table, transition=False)
    driver.key(pygame.K_e)
    assert driver.until(lambda: isinstance(driver.top, ResultScene), 20)
    assert driver.top.cascade is None, "nobody at this screen won"


def test_a_war_you_won_celebrates_with_its_own_cards(driver):
    table = table_for(driver)  # seed 3: you win
    driver.key(pygame.K_e)
    assert driver.until(lambda: isinstance(driver.top, ResultScene), 20)
    assert table.rules.result()["winners"] == [0]
    assert driver.top.cascade is not None
