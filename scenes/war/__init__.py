"""War's plugin for the menu: setup (with batch simulation and statistics), resume, statistics."""
from __future__ import annotations

from scenes.base import Scene
from scenes.saved import read_save
from scenes.seats import Seat
from scenes.setup import OptionSpec, SetupScene, seed_from_text
from scenes.war.table import WarTable, start_table
from sprites.canvas import Canvas
from sprites.theme import TEXT_DIM
from sprites.widgets import Button

OPTIONS = [
    OptionSpec("variant", "War", ("x4", "classic"), ("x4: 3 down 1 up", "classic: 1 down 1 up"), 0),
    OptionSpec("ace", "Ace", ("low", "high"), ("low", "high"), 0),
    OptionSpec("pickup", "Pickup", ("random", "fixed"), ("random", "fixed order"), 0),
    OptionSpec("deck", "Deck", ("shuffled", "trick"), ("shuffled", "trick (sextuple war)"), 0),
]
DEFAULT_SEATS = [Seat("You"), Seat("Computer", "computer", "normal")]
BATCH_SIZES = (100, 1000, 10000)
BATCH_Y = 470.0


def stats_scene(app) -> Scene:
    """Every finished War game: the list, totals and rates, charts."""
    from scenes.war.stats import WarStatsScene

    return WarStatsScene(app)


def batch_scene(app, games: int, seed: int, options: dict) -> Scene:
    from scenes.war.batch import WarBatchScene

    return WarBatchScene(app, games, seed, options)


class WarSetupScene(SetupScene):
    """The shared setup screen plus War's menu: simulate N games, open the statistics."""

    def __init__(self, app) -> None:
        super().__init__(app, "war", lambda seats, options, seed: start_table(app, seats, options, seed),
                         seat_range=(2, 2), levels=("normal",), options=OPTIONS,
                         default_seats=DEFAULT_SEATS)

    def build(self) -> None:
        super().build()
        extra = [Button((680 + i * 172, BATCH_Y, 160, 50), f"Simulate {n:,}", self._simulator(n), size=23)
                 for i, n in enumerate(BATCH_SIZES)]
        extra.append(Button((680, BATCH_Y + 62, 504, 50), "Statistics of past games",
                            lambda: self.app.push(stats_scene(self.app)), size=24))
        start_back = self.group.widgets[-2:]
        self.group.widgets = self.group.widgets[:-2] + extra + start_back

    def _simulator(self, games: int):
        def simulate() -> None:
            seed = seed_from_text(self.seed_text, self.rng)
            self.app.push(batch_scene(self.app, games, seed, self.chosen_options()))
        return simulate

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        canvas.text("War has no decisions: you watch. A human seat's statistics are kept.",
                    (360, 330), 19, TEXT_DIM)
        canvas.text("Batch simulation uses these options and the seed.", (935, BATCH_Y - 14), 18,
                    TEXT_DIM)


def setup_scene(app) -> Scene:
    """Two seats (you and the computer, or two computers), the War options, a seed."""
    return WarSetupScene(app)


def resume_scene(app, payload: dict) -> Scene:
    """The saved table; ValueError, KeyError or TypeError on a damaged save."""
    saved = read_save("war", payload)
    return WarTable(app, saved.rules, saved.seats, saved.seed, saved.extra)
