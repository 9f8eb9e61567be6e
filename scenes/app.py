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

from scenes.base import WAKE_EVENT, Scene
from sounds.player import SoundPlayer
from sprites.canvas import Canvas, OutOfTime
from sprites.card_faces import CardPainter
from sprites.theme import LOGICAL_SIZE, PANEL, WHITE
from storage.files import data_dir
from storage.logs import LOG_NAME, log_dir, setup_logging, start_logging
from storage.saves import SaveStore
from storage.settings import SettingsFile, settings_dir
from storage.stats import StatsStore

if TYPE_CHECKING:
    from scenes.services import Online

TITLE = "Card Arcade"
FRAME_RATE = 60
MAX_DT = 0.1  # a long stall never makes animations jump further than this
IDLE_WAKE = 0.1  # seconds the loop sleeps at most while nothing moves (timers still run)
# While idle the loop looks for input this often: a frame's time, so input waits no longer than
# a frame would. (pygame's own event.wait(timeout) wakes every millisecond: 2.8% of a core on X11.)
POLL_TIME = 1 / FRAME_RATE
PAINT_AHEAD = 0.004  # seconds an idle pass of the loop spends painting faces ahead of need
SPARE_MARGIN = 0.003  # seconds before the next moving frame is due that painting ahead stops
SOUND_LOAD = 0.006  # seconds a sound effect may take to load (a frame's spare time must hold them)
VEILED_PAINT = 0.012  # seconds a pass under the black veil spends on them: it draws nothing (the window is black)
THREAD_SWITCH = 0.001  # a computer thinking on its thread hands the frames back this often (Python's default: 5 ms)
TRANSITION_TIME = 0.18
VEIL_HOLD = 0.4  # seconds a transition may stay black while the faces and texts in view are painted
NOTICE_TIME = 6.0
NOTICE_WIDTH = 1200  # logical px: a longer notice wraps
NOTICE_SIZE = 22
NOTICE_TOP = 8.0  # logical px: the notices hang from the top of the window
CRASH_MESSAGE = "A fault inside Card Arcade stopped this screen. Nothing you did caused it."
MIN_WINDOW = (800, 450)  # the smallest picture whose text the layouts hold at 11 px (sprites/drawn.py)
MAX_WINDOW = (7680, 4320)  # 8K: a bigger window's surface takes gigabytes (the canvas paints at most 4K of it)
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

log = logging.getLogger("card_arcade")


