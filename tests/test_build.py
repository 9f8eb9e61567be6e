"""The standalone build: PyInstaller makes it, and the built program reaches the title and exits."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.window_class import window_class
from version import VERSION

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.build
@pytest.mark.slow
def test_standalone_build_starts_headless_and_exits_cleanly(tmp_path, card_arcade_home):
    pytest.importorskip("PyInstaller")
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--dist", str(tmp_path / "dist"),
                    "--work", str(tmp_path / "work")], check=True, capture_output=True, timeout=600)
    exe = tmp_path / "dist" / "CardArcade" / ("CardArcade.exe" if os.name == "nt" else "CardArcade")
    assert exe.exists()
    assert list((exe.parent / "_internal" / "sounds").glob("*.wav")), "the sounds travel with the build"
    fonts = exe.parent / "_internal" / "sprites" / "fonts"
    assert {p.name for p in fonts.iterdir()} == {p.name for p in (ROOT / "sprites" / "fonts").iterdir()}
    assert (exe.parent / "_internal" / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()
    licences = {path.name for path in (exe.parent / "licenses").iterdir()}
    assert {"LGPL-2.1.txt", "SDL2-zlib.txt", "FreeType-FTL.txt", "Python-LICENSE.txt"} <= licences
    sys.path.insert(0, str(ROOT / "tools"))
    from build import bundled_libraries, licences_of

    for library in bundled_libraries(exe.parent):  # (bench/attack.py, item 18: 30 were bundled without)
        assert set(licences_of(library) or ["none for " + library]) <= licences
    assert not list(exe.parent.rglob("libreadline*")), "GNU readline (GPL 3) is not bundled"
    named = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60, check=True)
    assert named.stdout == f"Card Arcade {VERSION}\n"
    helped = subprocess.run([str(exe), "--help"], capture_output=True, text=True, timeout=60, check=True)
    assert helped.stdout.startswith("usage: CardArcade ")
    seen = window_class([str(exe)], str(tmp_path / "x11"))
    if seen is not None:  # where Xvfb, xdotool and xprop are installed: the same class as from source
        assert seen == 'WM_CLASS(STRING) = "card-arcade", "card-arcade"'
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


def test_the_build_carries_the_licences_of_what_it_bundles_and_the_readme_lists_them(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    from build import collect_licences

    written = {path.name: path.read_text(encoding="utf-8") for path in collect_licences(tmp_path)}
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in written["LGPL-2.1.txt"] and "Version 2.1" in written["LGPL-2.1.txt"]
    assert "Sam Lantinga" in written["SDL2-zlib.txt"] and "The FreeType Project LICENSE" in written["FreeType-FTL.txt"]
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in written["Python-LICENSE.txt"]
    assert {"websockets-LICENSE", "msgspec-LICENSE", "zeroconf-COPYING"} <= set(written)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(name in readme for name in ("licenses/", "LGPL-2.1.txt", "SDL2-zlib.txt", "FreeType-FTL.txt",
                                           "Python-LICENSE.txt", "FluidSynth", "mpg123"))


def test_every_bundled_librarys_licence_is_carried_and_the_readme_names_it(tmp_path):
    """bench/attack.py (item 18): the build bundled FLAC, Ogg, Vorbis, Opus, libpng, OpenSSL and 24
    more libraries without their licences, GNU readline (GPL 3) for no use, and redis without its."""
    sys.path.insert(0, str(ROOT / "tools"))
    from build import EXCLUDED, LIBRARY_LICENCES, collect_licences

    written = {path.name for path in collect_licences(tmp_path)}
    assert {name for files in LIBRARY_LICENCES.values() for name in files} <= written
    assert any(name.startswith("redis-") for name in written) and "readline" in EXCLUDED
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for project in ("FLAC", "Ogg", "Vorbis", "Opus", "WavPack", "libxmp", "libpng", "libjpeg-turbo", "libtiff",
                    "WebP", "HarfBuzz", "Brotli", "OpenSSL", "libffi", "zlib", "bzip2", "XZ", "SQLite", "libuuid",
                    "GCC", "redis"):
        assert project in readme, project


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
