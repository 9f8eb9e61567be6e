"""Spanish figures: Sota (page), Caballo (knight on horseback) and Rey (king), with a name banner."""
from __future__ import annotations

import pygame

from game.cards import Card
from sprites.faces_draw import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    SKIN,
    SKIN_SHADE,
    Colour,
    draw_text,
)
from sprites.faces_spanish_suits import SUIT_INK, draw_symbol

NAMES = {8: "SOTA", 9: "CABALLO", 10: "REY"}
# (clothes, second colour) per suit
PALETTES: dict[str, tuple[Colour, Colour]] = {
    "coins": ((196, 46, 40), (222, 172, 44)),
    "cups": ((52, 96, 178), (196, 46, 40)),
    "swords": ((196, 46, 40), (52, 96, 178)),
    "clubs": ((52, 138, 60), (196, 132, 40)),
}
HORSES = {"coins": (240, 236, 226), "cups": (150, 92, 48), "swords": (206, 206, 212),
          "clubs": (178, 110, 56)}
HAIR = (96, 58, 28)
BEARD = (236, 232, 222)
ERMINE = (250, 250, 250)


class _Pen:
    """Draws outlined shapes in coordinates relative to the figure's rectangle."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.s, self.r = surface, rect
        self.line = max(1, round(rect.width * 0.012))

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (self.r.left + x * self.r.width, self.r.top + y * self.r.height)

    def poly(self, fill: Colour, *pts: tuple[float, float]) -> None:
        points = [self.p(x, y) for x, y in pts]
        pygame.draw.polygon(self.s, fill, points)
        pygame.draw.polygon(self.s, INK, points, self.line)

    def oval(self, fill: Colour, x: float, y: float, w: float, h: float) -> None:
        """An outlined ellipse centred at (x, y) of size (w, h), all relative."""
        rect = pygame.Rect(0, 0, w * self.r.width, h * self.r.height)
        rect.center = self.p(x, y)
        pygame.draw.ellipse(self.s, fill, rect)
        pygame.draw.ellipse(self.s, INK, rect, self.line)

    def symbol(self, suit: str, x: float, y: float, w: float, h: float, angle: float = 0) -> None:
        draw_symbol(self.s, suit, self.p(x, y), w * self.r.width, h * self.r.height, angle)

    def head(self, x: float, y: float, size: float, beard: bool = False) -> None:
        """A face with eyes, brows and (for the king) a white beard."""
        r = self.r
        if beard:
            self.poly(BEARD, (x - size * 0.9, y), (x + size * 0.9, y), (x + size * 0.6, y + size * 1.1),
                      (x, y + size * 1.55), (x - size * 0.6, y + size * 1.1))
        self.oval(SKIN, x, y, size * 1.7, size * 1.7 * r.width / r.height * 1.15)
        eye_y = y - size * 0.1
        for dx in (-0.32, 0.32):
            pygame.draw.circle(self.s, INK, self.p(x + dx * size, eye_y), max(1, r.width * size * 0.1))
        pygame.draw.line(self.s, SKIN_SHADE, self.p(x, eye_y), self.p(x - size * 0.1, y + size * 0.3),
                         self.line)
        if beard:
            self.poly(BEARD, (x - size * 0.55, y + size * 0.45), (x, y + size * 0.3),
                      (x + size * 0.55, y + size * 0.45), (x, y + size * 0.6))
        else:
            pygame.draw.line(self.s, (180, 50, 50), self.p(x - size * 0.2, y + size * 0.5),
                             self.p(x + size * 0.2, y + size * 0.5), self.line)


def paint_figure(surface: pygame.Surface, card: Card, rect: pygame.Rect) -> None:
    """Paint the Sota (8), Caballo (9) or Rey (10) of card's suit in rect, name at the foot."""
    pen = _Pen(surface, rect)
    main, second = PALETTES[card.suit]
    pygame.draw.ellipse(surface, (238, 230, 206), pygame.Rect(pen.p(0.1, 0.84), (rect.width * 0.8,
                                                                             rect.height * 0.06)))
    {8: _sota, 9: _caballo, 10: _rey}[card.rank](pen, card.suit, main, second)
    banner = pygame.Rect(pen.p(0.08, 0.9), (rect.width * 0.84, rect.height * 0.1))
    pygame.draw.rect(surface, (250, 240, 210), banner, 0, round(banner.height * 0.3))
    pygame.draw.rect(surface, SUIT_INK[card.suit], banner, pen.line, round(banner.height * 0.3))
    draw_text(surface, NAMES[card.rank], banner.center, banner.height * 0.5, SUIT_INK[card.suit],
              max_width=banner.width * 0.86)


