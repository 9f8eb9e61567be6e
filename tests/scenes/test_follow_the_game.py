"""What every table gives a player to follow the game: the move history (kept in the save), a
computer's message that waits for the human, thinking off the frame loop, and hints."""
import threading
import time

import pygame
import pytest

from game.match import lines_from_save
from game.seats import Seat
from game.sota import Draw, Play
from harness.driver import DT
from scenes.history import HistoryScene
from scenes.plugins import resume_scene
from scenes.sota.table import start_table

pytestmark = pytest.mark.driver(speed="instant")
HELD_S = 30.0  # the longest a held thought waits to be let go (it only bounds the wait)


def sota_table(driver, seed=5, first_human=True, frames=2):
    seats = [Seat("Amina"), Seat("Hafsa", "computer", "normal")]
    if not first_human:
        seats.reverse()
    table = start_table(driver.app, seats, {"stacking": True, "play_drawn": False}, seed)
    driver.app.push(table, transition=False)
    driver.frames(frames)
    return table


def play_human_moves(driver, table, count):
    """The human plays `count` times: a legal card if any, else the first legal move."""
    for _ in range(count):
        assert driver.until(table.can_act, 10)
        moves = table.rules.legal_moves()
        cards = [m for m in moves if isinstance(m, Play)]
        table.play(cards[0] if cards else moves[0])
        driver.frames(2)


def test_every_move_is_in_the_history_and_the_history_comes_back_after_a_resume(driver):
    table = sota_table(driver)
    play_human_moves(driver, table, 3)
    assert driver.until(table.can_act, 10)
    names = {line.split(" ")[0] for line in table.history}
    assert {"Amina", "Hafsa"} <= names, table.history
    assert len(table.history) >= 6, "each of the human's three moves and the computer's answers"
    again = resume_scene(driver.app, "sota", driver.app.saves.load("sota"))
    assert again.history == table.history


def test_a_history_that_is_not_a_list_of_texts_is_dropped_not_the_game():
    assert lines_from_save(None) == []
    assert lines_from_save(["a", 3]) == []
    assert lines_from_save({"a": 1}) == []
    assert lines_from_save(["x" * 1000])[0] == "x" * 300


def test_hidden_draws_are_in_the_history_without_the_card(driver):
    table = sota_table(driver)
    for _ in range(40):  # the human plays on until a turn where they must draw
        assert driver.until(table.can_act, 10)
        if Draw() in table.rules.legal_moves():
            break
        table.play(next(m for m in table.rules.legal_moves() if isinstance(m, Play)))
    hand_before = set(table.view().hand)
    lines_before = len(table.history)
    table.game.input.draw_from_pile(table.view())
    drawn = set(table.view().hand) - hand_before
    line = table.history[lines_before]
    assert line.startswith("Amina") and "draws a card" in line, line
    assert drawn and all(str(card) not in " ".join(table.history) for card in drawn)


def test_the_computer_move_message_is_still_shown_when_the_human_turn_starts(driver):
    driver.app.settings.animation_speed = "fast"
    table = sota_table(driver, first_human=False)
    assert driver.until(table.can_act, 10)
    said = table.message.text
    assert said.startswith("Hafsa"), said
    driver.run(12)
    assert table.message.text == said and table.message.left > 0, "the message waits for the human"
    play_human_moves(driver, table, 1)
    driver.run(2)
    assert table.message.text != said or table.message.left == 0


def test_the_computer_thinks_on_a_worker_thread_while_the_frames_keep_coming(driver):
    table = sota_table(driver, first_human=False, frames=0)
    computer = table.match.computers[0]
    choose = computer.choose
    asked, let_go = threading.Event(), threading.Event()
    thinkers, released = [], []

    def held_choose(view):  # thinks until the test lets it go, which it can only do between frames
        thinkers.append(threading.current_thread())
        asked.set()
        released.append(let_go.wait(HELD_S))
        return choose(view)

    computer.choose = held_choose
    opening = len(table.history)  # the starting card's line
    try:
        for _ in range(round(5 / DT)):  # the app's own steps: a Driver's frames would wait for the thought
            if table.clock.thinking():
                break
            driver.app.step(DT)
        assert table.clock.thinking(), "the thinking mark shows while the frames go on"
        assert asked.wait(HELD_S) and thinkers[0] is not threading.main_thread()
        assert len(table.history) == opening, "nothing is played while the computer thinks"
    finally:
        let_go.set()
    assert driver.until(lambda: len(table.history) > opening, 5)
    assert table.history[opening].startswith("Hafsa")
    assert released == [True], "the frames never waited for the thought: the test let it go"


def test_a_hint_marks_a_move_says_why_and_is_counted_in_the_statistics(driver):
    table = sota_table(driver)
    assert driver.until(table.can_act, 10)
    driver.key(pygame.K_h)
    deadline = time.monotonic() + 30  # the strongest level thinks for up to 1.5 s of wall time
    while sum(table.match.hints_used) == 0 and time.monotonic() < deadline:
        driver.frames(1)
    assert sum(table.match.hints_used) == 1
    assert table.message.text.startswith("Hint: ")
    assert driver.app.saves.load("sota")["extra"]["hints"] == [1, 0], "counted for the human's seat only"
    recorded = []
    driver.app.stats.record_game = lambda game, seats, details, key: recorded.append((seats, details))
    table.rules.hands[1].clear()  # the computer has gone out: the game is over
    table.rules._finish([1], "empty_hand", [])
    table.finish()
    assert recorded and recorded[0][1]["hints"] == [1, 0]
    assert [seat["level"] for seat in recorded[0][0]] == [s.level for s in table.seats], "each computer's level"


def test_l_opens_the_whole_history_which_scrolls_and_closes(driver):
    table = sota_table(driver)
    table.history.extend(f"Hafsa plays card {i}" for i in range(60))
    driver.key(pygame.K_l)
    panel = driver.top
    assert isinstance(panel, HistoryScene)
    driver.frames(1)
    assert panel.scroll == panel.max_scroll() > 0, "it opens on the newest moves"
    driver.key(pygame.K_HOME)
    assert panel.scroll == 0
    driver.key(pygame.K_PAGEDOWN)
    assert panel.scroll > 0
    driver.key(pygame.K_ESCAPE)
    assert driver.top is table
