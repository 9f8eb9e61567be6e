"""The README's commands as a new user runs them: a fresh copy of the checkout, its install step in a
new virtual environment, the game started from it; `pip install .` gives a working `card-arcade`."""
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from version import VERSION

ROOT = Path(__file__).resolve().parent.parent
OWN_TOP_LEVEL = {"game", "scenes", "sprites", "sounds", "storage", "main.py", "version.py"}


def readme_commands() -> list[str]:
    """The README's two commands (Linux and macOS spelling), in order: play, then test."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Two commands"):text.index("\n## ", text.index("## Two commands") + 1)]
    return re.findall(r"(?m)^    (python3 -m venv .*)$", section)


def headless(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "PIP_"))}
    return dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARD_ARCADE_HOME=str(home),
                CARD_ARCADE_REPORT_FIRST_FRAME="1")


def fresh_checkout(target: Path) -> Path:
    """The files git tracks (as they are in the working tree), as a new clone has them."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    return target


def pip_install(venv: Path, env: dict[str, str], *args: str) -> Path:
    """A new virtual environment with `pip install ARGS` done in it; returns its python."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], env=env, check=True, timeout=300)
    python = venv / "bin" / "python"
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", *args], env=env, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return python


def test_the_readme_has_two_commands_and_ci_runs_exactly_the_second():
    play, tests = readme_commands()
    assert play.endswith(" && .venv/bin/python main.py") and "requirements.txt" in play
    assert tests.endswith(" && .venv/bin/python -m pytest -q") and "requirements-dev.txt" in tests
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert ci[-1] == tests


def test_pyproject_declares_the_same_dependencies_as_requirements_txt():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [line.strip() for line in (ROOT / "requirements.txt").read_text().splitlines() if line.strip()]
    assert project["dependencies"] == wanted
    assert project["scripts"] == {"card-arcade": "card_arcade.main:main"}
    assert project["requires-python"] == ">=3.11" and sys.version_info >= (3, 11)


@pytest.mark.slow
def test_the_readme_install_step_works_in_a_fresh_checkout_and_starts_the_game(tmp_path):
    checkout = fresh_checkout(tmp_path / "checkout")
    play = readme_commands()[0]
    *install, start = play.split(" && ")
    env = headless(tmp_path / "home")
    for attempt in ("creates", "reuses"):
        done = subprocess.run(["bash", "-c", " && ".join(install)], cwd=checkout, env=env, capture_output=True,
                              text=True, timeout=600, check=False)
        assert done.returncode == 0, f"{attempt}: {done.stderr}"
    assert (checkout / ".venv" / "bin" / "python").exists()
    version = subprocess.run(["bash", "-c", start + " --version"], cwd=checkout, env=env, capture_output=True,
                             text=True, timeout=120, check=True)
    assert version.stdout == f"Card Arcade {VERSION}\n"
    started = subprocess.run(["bash", "-c", start + " --frames 5"], cwd=checkout, env=env, capture_output=True,
                             text=True, timeout=120, check=False)
    assert started.returncode == 0, started.stderr
    assert "first frame" in started.stdout


@pytest.mark.slow
def test_pip_install_gives_a_card_arcade_command_and_puts_nothing_at_the_top_of_site_packages(tmp_path):
    checkout = fresh_checkout(tmp_path / "checkout")
    venv = tmp_path / "venv"
    env = headless(tmp_path / "home")
    python = pip_install(venv, env, str(checkout))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    command = str(venv / "bin" / "card-arcade")
    run = {"cwd": elsewhere, "env": env, "capture_output": True, "text": True, "timeout": 120, "check": False}
    assert subprocess.run([command, "--version"], **run).stdout == f"Card Arcade {VERSION}\n"
    assert subprocess.run([command, "--help"], **run).stdout.startswith("usage: card-arcade ")
    started = subprocess.run([command, "--frames", "5"], **run)
    assert started.returncode == 0, started.stderr
    assert "first frame" in started.stdout
    assert "scene TitleScene" in (tmp_path / "home" / "card-arcade.log").read_text()

    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    top = {path.name for path in Path(purelib).iterdir()}
    assert "card_arcade" in top and not OWN_TOP_LEVEL & top
    assert f"card_arcade-{VERSION}.dist-info" in top, "pyproject's version is version.py's"
    installed = Path(purelib) / "card_arcade"
    assert {path.name for path in installed.iterdir()} >= OWN_TOP_LEVEL
    assert len(list((installed / "sounds").glob("*.wav"))) == len(list((ROOT / "sounds").glob("*.wav")))
    fonts = {path.name for path in (ROOT / "sprites" / "fonts").iterdir()}
    assert {path.name for path in (installed / "sprites" / "fonts").iterdir()} == fonts, "the typeface installs"
    assert sysconfig.get_paths()["purelib"] != purelib, "a venv of its own"


@pytest.mark.slow
def test_an_editable_install_runs_the_checkout_and_puts_only_card_arcade_on_sys_path(tmp_path):
    checkout = fresh_checkout(tmp_path / "checkout")
    env = headless(tmp_path / "home")
    python = pip_install(tmp_path / "venv", env, "-e", str(checkout))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = {"cwd": elsewhere, "env": env, "capture_output": True, "text": True, "timeout": 120, "check": False}
    command = str(tmp_path / "venv" / "bin" / "card-arcade")
    assert subprocess.run([command, "--version"], **run).stdout == f"Card Arcade {VERSION}\n"
    started = subprocess.run([command, "--frames", "5"], **run)
    assert started.returncode == 0, started.stderr
    assert "first frame" in started.stdout
    found = "import importlib.util as u; print(sorted(n for n in NAMES if u.find_spec(n)))"
    names = sorted(name.removesuffix(".py") for name in OWN_TOP_LEVEL | {"net", "tests", "tools", "bench"})
    assert subprocess.run([str(python), "-c", f"NAMES = {names}; {found}"], **run).stdout == "[]\n"
    where = subprocess.run([str(python), "-c", "import card_arcade.main; print(card_arcade.main.__file__)"], **run)
    assert where.stdout.strip() == str(checkout / "main.py"), "the checkout itself runs"
