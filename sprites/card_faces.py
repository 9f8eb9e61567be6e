"""Card faces and backs for every deck, painted with shapes at any size and cached.

CardPainter().face(card, (w, h)) and .back(deck, (w, h)) return per-pixel-alpha surfaces with
transparent rounded corners. Each is painted once at two or three times the size and smoothscaled
down for clean anti-aliased edges, then kept (the least recently used are forgotten past a limit)
until clear() or a change of four-colour mode. Every back is painted in the player's chosen back
(`set_back`, a name of sprites/faces_backs.py BACK_STYLES).
"""
from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Iterable

import pygame

from game.cards import Card
from sprites.canvas import OutOfTime

CARD_ASPECT = 0.7  # width / height of every card
DECKS = ("french", "spanish", "skyjo", "memory")
MAX_FACES = 400  # every face one table shows at its sizes (Kings Corner: 52 x 3), with room
MAX_BACKS = 64

FacePainter = Callable[[Card, int, int, bool], pygame.Surface]


def face_painter(deck: str) -> FacePainter:
    """The function that paints a face of `deck` (imported on first use: the first frame of the
    program needs none of them)."""
    if deck == "french":
        from sprites.faces_french import paint_french

        return paint_french
    if deck == "spanish":
        from sprites.faces_spanish import paint_spanish

        return lambda card, w, h, four: paint_spanish(card, w, h)
    if deck == "skyjo":
        from sprites.faces_skyjo import paint_skyjo

        return lambda card, w, h, four: paint_skyjo(card, w, h)
    if deck == "memory":
        from sprites.faces_memory import paint_memory

        return lambda card, w, h, four: paint_memory(card, w, h)
    raise ValueError(f"unknown deck {deck!r}")


