"""The standalone build: PyInstaller makes it, and the built program reaches the title and exits."""
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.window_class import window_class
from version import VERSION

ROOT = Path(__file__).resolve().parent.parent
LICENCES = ROOT / "assets" / "licenses"


def licence_entries() -> dict[str, set[str]]:
    """SOURCES.txt's entries: each licence file it names, with the libraries its covers: line names."""
    entries: dict[str, set[str]] = {}
    for line in (LICENCES / "SOURCES.txt").read_text(encoding="utf-8").splitlines():
        if re.fullmatch(r"\S+\.txt", line):
            entries[line] = covered = set()
        elif line.lstrip().startswith("covers:"):
            covered.update(name.strip() for name in line.partition(":")[2].split(","))
    return entries


def wheel_libraries() -> set[str]:
    """The libraries pygame-ce's wheel bundles in pygame_ce.libs, by name: libFLAC-e7027ec5.so.14.0.0 is libFLAC."""
    files = importlib.metadata.distribution("pygame-ce").files or []
    return {re.split(r"[-.]", file.name)[0] for file in files if file.parts[0] == "pygame_ce.libs"}


def build_once(folder: Path) -> Path:
    """Build the program in `folder`, or wait for the one another process is building there; its executable."""
    outcome = folder / "outcome"
    try:
        folder.mkdir()
    except FileExistsError:
        deadline = time.monotonic() + 900
        while not outcome.exists() and time.monotonic() < deadline:
            time.sleep(1)
    else:
        try:
            built = subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--dist", str(folder / "dist"),
                                    "--work", str(folder / "work")], capture_output=True, text=True, timeout=600)
            result = f"{built.returncode}\n{built.stderr[-4000:]}"
        except subprocess.TimeoutExpired:
            result = "timeout\nthe build took over 10 minutes"
        (folder / "outcome.part").write_text(result, encoding="utf-8")
        (folder / "outcome.part").replace(outcome)
    assert outcome.exists(), "no build came in 15 minutes"
    status, _, stderr = outcome.read_text(encoding="utf-8").partition("\n")
    assert status == "0", f"the build failed ({status}):\n{stderr}"
    return folder / "dist" / "CardArcade" / ("CardArcade.exe" if os.name == "nt" else "CardArcade")


@pytest.fixture(scope="session")
def standalone(tmp_path_factory) -> Path:
    """The standalone program, built once per test run (pytest-xdist's workers share it): its executable."""
    pytest.importorskip("PyInstaller")
    shared = tmp_path_factory.getbasetemp()
    if "PYTEST_XDIST_WORKER" in os.environ:
        shared = shared.parent  # the run's own folder, above its workers'
    return build_once(shared / "standalone")