def _sota(pen: _Pen, suit: str, main: Colour, second: Colour) -> None:
    """A page standing, the suit symbol raised in his right hand."""
    pen.poly(second, (0.4, 0.6), (0.48, 0.6), (0.47, 0.85), (0.41, 0.85))
    pen.poly(second, (0.52, 0.6), (0.6, 0.6), (0.59, 0.85), (0.53, 0.85))
    pen.oval(INK, 0.42, 0.86, 0.12, 0.03)
    pen.oval(INK, 0.58, 0.86, 0.12, 0.03)
    pen.poly(main, (0.34, 0.3), (0.66, 0.3), (0.74, 0.64), (0.26, 0.64))
    pen.poly(GOLD, (0.28, 0.6), (0.72, 0.6), (0.74, 0.64), (0.26, 0.64))
    pen.poly(GOLD, (0.31, 0.44), (0.69, 0.44), (0.7, 0.47), (0.3, 0.47))
    pen.poly(GOLD_LIGHT, (0.46, 0.3), (0.54, 0.3), (0.54, 0.6), (0.46, 0.6))
    pen.poly(main, (0.34, 0.31), (0.26, 0.5), (0.3, 0.52), (0.38, 0.38))  # left arm
    pen.oval(SKIN, 0.28, 0.52, 0.07, 0.04)
    pen.poly(main, (0.64, 0.31), (0.76, 0.22), (0.79, 0.25), (0.66, 0.38))  # raised arm
    pen.oval(SKIN, 0.78, 0.22, 0.07, 0.04)
    pen.poly(ERMINE, (0.38, 0.28), (0.62, 0.28), (0.58, 0.33), (0.42, 0.33))
    pen.oval(HAIR, 0.5, 0.19, 0.2, 0.13)
    pen.head(0.5, 0.2, 0.08)
    pen.oval(second, 0.5, 0.12, 0.24, 0.05)
    pen.poly(GOLD_LIGHT, (0.58, 0.12), (0.66, 0.03), (0.69, 0.04), (0.61, 0.13))
    _held(pen, suit, 0.8, 0.13)


def _held(pen: _Pen, suit: str, x: float, y: float, scale: float = 1.0) -> None:
    """The suit symbol as a figure holds it (swords and cudgels upright, longer)."""
    if suit in ("swords", "clubs"):
        pen.symbol(suit, x, y + 0.02, 0.12 * scale, 0.36 * scale, 8)
    else:
        pen.symbol(suit, x, y, 0.26 * scale, 0.16 * scale)


