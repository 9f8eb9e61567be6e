"""Memory Match's scenes: its table, started from the shared setup screen or from a save."""
from __future__ import annotations

from game.match import Match
from game.memory_match import STARTERS
from game.memory_match.rules import MemoryMatchGame
from game.seats import Seat
from scenes.base import Host
from scenes.memory_match.table import memory_match_online, memory_match_table, start_table
from scenes.plugins import GameScenes, register_scenes
from scenes.table import Table


def resume(app: Host, match: Match) -> Table:
    """The saved table exactly where it stopped; ValueError if its starter option is unknown."""
    if match.table_extra.get("starter", "coin") not in STARTERS:
        raise ValueError("bad starter in the saved game")
    if not isinstance(match.rules, MemoryMatchGame):
        raise ValueError("not a saved Memory Match game")
    return memory_match_table(app, match)


SCENES = register_scenes(GameScenes(
    name="memory_match", start=start_table, resume=resume, online=memory_match_online,
    default_seats=(Seat("Amina"), Seat("Youssef", "computer", "normal")), screenshot=("sleep", "4")))
