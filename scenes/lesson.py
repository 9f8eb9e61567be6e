"""A game's worked first turn: a made-up match from a fixed seed and scripted moves, and its table
drawn by the game's own parts into a picture (the How to play page, scenes/how_to_play.py).

A built-in game names its lesson in `scenes/<name>/lesson.py` as `LESSON`; a game without one has
no How to play page, only its rules."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.match import Match
from game.registry import built_in_games, game_info
from game.seats import Seat
from scenes.base import Host
from scenes.plugins import game_scenes
from scenes.table import Table
from sprites.canvas import Canvas
from sprites.drawn import CARD

MAX_COMPUTER_MOVES = 60  # a step's computer turns stop here, whatever the game
MIN_DRAW_W = 1040  # a smaller picture is drawn this wide and scaled down: its texts keep their places


@dataclass(frozen=True, slots=True)
class Step:
    """One picture of the lesson: the moves played before it (each named as its `str`, played in
    turn), then the computers' moves until a human may act if `computers`; `text` says what happened."""

    text: str
    moves: tuple[str, ...] = ()
    computers: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Lesson:
    """A game's How to play: who sits, the deal's seed and options, and the steps shown."""

    seats: tuple[Seat, ...]
    seed: int
    steps: tuple[Step, ...]
    options: dict[str, Any] = field(default_factory=dict)


def lesson_for(name: str) -> Lesson | None:
    """The lesson of a built-in game (its scenes package's `lesson` module), else None."""
    if name not in built_in_games():
        return None
    try:
        module = importlib.import_module(f"scenes.{name}.lesson")
    except ModuleNotFoundError:
        return None
    lesson = getattr(module, "LESSON", None)
    return lesson if isinstance(lesson, Lesson) else None


def lesson_match(name: str, lesson: Lesson, step: int) -> Match[Any]:
    """The match as the lesson's step `step` shows it (never saved); ValueError if a scripted move
    is not legal there."""
    options = {o.key: o.default_value for o in game_info(name).options} | lesson.options
    match = Match.new(name, lesson.seats, options, lesson.seed)
    match.keeps_save = False
    for shown in lesson.steps[:step + 1]:
        for text in shown.moves:
            move = next((m for m in match.rules.legal_moves() if str(m) == text), None)
            if move is None:
                raise ValueError(f"the lesson's move {text!r} is not legal in {name}")
            match.play(move)
        if shown.computers:
            play_computers(match)
    return match


def play_computers(match: Match[Any]) -> None:
    """The computer seats move, each as it would in a game, until a human may act."""
    for _ in range(MAX_COMPUTER_MOVES):
        seat = match.current_player
        if match.is_over or not match.is_computer(seat):
            return
        match.play(match.computers[seat].choose(match.view(seat)))


@dataclass(frozen=True, slots=True)
class Picture:
    """A table drawn at pixel size: the image and the window-pixel rects of its cards (on it)."""

    image: pygame.Surface
    cards: tuple[pygame.Rect, ...]


def table_picture(app: Host, name: str, match: Match[Any], size: tuple[int, int], felt: str) -> Picture:
    """The game's table for `match` (built as a resumed one, its cards laid out without moving),
    drawn whole at `size` pixels (drawn larger and scaled down if small)."""
    table = game_scenes(name).resume(app, match)
    if not isinstance(table, Table):
        raise ValueError(f"{name}'s table is not made of parts: it cannot be drawn from a lesson")
    table.enter()  # lays the cards out; the match keeps no save
    table.animator.finish_all()
    zoom = max(1.0, MIN_DRAW_W / size[0])
    image = pygame.Surface((round(size[0] * zoom), round(size[1] * zoom)))
    canvas = Canvas(image)
    canvas.set_felt(felt)
    canvas.inspect()
    canvas.notes.begin()
    table.draw(canvas)
    canvas.notes.end()
    cards = tuple(pygame.Rect(d.rect.x / zoom, d.rect.y / zoom, d.rect.w / zoom, d.rect.h / zoom)
                  for d in canvas.drawn if d.kind == CARD)
    return Picture(image if zoom == 1.0 else pygame.transform.smoothscale(image, size), cards)
