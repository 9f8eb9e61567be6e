"""The command line: wrong options give one line and exit code 2; --version; --simulate prints JSON with a
schema and a progress line; every script answers --help without doing anything else."""
import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import main
from version import VERSION

ROOT = Path(__file__).resolve().parent.parent
MAIN = ROOT / "main.py"
SKIPPED_FOLDERS = {"tests", "build", "dist", "__pycache__"}  # and hidden ones (.venv, .git)
SCRIPT_FOLDERS = {"bench", "tools"}  # every module there is run by hand, with or without a __main__ block


def scripts() -> list[str]:
    """Every Python file of the project that runs as a script (a __main__ block, .pyw, or any module of
    SCRIPT_FOLDERS but __init__), tests aside."""
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [name for name in subfolders if name not in SKIPPED_FOLDERS and not name.startswith(".")]
        for name in files:
            path = Path(folder) / name
            in_script_folder = path.parent.name in SCRIPT_FOLDERS and name != "__init__.py"
            if name.endswith(".pyw") or (name.endswith(".py") and (
                    in_script_folder or 'if __name__ == "__main__":' in path.read_text(encoding="utf-8"))):
                found.append(path.relative_to(ROOT).as_posix())
    return sorted(found)


SCRIPTS = scripts()


def run(*args, **kwargs):
    return subprocess.run([sys.executable, str(MAIN), *args], capture_output=True, text=True, timeout=120,
                          check=False, **kwargs)


@pytest.mark.parametrize("args", [["--games", "ten"], ["--games", "0"], ["--games", "-5"], ["--seed", "x"],
                                  ["--simulate", "poker"], ["--bogus"], ["--frames", "1e9"],
                                  ["--games", "5"], ["--seed", "3"], ["--progress"], ["--port", "8000"],
                                  ["--record", "x"], ["--serve", "--port", "70000"], ["--serve", "--port", "x"],
                                  ["--serve", "--simulate", "war"], ["--serve", "--discovery", "nearby"],
                                  ["--serve", "--discovery", "all"], ["--serve", "--bind", "::1", "--discovery", "all"],
                                  ["--saves", "x"], ["--bind", "0.0.0.0"]])
def test_bad_options_give_one_line_and_exit_code_2(args, capsys):
    """Every refusal comes from main.parse_args, which main() calls before it starts anything: checked in this
    process, without starting one for each (the process's own exit is checked once, below)."""
    with pytest.raises(SystemExit) as ended:
        main.parse_args(args)
    assert ended.value.code == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "error" in err
    assert "Traceback" not in err and out == ""


def test_a_bad_option_ends_the_process_with_one_line_and_exit_code_2():
    done = run("--serve", "--port", "70000")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "error" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_options_of_simulate_refuse_to_run_without_it():
    done = run("--games", "5")
    assert "--games only goes with --simulate" in done.stderr


def test_options_of_serve_refuse_to_run_without_it():
    assert "--port, --record only goes with --serve" in run("--port", "1", "--record", "x").stderr


def test_the_limits_of_serve_are_read_and_checked():
    args = main.parse_args(["--serve", "--max-connections", "50", "--tables-per-address", "3", "--turn-s", "0"])
    assert (args.limits.max_connections, args.limits.tables_per_address, args.limits.turn_s) == (50, 3, 0)
    assert main.parse_args(["--serve"]).limits.turn_s == 90
    assert "--max-tables must be at least 1" in run("--serve", "--max-tables", "0").stderr
    assert "--lobby-s only goes with --serve" in run("--lobby-s", "60").stderr



def test_the_window_takes_discovery_host_and_join():
    args = main.parse_args(["--discovery", "loopback", "--host", "skyjo"])
    assert (args.discovery, args.host, args.join) == ("loopback", "skyjo", None)
    assert main.parse_args(["--join", "127.0.0.1:8765/ABCDEF"]).join == "127.0.0.1:8765/ABCDEF"
    assert "--host and --join do not go together" in run("--host", "skyjo", "--join", "ABCDEF").stderr
    assert "not with --simulate or --serve" in run("--serve", "--host", "skyjo").stderr
    assert "invalid choice: 'war'" in run("--host", "war").stderr  # War has no decisions to play online


def test_a_cardarcade_link_alone_opens_the_join_screen_as_the_desktop_entry_passes_it():
    link = "cardarcade://join/ABC234?server=wss://cards.example.org"
    assert main.parse_args([link]).join == link
    assert "only a cardarcade:// link" in run("ABC234").stderr
    assert "only a cardarcade:// link" in run("--join", "ABC234", link).stderr


def test_until_empty_goes_with_serve():
    assert main.parse_args(["--serve", "--until-empty", "5"]).until_empty == 5
    assert "--until-empty only goes with --serve" in run("--until-empty", "5").stderr


def test_discovery_all_goes_with_a_server_other_machines_reach():
    args = main.parse_args(["--serve", "--bind", "0.0.0.0", "--discovery", "all", "--saves", "tables"])
    assert (args.bind, args.discovery, args.saves) == ("0.0.0.0", "all", Path("tables"))
    assert [main.is_loopback(a) for a in ("127.0.0.1", "::1", "localhost", "0.0.0.0", "192.168.1.2")] == [
        True, True, True, False, False]