def window_surface() -> pygame.Surface:
    """The window's surface: the App opens the window first, so it is there from then on."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise RuntimeError("the window is not open")
    return surface


def live_surface() -> pygame.Surface | None:
    """The window's surface, or None when SDL could not make one for its size (a window dragged to
    20000x20000 on X11 has none: the old surface is left "not initialized")."""
    surface = pygame.display.get_surface()
    try:
        surface and surface.get_size()  # raises for a lost surface
    except pygame.error:
        return None
    return surface


def open_window(size: tuple[int, int], flags: int) -> pygame.Surface:
    """set_mode at `size`, or halved until the machine can hold it (never under MIN_WINDOW)."""
    while True:
        try:
            return pygame.display.set_mode(size, flags)
        except pygame.error as exc:
            if size[0] <= MIN_WINDOW[0] and size[1] <= MIN_WINDOW[1]:
                raise
            log.warning("no window of %dx%d: %s", *size, exc)
            size = (max(MIN_WINDOW[0], size[0] // 2), max(MIN_WINDOW[1], size[1] // 2))


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
        self.notices: list[list] = []  # [text, seconds left]
        self.settings_file = SettingsFile(folder or settings_dir(self.folder))
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
        self.clock = pygame.time.Clock()
        self.sounds = SoundPlayer(self.settings.volume, self.settings.muted)
        self.painter = CardPainter(self.settings.four_colour)
        self.saves = SaveStore(self.folder, self.notify)
        self._stats: StatsStore | None = None  # opened after the first frame (or when first used)
        self.scenes: list[Scene] = []
        self.online: Online | None = None  # a table on a server this window takes part in
        self.fade = 0.0  # transition veil, 1 = black
        self.veil_held = 0.0  # seconds the veil has stayed black while the new scene's faces are painted
        self.warmed = True  # the scene coming in has been drawn once under the veil (its texts are made)
        self.black = False  # the window shows the veil's black: a pass under the veil need not draw it again
        self.running = True
        self.frames = 0  # passes of the loop
        self.draws = 0  # frames drawn: only when something changed
        self.dirty = True  # the picture is out of date
        self.was_moving = False  # the last pass drew a moving picture
        self.began = time.perf_counter()  # when the last pass began
        self.shown_at = self.began  # when the last frame was shown
        pygame.key.start_text_input()
        if self.settings.fullscreen:
            self.set_fullscreen(True)

    @property
    def stats(self) -> StatsStore:
        """The statistics store, opened when first used and at the latest after the first frame."""
        if self._stats is None:
            self._stats = StatsStore(self.folder, self.saves.report)
        return self._stats

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
            self.fade, self.veil_held, self.warmed = 1.0, 0.0, False

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
        """Push changed settings to the sound player and painter, and save them."""
        self.sounds.configure(self.settings.volume, self.settings.muted)
        self.painter.set_four_colour(self.settings.four_colour)
        self.settings_file.save(self.settings)

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
            self.notify("Fullscreen is not available on this screen.")
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
        self.notices.append([text, NOTICE_TIME])
        del self.notices[:-3]

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
        if self.top is not None:
            self.top.handle_event(self.logical_event(event))

    def step(self, dt: float, events: list[pygame.Event] | None = None) -> None:
        """One pass: the events (all waiting ones if None), the update, and a frame drawn only if
        the picture changed. The tests call this with a fixed dt."""
        dt, self.began = min(max(dt, 0.0), MAX_DT), time.perf_counter()
        try:
            for event in pygame.event.get() if events is None else events:
                self.dirty = True
                self.dispatch(event)
            if self.online is not None:
                self.online.poll(dt)
            if self.top is not None:
                self.top.update(dt)
            if self._stats is not None:
                self._stats.flush()  # results waiting for the file: another try when it is time
            if self.fade >= 1.0 and (self.painter.soon or not self.warmed) and self.veil_held < VEIL_HOLD:
                self.veil_held += dt  # the faces and texts in view are made under the black veil, a slice a frame
            else:
                self.fade = max(0.0, self.fade - dt / TRANSITION_TIME)
            for notice in self.notices:
                notice[1] -= dt
            if any(left <= 0 for _, left in self.notices):
                self.notices = [n for n in self.notices if n[1] > 0]
                self.dirty = True
            moving = self.dirty or self.next_change() == 0
            drawing = moving or self.was_moving  # and once more when the motion ends: the frame at rest
            veiled = self.fade >= 1.0
            drew = drawing and not (veiled and self.black)
            if drew:
                self.draw()
            for scene in list(self.scenes):
                scene.after_frame()
            self.was_moving = moving
            if veiled and not drew and not self.painter.soon and not self.warmed:
                self.warmed = self.warm(VEILED_PAINT)
            elif self.painter.waiting() and not drew:  # idle, or the window shows the veil's black
                self.painter.paint_pending(VEILED_PAINT if veiled else PAINT_AHEAD)
                self.dirty = True  # a face shown scaled may now be crisp
            elif not drew:
                self.sounds.load_next()  # idle: the next sound effect, before its first play
        except Exception as exc:  # a crash must never vanish silently
            self.crash(exc)
        self.frames += 1
        if self.frames == 1:
            if os.environ.get("CARD_ARCADE_REPORT_FIRST_FRAME"):
                print("first frame", flush=True)
            self._set_icon()  # painted once the first frame is shown
            _ = self.stats

    def next_change(self) -> float | None:
        """Seconds until the picture changes by itself (0: it moves now), None if only input
        changes it: the top scene's answer, a transition, a fading notice."""
        if self.dirty or self.fade > 0:
            return 0.0
        waits = [max(0.0, left - 1.0) for _, left in self.notices]  # a notice fades in its last second
        if self.online is not None and (online_wait := self.online.next_change()) is not None:
            waits.append(online_wait)
        if self.top is not None and (scene_wait := self.top.next_frame()) is not None:
            waits.append(max(0.0, scene_wait))
        return min(waits) if waits else None

    def wait_for_change(self) -> tuple[float, list[pygame.Event] | None]:
        """Sleep until the next frame is due: a frame's time while something moves, else until
        input arrives or the next timed change (at most IDLE_WAKE). Returns (dt, events)."""
        due = self.next_change()
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
        until = self.began + 1 / FRAME_RATE - SPARE_MARGIN
        if self.painter.waiting():
            self.painter.paint_pending(until - time.perf_counter(), at_least_one=False)
        if until - time.perf_counter() > SOUND_LOAD:
            self.sounds.load_next()

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
        self.draws += 1
        shown = self.shown() if self.fade < 1.0 else []  # a black veil hides them all
        self.canvas.begin_frame()
        try:
            if not shown or not shown[0].opaque:
                self.canvas.fill((0, 0, 0))  # an opaque scene paints the whole window itself
            for scene in shown:
                self.canvas.scene_layer(type(scene).__name__)
                scene.draw(self.canvas)
            if 0 < self.fade < 1.0:
                self.canvas.keep_below()  # the scene stays, the veil over it lifts
                self.canvas.shade(int(255 * self.fade))
            self.draw_notices()
        finally:
            changed = self.canvas.end_frame()  # painted where it differs from the last frame
        if changed is None:
            pygame.display.flip()
        elif changed:
            pygame.display.update(changed)
        self.shown_at = time.perf_counter()
        self.black = not shown

    def warm(self, seconds: float) -> bool:
        """Draw the scenes coming into view under the black veil, so that their texts and layers
        are made before they show (a face not painted yet waits with the soon ones). True once a
        draw ends within `seconds`; else the next pass goes on, what was made kept. The window
        stays black: the next frame fills it."""
        self.canvas.deadline, self.painter.warming = time.perf_counter() + seconds, True
        try:
            for scene in self.shown():
                scene.draw(self.canvas)
        except OutOfTime:
            return False
        finally:
            self.canvas.deadline, self.painter.warming = None, False
        return True

    def draw_notices(self) -> None:
        """The notices along the top of the window, newest lowest, each wrapped to fit it: a layer of
        their own over every scene, where no screen has a button (the bottom holds their rows)."""
        self.canvas.scene_layer("notices")
        top = NOTICE_TOP
        online = [[text, NOTICE_TIME] for text in self.online.notices()] if self.online is not None else []
        for text, left in online + self.notices:
            alpha = int(255 * min(1.0, left))
            lines = self.canvas.wrap(text, NOTICE_SIZE, NOTICE_WIDTH - 40)
            step = max(NOTICE_SIZE * 1.25, self.canvas.text_size(text, NOTICE_SIZE)[1])
            width = max(self.canvas.text_size(line, NOTICE_SIZE)[0] for line in lines) + 40
            box = pygame.FRect(640 - width / 2, top, width, 12 + step * len(lines))
            self.canvas.box((*PANEL[:3], alpha), box, radius=10)
            self.canvas.frame(box, "notice")
            for i, line in enumerate(lines):
                self.canvas.text(line, (640, box.y + 6 + step * (i + 0.5)), NOTICE_SIZE, WHITE, alpha=alpha)
            top = box.bottom + 8

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