@pytest.mark.build
@pytest.mark.slow
def test_standalone_build_starts_headless_and_exits_cleanly(standalone, tmp_path, card_arcade_home):
    exe = standalone
    assert exe.exists()
    assert list((exe.parent / "_internal" / "sounds").glob("*.wav")), "the sounds travel with the build"
    fonts = exe.parent / "_internal" / "sprites" / "fonts"
    assert {p.name for p in fonts.iterdir()} == {p.name for p in (ROOT / "sprites" / "fonts").iterdir()}
    assert (exe.parent / "_internal" / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()
    licences = {path.name for path in (exe.parent / "licenses").iterdir()}
    assert {"LGPL-2.1.txt", "SDL2-zlib.txt", "FreeType-FTL.txt", "Python-LICENSE.txt"} <= licences
    named = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60, check=True)
    assert named.stdout == f"Card Arcade {VERSION}\n"
    helped = subprocess.run([str(exe), "--help"], capture_output=True, text=True, timeout=60, check=True)
    assert helped.stdout.startswith("usage: CardArcade ")
    seen = window_class([str(exe)], str(tmp_path / "x11"))
    if seen is not None:  # where Xvfb, xdotool and xprop are installed: the same class as from source
        assert seen == 'WM_CLASS(STRING) = "io.github.cardarcade.CardArcade", "io.github.cardarcade.CardArcade"'
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARD_ARCADE_HOME=str(card_arcade_home), CARD_ARCADE_REPORT_FIRST_FRAME="1")
    done = subprocess.run([str(exe), "--frames", "90"], env=env, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "first frame" in done.stdout
    log = (card_arcade_home / "card-arcade.log").read_text()
    assert "scene TitleScene" in log
    assert "Traceback" not in log

    # Without CARD_ARCADE_HOME both find the same user data folder.
    user = dict(env, XDG_DATA_HOME=str(tmp_path / "xdg"), HOME=str(tmp_path))
    user.pop("CARD_ARCADE_HOME")
    where = subprocess.run([sys.executable, "-c", "from storage.files import data_dir; print(data_dir())"],
                           env=user, cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    assert str(tmp_path / "xdg") in where
    subprocess.run([str(exe), "--frames", "5"], env=user, capture_output=True, timeout=120, check=True)
    assert (tmp_path / ".local" / "state" / "CardArcade" / "card-arcade.log").exists(), \
        "the build writes where python main.py does"


@pytest.mark.build
@pytest.mark.slow
def test_the_build_leaves_out_what_only_a_server_or_the_interactive_prompt_uses(standalone, tmp_path):
    import ast

    # PyInstaller's table of the Python modules it put in the build: (archive, [(name, source, kind), ...])
    toc = standalone.parents[2] / "work" / "pyinstaller" / "CardArcade" / "PYZ-00.toc"
    modules = {entry[0] for entry in ast.literal_eval(toc.read_text(encoding="utf-8"))[1]}
    assert {"net.server", "websockets", "storage.desktop"} <= modules, "is the table still read right?"
    assert not {name for name in modules if name.split(".")[0] in ("redis", "prometheus_client", "curses",
                                                                     "_pyrepl")}
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARD_ARCADE_HOME=str(tmp_path / "h"))
    asked = subprocess.run([str(standalone), "--serve", "--port", "0", "--redis", "redis://127.0.0.1:9/0"], env=env,
                           capture_output=True, text=True, timeout=60, check=False)
    assert asked.returncode == 1 and "tools/build.py --server" in asked.stderr, asked.stderr
    installed = subprocess.run([str(standalone), "--install-desktop"], capture_output=True, text=True, timeout=60,
                               env=dict(env, XDG_DATA_HOME=str(tmp_path / "xdg")), check=False)
    assert installed.returncode == 0, installed.stderr
    entry = (tmp_path / "xdg" / "applications" / "io.github.cardarcade.CardArcade.desktop").read_text()
    assert f"Exec={standalone} %u\n" in entry, "the menu runs the build, given a link if one was opened"


@pytest.mark.build
@pytest.mark.slow
def test_the_build_carries_the_copyright_file_of_every_library_it_takes_from_the_building_machine(standalone):
    internal = standalone.parent / "_internal"
    assert not list(internal.rglob("*readline*")), "readline (GPL 3) serves only websockets' command line"
    assert not list(internal.rglob("libtinfo*")), "libtinfo came only for readline and curses"
    assert not list(internal.rglob("libncurses*")), "curses serves only Python 3.13's interactive prompt"
    if shutil.which("dpkg") is None:
        pytest.skip("no dpkg to tell which package each library came from")
    pygame_ces = {file.name for file in importlib.metadata.distribution("pygame-ce").files or []}
    libraries = sorted(path.name for path in internal.rglob("*") if re.fullmatch(r".+\.so(\.[0-9]+)+", path.name)
                       and not path.is_symlink() and path.name not in pygame_ces
                       and not path.name.startswith("libpython"))  # Python-LICENSE.txt covers libpython
    assert libraries, "no library of the system found in the build: is the pattern still right?"
    licences = standalone.parent / "licenses"
    listed = (licences / "system-libraries.txt").read_text(encoding="utf-8")
    for library in libraries:
        owners = subprocess.run(["dpkg", "-S", f"*/{library}"], capture_output=True, text=True, check=False).stdout
        packages = {line.partition(":")[0] for line in owners.splitlines()}
        assert packages, f"no Debian package installed a {library}"
        assert any((licences / f"{package}-copyright.txt").is_file() for package in packages), \
            f"{library}: no copyright file of {sorted(packages)} in licenses/"
        assert library in listed, f"licenses/system-libraries.txt says nothing of {library}"
    for copyright_file in licences.glob("*-copyright.txt"):
        text = copyright_file.read_text(encoding="utf-8", errors="replace")
        for licence in re.findall(r"/usr/share/common-licenses/([\w.+-]*[\w+])", text):
            assert (licences / f"common-licenses-{licence}.txt").is_file(), f"{copyright_file.name} points to {licence}"


def test_without_dpkg_the_build_names_the_system_libraries_whose_licence_it_could_not_collect(tmp_path, monkeypatch):
    sys.path.insert(0, str(ROOT / "tools"))
    from build import SYSTEM_LIBRARIES, collect_system_licences

    toc = tmp_path / "work" / "pyinstaller" / "CardArcade" / "COLLECT-00.toc"  # what PyInstaller put in the build
    toc.parent.mkdir(parents=True)
    toc.write_text(repr(([("libz.so.1", "/lib/x86_64-linux-gnu/libz.so.1", "BINARY"),
                          ("libpython3.11.so.1.0", "/opt/python/lib/libpython3.11.so.1.0", "BINARY"),
                          ("zlib.cpython-311-x86_64-linux-gnu.so", "/opt/python/lib/zlib.so", "EXTENSION")],)))
    monkeypatch.setenv("PATH", str(tmp_path))  # no dpkg
    licences = tmp_path / "licenses"
    licences.mkdir()
    assert collect_system_licences(tmp_path / "work", licences) == ["libz.so.1"]
    assert [path.name for path in licences.iterdir()] == [SYSTEM_LIBRARIES]
    note = (licences / SYSTEM_LIBRARIES).read_text(encoding="utf-8")
    assert "libz.so.1: no copyright file found" in note and "libpython" not in note


def test_the_build_carries_the_licences_of_what_it_bundles_and_the_readme_lists_them(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    from build import BUNDLED, collect_licences

    required = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert set(BUNDLED) == {re.split(r"[<>=!~;\[ ]", line)[0] for line in required if line.strip()}, \
        "the build collects the licences of every package requirements.txt installs"
    written = {path.name: path.read_text(encoding="utf-8") for path in collect_licences(tmp_path)}
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in written["LGPL-2.1.txt"] and "Version 2.1" in written["LGPL-2.1.txt"]
    assert "Sam Lantinga" in written["SDL2-zlib.txt"] and "The FreeType Project LICENSE" in written["FreeType-FTL.txt"]
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in written["Python-LICENSE.txt"]
    assert {"websockets-LICENSE", "msgspec-LICENSE", "zeroconf-COPYING"} <= set(written)
    assert not {name for name in written if name.startswith(("redis", "prometheus"))}, "no server extra unless asked"
    server = {path.name for path in collect_licences(tmp_path / "server", server=True)}
    assert {"redis-LICENSE", "prometheus-client-LICENSE", "prometheus-client-NOTICE"} <= server
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(name in readme for name in ("licenses/", "LGPL-2.1.txt", "SDL2-zlib.txt", "FreeType-FTL.txt",
                                           "Python-LICENSE.txt", "FluidSynth", "mpg123", "system-libraries.txt"))


def test_every_library_pygame_ces_wheel_bundles_is_under_a_licence_sources_names_and_the_build_copies(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    from build import collect_licences

    libraries = wheel_libraries()
    if not libraries:
        pytest.skip("this pygame-ce wheel bundles no pygame_ce.libs (only Linux wheels do)")
    entries = licence_entries()
    covered = set().union(*entries.values())
    assert "libFLAC" in libraries and "libSDL2" in libraries
    assert not libraries - covered, f"libraries no entry of SOURCES.txt covers: {sorted(libraries - covered)}"
    copied = {path.name for path in collect_licences(tmp_path)}
    for name, libraries_covered in entries.items():
        assert libraries_covered, f"{name} covers nothing"
        assert (LICENCES / name).is_file() and name in copied, f"{name} is not copied into the build"
    texts = {path.name for path in LICENCES.iterdir()} - {"SOURCES.txt"}
    assert texts == set(entries), f"texts SOURCES.txt says nothing of: {sorted(texts - set(entries))}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert not [name for name in entries if name not in readme], "README's Licences lists every text"


def test_ico_holds_the_pngs_from_16_to_256_px_and_the_icons_go_to_512(tmp_path):
    import struct

    sys.path.insert(0, str(ROOT / "tools"))
    from make_icon import ICO_SIZES, SIZES, write_ico

    assert {16, 48, 256, 512} <= set(SIZES) and max(ICO_SIZES) == 256
    pngs = [ROOT / "assets" / "icons" / f"{size}.png" for size in ICO_SIZES]
    ico = tmp_path / "icon.ico"
    write_ico(pngs, ico)
    data = ico.read_bytes()
    assert data[:6] == struct.pack("<HHH", 0, 1, len(pngs))
    for i, png in enumerate(pngs):
        width, _, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        assert width == ICO_SIZES[i] % 256 and data[offset:offset + length] == png.read_bytes()
    assert (ROOT / "assets" / "icon.ico").read_bytes() == data, "the committed ICO is the committed PNGs'"
    assert (ROOT / "assets" / "icon.png").read_bytes() == (ROOT / "assets" / "icons" / "256.png").read_bytes()
