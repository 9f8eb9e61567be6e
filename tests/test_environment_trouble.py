"""The program in a troubled environment (the data folder among others):
a read-only data folder, a full disk, no data folder at all, a huge window. It starts, plays, says
once that progress cannot be saved, and saves again when it can; nothing saved is lost."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harness.driver import Driver
from harness.start import start_table
from scenes.window import MAX_WINDOW, MIN_WINDOW
from storage.files import data_dir
from storage.migrate import KEPT_SUFFIX
from storage.settings import SETTINGS_FILE, Settings
from storage.stats import STATS_FILE
from tests.storage.places import full_folder, make_full, make_writable, read_only_folder

ROOT = Path(__file__).resolve().parent.parent


def play_some(driver: Driver, moves: int) -> object:
    """Start a computers-only Sota table and let it play `moves` moves; the table."""
    start_table(driver.app, "sota", computers_only=True)
    table = driver.top
    start = len(table.history)
    assert driver.until(lambda: len(table.history) >= start + moves or table.rules.is_over, 60)
    assert not any(type(s).__name__ == "ErrorScene" for s in driver.app.scenes), "no crash screen"
    return table


def listen(driver: Driver) -> list[str]:
    """Everything the stores say from now on (and what they said at the start, still showing)."""
    said = [text for text, _ in driver.app.notices]
    driver.app.saves.report.notify = said.append
    return said


def saved_rules(folder: Path) -> dict:
    return json.loads((folder / "save-sota.json").read_text())["rules"]


def test_a_read_only_folder_plays_says_it_once_and_saves_again_when_it_can(tmp_path, monkeypatch):
    with read_only_folder(tmp_path) as folder:
        monkeypatch.setenv("CARD_ARCADE_HOME", str(folder))
        driver = Driver(speed="instant")
        said = listen(driver)
        table = play_some(driver, 6)
        assert [t for t in said if "Progress cannot be saved" in t] == [said[0]], "said once, at the start"
        assert not (folder / "save-sota.json").exists()
        make_writable(folder)
        driver.until(lambda: (folder / "save-sota.json").exists() or table.rules.is_over, 60)
        assert "Saving works again: your game is saved." in said
        if not table.rules.is_over:
            assert saved_rules(folder) in (json.loads(json.dumps(table.rules.to_dict())),), "the latest move"
        driver.close()


def test_damaged_settings_in_a_read_only_folder_still_start_with_defaults(tmp_path, monkeypatch):
    with read_only_folder(tmp_path, {SETTINGS_FILE: b"{broken"}) as folder:
        monkeypatch.setenv("CARD_ARCADE_HOME", str(folder))
        driver = Driver(speed="normal")
        notices = [text for text, _ in driver.app.notices]
        assert driver.app.settings == Settings()
        assert any("could not be moved aside" in t for t in notices)
        assert (folder / SETTINGS_FILE).read_bytes() == b"{broken", "nothing already there is lost"
        driver.close()


def test_a_full_disk_plays_says_it_once_keeps_the_old_save_and_saves_again(tmp_path, monkeypatch):
    with full_folder(tmp_path, monkeypatch) as folder:
        (folder / "filler").unlink()  # room to start and save the first moves
        monkeypatch.setenv("CARD_ARCADE_HOME", str(folder))
        driver = Driver(speed="instant")
        said = listen(driver)
        table = play_some(driver, 2)
        if table.rules.is_over:
            pytest.fail("the game ended in two moves")
        before = saved_rules(folder)
        filler = make_full(folder)
        play_some_more = len(table.history) + 6
        driver.until(lambda: len(table.history) >= play_some_more or table.rules.is_over, 60)
        full = [t for t in said if "Progress cannot be saved" in t]
        assert len(full) == 1 and "No space left on device" in full[0]
        assert saved_rules(folder) == before, "the last save that fitted is whole"
        assert not list(folder.glob("*.damaged-*"))
        filler.unlink()
        driver.until(lambda: "Saving works again: your game is saved." in said or table.rules.is_over, 60)
        assert "Saving works again: your game is saved." in said or table.rules.is_over
        driver.close()


def run_main(env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "5"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_no_home_and_no_data_folder_still_runs_and_says_nothing_is_kept(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "XDG_DATA_HOME", "CARD_ARCADE_HOME")}
    done = run_main(env)
    assert done.returncode == 0, done.stderr
    assert "Progress cannot be saved" in done.stderr and "HOME" in done.stderr


def test_a_file_as_the_data_folder_still_runs_and_says_nothing_is_kept(tmp_path):
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("mine")
    done = run_main(dict(os.environ, CARD_ARCADE_HOME=str(not_a_folder)))
    assert done.returncode == 0, done.stderr
    assert "Progress cannot be saved" in done.stderr
    assert not_a_folder.read_text() == "mine"


@pytest.mark.parametrize("size", [(10000, 10000), (1000, 44000), (50, 50)])
def test_the_window_stays_within_sane_limits(size, driver):
    start_table(driver.app, "skyjo")
    driver.app.resize(size)
    width, height = driver.app.window.get_size()
    assert MIN_WINDOW[0] <= width <= MAX_WINDOW[0] and MIN_WINDOW[1] <= height <= MAX_WINDOW[1]
    driver.frames(2)
    assert hasattr(driver.top, "rules"), "the table still draws"


def test_the_data_folder_is_named_once_and_a_doubled_ones_files_move_up(tmp_path, monkeypatch):
    monkeypatch.delenv("CARD_ARCADE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    old = tmp_path / "xdg" / "CardArcade" / "CardArcade"
    old.mkdir(parents=True)
    files = {"settings.json": b'{"version": 1, "volume": 0.3}', "save-war.json": b"{}", STATS_FILE: b"rows",
             "card-arcade.log": b"log"}
    for name, data in files.items():
        (old / name).write_bytes(data)
    folder = data_dir()
    assert folder == tmp_path / "xdg" / "CardArcade"
    assert {name: (folder / name).read_bytes() for name in files} == files
    assert not old.exists()
    assert data_dir() == folder, "the second start finds it where it is"


def test_files_in_both_folders_are_all_kept(tmp_path, monkeypatch):
    monkeypatch.delenv("CARD_ARCADE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    new = tmp_path / "xdg" / "CardArcade"
    old = new / "CardArcade"
    old.mkdir(parents=True)
    (new / "settings.json").write_text("new")
    (old / "settings.json").write_text("old")
    (new / "save-war.json").write_text("same")
    (old / "save-war.json").write_text("same")
    assert data_dir() == new
    assert (new / "settings.json").read_text() == "new"
    assert (new / ("settings.json" + KEPT_SUFFIX)).read_text() == "old"
    assert (new / "save-war.json").read_text() == "same" and not (new / ("save-war.json" + KEPT_SUFFIX)).exists()
    assert not old.exists()


@pytest.mark.parametrize("version", [(3, 10, 13), (3, 8, 0), (2, 7, 18)])
def test_an_old_python_is_told_in_one_sentence_what_is_needed(version):
    import main

    problem = main.python_problem(version)
    assert problem is not None and problem.startswith("Card Arcade needs Python 3.11 or newer")
    assert "\n" not in problem and problem.endswith(".")


def test_main_py_says_what_is_needed_before_a_line_an_old_python_cannot_read():
    """bench/attack.py (item 22): Python 3.6 stopped at `from __future__ import annotations` with a
    SyntaxError. main.py reads as Python 3.6 grammar, imports no annotations from the future, and
    run by an older Python stops at its version check with the one sentence."""
    import ast

    source = (ROOT / "main.py").read_text(encoding="utf-8")
    tree = ast.parse(source, feature_version=(3, 6))
    assert not any(isinstance(node, ast.ImportFrom) and node.module == "__future__" for node in tree.body)
    old = ("import sys, runpy; sys.version_info = (3, 6, 15, 'final', 0); sys.argv = ['main.py', '--help']; "
           f"runpy.run_path({str(ROOT / 'main.py')!r}, run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", old], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("Card Arcade needs Python 3.11 or newer, this is Python 3.6.15")
    assert done.stderr.count("\n") == 1


def test_a_new_enough_python_has_no_problem():
    import main

    assert main.python_problem((3, 11, 0)) is None and main.python_problem((3, 13, 1)) is None


def test_without_pygame_ce_one_sentence_says_how_to_install_it(tmp_path):
    hide = ("import sys, runpy; sys.modules['pygame'] = None; sys.argv = ['main.py', '--frames', '1']; "
            f"runpy.run_path({str(ROOT / 'main.py')!r}, run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", hide], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, CARD_ARCADE_HOME=str(tmp_path / "home")))
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("Card Arcade needs pygame-ce: ") and done.stderr.count("\n") == 1
    assert f"-m pip install -r {ROOT / 'requirements.txt'}`" in done.stderr, "a checkout: its requirements.txt"


def test_the_advice_fits_each_way_of_installing(tmp_path, monkeypatch):
    """The command that adds pygame-ce, or the server extra, where it is missing: a checkout's requirements.txt,
    pipx's own commands, pip's package with its extra, the build's tools/build.py."""
    import storage.installed as installed

    assert installed.way() == "checkout"
    assert installed.install_command() == f"{sys.executable} -m pip install -r {ROOT / 'requirements.txt'}"
    assert installed.install_command("server") == f"{sys.executable} -m pip install -r " \
                                                  f"{ROOT / 'requirements-server.txt'}"
    site = tmp_path / "venvs" / "card-arcade" / "lib" / "site-packages" / "card_arcade"
    site.mkdir(parents=True)
    monkeypatch.setattr(installed, "TOP", site)  # no requirements.txt beside main.py: an installed copy
    monkeypatch.setattr(sys, "prefix", str(tmp_path / "venvs" / "card-arcade"))
    assert installed.way() == "pip"
    assert installed.install_command("server") == f"{sys.executable} -m pip install 'card-arcade[server]'"
    assert installed.install_command().startswith(f"{sys.executable} -m pip install 'pygame-ce")
    (tmp_path / "venvs" / "card-arcade" / installed.PIPX_METADATA).write_text("{}")
    assert installed.way() == "pipx"
    assert installed.install_command() == "pipx reinstall card-arcade"
    assert installed.install_command("server") == "pipx install --force 'card-arcade[server]'"
    assert installed.uninstall_command("pygame") == "pipx runpip card-arcade uninstall pygame"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert installed.way() == "build" and "tools/build.py --server" in installed.install_command("server")


