"""The canvas: scenes draw in logical 1280x720 units; it paints crisply at the window's size.

Within a frame (begin_frame ... end_frame) the drawing is recorded, then painted only where it
differs from the picture the window holds (sprites/dirty.py); outside one it is painted at once."""
from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager

import pygame

from game.printable import plain
from sprites import fonts
from sprites.dirty import changed_rects, merged
from sprites.drawn import CARD, FRAME, MIN_TEXT_PX, TEXT, Drawn, Notes
from sprites.theme import LOGICAL_SIZE, PANEL, paint_felt
from sprites.typeset import Typeface

RectLike = pygame.FRect | pygame.Rect | tuple[float, float, float, float]
Operation = tuple[Hashable, pygame.Rect, Callable[[], object]]  # what it draws, where, how
TEXT_CACHE_SIZE = 600
LAYER_CACHE_SIZE = 200  # see-through and round boxes, painted once and blitted every frame
SMOOTH_RADIUS = 3  # window pixels: rounder corners are anti-aliased
CORNER_SAMPLES = 4  # a round corner is painted this many times bigger, then smoothscaled down
# The biggest picture painted: a bigger window shows it scaled up (an 8K frame took 1-3 s to paint).
DRAW_LIMIT = (3840, 2160)


class OutOfTime(Exception):
    """A draw that makes texts and layers ahead of need ran past its deadline (Canvas.deadline)."""


UNDRAWABLE = (pygame.error, ValueError, UnicodeError)  # zero width, a NUL, a lone surrogate


def render(font: Typeface, text: str, colour) -> pygame.Surface:
    """The text painted; without its hidden characters if the font refuses it, else nothing."""
    for candidate in (text, plain(text)):
        try:
            return font.render(candidate, colour)
        except UNDRAWABLE:
            pass
    return pygame.Surface((1, font.get_height()), pygame.SRCALPHA)


def drawing_size(window: tuple[int, int]) -> tuple[int, int]:
    """The size of the picture painted for a window: the window's, or its shape within DRAW_LIMIT."""
    zoom = max(1.0, window[0] / DRAW_LIMIT[0], window[1] / DRAW_LIMIT[1])
    return max(1, round(window[0] / zoom)), max(1, round(window[1] / zoom))


def measure(font: Typeface, text: str) -> tuple[int, int]:
    """The text's size in pixels, measured as `render` paints it."""
    for candidate in (text, plain(text)):
        try:
            return font.size(candidate)
        except UNDRAWABLE:
            pass
    return 1, font.get_height()


