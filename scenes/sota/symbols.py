"""Spanish suit symbols as small cached surfaces, for Sota's suit picker and status badge."""
from __future__ import annotations

import pygame

from sprites.faces_spanish_suits import draw_symbol

_icons: dict[tuple[str, int], pygame.Surface] = {}


def suit_icon(suit: str, size_px: int) -> pygame.Surface:
    """The symbol of `suit` fitted in a square of size_px pixels (painted once per size)."""
    size_px = max(4, int(size_px))
    key = (suit, size_px)
    icon = _icons.get(key)
    if icon is None:
        big = pygame.Surface((size_px * 3, size_px * 3), pygame.SRCALPHA)
        draw_symbol(big, suit, (size_px * 1.5, size_px * 1.5), size_px * 2.7, size_px * 2.7)
        icon = pygame.transform.smoothscale(big, (size_px, size_px))
        if pygame.display.get_surface() is not None:
            icon = icon.convert_alpha()
        _icons[key] = icon
    return icon
