"""The standalone build: PyInstaller makes it, and the built program reaches the title and exits."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.build
def test_standalone_build_starts_headless_and_exits_cleanly(tmp_path, card_arcade_home):
    pytest.importorskip("PyInstaller")
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--dist", str(tmp_path / "dist"),
                    "--work", str(tmp_path / "work")], check=True, capture_output=True, timeout=600)
    exe = tmp_path / "dist" / "CardArcade" / ("CardArcade.exe" if os.name == "nt" else "CardArcade")
    assert exe.exists()
    assert list((exe.parent / "_internal" / "sounds").glob("*.wav")), "the sounds travel with the build"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARD_ARCADE_HOME=str(card_arcade_home), CARD_ARCADE_REPORT_FIRST_FRAME="1")
    done = subprocess.run([str(exe), "--frames", "90"], env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "first frame" in done.stdout
    log = (card_arcade_home / "card-arcade.log").read_text()
    assert "scene TitleScene" in log
    assert "Traceback" not in log


def test_ico_holds_the_png(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    from build import write_ico

    png = ROOT / "assets" / "icon.png"
    ico = tmp_path / "icon.ico"
    write_ico(png, ico)
    data = ico.read_bytes()
    assert data[:6] == b"\x00\x00\x01\x00\x01\x00"
    assert data[22:] == png.read_bytes()


def test_desktop_entry_points_at_the_build(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    from install_desktop_entry import install

    entry = install(tmp_path / "CardArcade", home=tmp_path)
    text = entry.read_text()
    assert f'Exec="{(tmp_path / "CardArcade").resolve()}"' in text
    assert "Icon=card-arcade" in text
    assert (tmp_path / ".local/share/icons/hicolor/256x256/apps/card-arcade.png").exists()
