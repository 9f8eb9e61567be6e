"""War's setup screen: the shared one plus batch simulation and the statistics of past games."""
from __future__ import annotations

from scenes.setup import SetupScene, seed_from_text
from scenes.war.batch import WarBatchScene
from scenes.war.stats import WarStatsScene
from sprites.canvas import Canvas
from sprites.theme import TEXT_DIM
from sprites.widgets import Button

BATCH_SIZES = (100, 1000, 10000)
BATCH_Y = 470.0


class WarSetupScene(SetupScene):
    """The shared setup screen plus War's menu: simulate N games, open the statistics."""

    def __init__(self, app) -> None:
        super().__init__(app, "war")

    def build(self) -> None:
        super().build()
        extra = [Button((680 + i * 172, BATCH_Y, 160, 50), f"Simulate {n:,}", self._simulator(n), size=23)
                 for i, n in enumerate(BATCH_SIZES)]
        extra.append(Button((680, BATCH_Y + 62, 504, 50), "Statistics of past games",
                            lambda: self.app.push(WarStatsScene(self.app)), size=24))
        start_back = self.group.widgets[-2:]
        self.group.widgets = self.group.widgets[:-2] + extra + start_back

    def _simulator(self, games: int):
        def simulate() -> None:
            self.remember()
            seed = seed_from_text(self.seed_text, self.rng)
            self.app.push(WarBatchScene(self.app, games, seed, self.chosen_options()))
        return simulate

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        canvas.text("War has no decisions: you watch. A human seat's statistics are kept.",
                    (360, 330), 19, TEXT_DIM)
        canvas.text("Batch simulation uses these options and the seed.", (935, BATCH_Y - 14), 18,
                    TEXT_DIM)
