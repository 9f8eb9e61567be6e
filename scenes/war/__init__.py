"""War's scenes: its table, its setup screen with batch simulation, and its statistics page."""
from __future__ import annotations

from game.seats import Seat
from scenes.plugins import GameScenes, register_scenes
from scenes.war.batch import WarBatchScene
from scenes.war.setup import WarSetupScene
from scenes.war.stats import WarStatsScene
from scenes.war.table import resume_table, start_table

SCENES = register_scenes(GameScenes(
    name="war", start=start_table,
    resume=resume_table,
    default_seats=(Seat("You"), Seat("Computer", "computer", "normal")),
    setup=WarSetupScene, stats=WarStatsScene, batch=WarBatchScene,
    screenshot=("sleep", "1", "key", "space", "sleep", "6", "key", "space", "sleep", "1"), end_key="e"))
