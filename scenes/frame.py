"""A frame of the window: the scenes shown, the transition's veil over them and the notices, painted
only where it changed; and the scenes coming in drawn once under the black veil."""
from __future__ import annotations

import time

import pygame

from scenes.base import Scene
from scenes.notices import NoticeLine
from sprites.canvas import Canvas, OutOfTime
from sprites.card_faces import CardPainter

TRANSITION_TIME = 0.18  # seconds the veil takes to lift
VEIL_HOLD = 0.4  # seconds a transition may stay black while the faces and texts in view are painted


class Veil:
    """The transition's black veil: it covers the window as a scene comes in, stays black while the
    faces and texts in view are made (at most VEIL_HOLD), then lifts in TRANSITION_TIME."""

    def __init__(self) -> None:
        self.fade = 0.0  # 1 = black
        self.held = 0.0  # seconds it has stayed black while the new scene's faces are painted
        self.warmed = True  # the scene coming in has been drawn once under it (its texts are made)

    @property
    def black(self) -> bool:
        return self.fade >= 1.0

    def cover(self) -> None:
        """A scene comes in: black, until what it shows is made."""
        self.fade, self.held, self.warmed = 1.0, 0.0, False

    def tick(self, dt: float, faces_due: bool) -> None:
        """`dt` seconds on: held black while faces are `faces_due` or the scene is not warmed yet,
        within VEIL_HOLD; else lifting."""
        if self.black and (faces_due or not self.warmed) and self.held < VEIL_HOLD:
            self.held += dt  # the faces and texts in view are made under the black veil, a slice a pass
        else:
            self.fade = max(0.0, self.fade - dt / TRANSITION_TIME)


class FramePainter:
    """Draws the frames through the canvas and counts them."""

    def __init__(self, canvas: Canvas, painter: CardPainter, veil: Veil, notices: NoticeLine) -> None:
        self.canvas = canvas
        self.painter = painter
        self.veil = veil
        self.notices = notices
        self.draws = 0  # frames drawn
        self.shown_at = time.perf_counter()  # when the last frame was shown
        self.black = False  # the window shows the veil's black: a pass under the veil need not draw it again

    def draw(self, scenes: list[Scene], lasting: list[str]) -> None:
        """`scenes` (none under a black veil), the veil lifting over them, the notices with the
        `lasting` ones first; painted where it differs from the last frame, and shown."""
        self.draws += 1
        shown = scenes if not self.veil.black else []
        self.canvas.begin_frame()
        try:
            if not shown or not shown[0].opaque:
                self.canvas.fill((0, 0, 0))  # an opaque scene paints the whole window itself
            for scene in shown:
                if not scene.beside_below:
                    self.canvas.scene_layer(type(scene).__name__)
                scene.draw(self.canvas)
            if 0 < self.veil.fade < 1.0:
                self.canvas.keep_below()  # the scene stays, the veil over it lifts
                self.canvas.shade(int(255 * self.veil.fade))
            self.notices.draw(self.canvas, lasting)
        finally:
            changed = self.canvas.end_frame()  # painted where it differs from the last frame
        if changed is None:
            pygame.display.flip()
        elif changed:
            pygame.display.update(changed)
        self.shown_at = time.perf_counter()
        self.black = not shown

    def warm(self, scenes: list[Scene], seconds: float) -> bool:
        """Draw `scenes`, coming into view under the black veil, so that their texts and layers are
        made before they show (a face not painted yet waits with the soon ones). True once a draw
        ends within `seconds`; else the next pass goes on, what was made kept. The window stays
        black: the next frame fills it."""
        self.canvas.deadline, self.painter.warming = time.perf_counter() + seconds, True
        try:
            for scene in scenes:
                scene.draw(self.canvas)
        except OutOfTime:
            return False
        finally:
            self.canvas.deadline, self.painter.warming = None, False
        return True
