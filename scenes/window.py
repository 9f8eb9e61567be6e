"""The window: its size within what the machine and the layouts can hold, and its surface."""
from __future__ import annotations

import logging

import pygame

from sprites.theme import LOGICAL_SIZE

MIN_WINDOW = (800, 450)  # the smallest picture whose text the layouts hold at 11 px (sprites/drawn.py)
MAX_WINDOW = (7680, 4320)  # 8K: a bigger window's surface takes gigabytes (the canvas paints at most 4K of it)
DESKTOP_SHARE = 0.9  # of the desktop a new window may take: panels and the title bar keep the rest

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


def place_window(position) -> None:
    """Move the window (where the video driver has one to move)."""
    try:
        pygame.Window.from_display_module().position = position
    except pygame.error as exc:
        log.info("the window cannot be moved here: %s", exc)


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
