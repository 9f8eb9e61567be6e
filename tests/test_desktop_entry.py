"""The Linux desktop entry: $XDG_DATA_HOME, Exec escaped per the Desktop Entry Specification, a missing
program refused, --uninstall, and StartupWMClass = the class the window really has."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.window_class import window_class

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "install_desktop_entry.py"
sys.path.insert(0, str(ROOT / "tools"))
from install_desktop_entry import ENTRY_FILE, ICON_FILES, install  # noqa: E402

ICON_FILE = Path("icons") / "hicolor" / "256x256" / "apps" / "card-arcade.png"

STRING_ESCAPES = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}


def exec_argv(value: str) -> list[str]:
    """Read an Exec value back as the specification says: string escapes, then quoting, then %%."""
    text = re.sub(r"\\(.)", lambda m: STRING_ESCAPES.get(m[1], m[0]), value)
    argv: list[str] = []
    current, quoted, started, i = "", False, False, 0
    while i < len(text):
        char = text[i]
        if quoted and char == "\\" and text[i + 1] in '"`$\\':
            current += text[i + 1]
            i += 1
        elif char == '"':
            quoted, started = not quoted, True
        elif char == " " and not quoted:
            if started or current:
                argv.append(current)
            current, started = "", False
        else:
            current += char
        i += 1
    argv.append(current)
    return [argument.replace("%%", "%") for argument in argv]


def entry_keys(path: Path) -> dict[str, str]:
    """The keys of a desktop file's one group, checking its shape: the group header, key=value lines,
    no key twice."""
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    keys: dict[str, str] = {}
    for line in lines[1:]:
        key, _, value = line.partition("=")
        assert re.fullmatch(r"[A-Za-z0-9-]+", key), line
        assert key not in keys, f"{key} twice"
        keys[key] = value
    return keys


def fake_program(folder: Path) -> Path:
    folder.mkdir(parents=True)
    program = folder / "CardArcade"
    shutil.copy(sys.executable, program)
    return program


def pygame_size(png: Path) -> tuple[int, int]:
    import pygame

    return pygame.image.load(str(png)).get_size()


def run_script(*args, env):
    return subprocess.run([sys.executable, str(SCRIPT), *args], env=env, capture_output=True, text=True,
                          timeout=60, check=False)


def test_exec_is_quoted_and_escaped_so_it_reads_back_as_the_program(tmp_path):
    program = fake_program(tmp_path / 'we"ird $dir\\ 100% `x`\ttab')
    entry = install([str(program)], home=tmp_path / "xdg")
    keys = entry_keys(entry)
    assert exec_argv(keys["Exec"]) == [str(program)]
    assert keys["Exec"].startswith('"') and "%%" in keys["Exec"] and "\\t" in keys["Exec"]
    assert (tmp_path / "xdg" / ICON_FILE).read_bytes() == (ROOT / "assets" / "icon.png").read_bytes()
    assert keys["Icon"] == "card-arcade" and keys["Type"] == "Application" and keys["Name"] == "Card Arcade"


def test_the_icon_goes_in_at_every_size_of_the_theme_from_16_to_512_px(tmp_path):
    install([str(fake_program(tmp_path / "built"))], home=tmp_path / "xdg")
    sizes = {int(icon.parent.parent.name.partition("x")[0]) for icon in ICON_FILES}
    assert {16, 48, 256, 512} <= sizes, "48 px is the hicolor theme's minimum"
    for icon, png in ICON_FILES.items():
        size = int(icon.parent.parent.name.partition("x")[0])
        assert pygame_size(tmp_path / "xdg" / icon) == (size, size) and png.name == f"{size}.png"


def test_with_no_program_the_entry_runs_the_card_arcade_command_pip_installed(tmp_path, monkeypatch):
    import install_desktop_entry

    scripts = tmp_path / "venv" / "bin"
    command = fake_program(scripts).rename(scripts / "card-arcade")
    monkeypatch.setattr(install_desktop_entry.sysconfig, "get_path", lambda name: str(scripts))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert install_desktop_entry.main([]) == 0
    assert exec_argv(entry_keys(tmp_path / "xdg" / ENTRY_FILE)["Exec"]) == [str(command)]


def test_a_plain_path_stays_unquoted_and_the_source_entry_runs_main_py(tmp_path):
    program = fake_program(tmp_path / "plain")
    assert entry_keys(install([str(program)], home=tmp_path / "a"))["Exec"] == str(program)
    source = entry_keys(install([sys.executable, str(ROOT / "main.py")], home=tmp_path / "b"))
    assert exec_argv(source["Exec"]) == [sys.executable, str(ROOT / "main.py")]


def test_the_files_go_under_xdg_data_home_or_home_local_share(tmp_path):
    program = fake_program(tmp_path / "built")
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "xdg"))
    assert run_script(str(program), env=env).returncode == 0
    assert (tmp_path / "xdg" / ENTRY_FILE).is_file() and (tmp_path / "xdg" / ICON_FILE).is_file()
    for unset in ("", "relative/is/ignored"):
        done = run_script(str(program), env=dict(env, XDG_DATA_HOME=unset))
        assert done.returncode == 0, done.stderr
    assert (tmp_path / "home" / ".local" / "share" / ENTRY_FILE).is_file()
    assert not Path("relative").exists()


def test_a_missing_or_unrunnable_program_is_refused_and_nothing_written(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "xdg"))
    done = run_script(str(tmp_path / "no" / "CardArcade"), env=env)
    assert done.returncode == 1 and "no program at" in done.stderr
    not_executable = tmp_path / "CardArcade"
    not_executable.write_text("")
    done = run_script(str(not_executable), env=env)
    assert done.returncode == 1 and "cannot be run" in done.stderr
    assert not (tmp_path / "xdg").exists()


def test_uninstall_removes_what_install_wrote_and_nothing_else(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "xdg"))
    assert run_script(str(fake_program(tmp_path / "built")), env=env).returncode == 0
    neighbour = tmp_path / "xdg" / "applications" / "other.desktop"
    neighbour.write_text("[Desktop Entry]\n")
    done = run_script("--uninstall", env=env)
    assert done.returncode == 0 and done.stdout.count("removed ") == 2 + len(ICON_FILES)
    assert not (tmp_path / "xdg" / ENTRY_FILE).exists() and not (tmp_path / "xdg" / ICON_FILE).exists()
    assert neighbour.exists()
    assert run_script("--uninstall", env=env).stdout == "nothing to remove\n"
    assert run_script("--uninstall", "prog", env=env).returncode == 2


def test_startup_wm_class_is_the_class_the_window_really_gets(tmp_path):
    import main

    keys = entry_keys(install([str(fake_program(tmp_path / "built"))], home=tmp_path / "xdg"))
    assert keys["StartupWMClass"] == main.WINDOW_CLASS == "card-arcade"
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO_")}
    hints = subprocess.run([sys.executable, "-c", "import main, os, pygame; print(os.environ['SDL_VIDEO_X11_WMCLASS'],"
                            " os.environ['SDL_VIDEO_WAYLAND_WMCLASS'])"], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=60, check=True).stdout.split()
    assert hints == [main.WINDOW_CLASS] * 2, "set before pygame is imported, so pygame keeps them"
    seen = window_class([sys.executable, str(ROOT / "main.py")], str(tmp_path / "home"))
    if seen is not None:  # where Xvfb, xdotool and xprop are installed: the real window's class
        assert seen == f'WM_CLASS(STRING) = "{main.WINDOW_CLASS}", "{main.WINDOW_CLASS}"'


@pytest.mark.parametrize("folder", ["plain", 'a "quoted" $folder\\ 50%', "line\nbreak"])
def test_the_entry_passes_desktop_file_validate_where_it_is_installed(tmp_path, folder):
    entry = install([str(fake_program(tmp_path / folder))], home=tmp_path / "xdg")
    assert set(entry_keys(entry)) >= {"Type", "Name", "Exec", "Icon", "StartupWMClass", "Categories"}
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True, check=False)
        assert done.returncode == 0 and done.stdout == "", done.stdout


def test_a_scalable_icon_goes_in_and_looks_like_the_painted_one(tmp_path):
    """bench/attack.py (item 21): the theme's scalable/ icon was missing."""
    import pygame
    from install_desktop_entry import SCALABLE_ICON

    install([str(fake_program(tmp_path / "built"))], home=tmp_path / "xdg")
    svg = tmp_path / "xdg" / "icons" / "hicolor" / "scalable" / "apps" / "card-arcade.svg"
    assert SCALABLE_ICON[0] == svg.relative_to(tmp_path / "xdg") and svg.is_file()
    size = 256
    drawn = (tmp_path / "icon.svg")
    drawn.write_text(svg.read_text().replace('width="512" height="512"', f'width="{size}" height="{size}"', 1))
    vector, painted = pygame.image.load(str(drawn)), pygame.image.load(str(ROOT / "assets" / "icons" / f"{size}.png"))
    assert vector.get_size() == painted.get_size() == (size, size)
    differences = [sum(abs(a - b) for a, b in zip(vector.get_at((x, y))[:3], painted.get_at((x, y))[:3], strict=True))
                   for x in range(0, size, 4) for y in range(0, size, 4) if painted.get_at((x, y)).a == 255]
    assert sum(differences) / len(differences) < 12, "the same picture, drawn as shapes"
