"""A card sprite: shows one card (or a hidden one) at a logical position, animated by tweens."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.cards import Card
from sprites.canvas import Canvas
from sprites.theme import CARD_ASPECT, CARD_W
from sprites.tween import Animator

SHADOW_ALPHA = 70
MARK_MARGIN = 5  # logical px a move mark glows around a card
THIN_MARGIN = 2  # the glow of a card in a tightly overlapped hand: neighbours' glows do not tangle
CHANGE_MARGIN = 4  # logical px the mark of another player's change shows outside the move mark
MARK_EDGE = (20, 28, 24)
LIFTED_Z = 500  # a hovered or focused card is drawn above its neighbours (under flying cards)


class CardSprite:
    """Bound to one card of the rules state; it only shows it, never changes the game.

    `card` may be None for a card whose face nobody may see (then `deck` says which back).
    Position is the centre (x, y) in logical units; `width` the logical width.
    """

    def __init__(self, card: Card | None, x: float = 0, y: float = 0, face_up: bool = False,
                 width: float = CARD_W, deck: str | None = None) -> None:
        self.card = card
        self.deck = deck or (card.deck if card else "french")
        self.x, self.y = x, y
        self.width = width
        self.face_up = face_up
        self.flip_from = face_up
        self.flip = 1.0  # flip progress, 0 -> 1; the side shown swaps half way
        self.lift = 0.0  # logical pixels raised (hover)
        self.shake = 0.0  # shake amount, decays to 0
        self.angle = 0.0  # degrees
        self.alpha = 255.0
        self.scale = 1.0
        self.z = 0
        self.highlight: tuple[int, int, int] | None = None  # a ring over the card (focus, hover)
        self.mark: tuple[int, int, int] | None = None  # a glow around it (a legal move, a hint)
        self.mark_margin = MARK_MARGIN  # how far the glow reaches (THIN_MARGIN in an overlapped hand)
        self.changed: tuple[int, int, int] | None = None  # another player's turn changed it (a wider glow)
        self.visible = True
        self._last_px = 0  # pixel width drawn last frame: a change means the size is animating
        self._settled: tuple[Card | str, int, pygame.Surface] | None = None  # (card or deck, px width, image)
        self._turned: tuple[pygame.Surface, float, pygame.Surface] | None = None  # (image, angle, rotated)

    # -- geometry ----------------------------------------------------------------------------
    @property
    def height(self) -> float:
        return self.width / CARD_ASPECT

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @pos.setter
    def pos(self, value: tuple[float, float]) -> None:
        self.x, self.y = value

    @property
    def rect(self) -> pygame.FRect:
        """The logical rectangle the card covers (without lift or scale)."""
        return pygame.FRect(self.x - self.width / 2, self.y - self.height / 2, self.width, self.height)

    def contains(self, point: tuple[float, float]) -> bool:
        return self.visible and self.rect.move(0, -self.lift).collidepoint(point)

    # -- animation helpers -------------------------------------------------------------------
    def move_to(self, animator: Animator, pos: tuple[float, float], duration: float = 0.35,
                easing: str = "out_cubic", delay: float = 0.0, on_done=None) -> None:
        animator.tween(self, "pos", (float(pos[0]), float(pos[1])), duration, easing, delay, on_done)

    def flip_to(self, animator: Animator, face_up: bool, duration: float = 0.3, delay: float = 0.0,
                on_done=None) -> None:
        """Turn the card over (a squash through its edge)."""
        if face_up == self.face_up and self.flip >= 1.0:
            if on_done:
                animator.wait(delay, on_done)
            return
        self.flip_from = self.face_up if self.flip >= 1.0 else self.flip_from
        self.face_up = face_up
        self.flip = 0.0
        animator.tween(self, "flip", 1.0, duration, "in_out_quad", delay, on_done)

    def shake_it(self, animator: Animator, amount: float = 10.0, duration: float = 0.4) -> None:
        self.shake = amount
        animator.tween(self, "shake", 0.0, duration, "linear")

    def lift_to(self, animator: Animator, lift: float, duration: float = 0.12) -> None:
        animator.tween(self, "lift", lift, duration, "out_quad")

    def fade_to(self, animator: Animator, alpha: float, duration: float = 0.3, delay: float = 0.0,
                on_done=None) -> None:
        animator.tween(self, "alpha", float(alpha), duration, "linear", delay, on_done)

    # -- drawing -----------------------------------------------------------------------------
    def showing_face(self) -> bool:
        """Which side is visible right now (the old side until half way through a flip)."""
        side = self.face_up if self.flip >= 0.5 else self.flip_from
        return side and self.card is not None

    def draw(self, canvas: Canvas, painter) -> None:
        if not self.visible or self.alpha <= 1:
            return
        w_px = max(2, canvas.px(self.width * self.scale))
        h_px = max(2, round(w_px / CARD_ASPECT))
        if painter.warming:  # under the veil: its face is only asked for, if no size of it is painted
            what = self.card if self.showing_face() and self.card is not None else self.deck
            if painter.any_size(what) is None:
                painter.prepare([what], (w_px, h_px), soon=True)
            return
        reach = math.hypot(w_px, h_px) / 2 + canvas.px(abs(self.shake) + self.lift)  # at any angle
        cx, cy = canvas.to_screen((self.x, self.y))
        if not canvas.surface.get_rect().colliderect((cx - reach, cy - reach, 2 * reach, 2 * reach)):
            return  # off the window: nothing to paint
        image = self._image(painter, w_px, h_px)
        squash = abs(math.cos(math.pi * self.flip)) if self.flip < 1.0 else 1.0
        if squash < 0.999:
            image = pygame.transform.smoothscale(image, (max(1, round(w_px * squash)), h_px))
        if self.angle:
            image = self._rotated(image)
        jiggle = math.sin(self.shake * 3.1) * self.shake if self.shake else 0.0
        centre = canvas.to_screen((self.x + jiggle, self.y - self.lift))
        target = image.get_rect(center=centre)
        card_size = (max(1, round(w_px * squash)), h_px)  # before the turn: outlines turn with the card
        if self.lift > 0.5 or self.scale > 1.01:
            shadow = (centre[0] + canvas.px(3 + self.lift / 3), centre[1] + canvas.px(4 + self.lift / 2))
            self._outline(canvas, card_size, 0, (0, 0, 0, SHADOW_ALPHA), 0, canvas.px(6), shadow)
        if self.changed:
            reach = (self.mark_margin if self.mark else 0) + CHANGE_MARGIN
            self._outline(canvas, card_size, canvas.px(2 * reach), self.changed, 0, canvas.px(8 + reach), centre)
        if self.mark or self.changed:
            if self.mark:
                margin = self.mark_margin
                self._outline(canvas, card_size, canvas.px(2 * margin), self.mark, 0, canvas.px(8 + margin), centre)
            edge = max(2, canvas.px(3))  # a dark line between glow and card: seen on yellow cards too
            self._outline(canvas, card_size, edge, MARK_EDGE, 0, canvas.px(9), centre)
        canvas.blit(image, target, min(255, int(self.alpha)))
        if canvas.notes.notes is not None:
            face = self.showing_face() and self.card is not None
            canvas.note_card(target, str(self.card) if face else "a back",
                             painter.smallest_mark(self.card, (w_px, h_px)) if face else None)
        if self.highlight:
            self._outline(canvas, card_size, canvas.px(6), self.highlight, max(2, canvas.px(3)), canvas.px(8),
                          centre)

    def _outline(self, canvas: Canvas, size: tuple[int, int], grow: int, colour, line: int, radius: int,
                 centre: tuple[int, int]) -> None:
        """A shadow, glow or ring: a rounded rectangle `grow` px bigger than the card, turned with it."""
        layer = outline_layer((size[0] + grow, size[1] + grow), round(self.angle, 1), tuple(colour), line, radius)
        canvas.blit(layer, layer.get_rect(center=centre))

    def _rotated(self, image: pygame.Surface) -> pygame.Surface:
        """The image turned by the sprite's angle, turned again only when the image or angle changes."""
        turned = self._turned
        if turned is None or turned[0] is not image or turned[1] != self.angle:
            turned = self._turned = (image, self.angle, pygame.transform.rotate(image, self.angle))
        return turned[2]

    def _image(self, painter, w_px: int, h_px: int) -> pygame.Surface:
        """The painted face or back. No frame waits for painting when it can help it: while the
        size animates, or while the painter has not yet painted this size (it is asked to, in spare
        time), the last image of the same side, or the same face painted at another size, is scaled
        instead."""
        what: Card | str = self.card if self.showing_face() and self.card is not None else self.deck
        resizing = w_px != self._last_px
        self._last_px = w_px
        image = painter.cached(what, (w_px, h_px))
        settled = self._settled
        if image is None and settled is not None and settled[0] == what:
            if not resizing:
                painter.prepare([what], (w_px, h_px))
            image = settled[2] if settled[1] == w_px else pygame.transform.smoothscale(settled[2], (w_px, h_px))
        elif image is None and (other := painter.any_size(what)) is not None:
            if not resizing:
                painter.prepare([what], (w_px, h_px))
            image = pygame.transform.smoothscale(other, (w_px, h_px))
        elif image is None:
            image = painter.paint(what, (w_px, h_px))
        self._settled = (what, w_px, image)
        return image


@lru_cache(maxsize=256)
def outline_layer(size: tuple[int, int], angle: float, colour: tuple[int, ...], line: int,
                  radius: int) -> pygame.Surface:
    """A rounded rectangle (filled when `line` is 0) of a size, turned by an angle in degrees."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, colour, layer.get_rect(), line, radius)
    return pygame.transform.rotate(layer, angle) if angle else layer


def draw_sprites(canvas: Canvas, painter, sprites) -> None:
    """Draw sprites in z order (stable for equal z); a lifted card above its neighbours."""
    for sprite in sorted(sprites, key=lambda s: s.z + (LIFTED_Z if s.lift > 0.5 else 0)):
        sprite.draw(canvas, painter)
