"""The Linux menu entry (storage/desktop.py, `card-arcade --install-desktop`): the desktop entry, the icons and the
AppStream metainfo the package carries, under $XDG_DATA_HOME; Exec escaped per the Desktop Entry Specification;
--uninstall-desktop; StartupWMClass = the class the window really has; desktop-file-validate and appstreamcli
validate pass (.ci/run installs them)."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from storage.desktop import ASSETS, ENTRY, METAINFO, OLD_FILES, SIZES, icon_files, install, this_command
from tests.window_class import window_class
from version import APP_ID, VERSION

ROOT = Path(__file__).resolve().parent.parent
MAIN = ROOT / "main.py"
ICON_FILE = Path("icons") / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png"
VALIDATORS = {"desktop-file-validate": "desktop-file-utils", "appstreamcli": "appstream"}  # Debian's packages

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


def pygame_size(png: Path) -> tuple[int, int]:
    import pygame

    return pygame.image.load(str(png)).get_size()


def run_main(*args, env):
    return subprocess.run([sys.executable, str(MAIN), *args], env=env, capture_output=True, text=True,
                          timeout=60, check=False)


def validator(name: str) -> str:
    """The validator's path; CI installs it (.ci/run), elsewhere a test without it is skipped, saying so."""
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (Debian: apt-get install {VALIDATORS[name]}; .ci/run does)")
    return found


def test_exec_is_quoted_and_escaped_so_it_reads_back_as_the_program(tmp_path):
    program = tmp_path / 'we"ird $dir\\ 100% `x`\ttab' / "CardArcade"
    entry = install([str(program)], home=tmp_path / "xdg")[0]
    keys = entry_keys(entry)
    assert exec_argv(keys["Exec"]) == [str(program), "%u"]  # %u: the cardarcade:// link opened, if any
    assert keys["MimeType"] == "x-scheme-handler/cardarcade;"
    assert keys["Exec"].startswith('"') and "%%" in keys["Exec"] and "\\t" in keys["Exec"]
    assert (tmp_path / "xdg" / ICON_FILE).read_bytes() == (ROOT / "assets" / "icon.png").read_bytes()
    assert keys["Icon"] == APP_ID and keys["Type"] == "Application" and keys["Name"] == "Card Arcade"
    assert entry == tmp_path / "xdg" / "applications" / f"{APP_ID}.desktop"


def test_a_plain_path_stays_unquoted_and_a_checkouts_entry_runs_main_py(tmp_path):
    assert entry_keys(install(["/opt/card-arcade/bin/card-arcade"], home=tmp_path / "a")[0])["Exec"] == \
        "/opt/card-arcade/bin/card-arcade %u"
    source = entry_keys(install([sys.executable, str(MAIN)], home=tmp_path / "b")[0])
    assert exec_argv(source["Exec"]) == [sys.executable, str(MAIN), "%u"]


def test_the_icon_goes_in_at_every_size_of_the_theme_from_16_to_512_px_and_as_svg(tmp_path):
    written = install(["card-arcade"], home=tmp_path / "xdg")
    assert {16, 48, 256, 512} <= set(SIZES), "48 px is the hicolor theme's minimum"
    for icon, source in icon_files().items():
        assert tmp_path / "xdg" / icon in written and icon.stem == APP_ID
        if icon.suffix == ".png":
            size = int(icon.parent.parent.name.partition("x")[0])
            assert pygame_size(tmp_path / "xdg" / icon) == (size, size) and source.name == f"{size}.png"
    assert (tmp_path / "xdg" / "icons/hicolor/scalable/apps" / f"{APP_ID}.svg").is_file()
    assert (tmp_path / "xdg" / METAINFO).read_bytes() == (ASSETS / METAINFO.name).read_bytes()


def test_the_entry_runs_the_copy_that_installed_it(tmp_path, monkeypatch):
    import storage.desktop

    assert this_command(MAIN) == [sys.executable, str(MAIN)], "a checkout: this Python with main.py"
    scripts = tmp_path / "venv" / "bin"
    scripts.mkdir(parents=True)
    (scripts / "card-arcade").write_text("#!/bin/sh\n")
    monkeypatch.setattr(storage.desktop.sysconfig, "get_path", lambda name: str(scripts))
    assert this_command(MAIN) == [str(scripts / "card-arcade")], "pip or pipx: the command beside this Python"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert this_command(MAIN) == [sys.executable], "the standalone build: itself"


