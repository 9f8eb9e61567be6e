"""War's setup screen: the shared one plus batch simulation and the statistics of past games."""
from __future__ import annotations

from lang import N_, _
from scenes.base import Host
from scenes.setup import NOTE_H, RIGHT_W, RIGHT_X, SetupScene, seed_from_text
from scenes.war.batch import WarBatchScene
from scenes.war.stats import WarStatsScene
from sprites.canvas import Canvas
from sprites.theme import CAPTION_SIZE, LINE_SPACING, SPACE, TEXT_DIM
from sprites.widgets import Button

BATCH_SIZES = (100, 1000, 10000)
BATCH_H, BATCH_GAP = 42.0, 6.0  # low enough that Start's row stays above the help line
BATCH_NOTE = N_("Batch simulation uses these options and the seed.")


class WarSetupScene(SetupScene):
    """The shared setup screen plus War's menu, in the right panel under the seed: simulate N
    games, open the statistics."""

    SEATS_NOTE = N_("War has no decisions: you watch. A human seat's statistics are kept.")

    def __init__(self, app: Host) -> None:
        super().__init__(app, "war")

    def extra_height(self) -> float:
        return NOTE_H + SPACE / 4 + BATCH_H * 2 + BATCH_GAP

    def build(self) -> None:
        super().build()
        top = self.extra_top + NOTE_H + SPACE / 4
        width = (RIGHT_W - BATCH_GAP * (len(BATCH_SIZES) - 1)) / len(BATCH_SIZES)
        extra = [Button((RIGHT_X + i * (width + BATCH_GAP), top, width, BATCH_H),
                        _("Simulate {games}", games=format(n, ",")), self._simulator(n), size=23)
                 for i, n in enumerate(BATCH_SIZES)]
        extra.append(Button((RIGHT_X, top + BATCH_H + BATCH_GAP, RIGHT_W, BATCH_H), _("Statistics of past games"),
                            lambda: self.app.push(WarStatsScene(self.app)), size=24))
        row = self.group.widgets[-self.button_count:]
        self.group.widgets = self.group.widgets[:-self.button_count] + extra + row

    def _simulator(self, games: int):
        def simulate() -> None:
            self.remember()
            seed = seed_from_text(self.seed_text, self.rng)
            self.app.push(WarBatchScene(self.app, games, seed, self.chosen_options()))
        return simulate

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        x, anchor = canvas.line_start(RIGHT_X, RIGHT_X + RIGHT_W), canvas.start_anchor("topleft")
        for i, line in enumerate(canvas.wrap(_(BATCH_NOTE), CAPTION_SIZE, RIGHT_W)[:2]):  # NOTE_H: two lines
            canvas.text(line, (x, self.extra_top + i * CAPTION_SIZE * LINE_SPACING), CAPTION_SIZE, TEXT_DIM,
                        anchor=anchor)
