"""The application: window, scene stack, main loop, notices, and the crash screen."""
from __future__ import annotations

import gc
import logging
import os
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from lang import LANGUAGES, N_, _, chosen_language, rtl, set_language
from scenes.base import WAKE_EVENT, Scene
from scenes.frame import FramePainter, Veil
from scenes.notices import NoticeLine
from scenes.spare_time import SpareTime
from scenes.window import MAX_WINDOW, fitting_size, live_surface, open_window, place_window, window_size
from sounds.player import SoundPlayer
from sprites.canvas import Canvas
from sprites.card_faces import CardPainter
from sprites.theme import LOGICAL_SIZE
from storage.files import data_dir
from storage.logs import LOG_NAME, log_dir, setup_logging, start_logging
from storage.saves import SaveStore
from storage.settings import SettingsFile, settings_dir

if TYPE_CHECKING:
    from scenes.services import Online
    from storage.stats import StatsStore  # imported when the statistics are opened, after the first frame

TITLE = "Card Arcade"
FRAME_RATE = 60
MAX_DT = 0.1  # a long stall never makes animations jump further than this
IDLE_WAKE = 0.1  # seconds the loop sleeps at most while nothing moves (timers still run)
# While idle the loop looks for input this often: a frame's time, so input waits no longer than
# a frame would. (pygame's own event.wait(timeout) wakes every millisecond: 2.8% of a core on X11.)
POLL_TIME = 1 / FRAME_RATE
THREAD_SWITCH = 0.001  # a computer thinking on its thread hands the frames back this often (Python's default: 5 ms)
CRASH_MESSAGE = N_("A fault inside Card Arcade stopped this screen. Nothing you did caused it.")
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

log = logging.getLogger("card_arcade")