def test_install_desktop_writes_under_xdg_data_home_or_home_local_share_and_uninstall_takes_it_out(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "xdg"))
    done = run_main("--install-desktop", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("installed ") == 2 + len(icon_files())
    entry = tmp_path / "xdg" / ENTRY
    assert exec_argv(entry_keys(entry)["Exec"]) == [sys.executable, str(MAIN), "%u"]
    neighbour = tmp_path / "xdg" / "applications" / "other.desktop"
    neighbour.write_text("[Desktop Entry]\n")
    done = run_main("--uninstall-desktop", env=env)
    assert done.returncode == 0 and done.stdout.count("removed ") == 2 + len(icon_files())
    assert sorted(path.name for path in (tmp_path / "xdg").rglob("*") if path.is_file()) == ["other.desktop"]
    assert run_main("--uninstall-desktop", env=env).stdout == "nothing to remove\n"
    for unset in ("", "relative/is/ignored"):
        done = run_main("--install-desktop", env=dict(env, XDG_DATA_HOME=unset))
        assert done.returncode == 0, done.stderr
    assert (tmp_path / "home" / ".local" / "share" / ENTRY).is_file()
    assert not Path("relative").exists()


@pytest.mark.parametrize("args", [["--install-desktop", "--uninstall-desktop"], ["--install-desktop", "--serve"],
                                  ["--uninstall-desktop", "--frames", "3"]])
def test_install_desktop_goes_with_no_other_option(args, tmp_path):
    done = run_main(*args, env=dict(os.environ, XDG_DATA_HOME=str(tmp_path / "xdg")))
    assert done.returncode == 2 and "goes with no other option" in done.stderr
    assert not (tmp_path / "xdg").exists()


def test_an_earlier_entry_without_the_application_id_is_replaced(tmp_path):
    home = tmp_path / "xdg"
    for old in OLD_FILES:
        (home / old).parent.mkdir(parents=True, exist_ok=True)
        (home / old).write_text("old")
    install(["card-arcade"], home=home)
    assert not any((home / old).exists() for old in OLD_FILES), "the menu would show Card Arcade twice"


def test_a_folder_that_cannot_be_written_gives_one_sentence_and_exit_code_1(tmp_path):
    (tmp_path / "xdg").write_text("a file where the folder should be")
    done = run_main("--install-desktop", env=dict(os.environ, XDG_DATA_HOME=str(tmp_path / "xdg")))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("Card Arcade could not add its menu entry: ") and done.stderr.count("\n") == 1


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_windows_and_macos_are_told_the_menu_entry_is_for_linux(platform, tmp_path, monkeypatch, capsys):
    import storage.desktop

    monkeypatch.setattr(storage.desktop.sys, "platform", platform)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert storage.desktop.run(MAIN, undo=False) == 1
    assert "for Linux desktops" in capsys.readouterr().err and not (tmp_path / "xdg").exists()


def test_ci_installs_both_validators_so_their_tests_never_skip_there():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for command, package in VALIDATORS.items():
        assert f"command -v {command}" in ci and package in ci


def test_startup_wm_class_is_the_class_the_window_really_gets(tmp_path):
    import main

    keys = entry_keys(install(["card-arcade"], home=tmp_path / "xdg")[0])
    assert keys["StartupWMClass"] == main.WINDOW_CLASS == APP_ID, "Wayland's app id is the entry's name"
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO_")}
    hints = subprocess.run([sys.executable, "-c", "import main, os, pygame; print(os.environ['SDL_VIDEO_X11_WMCLASS'],"
                            " os.environ['SDL_VIDEO_WAYLAND_WMCLASS'])"], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=60, check=True).stdout.split()
    assert hints == [main.WINDOW_CLASS] * 2, "set before pygame is imported, so pygame keeps them"
    seen = window_class([sys.executable, str(MAIN)], str(tmp_path / "home"))
    if seen is not None:  # where Xvfb, xdotool and xprop are installed: the real window's class
        assert seen == f'WM_CLASS(STRING) = "{APP_ID}", "{APP_ID}"'


@pytest.mark.parametrize("folder", ["plain", 'a "quoted" $folder\\ 50%', "line\nbreak"])
def test_the_entry_passes_desktop_file_validate_where_it_is_installed(tmp_path, folder):
    entry = install([str(tmp_path / folder / "card-arcade")], home=tmp_path / "xdg")[0]
    assert set(entry_keys(entry)) >= {"Type", "Name", "Exec", "Icon", "StartupWMClass", "Categories"}
    done = subprocess.run([validator("desktop-file-validate"), str(entry)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0 and done.stdout == "", done.stdout


def test_the_metainfo_passes_appstreamcli_validate_and_names_this_version_and_entry(tmp_path):
    metainfo = install(["card-arcade"], home=tmp_path / "xdg")[-1]
    assert metainfo == tmp_path / "xdg" / "metainfo" / f"{APP_ID}.metainfo.xml"
    text = metainfo.read_text(encoding="utf-8")
    assert f"<id>{APP_ID}</id>" in text and f"<launchable type=\"desktop-id\">{APP_ID}.desktop</launchable>" in text
    assert re.search(r'<release version="([^"]+)"', text)[1] == VERSION, "the newest release is this version"
    done = subprocess.run([validator("appstreamcli"), "validate", "--no-net", str(metainfo)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    broken = tmp_path / f"{APP_ID}.metainfo.xml"
    broken.write_text(text.replace("<summary>", "<summary>Bad.", 1).replace("</name>", "</name><name>Twice</name>", 1))
    done = subprocess.run(["appstreamcli", "validate", "--no-net", str(broken)], capture_output=True, text=True,
                          check=False)
    assert done.returncode != 0, "the validator does find faults"


def test_a_scalable_icon_looks_like_the_painted_one(tmp_path):
    """bench/attack.py (item 21): the theme's scalable/ icon was missing."""
    import pygame

    install(["card-arcade"], home=tmp_path / "xdg")
    svg = tmp_path / "xdg" / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    size = 256
    drawn = (tmp_path / "icon.svg")
    drawn.write_text(svg.read_text().replace('width="512" height="512"', f'width="{size}" height="{size}"', 1))
    vector, painted = pygame.image.load(str(drawn)), pygame.image.load(str(ROOT / "assets" / "icons" / f"{size}.png"))
    assert vector.get_size() == painted.get_size() == (size, size)
    differences = [sum(abs(a - b) for a, b in zip(vector.get_at((x, y))[:3], painted.get_at((x, y))[:3], strict=True))
                   for x in range(0, size, 4) for y in range(0, size, 4) if painted.get_at((x, y)).a == 255]
    assert sum(differences) / len(differences) < 12, "the same picture, drawn as shapes"
