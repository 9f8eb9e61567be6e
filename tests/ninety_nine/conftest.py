"""Ninety-Nine joins as another distribution's game would: a tiny distribution whose entry points name
its GameInfo and GameScenes, installed into a temporary folder put on sys.path for the test."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.registry import find_games, unregister
from scenes.plugins import unregister_scenes

NAME = "ninety_nine"
DIST_INFO = "card_arcade_ninety_nine-1.0.dist-info"
METADATA = "Metadata-Version: 2.1\nName: card-arcade-ninety-nine\nVersion: 1.0\n"
ENTRY_POINTS = f"""\
[card_arcade.games]
{NAME} = tests.ninety_nine.game:INFO

[card_arcade.scenes]
{NAME} = tests.ninety_nine.scenes:SCENES
"""


def install(folder: Path) -> Path:
    """Write the distribution's metadata into `folder`, as pip installs a distribution; returns `folder`
    (its code, tests.ninety_nine, is importable from the checkout)."""
    info = folder / DIST_INFO
    info.mkdir(parents=True)
    (info / "METADATA").write_text(METADATA)
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    return folder


@contextmanager
def installed(folder: Path) -> Iterator[str]:
    """Ninety-Nine's distribution on sys.path and its game found, then both gone."""
    sys.path.insert(0, str(install(folder)))
    try:
        find_games()
        yield NAME
    finally:
        sys.path.remove(str(folder))
        unregister_scenes(NAME)
        unregister(NAME)


@pytest.fixture
def ninety_nine(tmp_path: Path) -> Iterator[str]:
    """The name of Ninety-Nine, found through its entry points for the test."""
    with installed(tmp_path / "site") as name:
        yield name
