"""The real main loop draws only what changes: nothing while nothing moves, every frame of a tween
or a fading notice, and a frame for each input; on simulated time (bench/idle.py measures the real
loop's idle CPU)."""
import bisect
from collections.abc import Callable

import pygame
import pytest

import scenes.app
from scenes.app import FRAME_RATE, App
from scenes.base import Scene
from scenes.menu import BOB_SECONDS, MenuScene
from sprites.tween import Animator


class Sliding(Scene):
    """A box that slides for `seconds` once told to, and then rests."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.animator = Animator(1.0)
        self.x = 0.0
        self.moving_passes = 0  # passes of the loop while it slid

    def slide(self, seconds: float) -> None:
        self.animator.tween(self, "x", 600.0, seconds, "linear")

    def update(self, dt: float) -> None:
        self.moving_passes += self.animator.busy
        self.animator.update(dt)

    def next_frame(self):
        return 0.0 if self.animator.busy else None

    def draw(self, canvas) -> None:
        canvas.felt()
        canvas.box((255, 255, 255), (self.x, 300, 80, 80))


class VirtualTime:
    """The loop's clock in simulated seconds (scenes.app's `time` and its pygame Clock): time passes
    only while the loop sleeps or waits for its next frame, and what a test planned for a moment
    happens once the loop's time reaches it. No count depends on how busy the machine is."""

    def __init__(self) -> None:
        self.now = 0.0
        self.last_tick = 0.0
        self.plan: list[tuple[float, int, Callable[[], None]]] = []

    def at(self, when: float, action: Callable[[], None]) -> None:
        bisect.insort(self.plan, (when, len(self.plan), action))

    def perf_counter(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.advance(self.now + max(0.0, seconds))

    def advance(self, until: float) -> None:
        while self.plan and self.plan[0][0] <= until:
            when, _, action = self.plan.pop(0)
            self.now = max(self.now, when)
            action()
        self.now = max(self.now, until)

    def tick(self, framerate: float = 0) -> float:
        """pygame.time.Clock.tick: wait for the next frame at `framerate` (if given), then the
        milliseconds since the last tick."""
        if framerate:
            self.advance(self.last_tick + 1 / framerate)
        dt, self.last_tick = self.now - self.last_tick, self.now
        return dt * 1000


def run_for(app: App, first: Scene, seconds: float, during=None, settle: float = 0.0) -> int:
    """Run the real loop on simulated time: after `settle` seconds (the opening transition) call
    `during(app, clock)`, stop `seconds` later, and return the frames drawn after the settling."""
    clock = VirtualTime()
    counted = {}

    def settled() -> None:
        counted["start"] = app.draws
        if during is not None:
            during(app, clock)

    clock.at(settle, settled)
    clock.at(settle + seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    app.clock = clock  # type: ignore[assignment]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scenes.app, "time", clock)
        app.run(first, max_frames=round((settle + seconds) * FRAME_RATE * 2) + 10)  # bounded if the plan fails
    assert not clock.plan, "the loop stopped before the end of the plan"
    return app.draws - counted["start"]


SETTLE = 1.0  # simulated seconds after which the opening transition is over


@pytest.fixture
def app():
    return App()


def test_a_settled_menu_draws_almost_nothing_for_two_seconds(app):
    menu = MenuScene(app)
    menu.time = BOB_SECONDS  # its title has stopped bobbing
    draws = run_for(app, menu, 2.0, settle=SETTLE)
    assert draws <= 3, f"{draws} frames drawn while nothing moved"


def test_input_while_idle_is_drawn(app):
    menu = MenuScene(app)
    menu.time = BOB_SECONDS

    def move_the_mouse(app, clock):
        for x in range(5):
            clock.at(clock.now + 0.1 * x, lambda x=x: pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=(100 + x, 100), rel=(1, 0), buttons=(0, 0, 0))))

    draws = run_for(app, menu, 1.0, move_the_mouse, settle=SETTLE)
    assert 5 <= draws <= 20, f"{draws} frames for five mouse moves (a busy loop draws 120)"


def test_a_tween_gets_every_frame(app):
    sliding = Sliding(app)
    draws = run_for(app, sliding, 1.5, lambda app, clock: sliding.slide(0.5), settle=SETTLE)
    assert sliding.moving_passes >= 20, "the loop kept turning while the box slid (from its next wake at most)"
    assert draws >= sliding.moving_passes, f"{sliding.moving_passes} passes of a 0.5 s slide drew {draws} frames"
    assert draws <= sliding.moving_passes + 3, f"{draws} frames: the loop kept drawing after the slide ended"


def test_a_fading_notice_gets_every_frame_until_it_is_gone(app):
    menu = MenuScene(app)
    menu.time = BOB_SECONDS
    def notify_one_second_left(app, clock):
        app.notify("Saved.")
        app.notices[0][1] = 1.0  # the last second of its six: the fade

    draws = run_for(app, menu, 2.0, notify_one_second_left, settle=SETTLE)
    assert FRAME_RATE - 5 <= draws <= FRAME_RATE + 5, f"{draws} frames for a one-second fade"


def test_a_scene_whose_progress_changes_gets_frames_without_input(app):
    from scenes.war.batch import WarBatchScene

    batch = WarBatchScene(app, 200_000, 1, {})
    shown: list[int] = []
    draw = batch.draw

    def recorded(canvas) -> None:
        shown.append(batch.batch.done)
        draw(canvas)

    batch.draw = recorded  # type: ignore[method-assign]
    draws = run_for(app, batch, 1.5, settle=SETTLE)  # nobody touches the mouse or the keys
    counts = set(shown)
    assert not batch.batch.finished, "the batch is long enough to be seen running"
    assert draws >= 1.5 * FRAME_RATE - 5 and len(counts) >= 1.5 * FRAME_RATE - 5, \
        f"{draws} frames, {len(counts)} different counts shown in 1.5 s of a running batch without input"
