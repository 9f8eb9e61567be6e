"""Drawing the War table: stacks with counts, the battle rows, the war banner, tally, controls."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.war.text import format_play_time, longest_war, war_name
from game.war.view import WarView
from lang import N_, _, n_
from scenes.table_parts import Shown
from scenes.war.layout import (
    BANNER_POS,
    BATTLE_RECT,
    CARD_H,
    CARD_W,
    CENTRE_X,
    HINT_Y,
    PANEL_RECT,
    RATING_W,
    STACK_POS,
    Control,
    stack_layers,
)
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite, draw_sprites
from sprites.theme import CREAM, GOLD, PANEL, RED, TEXT_DIM, WHITE
from sprites.widgets import draw_button_box, fitted, mirrored_text

ACTIVE = (150, 110, 30)
LAYER_STEP = 1.6
HINT = N_("Click the table or Right: one battle  -  Space: start/pause  -  1-4 or Up/Down: speed  -  "
          "E: to the end  -  Tab/Enter: buttons  -  Esc: menu")
VARIANT_WORDS = {"x4": N_("x4"), "classic": N_("classic")}
ACE_WORDS = {"low": N_("ace low"), "high": N_("ace high")}
PICKUP_WORDS = {"random": N_("pickup random"), "fixed": N_("pickup fixed")}


class Banner:
    """The 'WAR!' banner: its war's depth (bigger for deeper wars, worded when drawn), scale and alpha for
    tweens."""

    def __init__(self) -> None:
        self.depth = 0
        self.scale = 1.0
        self.alpha = 0.0

    def show(self, depth: int) -> None:
        self.depth = depth
        self.scale, self.alpha = 0.3, 0.0

    @property
    def text(self) -> str:
        """The banner's words in the current language ('WAR!', 'DOUBLE WAR!')."""
        return war_name(self.depth) if self.depth else ""

    @property
    def hidden(self) -> bool:
        return self.alpha <= 1 or not self.depth


@dataclass(frozen=True, slots=True)
class Watch:
    """What War's drawer reads beside the view and `Shown`: the screen between two states of the
    rules, the pace, and the control bar."""

    player: int  # whose hand rating shows, in gold
    shown_counts: Sequence[int]  # stack sizes as the cards in flight have left or reached them
    tally: dict  # the counters as of the last battle shown
    in_play: Sequence[CardSprite]
    banner: Banner
    running: bool
    to_end: bool
    finished: bool  # the game is over and recorded: no control is drawn
    speed: int
    controls: Sequence[Control]
    focus: int  # the control the keyboard focus is on
    hovered: int | None  # the control under the mouse


class WarDrawer:
    """Draws the War table from the view, what the table shows and what the battles show now."""

    def __init__(self, watch: Callable[[], Watch]) -> None:
        self.watch = watch  # the parts' presentation state, read each frame

    def draw(self, canvas: Canvas, view: WarView, shown: Shown) -> None:
        draw_war_table(canvas, view, shown, self.watch())

    def draw_over(self, canvas: Canvas, view: WarView, shown: Shown) -> bool:
        """War draws nothing over the shared parts: no dialog of its own."""
        return False

    def message_shown(self, view: WarView) -> bool:
        return True


def draw_war_table(canvas: Canvas, view: WarView, shown: Shown, watch: Watch) -> None:
    """Everything of the table scene, back to front."""
    painter = shown.painter
    x, _y, w, _h = BATTLE_RECT
    canvas.box((0, 0, 0, 45), BATTLE_RECT, radius=26)
    canvas.line((255, 255, 255, 60), (x + 20, BANNER_POS[1]), (x + w - 20, BANNER_POS[1]), 1)
    for seat in (0, 1):
        draw_stack(canvas, shown, watch, seat)
    draw_sprites(canvas, painter, list(watch.in_play))
    draw_banner(canvas, watch.banner)
    draw_tally(canvas, view, shown, watch)
    if view.battles == 0 and not view.is_over:
        draw_rating(canvas, view, shown, watch)
    if not watch.finished:  # a finished game has no battle left: its bottom is the table viewer's
        draw_controls(canvas, shown, watch)
        canvas.text(canvas.fit(_(HINT), 15, 1260), (CENTRE_X, HINT_Y), 15, TEXT_DIM)


