"""The App's parts on their own, stepped by a given dt: the notice line, the transition's veil, and the
spare-time work (faces painted ahead, the veiled scene warmed, sounds loaded)."""
import pygame

from scenes.frame import TRANSITION_TIME, VEIL_HOLD, FramePainter, Veil
from scenes.notices import NOTICE_TIME, NoticeLine
from scenes.spare_time import PAINT_AHEAD, VEILED_PAINT, SpareTime
from sprites.canvas import Canvas


def test_the_notice_line_keeps_the_newest_three_and_says_when_one_goes():
    notices = NoticeLine()
    for text in ("one", "two", "three", "four"):
        notices.add(text)
    assert [text for text, _ in notices.shown] == ["two", "three", "four"]
    assert not notices.tick(NOTICE_TIME - 2.0), "all still showing"
    assert notices.waits() == [1.0, 1.0, 1.0], "each fades in its last second"
    assert notices.tick(2.0), "they went: the picture changed"
    assert notices.shown == [] and notices.waits() == []


def test_the_veil_stays_black_while_faces_are_due_then_lifts():
    veil = Veil()
    veil.cover()
    steps = 0
    while veil.black and steps < 100:
        veil.tick(0.05, faces_due=True)
        steps += 1
    assert VEIL_HOLD <= veil.held < VEIL_HOLD + 0.05, "held black for VEIL_HOLD, not longer"
    assert veil.fade < 1.0 and steps < 100
    veil.cover()
    veil.warmed = True
    veil.tick(TRANSITION_TIME / 2, faces_due=False)
    assert veil.fade == 0.5, "nothing to make: it lifts at once"
    veil.tick(TRANSITION_TIME, faces_due=False)
    assert veil.fade == 0.0


def test_the_veil_waits_for_the_scene_coming_in_to_be_warmed():
    veil = Veil()
    veil.cover()
    veil.tick(0.1, faces_due=False)
    assert veil.black and veil.held == 0.1
    veil.warmed = True
    veil.tick(TRANSITION_TIME, faces_due=False)
    assert veil.fade == 0.0


class Painter:
    """A card painter's spare-time side, counting what it is asked."""

    def __init__(self, soon=(), pending=()):
        self.soon, self.pending = dict.fromkeys(soon), dict.fromkeys(pending)
        self.painted: list[float] = []
        self.warming = False

    def waiting(self):
        return bool(self.soon or self.pending)

    def paint_pending(self, seconds, at_least_one=True):
        self.painted.append(seconds)
        self.soon.clear()
        self.pending.clear()


class Sounds:
    def __init__(self):
        self.loaded = 0

    def load_next(self):
        self.loaded += 1
        return True


class Drawn:
    """A scene that counts its drawings."""

    opaque = True

    def __init__(self):
        self.drawings = 0

    def draw(self, canvas):
        self.drawings += 1


def spare_time(painter):
    veil, sounds = Veil(), Sounds()
    frame = FramePainter(Canvas(pygame.Surface((1280, 720))), painter, veil, NoticeLine())
    return SpareTime(painter, sounds, frame), veil, sounds


def test_an_idle_pass_under_the_veil_paints_the_faces_in_view_then_warms_the_scene():
    painter, scene = Painter(soon=["7 of Cups"]), Drawn()
    spare, veil, sounds = spare_time(painter)
    veil.cover()
    assert spare.idle_pass([scene]), "faces painted: the picture changed"
    assert painter.painted == [VEILED_PAINT] and scene.drawings == 0
    assert not spare.idle_pass([scene])
    assert scene.drawings == 1 and veil.warmed and not painter.warming
    assert not spare.idle_pass([scene]) and sounds.loaded == 1, "then a sound effect"


def test_an_idle_pass_paints_faces_ahead_before_it_loads_a_sound():
    painter = Painter(pending=["7 of Cups"])
    spare, _, sounds = spare_time(painter)
    assert spare.idle_pass([]) and painter.painted == [PAINT_AHEAD] and sounds.loaded == 0
    assert not spare.idle_pass([]) and sounds.loaded == 1