def test_version_and_help_name_the_program_as_it_was_started():
    assert run("--version").stdout == f"Card Arcade {VERSION}\n"
    done = run("--help")
    assert done.returncode == 0 and done.stdout.startswith("usage: main.py ")
    assert "--simulate" in done.stdout and "--frames" not in done.stdout


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_help_names_the_folders_where_this_user_s_files_are_kept(platform, tmp_path, monkeypatch):
    user = tmp_path / "user"
    user.mkdir()
    from storage.folders import folders_text, player_folders

    monkeypatch.delenv("CARD_ARCADE_HOME")
    monkeypatch.setenv("HOME", str(user))
    monkeypatch.setenv("APPDATA", str(user / "AppData"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    folders = player_folders(platform)
    expected = {"linux": (".local/share", ".config", ".local/state"), "darwin": ("Library/Application Support",) * 3,
                "win32": ("AppData",) * 3}[platform]
    assert [folder.relative_to(user).as_posix().removesuffix("/CardArcade") for folder in folders.values()] == \
        list(expected)
    if sys.platform == platform:
        text = folders_text()
        assert all(str(folder) in text for folder in folders.values())
        helped = run("--help", env=dict(os.environ, COLUMNS="1000"))
        assert " ".join(text.split()) in " ".join(helped.stdout.split())
        assert list(user.iterdir()) == [], "naming a folder makes none"


def test_the_named_folders_are_those_the_program_uses(tmp_path, monkeypatch):
    from storage.files import data_dir
    from storage.folders import player_folders
    from storage.logs import log_dir
    from storage.settings import settings_dir

    monkeypatch.delenv("CARD_ARCADE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative")  # ignored, as the XDG specification says
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    named = player_folders()
    data = data_dir()
    assert named == {"data": data, "settings": settings_dir(data), "log": log_dir(data)}
    monkeypatch.setenv("CARD_ARCADE_HOME", str(tmp_path / "elsewhere"))
    assert set(player_folders().values()) == {tmp_path / "elsewhere"} == {data_dir()}


def test_main_pyw_runs_in_the_checkouts_venv_when_there_is_one(tmp_path):
    shutil.copy(ROOT / "main.pyw", tmp_path / "main.pyw")
    fake = tmp_path / ".venv" / "bin" / "python"
    fake.parent.mkdir(parents=True)
    fake.write_text('#!/bin/sh\necho "venv python: $*"\nexit 3\n')
    fake.chmod(0o755)
    done = subprocess.run([sys.executable, str(tmp_path / "main.pyw"), "--version"], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.stdout == f"venv python: {tmp_path / 'main.pyw'} --version\n" and done.returncode == 3


def test_the_title_screen_shows_the_same_version(monkeypatch):
    from harness.driver import Driver
    from scenes.title import TitleScene
    from sprites.canvas import Canvas

    drawn = []
    real_text = Canvas.text
    monkeypatch.setattr(Canvas, "text", lambda self, text, *args, **kw: drawn.append(text) or real_text(
        self, text, *args, **kw))
    driver = Driver()
    driver.app.reset(TitleScene(driver.app))
    driver.frames(20)  # through the opening fade
    driver.close()
    assert f"version {VERSION}" in drawn


def test_simulate_war_prints_versioned_json_from_player1s_side():
    args = ["--simulate", "war", "--games", "60", "--seed", "3"]
    first = run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stderr == "", "no progress line when stderr is not a terminal"
    stats = json.loads(first.stdout)
    assert list(stats)[:6] == ["schema", "program", "game", "games", "seed", "options"]
    assert stats["schema"] == 1 and stats["program"] == f"Card Arcade {VERSION}"
    assert stats["games"] == 60 and stats["seed"] == 3 and stats["battles"] > 0
    assert stats["player1_wins"] + stats["player1_losses"] + stats["draws"] == 60
    assert 0 < stats["player1_longest_win_streak"] <= stats["player1_wins"], "wins in a row are counted"
    assert 0 < stats["player1_longest_loss_streak"] <= stats["player1_losses"]
    assert {"wins", "losses", "win_rate", "battles_won", "play_time_s", "cancelled"}.isdisjoint(stats)
    assert stats["estimated_play_time_s"] > 0 and "estimated_play_time_s_per_game" in stats
    lengths = [int(key) for key in stats["game_lengths"]]
    assert lengths == sorted(lengths) and len(lengths) > 2
    assert [int(key) for key in stats["war_depths"]] == sorted(int(key) for key in stats["war_depths"])
    assert json.loads(run(*args).stdout) == stats, "the same seed gives the same batch"


def test_progress_goes_to_stderr_with_the_flag_or_on_a_terminal():
    done = run("--simulate", "war", "--games", "300", "--progress")
    lines = done.stderr.splitlines()
    assert lines[-1] == "simulating: 300 of 300 games (100%)" and 2 <= len(lines) <= 11
    assert json.loads(done.stdout)["games"] == 300

    leader, follower = pty.openpty()
    try:
        subprocess.run([sys.executable, str(MAIN), "--simulate", "war", "--games", "200"], stderr=follower,
                       stdout=subprocess.DEVNULL, timeout=120, check=True)
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal is closed once everything was read
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(leader)
    assert seen.count(b"\r") >= 10 and seen.endswith(b"simulating: 200 of 200 games (100%)\r\n")


def test_every_script_is_found():
    assert {"main.py", "main.pyw", "tools/build.py", "tools/make_icon.py",
            "sounds/make_sounds.py", "bench/run.py", "bench/bench_idle.py", "bench/autoplay.py",
            "bench/frames.py", "net/bots.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_script_answers_help_and_does_nothing_else(script, tmp_path):
    here = tmp_path / "cwd"
    here.mkdir()
    env = dict(os.environ, HOME=str(here), XDG_DATA_HOME=str(here / "data"))  # nothing of the real home touched
    done = subprocess.run([sys.executable, str(ROOT / script), "--help"], cwd=here, env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: ")
    assert list(here.iterdir()) == [], "nothing written"
