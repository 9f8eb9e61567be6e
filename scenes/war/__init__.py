"""War's scenes: its table, its setup screen with batch simulation, and its statistics page."""
from __future__ import annotations

from game.war import WarGame
from scenes.plugins import GameScenes, register_scenes
from scenes.saved import SavedTable
from scenes.seats import Seat
from scenes.war.batch import WarBatchScene
from scenes.war.setup import WarSetupScene
from scenes.war.stats import WarStatsScene
from scenes.war.table import WarTable, start_table


def resume(app, saved: SavedTable) -> WarTable:
    """The table of a saved game (read by scenes.saved.read_save)."""
    if not isinstance(saved.rules, WarGame):
        raise ValueError("not a saved War game")
    return WarTable(app, saved.rules, saved.seats, saved.seed, saved.extra)


SCENES = register_scenes(GameScenes(
    name="war", start=start_table, resume=resume,
    default_seats=(Seat("You"), Seat("Computer", "computer", "normal")),
    setup=WarSetupScene, stats=WarStatsScene, batch=WarBatchScene))