def _checked_size(size: tuple[int, int]) -> tuple[int, int]:
    w, h = int(size[0]), int(size[1])
    if w < 1 or h < 1:
        raise ValueError(f"card size must be positive, not {size!r}")
    return (w, h)


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Convert for fast blits once a display mode exists."""
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _recall(cache: OrderedDict, key: tuple) -> pygame.Surface | None:
    """A cached surface, marked as recently used."""
    surface = cache.get(key)
    if surface is not None:
        cache.move_to_end(key)
    return surface


def _keep(cache: OrderedDict, key: tuple, surface: pygame.Surface, limit: int) -> pygame.Surface:
    """Cache a surface, forgetting the least recently used beyond `limit`."""
    cache[key] = surface
    while len(cache) > limit:
        cache.popitem(last=False)
    return surface


class CardPainter:
    """Paints and caches card faces and backs; four_colour gives green clubs and blue diamonds."""

    def __init__(self, four_colour: bool = False, back_choice: str = "classic") -> None:
        self.four_colour = four_colour
        self.back_choice = back_choice  # the back every deck wears (sprites/faces_backs.py BACK_STYLES)
        self._faces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._backs: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.pending: dict[tuple[Card | str, tuple[int, int]], None] = {}  # to paint ahead, in order
        self.soon: dict[tuple[Card | str, tuple[int, int]], None] = {}  # in view: before the table shows
        self.warming = False  # a face asked for and not painted is put with the soon ones (FramePainter.warm)
        self.face_time = 0.0  # seconds the slowest face painted lately took

    def prepare(self, cards: Iterable[Card | str], size: tuple[int, int], soon: bool = False) -> None:
        """Paint these faces (a deck's name: its back) at `size` ahead of need, in spare time
        (`paint_pending`), in the order asked; `soon` ones (in view) before all others."""
        queue = self.soon if soon else self.pending
        for card in cards:
            if self.cached(card, size) is None:
                queue[(card, size)] = None

    def waiting(self) -> bool:
        """Whether faces wait to be painted."""
        return bool(self.soon or self.pending)

    def paint_pending(self, seconds: float, at_least_one: bool = True) -> None:
        """Paint prepared faces within `seconds`, the soon ones first: no face is begun that would
        end late, judging by the slowest painted lately (but one is, if `at_least_one`)."""
        deadline, first = time.perf_counter() + seconds, at_least_one
        for queue in (self.soon, self.pending):
            while queue:
                start = time.perf_counter()
                if start + self.face_time > deadline and not first:
                    return
                card, size = next(iter(queue))
                del queue[(card, size)]
                if self.cached(card, size) is None:
                    self.paint(card, size)
                    took = time.perf_counter() - start
                    self.face_time, first = max(took, self.face_time * 0.9), False

    def cached(self, card: Card | str, size: tuple[int, int]) -> pygame.Surface | None:
        """The face (a deck's name: its back) at `size` if it is painted already, else None."""
        if isinstance(card, Card):
            return _recall(self._faces, (card.deck, card.rank, card.suit, size, self._four(card)))
        return _recall(self._backs, (card, size, self.back_choice))

    def any_size(self, card: Card | str) -> pygame.Surface | None:
        """The face (a deck's name: its back) at whatever size it was last painted, if any."""
        if isinstance(card, Card):
            four = self._four(card)
            keys = [k for k in self._faces if k[:3] == (card.deck, card.rank, card.suit) and k[4] == four]
            return self._faces[keys[-1]] if keys else None
        keys = [k for k in self._backs if k[0] == card and k[2] == self.back_choice]
        return self._backs[keys[-1]] if keys else None

    def holds(self, surface: pygame.Surface) -> bool:
        """Whether `surface` is a face or back this painter keeps."""
        return any(surface is kept for kept in (*self._faces.values(), *self._backs.values()))

    def paint(self, card: Card | str, size: tuple[int, int]) -> pygame.Surface:
        """The face of a card, or the back of a deck named by a string, at `size`."""
        return self.face(card, size) if isinstance(card, Card) else self.back(card, size)

    def smallest_mark(self, card: Card, size: tuple[int, int]) -> float | None:
        """The ink height in pixels of the smallest mark that tells a face at `size` apart (its
        index, suit pip, colour group's mark), None for a face told by its picture alone."""
        w, h = size
        if card.deck == "french":
            from sprites.faces_french import smallest_mark

            return smallest_mark(w, h, self._four(card))
        if card.deck == "spanish":
            from sprites.faces_spanish import smallest_mark as spanish_mark

            return spanish_mark(w, h)
        if card.deck == "skyjo":
            from sprites.faces_skyjo import smallest_mark as skyjo_mark

            return skyjo_mark(w, h)
        return None

    def _four(self, card: Card) -> bool:
        return self.four_colour and card.deck == "french"

    def face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """The face of card at size (w, h); the same surface object while cached."""
        size = _checked_size(size)
        four = self._four(card)
        key = (card.deck, card.rank, card.suit, size, four)
        surface = _recall(self._faces, key)
        if surface is None:
            self._in_turn(card, size)
            from sprites.faces_draw import finish, supersample

            painter = face_painter(card.deck)
            ss = supersample(size)
            big = painter(card, size[0] * ss, size[1] * ss, four)
            surface = _keep(self._faces, key, _ready(finish(big, size)), MAX_FACES)
        return surface

    def back(self, deck: str, size: tuple[int, int]) -> pygame.Surface:
        """The back of a card of deck ("french", "spanish", "skyjo" or "memory") at size."""
        size = _checked_size(size)
        if deck not in DECKS:
            raise ValueError(f"unknown deck {deck!r}")
        key = (deck, size, self.back_choice)
        surface = _recall(self._backs, key)
        if surface is None:
            self._in_turn(deck, size)
            from sprites.faces_backs import paint_back
            from sprites.faces_draw import finish, supersample

            ss = supersample(size)
            big = paint_back(deck, size[0] * ss, size[1] * ss, self.back_choice)
            surface = _keep(self._backs, key, _ready(finish(big, size)), MAX_BACKS)
        return surface

    def _in_turn(self, card: Card | str, size: tuple[int, int]) -> None:
        """While warming, a face not painted yet waits with the soon ones: OutOfTime ends the draw."""
        if self.warming:
            self.soon[(card, size)] = None
            raise OutOfTime

    def set_four_colour(self, on: bool) -> None:
        """Switch four-colour French suits; clears the cache when it changes."""
        if bool(on) != self.four_colour:
            self.four_colour = bool(on)
            self.clear()

    def set_back(self, choice: str) -> None:
        """Show every deck's back as `choice` from now on (the backs of another choice stay cached:
        going back to it costs nothing)."""
        self.back_choice = choice

    def clear(self) -> None:
        """Forget every painted surface and what was prepared (e.g. after a window resize)."""
        self._faces.clear()
        self._backs.clear()
        self.pending.clear()
        self.soon.clear()