def _caballo(pen: _Pen, suit: str, main: Colour, second: Colour) -> None:
    """A knight riding a horse to the left, holding up the suit symbol."""
    horse = HORSES[suit]
    dark = tuple(max(0, c - 70) for c in horse)
    pen.poly(dark, (0.78, 0.56), (0.9, 0.62), (0.92, 0.8), (0.84, 0.74))  # tail
    for x, lift in ((0.3, 0.0), (0.4, 0.04), (0.62, 0.0), (0.72, 0.03)):  # legs
        pen.poly(horse, (x - 0.03, 0.64), (x + 0.03, 0.64), (x + 0.03, 0.84 - lift),
                 (x - 0.03, 0.84 - lift))
        pen.poly(INK, (x - 0.035, 0.84 - lift), (x + 0.035, 0.84 - lift),
                 (x + 0.035, 0.87 - lift), (x - 0.035, 0.87 - lift))
    pen.oval(horse, 0.52, 0.6, 0.56, 0.16)
    pen.poly(horse, (0.2, 0.4), (0.3, 0.36), (0.36, 0.54), (0.26, 0.6))  # neck
    pen.poly(horse, (0.1, 0.46), (0.14, 0.37), (0.22, 0.34), (0.28, 0.4), (0.19, 0.48))  # head
    pen.poly(dark, (0.22, 0.34), (0.3, 0.36), (0.36, 0.52), (0.3, 0.42))  # mane
    pen.poly(horse, (0.2, 0.35), (0.22, 0.3), (0.24, 0.35))  # ear
    pygame.draw.circle(pen.s, INK, pen.p(0.19, 0.39), max(1, pen.r.width * 0.012))
    pygame.draw.line(pen.s, GOLD_DARK, pen.p(0.16, 0.44), pen.p(0.46, 0.46), pen.line)  # rein
    pen.poly(main, (0.4, 0.5), (0.66, 0.5), (0.68, 0.66), (0.38, 0.66))  # saddle cloth
    pen.poly(GOLD, (0.38, 0.63), (0.68, 0.63), (0.68, 0.66), (0.38, 0.66))
    pen.poly(second, (0.48, 0.5), (0.53, 0.5), (0.54, 0.68), (0.48, 0.68))  # rider's leg
    pen.oval(INK, 0.5, 0.69, 0.08, 0.025)
    pen.poly(second, (0.44, 0.27), (0.6, 0.27), (0.62, 0.52), (0.42, 0.52))  # body
    pen.poly(GOLD, (0.43, 0.44), (0.61, 0.44), (0.61, 0.47), (0.43, 0.47))
    pen.poly(second, (0.58, 0.28), (0.74, 0.2), (0.76, 0.24), (0.6, 0.34))  # raised arm
    pen.oval(SKIN, 0.75, 0.21, 0.06, 0.035)
    pen.poly(ERMINE, (0.44, 0.26), (0.6, 0.26), (0.57, 0.3), (0.47, 0.3))
    pen.head(0.52, 0.2, 0.08)
    pen.oval(main, 0.52, 0.125, 0.28, 0.045)  # broad hat with a plume
    pen.poly(main, (0.44, 0.125), (0.46, 0.06), (0.58, 0.06), (0.6, 0.125))
    pen.poly(GOLD_LIGHT, (0.44, 0.09), (0.34, 0.03), (0.33, 0.06), (0.43, 0.11))
    _held(pen, suit, 0.78, 0.12, 0.85)


def _rey(pen: _Pen, suit: str, main: Colour, second: Colour) -> None:
    """A bearded king in a long robe and cape, crowned, presenting the suit symbol."""
    pen.poly(second, (0.3, 0.3), (0.7, 0.3), (0.86, 0.86), (0.14, 0.86))  # cape
    pen.poly(main, (0.36, 0.3), (0.64, 0.3), (0.74, 0.86), (0.26, 0.86))  # robe
    pen.poly(ERMINE, (0.26, 0.82), (0.74, 0.82), (0.74, 0.86), (0.26, 0.86))
    pen.poly(ERMINE, (0.47, 0.34), (0.53, 0.34), (0.54, 0.82), (0.46, 0.82))
    for y in (0.42, 0.54, 0.66, 0.78):
        pygame.draw.circle(pen.s, INK, pen.p(0.5, y), max(1, pen.r.width * 0.01))
    for x in (0.32, 0.44, 0.56, 0.68):
        pygame.draw.circle(pen.s, INK, pen.p(x, 0.84), max(1, pen.r.width * 0.01))
    pen.poly(GOLD, (0.32, 0.5), (0.68, 0.5), (0.69, 0.53), (0.31, 0.53))  # belt
    pen.poly(main, (0.36, 0.32), (0.26, 0.5), (0.31, 0.53), (0.4, 0.4))  # left arm + sceptre
    pygame.draw.line(pen.s, GOLD_DARK, pen.p(0.28, 0.7), pen.p(0.28, 0.36), pen.line * 3)
    pygame.draw.circle(pen.s, GOLD, pen.p(0.28, 0.35), pen.r.width * 0.03)
    pen.oval(SKIN, 0.285, 0.52, 0.07, 0.04)
    pen.poly(main, (0.62, 0.32), (0.72, 0.42), (0.7, 0.46), (0.6, 0.39))  # right arm
    pen.oval(SKIN, 0.72, 0.44, 0.07, 0.04)
    pen.poly(ERMINE, (0.34, 0.28), (0.66, 0.28), (0.6, 0.34), (0.4, 0.34))
    pen.head(0.5, 0.19, 0.08, beard=True)
    pen.poly(GOLD, (0.4, 0.15), (0.39, 0.04), (0.45, 0.09), (0.5, 0.02), (0.55, 0.09),
             (0.61, 0.04), (0.6, 0.15))
    for x in (0.45, 0.5, 0.55):
        pygame.draw.circle(pen.s, (196, 46, 40), pen.p(x, 0.125), pen.r.width * 0.015)
    _held(pen, suit, 0.76, 0.33 if suit in ("swords", "clubs") else 0.36)