def draw_stack(canvas: Canvas, shown: Shown, watch: Watch, seat: int) -> None:
    x, y = STACK_POS[seat]
    count = watch.shown_counts[seat]
    name = shown.seats[seat].name
    canvas.keep_clear(canvas.text(name, (x, y - CARD_H / 2 - 22), 26, GOLD if seat == watch.player else CREAM,
                                  bold=True, shadow=True))  # the stack's name plate
    outline = (x - CARD_W / 2, y - CARD_H / 2, CARD_W, CARD_H)
    canvas.box((0, 0, 0, 60), outline, radius=8)
    canvas.box((255, 255, 255, 70), outline, width=2, radius=8)
    size = (max(2, canvas.px(CARD_W)), max(2, round(canvas.px(CARD_W) / 0.7)))
    back = shown.painter.back("french", size)
    layers = stack_layers(count)
    for k in range(layers):
        offset = (layers - 1 - k) * LAYER_STEP
        canvas.image(back, (x - offset, y - offset), anchor="center")
    canvas.text(n_("{n} card", "{n} cards", count), (x, y + CARD_H / 2 + 22), 26, WHITE, bold=True, shadow=True)


def draw_banner(canvas: Canvas, banner: Banner) -> None:
    if banner.hidden:
        return
    size = (50 + 5 * min(banner.depth, 5)) * banner.scale
    width = canvas.text_size(banner.text, size, bold=True)[0] + 60
    x, y = BANNER_POS
    alpha = int(banner.alpha)
    canvas.box((120, 20, 20, min(230, alpha)), (x - width / 2, y - size * 0.55, width, size * 1.1),
               radius=14)
    canvas.box((*GOLD, alpha), (x - width / 2, y - size * 0.55, width, size * 1.1), width=3,
               radius=14)
    canvas.text(banner.text, (x, y + 2), size, GOLD, bold=True, shadow=True, alpha=alpha)


FACT_SIZE = {False: 17, True: 15}  # the tally's facts; the last (the setup) smaller
NO_BREAK = "\u00a0"  # a space the tally's wrapping keeps (it breaks lines at plain spaces)


def draw_tally(canvas: Canvas, view: WarView, shown: Shown, watch: Watch) -> None:
    """The battle number, the pace, the counters side by side for both players, and the setup; the
    panel is as tall as its lines."""
    x, y, w, _h = PANEL_RECT
    tally = watch.tally
    options = view.options
    setup = _("{variant}, {ace}, {pickup}", variant=_(VARIANT_WORDS.get(options.variant, options.variant)),
              ace=_(ACE_WORDS.get(options.ace, options.ace)),
              pickup=_(PICKUP_WORDS.get(options.pickup, options.pickup)))
    by_hand = format_play_time(tally["play_time"]).replace(" ", NO_BREAK)  # a time is never cut in two
    facts = [_("Wars fought: {n}", n=tally["wars"]), _("Longest: {war}", war=longest_war(tally["longest"])),
             _("Play time by hand: {time}", time=by_hand),
             _("{setup}, trick deck", setup=setup) if options.deck == "trick" else setup]
    rows = [(_("Cards"), watch.shown_counts), (_("Battles won"), tally["battles_won"]),
            (_("Wars won"), tally["wars_won"])]
    # each fact wraps to the panel (in a small window its text is set larger than its logical size)
    fact_lines = [(line, i == len(facts) - 1) for i, fact in enumerate(facts)
                  for line in canvas.wrap(fact, FACT_SIZE[i == len(facts) - 1], w - 28)]
    height = 86 + 26 * (len(rows) + 1) + 8 + 22 * len(fact_lines) + 4
    canvas.box(PANEL, (x, y, w, height), radius=16)
    canvas.frame((x, y, w, height), "panel")
    canvas.text(_("Battle {number}", number=view.battles), (x + w / 2, y + 26), 32, GOLD, bold=True, shadow=True)
    canvas.text(pace_line(watch), (x + w / 2, y + 56), 19, CREAM)
    names = [s.name for s in shown.seats]
    col = (x + w - 86, x + w - 14)  # right edges of the two columns (left edges, mirrored, right to left)
    put = mirrored_text(canvas, pygame.FRect(x, y, w, height))
    ty = y + 86
    for c, name in zip(col, names, strict=True):
        put(fit_text(canvas, name, 16, 66), c, ty, 16, GOLD, "midright", bold=True)
    for label, values in rows:
        ty += 26
        words, size = fitted(canvas, label, 19.0, w - 134)  # clear of the first column's numbers
        put(words, x + 14, ty, size, TEXT_DIM)
        for c, value in zip(col, values, strict=True):
            put(str(value), c, ty, 20, WHITE, "midright")
    ty += 8
    for i, (line, last) in enumerate(fact_lines):
        put(line, x + 14, ty + 22 * (i + 1), FACT_SIZE[last], TEXT_DIM if last else CREAM)


