"""High Card is registered only while a test asks for it: every other test sees the built-in games."""
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from game.registry import register, unregister
from scenes.plugins import register_scenes, unregister_scenes


@contextmanager
def high_card_registered() -> Iterator[str]:
    """High Card's GameInfo and GameScenes registered, as a built-in game's packages register theirs
    when imported, then forgotten."""
    from tests.high_card import game, scenes

    register(game.INFO)
    register_scenes(scenes.SCENES)
    try:
        yield game.INFO.name
    finally:
        unregister_scenes(game.INFO.name)
        unregister(game.INFO.name)


@pytest.fixture
def high_card() -> Iterator[str]:
    """The name of High Card, registered for the test."""
    with high_card_registered() as name:
        yield name