class App:
    """Owns what every scene needs: the canvas, settings, sounds, card painter, saves, stats."""

    exit_code = 0  # what run() returns: 1 after a failure it could not show, 128+N after signal N

    def __init__(self, size: tuple[int, int] | None = LOGICAL_SIZE, folder: Path | None = None) -> None:
        """`size` is the window's; None: the biggest window up to 1280x720 that fits the desktop
        (`fitting_size`), as main.py opens it."""
        start_logging()  # first: finding the data folder may already have something to say
        self.folder = folder or data_dir()
        self.log_path = (folder or log_dir(self.folder)) / LOG_NAME
        setup_logging(self.log_path)
        self.notice_line = NoticeLine()
        self.settings_file = SettingsFile(folder or settings_dir(self.folder))
        set_language(chosen_language(""))  # a damaged settings file is reported in the system's language
        self.settings, warning = self.settings_file.load()
        if warning:
            self.notify(warning)
        sys.setswitchinterval(THREAD_SWITCH)
        pygame.init()
        pygame.display.set_caption(TITLE)
        if size is None:
            size = fitting_size(pygame.display.get_desktop_sizes())
        self.window_size = size  # the window's size out of fullscreen
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.canvas = Canvas(self.window)
        self.canvas.set_felt(self.settings.felt)
        set_language(chosen_language(self.settings.language))  # CARD_ARCADE_LANG (--lang) first, for this run
        self.canvas.set_direction(rtl())
        self.clock = pygame.time.Clock()
        self.sounds = SoundPlayer(self.settings.volume, self.settings.muted)
        self.painter = CardPainter(self.settings.four_colour, self.settings.card_back)
        self.saves = SaveStore(self.folder, self.notify)
        self._stats: StatsStore | None = None  # opened after the first frame (or when first used)
        self.scenes: list[Scene] = []
        self.online: Online | None = None  # a table on a server this window takes part in
        self.veil = Veil()  # the transition's
        self.frame = FramePainter(self.canvas, self.painter, self.veil, self.notice_line)
        self.spare = SpareTime(self.painter, self.sounds, self.frame)
        self.running = True
        self.frames = 0  # passes of the loop
        self.dirty = True  # the picture is out of date
        self.was_moving = False  # the last pass drew a moving picture
        self.began = time.perf_counter()  # when the last pass began
        pygame.key.start_text_input()
        if self.settings.fullscreen:
            self.set_fullscreen(True)

    @property
    def stats(self) -> StatsStore:
        """The statistics store, opened when first used and at the latest after the first frame."""
        if self._stats is None:
            from storage.stats import StatsStore

            self._stats = StatsStore(self.folder, self.saves.report)
        return self._stats

    @property
    def notices(self) -> list[list]:
        """The notices showing: [text, seconds left], oldest first."""
        return self.notice_line.shown

    @property
    def fade(self) -> float:
        """The transition's veil: 1 black, 0 lifted."""
        return self.veil.fade

    @property
    def draws(self) -> int:
        """Frames drawn: only when something changed."""
        return self.frame.draws

    def _set_icon(self) -> None:
        try:
            from sprites.app_icon import paint_app_icon

            pygame.display.set_icon(paint_app_icon(64))
        except (ImportError, pygame.error) as exc:  # the icon is a nicety, never a reason to fail
            log.warning("no window icon: %s", exc)

    # -- the stack -----------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def request_draw(self) -> None:
        """The picture changed without input (a computer moved): draw the next frame."""
        self.dirty = True

    def push(self, scene: Scene, transition: bool = True) -> None:
        self.dirty = True
        self.scenes.append(scene)
        log.info("scene %s", type(scene).__name__)
        scene.enter()
        if transition and scene.opaque:
            self.veil.cover()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        self.dirty = True
        if self.scenes:
            self.scenes[-1].reveal()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        if self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from `scene` (e.g. back to the menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def to_menu(self) -> None:
        from scenes.menu import MenuScene

        self.leave_online()
        self.reset(MenuScene(self))

    def leave_online(self) -> None:
        """Leave the networked table, if any: its connection closes, this window's server stops."""
        if self.online is not None:
            online, self.online = self.online, None
            online.close()

    def quit(self) -> None:
        self.running = False

    # -- settings that touch the window ---------------------------------------------------------
    def apply_settings(self) -> None:
        """Push changed settings to the sound player, painter and canvas, and save them."""
        self.sounds.configure(self.settings.volume, self.settings.muted)
        self.painter.set_four_colour(self.settings.four_colour)
        self.painter.set_back(self.settings.card_back)
        self.canvas.set_felt(self.settings.felt)
        self.settings_file.save(self.settings)

    def set_language(self, code: str) -> None:
        """Speak `code` from now on, and keep it in the settings (never the pseudo-language): every scene on
        the stack reads its words again (`Scene.relabel`) and the canvas lays lines out in its direction."""
        code = set_language(code)
        if code in LANGUAGES:  # the pseudo-language of tests and translators is never kept
            self.settings.language = code
        self.canvas.set_direction(rtl())
        self.settings_file.save(self.settings)
        for scene in list(self.scenes):
            scene.relabel()
        self.request_draw()

    def set_fullscreen(self, on: bool) -> None:
        try:
            if on:
                place_window((0, 0))  # without a window manager the screen would keep the window's offset
                self.window = pygame.display.set_mode(window_size((0, 0)), pygame.FULLSCREEN)
            else:
                self.window = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
                place_window(pygame.WINDOWPOS_CENTERED)
        except pygame.error as exc:
            log.warning("fullscreen failed: %s", exc)
            self.notify(_("Fullscreen is not available on this screen."))
            self.window = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
            on = False
        self.settings.fullscreen = on
        self.canvas.resize(live_surface() or self.window)
        self.painter.clear()

    def resize(self, size: tuple[int, int]) -> None:
        """Take the window's new size; one bigger than MAX_WINDOW, or whose surface SDL could not
        make, is set back to the biggest it can hold."""
        surface = live_surface()
        too_big = size[0] > MAX_WINDOW[0] or size[1] > MAX_WINDOW[1]
        if surface is None or (not self.settings.fullscreen and (too_big or surface.get_size() != size)):
            surface = self.reopen(size)
        self.window = surface
        self.canvas.resize(surface)
        self.painter.clear()

    def reopen(self, size: tuple[int, int]) -> pygame.Surface:
        """The window opened again at `size` (within MIN_WINDOW and MAX_WINDOW), or fullscreen."""
        if self.settings.fullscreen:
            return open_window(window_size((0, 0)), pygame.FULLSCREEN)
        return open_window(window_size(size), pygame.RESIZABLE)

    def notify(self, text: str) -> None:
        """Show a short message over every scene for a few seconds (and log it)."""
        log.warning(text)
        self.notice_line.add(text)

    # -- the loop ------------------------------------------------------------------------------
    def logical_event(self, event: pygame.Event) -> pygame.Event:
        """The same event with window pixels turned into logical coordinates."""
        if event.type in MOUSE_EVENTS and hasattr(event, "pos"):
            data = dict(event.dict)
            data["pos"] = self.canvas.to_logical(event.pos)
            if "rel" in data:
                scale = self.canvas.scale * self.canvas.zoom
                data["rel"] = (data["rel"][0] / scale, data["rel"][1] / scale)
            return pygame.event.Event(event.type, data)
        return event

    def dispatch(self, event: pygame.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if event.type == WAKE_EVENT:
            return  # the network's thread woke the loop: the session polls below
        if event.type == pygame.WINDOWEXPOSED:
            self.canvas.invalidate()  # the screen lost part of the picture: show it whole
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            self.settings_file.save(self.settings)
            return
        if event.type == pygame.KEYDOWN and self.online is not None and self.online.handle_key(event):
            return  # a phrase said over the table (the result's "Good game!")
        if self.top is not None:
            self.top.handle_event(self.logical_event(event))

    def step(self, dt: float, events: list[pygame.Event] | None = None) -> None:
        """One pass: the events (all waiting ones if None), the update, a frame drawn only if the
        picture changed, and spare work if none was. The tests call this with a fixed dt."""
        dt, self.began = min(max(dt, 0.0), MAX_DT), time.perf_counter()
        try:
            self.take_input(pygame.event.get() if events is None else events)
            self.update(dt)
            if not self.draw_if_changed() and self.spare.idle_pass(self.shown()):
                self.dirty = True  # a face shown scaled may now be crisp
        except Exception as exc:  # a crash must never vanish silently
            self.crash(exc)
        self.frames += 1
        if self.frames == 1:
            self.after_first_frame()

    def take_input(self, events: list[pygame.Event]) -> None:
        """Each event makes the picture out of date and goes to the app, or the top scene."""
        for event in events:
            self.dirty = True
            self.dispatch(event)

    def update(self, dt: float) -> None:
        """`dt` seconds on: the networked table, the top scene, the statistics, the veil, the notices."""
        if self.online is not None:
            self.online.poll(dt)
        if self.top is not None:
            self.top.update(dt)
        if self._stats is not None:
            self._stats.flush()  # results waiting for the file: another try when it is time
        self.veil.tick(dt, faces_due=bool(self.painter.soon))
        if self.notice_line.tick(dt):
            self.dirty = True

    def draw_if_changed(self) -> bool:
        """Draw a frame if the picture changed or moves (and once more when the motion ends: the frame
        at rest), unless the window shows the veil's black already; then the scenes' work that waited
        for the frame. True if a frame was drawn."""
        moving = self.dirty or self.next_change() == 0
        drew = (moving or self.was_moving) and not (self.veil.black and self.frame.black)
        if drew:
            self.draw()
        for scene in list(self.scenes):
            scene.after_frame()
        self.was_moving = moving
        return drew

    def after_first_frame(self) -> None:
        """The window shows: the icon, and the statistics opened (so the first use waits for nothing)."""
        if os.environ.get("CARD_ARCADE_REPORT_FIRST_FRAME"):
            print("first frame", flush=True)
        self._set_icon()  # painted once the first frame is shown
        _ = self.stats

    def next_change(self) -> float | None:
        """Seconds until the picture changes by itself (0: it moves now), None if only input
        changes it: the top scene's answer, a transition, a fading notice."""
        if self.dirty or self.veil.fade > 0:
            return 0.0
        waits = self.notice_line.waits()
        if self.online is not None and (online_wait := self.online.next_change()) is not None:
            waits.append(online_wait)
        if self.top is not None and (scene_wait := self.top.next_frame()) is not None:
            waits.append(max(0.0, scene_wait))
        return min(waits) if waits else None

    def wait_for_change(self) -> tuple[float, list[pygame.Event] | None]:
        """Sleep until the next frame is due: a frame's time while something moves, else until
        input arrives or the next timed change (at most IDLE_WAKE). Returns (dt, events)."""
        due = self.next_change()
        if due == 0 and self.frames == 0:  # the first frame at once: nothing is shown yet
            return self.clock.tick() / 1000.0, None
        if due == 0:
            self.use_spare_time()
            return self.clock.tick(FRAME_RATE) / 1000.0, None
        if self.painter.waiting():
            due = 0.0  # faces wait to be painted: look at the input and go on painting
        events = self.poll_events(IDLE_WAKE if due is None else min(due, IDLE_WAKE))
        return self.clock.tick() / 1000.0, events

    def use_spare_time(self) -> None:
        """A moving frame's spare time, after it is shown and until SPARE_MARGIN before the next is
        due: paint faces ahead of need while one fits, then load a sound effect if there is time."""
        self.spare.before(self.began + 1 / FRAME_RATE)

    @staticmethod
    def poll_events(timeout: float) -> list[pygame.Event]:
        """The events that arrive within `timeout` seconds (as soon as one does), looked for every
        POLL_TIME."""
        deadline = time.perf_counter() + timeout
        while not (events := pygame.event.get()) and (left := deadline - time.perf_counter()) > 0:
            time.sleep(min(POLL_TIME, left))
        return events

    def shown(self) -> list[Scene]:
        """The nearest opaque scene and the top overlay over it (the overlays between are hidden:
        only the top one's content shows)."""
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        shown = self.scenes[max(first, 0):]
        return shown if len(shown) < 2 else [shown[0], shown[-1]]

    def draw(self) -> None:
        """The scenes shown, the transition's fade and the notices."""
        self.dirty = False
        self.frame.draw(self.shown(), self.online.notices() if self.online is not None else [])

    def crash(self, exc: Exception) -> None:
        """Log the traceback and show the error screen; if that screen itself fails, end the program."""
        log.error("crash: %s", "".join(traceback.format_exception(exc)))
        from scenes.error import ErrorScene, saved_game_note

        if isinstance(self.top, ErrorScene):
            self.stop(1, "the error screen failed")
            return
        for scene in self.scenes:  # a move's save still waiting for its frame (taken when it was played)
            try:
                scene.after_frame()
            except Exception:
                log.exception("writing what waited for the frame failed")
        try:
            if live_surface() is not self.canvas.window:  # lost, or another: the screen needs one it can paint
                self.resize(pygame.display.get_window_size())
            note = saved_game_note(self.scenes, self.saves)
            self.reset(ErrorScene(self, CRASH_MESSAGE, self.log_path, note))
        except Exception:
            log.exception("the error screen could not be shown")
            self.stop(1, "the error screen could not be shown")

    def stop(self, exit_code: int, why: str) -> None:
        """End the loop after this frame; `run` then returns `exit_code`."""
        log.warning("stopping: %s", why)
        self.exit_code = exit_code
        self.running = False

    def run(self, first: Scene, max_frames: int | None = None) -> int:
        """The main loop until the window closes (or after `max_frames` passes); returns the exit
        code. While nothing moves it sleeps and draws nothing."""
        self.push(first)
        self.clock.tick()  # the first frame's dt starts now, not when the window opened
        while self.running and (max_frames is None or self.frames < max_frames):
            self.step(*self.wait_for_change())
            if self.frames == 1:
                self.settle()
        return self.shut_down()

    @staticmethod
    def settle() -> None:
        """The start is over: what it made (modules, fonts, the window) lives as long as the program,
        so the collector of reference cycles no longer scans it: none of its passes stops an
        animation (a full pass took 16 ms in bench/tables.py, after four tables)."""
        gc.freeze()

    def shut_down(self) -> int:
        """Leave every scene, close the statistics and the window; a failure is logged, never raised,
        and makes the exit code 1. Returns the exit code."""
        closing = [(scene.exit, f"leaving {type(scene).__name__}") for scene in reversed(self.scenes)]
        closing.append((self.leave_online, "leaving the networked table"))
        self.scenes.clear()
        if self._stats is not None:
            closing.append((self._stats.close, "closing the statistics"))
        closing.append((pygame.quit, "closing the window"))
        for action, what in closing:
            try:
                action()
            except Exception:
                log.exception("shutting down: %s failed", what)
                self.exit_code = self.exit_code or 1
        log.info("closed (exit code %d)", self.exit_code)
        return self.exit_code