def pace_line(watch: Watch) -> str:
    """The tally's line under the battle number: how the battles go now."""
    if watch.finished:
        return _("Game over")
    if watch.to_end:
        return _("To the end")
    return _("Running {speed}x", speed=watch.speed) if watch.running else _("Paused ({speed}x)", speed=watch.speed)


def fit_text(canvas: Canvas, text: str, size: float, width: float) -> str:
    """The text, cut with '...' if it is wider than `width` (a long name over a narrow column: the cut is
    seen as one)."""
    return canvas.fit(text, size, width, bold=True)


def draw_rating(canvas: Canvas, view: WarView, shown: Shown, watch: Watch) -> None:
    """The original rules' pre-game hand rating: strength between the worst and best hands, face cards; the
    panel in the middle of the battle area, as wide as its words."""
    rating = view.ratings[watch.player]
    name = shown.seats[watch.player].name
    title = _("Your hand, rated before the first battle") if name == "You" else \
        _("{name}'s hand, rated before the first battle", name=name)
    sums = _("Sum {sum}: worst possible {worst}, best {best}", sum=rating["sum"], worst=rating["worst"],
             best=rating["best"])
    jacks, queens, kings = view.faces[watch.player]
    faces = n_("{n} face card: {jacks}, {queens}, {kings}", "{n} face cards: {jacks}, {queens}, {kings}",
               rating["face_cards"], jacks=n_("{n} Jack", "{n} Jacks", jacks),
               queens=n_("{n} Queen", "{n} Queens", queens), kings=n_("{n} King", "{n} Kings", kings))
    start = _("Space: start  -  Right or click: one battle")
    w = min(RATING_W, 64 + max(canvas.text_size(title, 26, bold=True)[0], canvas.text_size(faces, 23)[0],
                               canvas.text_size(sums, 22)[0]))
    h = 226.0
    x, y = CENTRE_X - w / 2, BANNER_POS[1] - h / 2
    canvas.box(PANEL, (x, y, w, h), radius=18)
    canvas.frame((x, y, w, h), "panel")
    canvas.box(GOLD, (x, y, w, h), width=2, radius=18)
    canvas.text(title, (x + w / 2, y + 30), 26, GOLD, bold=True)
    canvas.text(sums, (x + w / 2, y + 66), 22, CREAM)
    percent = f"{rating['percent']:.1f}%"
    strength = _("{percent} strength", percent=percent)
    label_w = canvas.text_size(strength, 22, bold=True)[0]
    bar = pygame.FRect(x + 32, y + 90, w - 64 - label_w - 14, 30)
    canvas.box((0, 0, 0, 150), bar, radius=8)
    fill = bar.w * rating["percent"] / 100
    colour = RED if rating["percent"] < 40 else GOLD if rating["percent"] < 60 else (90, 200, 110)
    canvas.box(colour, (bar.x, bar.y, max(2.0, fill), bar.h), radius=8)
    canvas.text(strength, (bar.right + 14, bar.centery), 22, WHITE, anchor="midleft", bold=True)  # beside the bar
    canvas.text(faces, (x + w / 2, y + 146), 23, CREAM)
    canvas.text(start, (x + w / 2, y + 190), 20, TEXT_DIM)


def draw_controls(canvas: Canvas, shown: Shown, watch: Watch) -> None:
    for i, control in enumerate(watch.controls):
        rect = pygame.FRect(control.rect)
        active = ((control.action == "speed" and control.value == watch.speed and not watch.to_end)
                  or (control.action == "toggle" and watch.running)
                  or (control.action == "end" and watch.to_end))
        focused = shown.keyboard_focus and i == watch.focus
        draw_button_box(canvas, rect, focused, watch.hovered == i, True, ACTIVE if active else None)
        label = control.label if control.action == "speed" else _(control.label)
        if control.action == "toggle" and watch.running:
            label = _("Pause  [Space]")
        label, size = fitted(canvas, label, 22.0, rect.w - 12)
        canvas.text(label, rect.center, size, WHITE, shadow=True)