class Canvas:
    """Maps logical units to window pixels (16:9, letterboxed) and caches fonts and text."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.window = self.surface = surface  # the surface is painted; the window shows it (scaled up past DRAW_LIMIT)
        self.zoom = 1.0  # window pixels per painted pixel
        self.scale = 1.0
        self.offset = (0, 0)
        self._fonts: dict[tuple[int, bool], Typeface] = {}
        self._texts: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._wrapped: OrderedDict[tuple, list[str]] = OrderedDict()
        self._sizes: dict[tuple[str, float, bool], tuple[float, float]] = {}
        self._layers: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._felt: pygame.Surface | None = None
        self.felt_choice = "green"  # the felt `felt()` paints (sprites/theme.py FELTS)
        self.rtl = False  # the interface reads right to left: lines are ordered and aligned so
        self.deadline: float | None = None  # set: making a text or layer after it raises OutOfTime
        self._frame: list[Operation] | None = None  # the frame being recorded
        self._shown: list[tuple[Hashable, pygame.Rect]] = []  # what the picture in the window was drawn with
        self._stale = True  # the window holds something else: the next frame is painted whole
        self._below: int | None = None  # how many of the frame's operations paint the picture to keep
        self._kept: list[tuple[Hashable, pygame.Rect]] | None = None  # the operations of the kept picture
        self._keeper = surface  # the kept picture (made with the window's size)
        self.notes = Notes()  # the layer drawn in; what a frame drew, while inspecting
        self.resize(surface)

    def resize(self, window: pygame.Surface) -> None:
        """Take the window surface after a resize; everything is re-painted at the new scale."""
        size = drawing_size(window.get_size())
        self.window = window
        self.surface = window if size == window.get_size() else pygame.Surface(size, 0, window)
        self.zoom = window.get_width() / size[0]
        w, h = size
        lw, lh = LOGICAL_SIZE
        self.scale = max(0.05, min(w / lw, h / lh))
        self.offset = (int((w - lw * self.scale) / 2), int((h - lh * self.scale) / 2))
        self._fonts.clear()
        self._texts.clear()
        self._wrapped.clear()
        self._sizes.clear()
        self._layers.clear()
        self._felt = None
        self._stale = True
        self._kept, self._keeper = None, pygame.Surface(size, 0, window)
        self._keeper.fill((0, 0, 0))  # its memory is touched now, not in the first fade (5 ms at 1920x1080)

    # -- frames --------------------------------------------------------------------------------
    def begin_frame(self) -> None:
        """Record the drawing from here on, for end_frame to paint."""
        self._frame, self._below = [], None
        self.notes.begin()

    def keep_below(self) -> None:
        """What the frame has drawn so far is a picture to keep apart while everything over it
        changes (a scene under its fading veil): it is painted into the kept picture only where
        it differs from the last one kept, and the window gets that picture."""
        if self._frame is not None:
            self._below = len(self._frame)

    def end_frame(self) -> list[pygame.Rect] | None:
        """Paint the recorded frame where it differs from the window's picture. Returns the window
        rectangles changed ([] for none), or None when the whole window was painted."""
        operations, self._frame = self._frame or [], None
        if self._below is not None:
            self._paint_over_kept(operations, self._below)
            rects = None
        elif self._kept is not None:  # the fade is over: start from the kept picture
            self.surface.blit(self._keeper, (0, 0))
            self._paint(operations, self._changes(self._kept, operations))
            self._kept, rects = None, None
        else:
            rects = None if self._stale else self._changes(self._shown, operations)
            self._paint(operations, rects)
        self._shown = [(key, where) for key, where, _ in operations]
        self._stale = False
        self.notes.end()
        if self.surface is self.window or rects == []:
            return rects
        pygame.transform.scale(self.surface, self.window.get_size(), self.window)
        return None

    def _changes(self, old: list[tuple[Hashable, pygame.Rect]], new: list[Operation]) -> list[pygame.Rect] | None:
        """Where the picture of `new` differs from that of `old`; None: everywhere, or unknown (it
        does not begin by covering the window)."""
        window = self.surface.get_rect()
        if not new or not new[0][1].contains(window):
            return None
        return merged(changed_rects(old, new), window)

    def _paint(self, operations: list[Operation], rects: list[pygame.Rect] | None) -> None:
        """Paint the operations whole (rects None), or only inside each rectangle."""
        if rects is None:
            for _, _, paint in operations:
                paint()
        for rect in rects or ():
            self.surface.set_clip(rect)
            for _, where, paint in operations:
                if where.colliderect(rect):
                    paint()
        self.surface.set_clip(None)

    def _paint_over_kept(self, operations: list[Operation], below: int) -> None:
        """Paint the frame whole: its first `below` operations into the kept picture (where they
        differ from those that painted it), that picture on the window, the rest over it."""
        kept = operations[:below]
        rects = None if self._kept is None else self._changes(self._kept, kept)
        window, self.surface = self.surface, self._keeper  # the operations paint on self.surface
        try:
            self._paint(kept, rects)
        finally:
            self.surface = window
        self._kept = [(key, where) for key, where, _ in kept]
        self.surface.blit(self._keeper, (0, 0))
        for _, _, paint in operations[below:]:
            paint()

    def invalidate(self) -> None:
        """The window's picture is lost (exposed, or drawn over): paint the next frame whole."""
        self._stale = True

    def _draw(self, key: Hashable, where: pygame.Rect, paint: Callable[[], object]) -> None:
        """Record an operation in a frame, else paint it now. `key` says everything it draws (the
        surfaces it blits by identity) and `where` holds every pixel it may change."""
        if self._frame is None:
            self._stale = True
            paint()
        else:
            self._frame.append((key, where, paint))

    # -- what a frame drew, for a check of the picture (sprites/drawn.py) ----------------------
    def inspect(self, on: bool = True) -> None:
        """Note the texts, frames and cards of each frame from now on (`drawn`), or stop."""
        self.notes.notes = [] if on else None

    @property
    def drawn(self) -> list[Drawn]:
        """What the last frame drew, noted while inspecting."""
        return self.notes.last

    def scene_layer(self, name: str) -> None:
        """A scene of the stack begins to draw: in a layer of its own, over the one below."""
        self.notes.path = (name,)

    @contextmanager
    def layer(self, name: str) -> Iterator[None]:
        """Draw on purpose over what this layer holds (a banner over the table, a card's label)."""
        outer = self.notes.path
        self.notes.path = (*outer, name)
        try:
            yield
        finally:
            self.notes.path = outer

    def frame(self, rect: RectLike, name: str = "", keep_clear: bool = False) -> None:
        """Note a panel, button or plate: a text of its layer lies wholly in it or wholly outside.
        `keep_clear`: a name plate or a message the notices must not cover (`kept_clear`)."""
        self.notes.add(FRAME, self.rect(rect), name)
        if keep_clear:
            self.keep_clear(rect)

    def keep_clear(self, rect: RectLike) -> None:
        """A logical rect the notices must not cover this frame (a name plate, a message)."""
        self.notes.clear.append(pygame.FRect(rect))

    @property
    def kept_clear(self) -> list[pygame.FRect]:
        """The logical rects drawn so far this frame that the notices keep off."""
        return list(self.notes.clear)

    def note_card(self, where: pygame.Rect, name: str, mark_px: float | None) -> None:
        """Note a card drawn at window pixels `where`, its face's smallest mark `mark_px` tall."""
        self.notes.add(CARD, where, name, mark_px)

    # -- coordinates -------------------------------------------------------------------------
    def px(self, value: float) -> int:
        return max(0, round(value * self.scale))

    def to_screen(self, pos: tuple[float, float]) -> tuple[int, int]:
        return (round(self.offset[0] + pos[0] * self.scale), round(self.offset[1] + pos[1] * self.scale))

    def to_logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        """The logical point of a window pixel (a mouse position)."""
        return self.painted_to_logical((pos[0] / self.zoom, pos[1] / self.zoom))

    def painted_to_logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        """The logical point of a pixel of the painted picture."""
        return ((pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale)

    def rect(self, rect: RectLike) -> pygame.Rect:
        """The window-pixel rectangle of a logical one."""
        x, y, w, h = rect
        left, top = self.to_screen((x, y))
        right, bottom = self.to_screen((x + w, y + h))
        return pygame.Rect(left, top, max(1, right - left), max(1, bottom - top))

    # -- drawing -----------------------------------------------------------------------------
    def set_direction(self, rtl: bool) -> None:
        """Lay every line out as a paragraph of this direction from now on (bidi_runs); the texts made go."""
        if rtl != self.rtl:
            self.rtl = rtl
            self._fonts.clear()
            self._texts.clear()
            self._wrapped.clear()
            self._sizes.clear()
            self._stale = True

    def start_anchor(self, anchor: str) -> str:
        """The anchor where a line starts reading: a left one ("midleft") becomes right in right to left."""
        return anchor.replace("left", "right") if self.rtl and "left" in anchor else anchor

    def line_start(self, left: float, right: float) -> float:
        """The x where a line starts reading in a box from `left` to `right` (with `start_anchor`)."""
        return right if self.rtl else left

    def set_felt(self, choice: str) -> None:
        """Paint the felt of the table as `choice` (a name of sprites/theme.py FELTS) from now on."""
        if choice != self.felt_choice:
            self.felt_choice = choice
            self._felt = None

    def felt(self) -> None:
        """Fill the window with the felt table (the letterbox bars are felt too)."""
        size = self.surface.get_size()
        if self._felt is None or self._felt.get_size() != size:
            self._in_time()
            self._felt = paint_felt(size, self.felt_choice)
            if pygame.display.get_surface() is not None:
                self._felt = self._felt.convert()
        felt = self._felt
        self._draw(("felt", felt), self.surface.get_rect(), lambda: self.surface.blit(felt, (0, 0)))

    def fill(self, colour) -> None:
        self._draw(("fill", tuple(colour)), self.surface.get_rect(), lambda: self.surface.fill(colour))

    def shade(self, alpha: int = 150) -> None:
        """Darken the whole window (behind overlays) as a black veil of `alpha` would: every colour
        multiplied by the light the veil lets through, with no window-sized layer to blend."""
        light = (255 - alpha,) * 3
        self._draw(("shade", alpha), self.surface.get_rect(),
                   lambda: self.surface.fill(light, special_flags=pygame.BLEND_RGB_MULT))
        self.notes.shaded()

    def _in_time(self) -> None:
        """Raise OutOfTime if a deadline is set and has passed (see scenes/frame.py FramePainter.warm)."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime

    def _layer(self, key: tuple, paint) -> pygame.Surface:
        """A see-through surface painted once by `paint()` and kept (least recently used forgotten)."""
        layer = self._layers.get(key)
        if layer is None:
            self._in_time()
            layer = self._layers[key] = paint()
            if len(self._layers) > LAYER_CACHE_SIZE:
                self._layers.popitem(last=False)
        else:
            self._layers.move_to_end(key)
        return layer

    def box(self, colour, rect: RectLike, width: float = 0, radius: float = 0) -> None:
        """A (rounded) rectangle; colours with alpha are blended."""
        r = self.rect(rect)
        line = 0 if width == 0 else max(1, self.px(width))
        if line == 0 and tuple(colour[:3]) == PANEL[:3]:
            self.notes.add(FRAME, r, "panel")  # the one panel colour: what is drawn on it belongs in it
        if (len(colour) == 4 and colour[3] < 255) or self.px(radius) >= SMOOTH_RADIUS:  # see-through, or round
            key = ("box", r.size, tuple(colour), line, self.px(radius))
            self.blit(self._layer(key, lambda: self._box_layer(r.size, colour, line, self.px(radius))), r)
        else:
            corner = self.px(radius)
            self._draw(("rect", tuple(colour), tuple(r), line, corner), r,
                       lambda: pygame.draw.rect(self.surface, colour, r, line, corner))

    def fills(self, pieces: Sequence[tuple[tuple[int, int, int], RectLike]]) -> None:
        """Many small solid rectangles (confetti) as one operation."""
        if not pieces:
            return
        rects = [(colour, self.rect(rect)) for colour, rect in pieces]
        where = rects[0][1].unionall([r for _, r in rects[1:]])

        def paint() -> None:
            for colour, r in rects:
                self.surface.fill(colour, r)

        self._draw(("fills", tuple((colour, tuple(r)) for colour, r in rects)), where, paint)

    @staticmethod
    def _box_layer(size: tuple[int, int], colour, line: int, radius: int) -> pygame.Surface:
        """The box on a see-through layer, its round corners anti-aliased: each corner is painted
        CORNER_SAMPLES times bigger and smoothscaled down (the straight edges need none)."""
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(layer, colour, layer.get_rect(), line, radius)
        w, h = size
        r = min(radius, w // 2, h // 2)
        if r < SMOOTH_RADIUS:
            return layer
        k = CORNER_SAMPLES
        big = pygame.Surface((2 * r * k, 2 * r * k), pygame.SRCALPHA)
        big.fill((*colour[:3], 0))  # see-through of the same colour: the smoothed edge does not darken
        pygame.draw.rect(big, colour, big.get_rect(), line * k, r * k)
        small = pygame.transform.smoothscale(big, (2 * r, 2 * r))
        for source, target in (((0, 0), (0, 0)), ((r, 0), (w - r, 0)), ((0, r), (0, h - r)), ((r, r), (w - r, h - r))):
            layer.fill((0, 0, 0, 0), (*target, r, r))
            layer.blit(small, target, (*source, r, r))
        return layer

    @staticmethod
    def _around(points: list[tuple[int, int]], margin: int) -> pygame.Rect:
        """The pixels within `margin` of the points' bounding box."""
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return pygame.Rect(min(xs) - margin, min(ys) - margin, max(xs) - min(xs) + 2 * margin + 1,
                           max(ys) - min(ys) + 2 * margin + 1)

    def line(self, colour, start, end, width: float = 1) -> None:
        ends, line = (self.to_screen(start), self.to_screen(end)), max(1, self.px(width))
        self._draw(("line", tuple(colour), ends, line), self._around(list(ends), line + 1),
                   lambda: pygame.draw.line(self.surface, colour, *ends, line))

    def circle(self, colour, centre, radius: float, width: float = 0) -> None:
        line = 0 if width == 0 else max(1, self.px(width))
        middle, r = self.to_screen(centre), max(1, self.px(radius))
        self._draw(("circle", tuple(colour), middle, r, line), self._around([middle], r + 1),
                   lambda: pygame.draw.circle(self.surface, colour, middle, r, line))

    def polygon(self, colour, points, width: float = 0) -> None:
        line = 0 if width == 0 else max(1, self.px(width))
        corners = [self.to_screen(p) for p in points]
        self._draw(("polygon", tuple(colour), tuple(corners), line), self._around(corners, line + 1),
                   lambda: pygame.draw.polygon(self.surface, colour, corners, line))

    def font_px(self, size: float) -> int:
        """The font size in window pixels of a logical text size: never under MIN_TEXT_PX, so that
        text stays readable in a small window."""
        return max(MIN_TEXT_PX, round(size * fonts.SCALE * self.scale))

    def font(self, size: float, bold: bool = False) -> Typeface:
        """The UI typeface and its fallbacks at a logical size, rendered at the window's pixel size."""
        key = (self.font_px(size), bold)
        if key not in self._fonts:
            self._fonts[key] = Typeface(*key, rtl=self.rtl)
        return self._fonts[key]

    def text_surface(self, text: str, size: float, colour=(255, 255, 255), bold: bool = False) -> pygame.Surface:
        key = (text, size, tuple(colour), bold)
        cached = self._texts.get(key)
        if cached is None:
            self._in_time()
            cached = self._texts[key] = render(self.font(size, bold), text, colour)
            if len(self._texts) > TEXT_CACHE_SIZE:
                self._texts.popitem(last=False)
        else:
            self._texts.move_to_end(key)
        return cached

    def text(self, text: str, pos: tuple[float, float], size: float = 28, colour=(255, 255, 255),
             anchor: str = "center", bold: bool = False, shadow: bool = False, alpha: int = 255) -> pygame.FRect:
        """Draw one line of text anchored at a logical point; returns its logical rect."""
        image = self.text_surface(text, size, colour, bold)
        target = image.get_rect()
        setattr(target, anchor, self.to_screen(pos))
        if shadow:
            back = self.text_surface(text, size, (0, 0, 0), bold)
            self.blit(back, target.move(max(1, self.px(2)), max(1, self.px(2))), alpha // 2 if alpha < 255 else 255)
        self.blit(image, target, alpha)
        if self.notes.notes is not None and text.strip():
            self.notes.add(TEXT, image.get_bounding_rect().move(target.topleft), text, self.font_px(size))
        x, y = self.painted_to_logical(target.topleft)
        return pygame.FRect(x, y, target.w / self.scale, target.h / self.scale)

    def text_size(self, text: str, size: float, bold: bool = False) -> tuple[float, float]:
        """A line's logical width and height (measured once, then remembered)."""
        key = (text, size, bold)
        measured = self._sizes.get(key)
        if measured is None:
            if len(self._sizes) >= TEXT_CACHE_SIZE:
                self._sizes.clear()
            w, h = measure(self.font(size, bold), text)
            measured = self._sizes[key] = (w / self.scale, h / self.scale)
        return measured

    def fit(self, text: str, size: float, width: float, bold: bool = False, mark: str = "...") -> str:
        """The text, or its longest start followed by `mark` that fits `width` (found by halving, so
        a name of thousands of characters costs a few measures)."""
        if self.text_size(text, size, bold)[0] <= width:
            return text
        low, high = 0, len(text) - 1  # text[:low] + mark fits, or low is 0
        while low < high:
            middle = (low + high + 1) // 2
            if self.text_size(text[:middle].rstrip() + mark, size, bold)[0] <= width:
                low = middle
            else:
                high = middle - 1
        return text[:low].rstrip() + mark

    def wrap(self, text: str, size: float, width: float, bold: bool = False, balanced: bool = False) -> list[str]:
        """Split text into lines that fit a logical width (measured once, then remembered). `balanced`
        makes a paragraph's lines as even as its line count allows, and never leaves its last word
        alone on the last line when the line above can give it a companion."""
        key = (text, size, width, bold, balanced)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = self._wrapped[key] = [
                line for paragraph in text.split("\n")
                for line in (self._balance if balanced else self._greedy)(paragraph, size, width, bold)]
            if len(self._wrapped) > TEXT_CACHE_SIZE:
                self._wrapped.popitem(last=False)
        else:
            self._wrapped.move_to_end(key)
        return list(lines)

    def _greedy(self, paragraph: str, size: float, width: float, bold: bool) -> list[str]:
        """As many words on each line as fit."""
        lines: list[str] = []
        current = ""
        for word in paragraph.split(" "):
            trial = f"{current} {word}".strip()
            if current and self.text_size(trial, size, bold)[0] > width:
                lines.append(current)
                current = word
            else:
                current = trial
        lines.append(current)
        return lines

    def _balance(self, paragraph: str, size: float, width: float, bold: bool) -> list[str]:
        """The narrowest greedy wrap with as few lines as at `width` (fewer lines never come of a
        narrower width), then the last word brought company from the line above if it is alone."""
        lines = self._greedy(paragraph, size, width, bold)
        if len(lines) < 2:
            return lines
        low, high = 0.0, width  # a wrap at `high` has len(lines) lines; at `low` it may have more
        while high - low > 1.0:
            middle = (low + high) / 2
            if len(self._greedy(paragraph, size, middle, bold)) == len(lines):
                high = middle
            else:
                low = middle
        lines = self._greedy(paragraph, size, high, bold)
        above, last = lines[-2].split(" "), lines[-1]
        if " " not in last.strip() and len(above) > 1:
            joined = f"{above[-1]} {last}"
            if self.text_size(joined, size, bold)[0] <= width:
                lines[-2:] = [" ".join(above[:-1]), joined]
        return lines

    def image(self, image: pygame.Surface, pos: tuple[float, float], anchor: str = "topleft") -> None:
        """Blit a surface already painted at pixel size, placed at a logical point."""
        target = image.get_rect()
        setattr(target, anchor, self.to_screen(pos))
        self.blit(image, target)

    def blit(self, image: pygame.Surface, target: pygame.Rect, alpha: int = 255) -> None:
        """Blit a surface at a window-pixel position (its top left), see-through by `alpha`."""
        where = image.get_rect(topleft=target.topleft)

        def paint() -> None:
            shown = image
            if alpha < 255:
                shown = image.copy()
                shown.set_alpha(alpha)
            self.surface.blit(shown, where)

        self._draw(("blit", image, where.topleft, alpha), where, paint)
