"""Headless pygame for every test, and a private data folder per test."""
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest


@pytest.fixture(autouse=True)
def card_arcade_home(tmp_path, monkeypatch):
    """Each test keeps its settings, statistics and saves in its own temporary folder."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("CARD_ARCADE_HOME", str(home))
    return home


@pytest.fixture
def drawn_cards(monkeypatch):
    """What card sprites draw on the window during the test (tests/ui.py DrawnCards)."""
    from tests.ui import DrawnCards

    return DrawnCards().watch(monkeypatch)
