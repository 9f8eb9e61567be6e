"""Drawing the War table: stacks with counts, the battle rows, the war banner, tally, controls."""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.war.text import format_play_time, war_name
from game.war.view import WarView
from scenes.seats import Seat
from scenes.war.layout import (
    BANNER_POS,
    CARD_H,
    CARD_W,
    PANEL_RECT,
    RATING_RECT,
    ROW_LEFT,
    ROW_RIGHT,
    ROW_Y,
    STACK_POS,
    Control,
    stack_layers,
)
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite, draw_sprites
from sprites.theme import CREAM, GOLD, PANEL, RED, TEXT_DIM, WHITE
from sprites.widgets import draw_button_box

ACTIVE = (150, 110, 30)
LAYER_STEP = 1.6
HINT = ("Click the table or Right: one battle  -  Space: start/pause  -  1-4 or Up/Down: speed  -  "
        "E: to the end  -  Tab/Enter: buttons  -  Esc: menu")


class Banner:
    """The 'WAR!' banner: text, depth (bigger for deeper wars), scale and alpha for tweens."""

    def __init__(self) -> None:
        self.text = ""
        self.depth = 0
        self.scale = 1.0
        self.alpha = 0.0

    def show(self, text: str, depth: int) -> None:
        self.text, self.depth = text, depth
        self.scale, self.alpha = 0.3, 0.0

    @property
    def hidden(self) -> bool:
        return self.alpha <= 1 or not self.text


class Shown(Protocol):
    """What the drawing reads of the table beside the view: what is on screen between two states."""

    seats: list[Seat]
    player: int  # whose hand rating shows, in gold
    shown_counts: list[int]  # stack sizes as the cards in flight have left or reached them
    tally: dict  # the counters as of the last battle shown
    in_play: list[CardSprite]
    banner: Banner
    controls: list[Control]
    focus: int
    hovered: int | None
    keyboard_focus: bool
    running: bool
    to_end: bool

    @property
    def speed(self) -> int: ...


def draw_war_table(canvas: Canvas, painter: Any, view: WarView, table: Shown) -> None:
    """Everything of the table scene, back to front."""
    canvas.box((0, 0, 0, 45), (ROW_LEFT - 70, ROW_Y[1] - CARD_H / 2 - 16,
                               ROW_RIGHT - ROW_LEFT + 140, ROW_Y[0] - ROW_Y[1] + CARD_H + 32),
               radius=26)
    canvas.line((255, 255, 255, 60), (ROW_LEFT - 50, BANNER_POS[1]), (ROW_RIGHT + 50, BANNER_POS[1]), 1)
    for seat in (0, 1):
        draw_stack(canvas, painter, table, seat)
    draw_sprites(canvas, painter, table.in_play)
    draw_banner(canvas, table.banner)
    draw_tally(canvas, view, table)
    if view.battles == 0 and not view.is_over:
        draw_rating(canvas, view, table)
    draw_controls(canvas, table)
    canvas.text(HINT, (640, 710), 17, TEXT_DIM)


def draw_stack(canvas: Canvas, painter: Any, table: Shown, seat: int) -> None:
    x, y = STACK_POS[seat]
    count = table.shown_counts[seat]
    name = table.seats[seat].name
    canvas.text(name, (x, y - CARD_H / 2 - 22), 26, GOLD if seat == table.player else CREAM,
                bold=True, shadow=True)
    outline = (x - CARD_W / 2, y - CARD_H / 2, CARD_W, CARD_H)
    canvas.box((0, 0, 0, 60), outline, radius=8)
    canvas.box((255, 255, 255, 70), outline, width=2, radius=8)
    size = (max(2, canvas.px(CARD_W)), max(2, round(canvas.px(CARD_W) / 0.7)))
    back = painter.back("french", size)
    layers = stack_layers(count)
    for k in range(layers):
        offset = (layers - 1 - k) * LAYER_STEP
        canvas.image(back, (x - offset, y - offset), anchor="center")
    label = f"{count} card" + ("" if count == 1 else "s")
    canvas.text(label, (x, y + CARD_H / 2 + 22), 26, WHITE, bold=True, shadow=True)


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


