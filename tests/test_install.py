"""The README's commands as a new user runs them: a fresh copy of the checkout, its install step in a
new virtual environment, the game started from it; `pip install .` gives a working `card-arcade`; the wheel
pipx installs is a whole game (menu entry, `python -m card_arcade`, no Redis client); the sdist and wheel
pass `twine check`. A fresh copy is made with git where there is a checkout, from the files alone in an
unpacked sdist."""
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
from pathlib import Path

import pytest

from version import APP_ID, VERSION

ROOT = Path(__file__).resolve().parent.parent
OWN_TOP_LEVEL = {"game", "scenes", "sprites", "sounds", "storage", "main.py", "version.py", "__main__.py", "assets"}
IMPORTABLE = {"game", "scenes", "sprites", "sounds", "storage", "main", "version", "net", "tests", "tools", "bench",
              "harness"}
NOT_COPIED = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache", ".hypothesis"}  # no clone has them


def readme_commands() -> list[str]:
    """The README's two commands (Linux and macOS spelling), in order: play, then test."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Two commands"):text.index("\n## ", text.index("## Two commands") + 1)]
    return re.findall(r"(?m)^    (python3 -m venv .*)$", section)


def headless(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "PIP_"))}
    return dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARD_ARCADE_HOME=str(home),
                CARD_ARCADE_REPORT_FIRST_FRAME="1")


def project_files(git: bool | None = None) -> list[str]:
    """The project's files, as a new clone has them: those git tracks in a checkout; in an unpacked sdist (no
    .git), or with `git` False, every file but what running the program and its tests leaves (NOT_COPIED)."""
    if (ROOT / ".git").exists() if git is None else git:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
        return [name for name in listed.decode().split("\0") if name and (ROOT / name).is_file()]
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [name for name in subfolders if name not in NOT_COPIED]
        found += [(Path(folder) / name).relative_to(ROOT).as_posix() for name in files]
    return found


def fresh_checkout(target: Path) -> Path:
    """A copy of project_files() (as they are in the working tree)."""
    for name in project_files():
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
    assert tests.endswith(" && .venv/bin/python -m pytest -q && .venv/bin/python tools/static_checks.py")
    assert "requirements-dev.txt" in tests
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert tests in ci


def test_pyproject_declares_the_same_dependencies_as_requirements_txt():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [line.strip() for line in (ROOT / "requirements.txt").read_text().splitlines() if line.strip()]
    assert project["dependencies"] == wanted
    assert project["scripts"] == {"card-arcade": "card_arcade.main:main"}
    assert project["gui-scripts"] == {"card-arcade-gui": "card_arcade.main:main"}, "no console window on Windows"
    assert project["requires-python"] == ">=3.11" and sys.version_info >= (3, 11)


def test_the_window_needs_no_redis_client_and_the_tests_get_the_server_extra():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {re.split(r"[<>=!~;\[ ]", line)[0] for line in project["dependencies"]}
    assert "redis" not in names and "prometheus-client" not in names
    server = project["optional-dependencies"]["server"]
    assert {re.split(r"[<>=!~;\[ ]", line)[0] for line in server} == {"redis", "prometheus-client"}
    lines = (ROOT / "requirements-server.txt").read_text().splitlines()
    assert [line for line in lines if not line.startswith("#")] == ["-r requirements.txt", *server]
    assert "-r requirements-server.txt" in (ROOT / "requirements-dev.txt").read_text().splitlines()


def test_the_metadata_is_ready_for_pypi():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert {"Homepage", "Source", "Issues"} <= set(project["urls"]) and project["authors"] and project["keywords"]
    classifiers = set(project["classifiers"])
    promised = re.findall(r"Python (3\.\d+), (3\.\d+) or (3\.\d+)", (ROOT / "README.md").read_text())[0]
    assert {f"Programming Language :: Python :: {version}" for version in promised} <= classifiers
    assert {"Operating System :: POSIX :: Linux", "Operating System :: Microsoft :: Windows",
            "Operating System :: MacOS"} <= classifiers
    page = (ROOT / project["readme"]["file"]).read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)]*)\)", page) + re.findall(r"<img[^>]+src=\"([^\"]*)", page)
    assert targets and all(target.startswith("https://") for target in targets), "PyPI has no relative links"


def test_a_fresh_copy_has_every_file_git_tracks_with_or_without_git():
    """The sdist's tests make fresh copies too, where there is no git checkout."""
    tracked = set(project_files())
    assert {"main.py", "pyproject.toml", "tests/test_install.py"} <= tracked
    walked = set(project_files(git=False))
    assert tracked <= walked and not {name for name in walked if "__pycache__" in name}


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
    assert subprocess.run([str(python), "-m", "card_arcade", "--version"], **run).stdout == f"Card Arcade {VERSION}\n"
    started = subprocess.run([command, "--frames", "5"], **run)
    assert started.returncode == 0, started.stderr
    assert "first frame" in started.stdout
    found = "import importlib.util as u; print(sorted(n for n in NAMES if u.find_spec(n)))"
    names = sorted(IMPORTABLE)
    assert subprocess.run([str(python), "-c", f"NAMES = {names}; {found}"], **run).stdout == "[]\n"
    where = subprocess.run([str(python), "-c", "import card_arcade.main; print(card_arcade.main.__file__)"], **run)
    assert where.stdout.strip() == str(checkout / "main.py"), "the checkout itself runs"


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict[str, Path]:
    """The sdist and the wheel, built from a fresh copy as a release would be: by suffix."""
    folder = tmp_path_factory.mktemp("dists")
    checkout = fresh_checkout(folder / "checkout")
    env = headless(folder / "home")
    done = subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "-o", str(folder / "dist"),
                           str(checkout)], env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-4000:]
    built = {path.suffix: path for path in (folder / "dist").iterdir()}
    assert set(built) == {".gz", ".whl"}
    return built


