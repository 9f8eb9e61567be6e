"""Start a game's table as a player would: open its setup, set the seats, press Start."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.registry import game_info
from scenes.setup import setup_scene


def start_table(app, name: str, computers_only: bool = False, seed: str = "", names: Sequence[str] = ()) -> None:
    """Push the game's setup scene and press Start (every seat a computer of the game's default
    level, normal, if asked; `seed` typed in the Seed field, empty for a new deal; the first seats
    named `names`, if given).

    A computers-only table also gets a Space key, which starts a watched game (War)."""
    app.push(setup_scene(app, name), transition=False)
    setup = app.top
    if computers_only:
        computer = setup.kinds.index(("computer", game_info(name).default_level))
        setup.kind_index = [computer] * len(setup.kind_index)
    setup.seed_text = seed
    setup.names[:len(names)] = names
    next(w for w in setup.group.widgets if getattr(w, "label", "") == "Start").on_click()
    if computers_only:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