def draw_tally(canvas: Canvas, view: WarView, table: Shown) -> None:
    x, y, w, h = PANEL_RECT
    canvas.box(PANEL, PANEL_RECT, radius=16)
    tally = table.tally
    canvas.text(f"Battle {view.battles}", (x + w / 2, y + 34), 38, GOLD, bold=True,
                shadow=True)
    state = "To the end" if table.to_end else f"Running {table.speed}x" if table.running \
        else f"Paused ({table.speed}x)"
    canvas.text(state, (x + w / 2, y + 70), 22, CREAM)
    names = [s.name[:8] for s in table.seats]
    col = (x + 148, x + w - 14)
    canvas.text(names[0], (col[0], y + 104), 17, GOLD, anchor="midright", bold=True)
    canvas.text(names[1], (col[1], y + 118), 17, GOLD, anchor="midright", bold=True)
    rows = [("Cards", table.shown_counts), ("Battles won", tally["battles_won"]),
            ("Wars won", tally["wars_won"])]
    for i, (label, values) in enumerate(rows):
        ry = y + 142 + 32 * i
        canvas.text(label, (x + 14, ry), 21, TEXT_DIM, anchor="midleft")
        for c, value in zip(col, values, strict=True):
            canvas.text(str(value), (c, ry), 22, WHITE, anchor="midright")
    facts = [f"Wars fought: {tally['wars']}",
             f"Longest: {war_name(tally['longest']).rstrip('!') if tally['longest'] else '-'}",
             "Play time by hand:", format_play_time(tally["play_time"])]
    for i, fact in enumerate(facts):
        canvas.text(fact, (x + 14, y + 262 + 30 * i), 21, CREAM, anchor="midleft")
    options = view.options
    setup = [f"{options.variant}, ace {options.ace}", f"pickup {options.pickup}"]
    if options.deck == "trick":
        setup.append("trick deck")
    for i, line in enumerate(setup):
        canvas.text(line, (x + w / 2, y + h - 72 + 24 * i), 19, TEXT_DIM)


def draw_rating(canvas: Canvas, view: WarView, table: Shown) -> None:
    """The seed's pre-game hand rating: strength between the worst and best hands, face cards."""
    x, y, w, _h = RATING_RECT
    rating = view.ratings[table.player]
    canvas.box(PANEL, RATING_RECT, radius=18)
    canvas.box(GOLD, RATING_RECT, width=2, radius=18)
    name = table.seats[table.player].name
    owner = "Your" if name == "You" else f"{name}'s"
    canvas.text(f"{owner} hand, rated before the first battle", (x + w / 2, y + 30), 26, GOLD,
                bold=True)
    canvas.text(f"Sum {rating['sum']}: worst possible {rating['worst']}, best {rating['best']}",
                (x + w / 2, y + 66), 22, CREAM)
    bar = pygame.FRect(x + 40, y + 92, w - 80, 30)
    canvas.box((0, 0, 0, 150), bar, radius=8)
    fill = bar.w * rating["percent"] / 100
    colour = RED if rating["percent"] < 40 else GOLD if rating["percent"] < 60 else (90, 200, 110)
    canvas.box(colour, (bar.x, bar.y, max(2.0, fill), bar.h), radius=8)
    canvas.text(f"{rating['percent']:.1f}% strength", bar.center, 22, WHITE, bold=True, shadow=True)
    jacks, queens, kings = view.faces[table.player]
    canvas.text(f"{rating['face_cards']} face cards: {jacks} Jacks, {queens} Queens, "
                f"{kings} Kings", (x + w / 2, y + 150), 23, CREAM)
    canvas.text("Space: start  -  Right or click: one battle", (x + w / 2, y + 196), 21, TEXT_DIM)


def draw_controls(canvas: Canvas, table: Shown) -> None:
    for i, control in enumerate(table.controls):
        rect = pygame.FRect(control.rect)
        active = ((control.action == "speed" and control.value == table.speed and not table.to_end)
                  or (control.action == "toggle" and table.running)
                  or (control.action == "end" and table.to_end))
        focused = table.keyboard_focus and i == table.focus
        draw_button_box(canvas, rect, focused, table.hovered == i, True, ACTIVE if active else None)
        label = control.label
        if control.action == "toggle" and table.running:
            label = "Pause  [Space]"
        canvas.text(label, rect.center, 22, WHITE, shadow=True)
