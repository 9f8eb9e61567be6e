#!/usr/bin/env python3
"""Frame times of the real tables, autoplaying with computer seats at normal speed, headless at
1920x1080, against a bare loop that blits as many card images of the same size.

    python bench/tables.py [--games sota,war,...] [--seconds S]

Prints one JSON line per game: the p50/p99/max of the frames the table drew (from the start of the
loop's pass until the frame is shown), how many it drew, the p99/max of those whole passes (with
the work that waits until the frame is shown: the save of a move), the bare loop's p99 for the
same number of cards, and the ratio.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from unittest.mock import patch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZE = (1920, 1080)
SECONDS = 20.0  # of game time per table (frames of 1/60 s)
SEED = "1"  # every run deals the same games: its figures compare


def table_frames(name: str, seconds: float = SECONDS, language: str = "") -> tuple[list[float], list[float], int, int]:
    """The times (ms) of the frames a table drew while autoplaying, until shown and of the whole
    pass; the most card images one frame drew (sprites, and faces or backs blitted on their own),
    and their widest width in pixels. With a `language`, the table is started (by its English Start
    button) and then switched to it, as Settings does."""
    from harness.start import start_table
    from scenes.app import App
    from scenes.menu import MenuScene
    from sprites.canvas import Canvas
    from sprites.card_sprite import CardSprite

    drawn_cards: list[CardSprite] = []
    images: list = []  # surfaces blitted outside sprites: the card faces and backs among them count (War's stacks)
    in_sprite = False
    draw, blit = CardSprite.draw, Canvas.blit

    def counted(sprite: CardSprite, canvas: Canvas, painter) -> None:
        nonlocal in_sprite
        drawn_cards.append(sprite)
        in_sprite = True
        try:
            draw(sprite, canvas, painter)
        finally:
            in_sprite = False

    def counted_blit(canvas: Canvas, image, target, alpha: int = 255) -> None:
        if not in_sprite:
            images.append(image)
        blit(canvas, image, target, alpha)

    with patch.object(CardSprite, "draw", counted), patch.object(Canvas, "blit", counted_blit):
        app = App(SIZE)
        app.settings.animation_speed = "normal"
        app.push(MenuScene(app), transition=False)
        for _ in range(30):  # the menu shows first, as for a player (the program's start is bench_startup's)
            app.step(1 / 60)
        app.settle()  # as App.run does after the first frame
        start_table(app, name, computers_only=True, seed=SEED)
        if language:
            app.set_language(language)
        times, passes, most, width = [], [], 0, 0
        try:
            for _ in range(round(seconds * 60)):
                drawn, start = app.draws, time.perf_counter()
                drawn_cards.clear()
                images.clear()
                app.step(1 / 60)
                if app.draws > drawn:
                    times.append((app.frame.shown_at - start) * 1000)
                    passes.append((time.perf_counter() - start) * 1000)
                if app.next_change() == 0:  # the loop's spare time before the next frame (App.wait_for_change)
                    app.use_spare_time()
                shown = [app.canvas.px(s.width) for s in drawn_cards if s.visible]
                shown += [image.get_width() for image in images if app.painter.holds(image)]
                most, width = max(most, len(shown)), max([width, *shown])
        finally:
            if language:
                app.set_language("en")  # (kept in the settings: the next table starts by its English button)
            app.stats.close()
    return times, passes, most, width


def summary(name: str, seconds: float = SECONDS, language: str = "") -> dict:
    from bench.frames import bare_frames, percentiles
    from scenes.app import App

    times, passes, count, width = table_frames(name, seconds, language)
    p50, p99 = percentiles(times)
    app = App(SIZE)
    _, bare99 = percentiles(bare_frames(app, count, width))
    app.stats.close()
    return {"game": name, "frames_drawn": len(times), "p50_ms": round(p50, 2), "p99_ms": round(p99, 2),
            "max_ms": round(max(times), 2), "pass_p99_ms": round(percentiles(passes)[1], 2),
            "pass_max_ms": round(max(passes), 2), "cards": count, "card_px": width, "bare_p99_ms": round(bare99, 2),
            "ratio": round(p99 / bare99, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="", help="comma-separated games (default every game the menu shows)")
    parser.add_argument("--seconds", type=float, default=SECONDS, help="game seconds per table (default 20)")
    parser.add_argument("--lang", default="", help="the tables in this language (fr, es, de, ar; default English)")
    args = parser.parse_args(argv)
    from scenes.plugins import playable_games

    with tempfile.TemporaryDirectory() as home:
        os.environ["CARD_ARCADE_HOME"] = home
        for name in args.games.split(",") if args.games else playable_games():
            print(json.dumps({**summary(name, args.seconds, args.lang), "lang": args.lang or "en"}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
