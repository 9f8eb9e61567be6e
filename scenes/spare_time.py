"""Work the loop does in its spare time, never in a frame's: card faces painted ahead of need, the
scene coming in drawn once under the black veil, sound effects loaded before their first play."""
from __future__ import annotations

import time

from scenes.base import Scene
from scenes.frame import FramePainter
from sounds.player import SoundPlayer
from sprites.card_faces import CardPainter

PAINT_AHEAD = 0.004  # seconds an idle pass of the loop spends painting faces ahead of need
VEILED_PAINT = 0.012  # seconds a pass under the black veil spends on them: it draws nothing (the window is black)
SPARE_MARGIN = 0.003  # seconds before the next moving frame is due that painting ahead stops
SOUND_LOAD = 0.006  # seconds a sound effect may take to load (a frame's spare time must hold them)


class SpareTime:
    """Fills the passes that draw nothing and what is left of a moving frame's time."""

    def __init__(self, painter: CardPainter, sounds: SoundPlayer, frame: FramePainter) -> None:
        self.painter = painter
        self.sounds = sounds
        self.frame = frame

    def idle_pass(self, shown: list[Scene]) -> bool:
        """A pass that drew nothing: under the black veil the `shown` scenes are drawn once the faces
        they need are painted; else a slice of faces is painted, else a sound effect loaded. True
        when faces were painted (one shown scaled may now be crisp: the picture changed)."""
        veil = self.frame.veil
        if veil.black and not self.painter.soon and not veil.warmed:
            veil.warmed = self.frame.warm(shown, VEILED_PAINT)
        elif self.painter.waiting():  # idle, or the window shows the veil's black
            self.painter.paint_pending(VEILED_PAINT if veil.black else PAINT_AHEAD)
            return True
        else:
            self.sounds.load_next()  # the next sound effect, before its first play
        return False

    def before(self, due: float) -> None:
        """A moving frame's spare time, after it is shown and until SPARE_MARGIN before the next is
        `due` (a time.perf_counter() time): paint faces ahead of need while one fits, then load a
        sound effect if there is time."""
        until = due - SPARE_MARGIN
        if self.painter.waiting():
            self.painter.paint_pending(until - time.perf_counter(), at_least_one=False)
        if until - time.perf_counter() > SOUND_LOAD:
            self.sounds.load_next()
