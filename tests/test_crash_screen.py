"""The crash screen says what is true, opens the data folder, survives a strange path; a crash while
it shows, or while shutting down, is logged and ends the program cleanly."""
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import scenes.error
from harness.start import start_table
from scenes.app import App
from scenes.base import Scene
from scenes.error import NO_GAME, ErrorScene
from scenes.menu import MenuScene


class Broken(Scene):
    """A scene that raises on its first frame (or when left, with `on_exit`)."""

    def __init__(self, app, on_exit: bool = False) -> None:
        super().__init__(app)
        self.on_exit = on_exit

    def draw(self, canvas):
        if not self.on_exit:
            raise RuntimeError("boom")
        canvas.fill((0, 0, 0))

    def exit(self):
        if self.on_exit:
            raise RuntimeError("cannot leave")


pytestmark = pytest.mark.driver(first=MenuScene)


@pytest.fixture(autouse=True)
def pygame_stays_up(monkeypatch):
    """shut_down's last step would end pygame for the later tests."""
    monkeypatch.setattr(pygame, "quit", lambda: None)


def crash_on_table(driver, break_saving: bool = False):
    """Start a Sota table, make its next move crash right after the rules applied it."""
    start_table(driver.app, "sota")
    table = driver.top
    driver.frames(3)
    if break_saving:
        def no_disk(*args, **kwargs):
            raise OSError(28, "No space left on device")
        driver.app.saves.save = no_disk

    def broken_animate(record):
        raise RuntimeError("the animation broke")
    table.game.animate = broken_animate
    table.play(table.rules.legal_moves()[0])
    return table


def crash_now(driver, where):
    try:
        raise RuntimeError(where)
    except RuntimeError as exc:
        driver.app.crash(exc)


def test_a_crash_in_the_menu_says_no_game_was_in_progress(driver):
    driver.app.push(Broken(driver.app), transition=False)
    driver.frames()
    assert isinstance(driver.top, ErrorScene)
    assert driver.top.saved_note == NO_GAME


def test_a_crash_after_a_saved_move_says_the_game_was_saved_after_it(driver):
    try:
        crash_on_table(driver)
    except RuntimeError as exc:
        driver.app.crash(exc)
    assert driver.top.saved_note == "Your game was saved after its last move: resume it from the menu."
    assert driver.app.saves.exists("sota")


def test_a_move_that_could_not_be_saved_is_not_called_saved(driver):
    try:
        crash_on_table(driver, break_saving=True)
    except RuntimeError as exc:
        driver.app.crash(exc)  # its save, waiting for the frame, fails then
    assert driver.top.saved_note == "Your game was saved before its last move: resume it from the menu."


def test_a_game_without_any_save_says_so(driver):
    start_table(driver.app, "sota")
    driver.frames(2)
    driver.app.saves.delete("sota")
    crash_now(driver, "lost")
    assert driver.top.saved_note == "Your game could not be saved."


def test_open_data_folder_asks_the_file_manager_and_reports_a_failure(driver, monkeypatch):
    opened = []
    monkeypatch.setattr(scenes.error.subprocess, "Popen", lambda command, **kw: opened.append(command))
    monkeypatch.setattr(scenes.error.sys, "platform", "linux")
    crash_now(driver, "boom")
    button = next(w for w in driver.top.group.widgets if w.label == "Open data folder")
    driver.click(button.rect.center)
    assert opened == [["xdg-open", str(driver.app.folder)]]

    def missing(command, **kw):
        raise FileNotFoundError(2, "No such file or directory", command[0])
    monkeypatch.setattr(scenes.error.subprocess, "Popen", missing)
    driver.click(button.rect.center)
    assert any("Could not open" in text for text, _ in driver.app.notices)
    assert isinstance(driver.top, ErrorScene)


def test_a_crash_while_the_error_screen_shows_ends_the_program_with_code_1(driver, monkeypatch):
    crash_now(driver, "first")
    monkeypatch.setattr(ErrorScene, "draw", lambda self, canvas: 1 / 0)
    driver.frames(5)  # its first draw: under the transition's veil, or as it lifts
    assert driver.app.running is False and driver.app.exit_code == 1
    assert driver.app.shut_down() == 1
    log = driver.app.log_path.read_text()
    assert "ZeroDivisionError" in log and "stopping: the error screen failed" in log


def test_a_crash_while_shutting_down_is_logged_and_the_rest_still_closes(driver):
    driver.app.push(Broken(driver.app, on_exit=True), transition=False)
    driver.frames()
    assert driver.app.shut_down() == 1
    assert not driver.app.scenes
    log = driver.app.log_path.read_text()
    assert "shutting down: leaving Broken failed" in log and "cannot leave" in log
    with pytest.raises(Exception, match="closed"):
        driver.app.stats.count("sota")  # the statistics were closed after the failure


def test_a_data_folder_whose_name_is_not_utf8_still_shows_the_crash_screen(tmp_path):
    folder = Path(os.fsdecode(bytes(tmp_path) + b"/data-\xff\xfe"))
    folder.mkdir()
    app = App(folder=folder)
    app.push(Broken(app), transition=False)
    app.step(1 / 60)
    assert isinstance(app.top, ErrorScene) and app.running
    app.step(1 / 60)  # the screen draws the path
    assert app.running and app.exit_code == 0
    assert "data-\ufffd\ufffd" in scenes.error.shown(str(app.log_path))
    assert "boom" in (folder / "card-arcade.log").read_text()
    app.stats.close()


def test_a_failing_error_screen_ends_a_real_process_with_code_1_and_no_traceback(tmp_path):
    program = ("import sys; sys.path.insert(0, sys.argv[1]); import main; from scenes.error import ErrorScene;"
               "ErrorScene.draw = lambda self, canvas: 1 / 0;"
               "from scenes.title import TitleScene; TitleScene.draw = lambda self, canvas: [][1];"
               "sys.exit(main.main([]))")
    env = dict(os.environ, CARD_ARCADE_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", program, str(Path(__file__).resolve().parent.parent)],
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "stopped after an error" in done.stderr
    assert "IndexError" in (tmp_path / "card-arcade.log").read_text()
