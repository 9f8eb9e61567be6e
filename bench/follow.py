#!/usr/bin/env python3
"""Follow one move from a click to the pixels, and count what an idle frame asks of the rules.

    python bench/follow.py

prints one JSON line: for a click on a playable Sota card (seed 7, headless, until that frame is
drawn), the project files its calls pass through in order (`files`), how often the call moves from
one file to another (`transitions`) and how often between the shared table's modules and Sota's
own, any of scenes/sota/ (`table_game_back_and_forth`); and for one idle frame of a Kings Corner
table on the human's turn, how many views and legal-move lists it had the rules make
(`idle_frame_views`, `idle_frame_legal_moves`).
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["CARD_ARCADE_HOME"] = tempfile.mkdtemp(prefix="card-arcade-follow-")

from game.kings_corner.rules import KingsCornerGame  # noqa: E402
from game.seats import Seat  # noqa: E402
from game.sota import Play  # noqa: E402
from harness.driver import Driver  # noqa: E402
from scenes.kings_corner.table import start_table as kings_corner_table  # noqa: E402
from scenes.sota.table import start_table as sota_table  # noqa: E402

SHARED = ("scenes/table.py", "scenes/table_hooks.py", "scenes/table_parts.py")  # the shared table, then and now
GAME = "scenes/sota/"  # Sota's own table: its table, input and draw modules


def side(path: str) -> str:
    """Which side of the table a file is on: "shared", "game" or ""."""
    return "shared" if path in SHARED else "game" if path.startswith(GAME) else ""


def follow_a_click() -> dict:
    driver = Driver(speed="normal")
    table = sota_table(driver.app, [Seat("Amina"), Seat("Hafsa", "computer", "normal")], {}, 7)
    driver.app.push(table, transition=False)
    driver.until(table.can_act, 30)
    driver.frames(3)
    card = next(m.card for m in table.rules.legal_moves() if isinstance(m, Play))
    files: list[str] = []

    def tracer(frame: Any, event: str, arg: Any) -> None:
        name = frame.f_code.co_filename
        if event == "call" and name.startswith(str(ROOT)) and "/harness/" not in name and "/.venv/" not in name:
            path = os.path.relpath(name, ROOT)
            if not files or files[-1] != path:
                files.append(path)

    sys.settrace(tracer)
    driver.click(table.sprites[card].pos)
    sys.settrace(None)
    driver.close()
    return {"files": len(set(files)), "transitions": len(files) - 1,
            "table_game_back_and_forth": sum({side(a), side(b)} == {"shared", "game"}
                                             for a, b in itertools.pairwise(files))}


def idle_frame() -> dict:
    driver = Driver(speed="fast")
    table = kings_corner_table(driver.app, [Seat("Amina"), Seat("Computer", "computer")], {}, 7)
    driver.app.push(table, transition=False)
    driver.until(table.can_act, 60)
    driver.frames(3)
    counts = {"view": 0, "legal_moves": 0}
    for name in counts:
        original = getattr(KingsCornerGame, name)

        def counted(self: KingsCornerGame, *args: Any, _original: Any = original, _name: str = name,
                    **kwargs: Any) -> Any:
            counts[_name] += 1
            return _original(self, *args, **kwargs)

        setattr(KingsCornerGame, name, counted)
    driver.app.request_draw()
    driver.frames(1)
    driver.close()
    return {"idle_frame_views": counts["view"], "idle_frame_legal_moves": counts["legal_moves"]}


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    print(json.dumps({**follow_a_click(), **idle_frame()}))