@pytest.mark.slow
def test_the_pypi_page_renders_from_the_sdist_and_the_wheel(dists):
    """twine check with the Markdown renderer (readme-renderer[md]) installed: the page PyPI would show."""
    import cmarkgfm  # noqa: F401  (without it twine only warns that Markdown was not checked)

    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dists.values())],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.count("PASSED") == 2, done.stdout + done.stderr


@pytest.mark.slow
def test_the_sdists_own_tests_pass_where_there_is_no_git_checkout(dists, tmp_path):
    with tarfile.open(dists[".gz"]) as sdist:
        sdist.extractall(tmp_path, filter="data")
    unpacked = tmp_path / f"card_arcade-{VERSION}"
    assert not (unpacked / ".git").exists() and (unpacked / "tests" / "conftest.py").is_file()
    env = dict(headless(tmp_path / "home"), GIT_CEILING_DIRECTORIES=str(tmp_path))  # no repository above either
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-m", "not slow", "tests/test_install.py",
                           "tests/test_desktop_entry.py", "tests/test_build.py"], cwd=unpacked, env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-4000:]
    assert " passed" in done.stdout and " failed" not in done.stdout


@pytest.mark.slow
def test_pipx_installs_a_whole_game_from_the_wheel(dists, tmp_path):
    pipx = tmp_path / "pipx"
    env = dict(headless(tmp_path / "home"), PIPX_HOME=str(pipx), PIPX_BIN_DIR=str(tmp_path / "bin"),
               PIPX_MAN_DIR=str(tmp_path / "man"), XDG_DATA_HOME=str(tmp_path / "xdg"))
    done = subprocess.run([sys.executable, "-m", "pipx", "install", str(dists[".whl"])], env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    venv = pipx / "venvs" / "card-arcade"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = {"cwd": elsewhere, "env": env, "capture_output": True, "text": True, "timeout": 120, "check": False}
    for command in ([str(tmp_path / "bin" / "card-arcade")], [str(tmp_path / "bin" / "card-arcade-gui")],
                    [str(venv / "bin" / "python"), "-m", "card_arcade"]):
        assert subprocess.run([*command, "--version"], **run).stdout == f"Card Arcade {VERSION}\n", command
    started = subprocess.run([str(tmp_path / "bin" / "card-arcade"), "--frames", "5"], **run)
    assert started.returncode == 0 and "first frame" in started.stdout, started.stderr

    installed = subprocess.run([str(tmp_path / "bin" / "card-arcade"), "--install-desktop"], **run)
    assert installed.returncode == 0, installed.stderr
    entry = tmp_path / "xdg" / "applications" / f"{APP_ID}.desktop"
    program = re.search(r"(?m)^Exec=(.*)$", entry.read_text(encoding="utf-8"))[1]
    assert program == f"{venv / 'bin' / 'card-arcade'} %u", "the menu runs the copy pipx installed (and a link)"
    assert (tmp_path / "xdg" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (tmp_path / "xdg" / "icons" / "hicolor" / "512x512" / "apps" / f"{APP_ID}.png").is_file()
    if shutil.which("desktop-file-validate"):  # .ci/run installs it; tests/test_desktop_entry.py says when it is absent
        validated = subprocess.run(["desktop-file-validate", str(entry)], **run)
        assert validated.returncode == 0 and validated.stdout == "", validated.stdout

    python = str(venv / "bin" / "python")
    assert subprocess.run([python, "-c", "import redis"], **run).returncode == 1, "the window needs no Redis client"
    served = subprocess.run([str(tmp_path / "bin" / "card-arcade"), "--serve", "--port", "0", "--redis",
                             "redis://127.0.0.1:9/0"], **run)
    assert served.returncode == 1 and served.stderr.count("\n") == 1
    assert "pipx install --force 'card-arcade[server]'" in served.stderr
    metrics = subprocess.run([str(tmp_path / "bin" / "card-arcade"), "--serve", "--port", "0", "--metrics-port", "0"],
                             **run)
    assert metrics.returncode == 1 and "--metrics-port needs prometheus_client" in metrics.stderr, metrics.stderr
    hidden = ("import sys; sys.modules['pygame'] = None; sys.argv = ['card-arcade', '--frames', '1']; "
              "from card_arcade.main import main; sys.exit(main())")
    advised = subprocess.run([python, "-c", hidden], **run)
    assert advised.returncode == 1 and "`pipx reinstall card-arcade`" in advised.stderr, advised.stderr
