"""The real main loop draws only what changes: nothing while nothing moves, every frame of a tween
or a fading notice, and a frame for each input."""
import threading
import time

import pygame
import pytest

from scenes.app import App
from scenes.base import Scene
from scenes.menu import BOB_SECONDS, MenuScene
from sprites.tween import Animator


class Sliding(Scene):
    """A box that slides for `seconds` and then rests."""

    def __init__(self, app, seconds: float) -> None:
        super().__init__(app)
        self.animator = Animator(1.0)
        self.x = 0.0
        self.animator.tween(self, "x", 600.0, seconds, "linear")
        self.moving_passes = 0  # passes of the loop while it slid

    def update(self, dt: float) -> None:
        self.moving_passes += self.animator.busy
        self.animator.update(dt)

    def next_frame(self):
        return 0.0 if self.animator.busy else None

    def draw(self, canvas) -> None:
        canvas.felt()
        canvas.box((255, 255, 255), (self.x, 300, 80, 80))


def run_for(app: App, first: Scene, seconds: float, during=None, settle: float = 0.0) -> int:
    """Run the real loop: after `settle` seconds (the opening transition) call `during(app)`, stop
    `seconds` later, and return the frames drawn after the settling."""
    counted = {}

    def stop_later():
        time.sleep(settle)
        counted["start"] = app.draws
        if during is not None:
            during(app)
        time.sleep(seconds)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=stop_later, daemon=True).start()
    app.run(first)
    return app.draws - counted["start"]


@pytest.fixture
def app():
    return App()


def test_a_settled_menu_draws_almost_nothing_for_two_seconds(app):
    menu = MenuScene(app)
    menu.time = BOB_SECONDS  # its title has stopped bobbing
    draws = run_for(app, menu, 2.0, settle=0.5)
    assert draws <= 3, f"{draws} frames drawn while nothing moved"


def test_input_while_idle_is_drawn(app):
    menu = MenuScene(app)
    menu.time = BOB_SECONDS

    def move_the_mouse(app):
        for x in range(5):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(100 + x, 100), rel=(1, 0), buttons=(0, 0, 0)))
            time.sleep(0.1)

    draws = run_for(app, menu, 1.0, move_the_mouse, settle=0.5)
    assert 5 <= draws <= 20, f"{draws} frames for five mouse moves (a busy loop draws 120)"


def test_a_tween_gets_every_frame(app):
    sliding = Sliding(app, 0.5)
    draws = run_for(app, sliding, 1.5)
    assert sliding.moving_passes >= 10, "the loop kept turning while the box slid"
    # every pass drew while the box slid, but for the few under the opening transition's black veil
    assert draws >= sliding.moving_passes - 4, f"{sliding.moving_passes} passes of a 0.5 s slide drew {draws} frames"
    assert draws <= 45, f"{draws} frames: the loop kept drawing after the slide ended"


def test_a_fading_notice_gets_every_frame_until_it_is_gone(app):
    menu = MenuScene(app)
    menu.time = BOB_SECONDS
    def notify_one_second_left(app):
        app.notify("Saved.")
        app.notices[0][1] = 1.0  # the last second of its six: the fade

    draws = run_for(app, menu, 2.0, notify_one_second_left, settle=0.5)
    assert 20 <= draws <= 75, f"{draws} frames for a one-second fade"


def test_a_scene_whose_progress_changes_gets_frames_without_input(app):
    from scenes.war.batch import WarBatchScene

    batch = WarBatchScene(app, 200_000, 1, {})
    shown: list[int] = []
    draw = batch.draw

    def recorded(canvas) -> None:
        shown.append(batch.batch.done)
        draw(canvas)

    batch.draw = recorded  # type: ignore[method-assign]
    draws = run_for(app, batch, 1.5, settle=0.5)  # nobody touches the mouse or the keys
    counts = set(shown)
    assert not batch.batch.finished, "the batch is long enough to be seen running"
    assert draws >= 45 and len(counts) >= 45, \
        f"{draws} frames, {len(counts)} different counts shown in 1.5 s of a running batch without input"