def place_window(position) -> None:
    """Move the window (where the video driver has one to move)."""
    try:
        pygame.Window.from_display_module().position = position
    except pygame.error as exc:
        log.info("the window cannot be moved here: %s", exc)


DESKTOP_SHARE = 0.9  # of the desktop a new window may take: panels and the title bar keep the rest


def fitting_size(desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """The first window's size: 1280x720, or the biggest 16:9 size within DESKTOP_SHARE of the
    first desktop (where the window opens), never under MIN_WINDOW."""
    if not desktops:
        return LOGICAL_SIZE
    width, height = desktops[0]
    scale = min(1.0, width * DESKTOP_SHARE / LOGICAL_SIZE[0], height * DESKTOP_SHARE / LOGICAL_SIZE[1])
    return (max(MIN_WINDOW[0], int(LOGICAL_SIZE[0] * scale)), max(MIN_WINDOW[1], int(LOGICAL_SIZE[1] * scale)))


def window_size(size: tuple[int, int]) -> tuple[int, int]:
    """A window size within MIN_WINDOW and MAX_WINDOW; (0, 0) (the desktop's size, for fullscreen)
    stays so unless the desktop is bigger than MAX_WINDOW."""
    if size == (0, 0):
        desktop = max(pygame.display.get_desktop_sizes() or [(0, 0)])
        if desktop[0] <= MAX_WINDOW[0] and desktop[1] <= MAX_WINDOW[1]:
            return size
        size = desktop
    return (min(MAX_WINDOW[0], max(MIN_WINDOW[0], size[0])), min(MAX_WINDOW[1], max(MIN_WINDOW[1], size[1])))