def test_with_no_screen_one_sentence_and_exit_code_1_without_a_word_from_sdl(tmp_path):
    """No DISPLAY, no WAYLAND_DISPLAY and no SDL_VIDEODRIVER (an SSH session): SDL would draw off-screen
    after a screen of ALSA errors, and the game would run unseen until Ctrl+C."""
    import main

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER",
                                                              "SDL_AUDIODRIVER")}
    done = subprocess.run([sys.executable, str(ROOT / "main.py")], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("Card Arcade needs a screen") and done.stderr.count("\n") == 1, done.stderr
    assert not list((tmp_path / "home").iterdir()), "not started: no log, no settings"
    for screen in ({"DISPLAY": ":9"}, {"WAYLAND_DISPLAY": "wayland-9"}, {"SDL_VIDEODRIVER": "dummy"}):
        assert main.display_problem(screen, "linux") is None
    assert main.display_problem({}, "linux") == done.stderr.strip()
    assert main.display_problem({}, "win32") is None and main.display_problem({}, "darwin") is None


@pytest.mark.parametrize("xdg_data_home", ["", "relative/data"])
def test_an_empty_or_relative_xdg_data_home_is_ignored(xdg_data_home, tmp_path, monkeypatch):
    """The XDG Base Directory specification: such a value is invalid and is ignored."""
    monkeypatch.delenv("CARD_ARCADE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", xdg_data_home)
    here = tmp_path / "cwd"
    here.mkdir()
    monkeypatch.chdir(here)
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "CardArcade"
    assert list(here.iterdir()) == []
