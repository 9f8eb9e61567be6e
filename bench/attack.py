#!/usr/bin/env python3
"""Issue 30's attack, run again on today's code: one bounded attack per item (1-22 but 14, the 200k
games' speed, which bench/bench_stats.py measures), against the real program.

    python bench/attack.py [--only 1,2,5] [--no-window] [--seed N]

Each item prints what it tried, how many cases and what it found (nothing, or each failure), then
one JSON summary line. Exit 1 if any item found something. Every copy of the program runs in a new
folder under one temporary root (CARD_ARCADE_HOME) with CARD_ARCADE_DISCOVERY=off; nothing is
served beyond 127.0.0.1. Mounts, immutable files and another user need root: without it those ways
are left out (and said). Items 1-3 also type into the real window and item 15 resizes it (Xvfb,
xdotool and ../shared/tools/drive.sh; --no-window leaves that out).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import random
import re
import shutil
import signal
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time
import unicodedata
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as a script: the project's packages from its folder, headless
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["CARD_ARCADE_DISCOVERY"] = "off"  # nothing announced or looked for on the network

from version import APP_ID  # noqa: E402  (the path above first)

DRIVE = ROOT.parent / "shared" / "tools" / "drive.sh"
PYTHON = sys.executable
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
DT = 1 / 60
SLOW_FRAME = 0.25  # seconds: a frame longer than this is a freeze (issue 30 saw 1.3 to 2.6 s)
NOBODY = 65534

# -- the odd text a player types, a file holds, a database row holds -----------------------------
FORMAT_CHARS = "\u00ad\u061c\u180e\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2061" \
               "\u2062\u2063\u2064\u2066\u2067\u2068\u2069\u206a\u206f\ufeff\ufff9\ufffa\ufffb\U000110bd" \
               "\U00013430\U0001bca0\U0001d173\U000e0001\U000e0020\U000e007f"
INVISIBLE_PRINTABLE = "\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0\u2800\ufe0f\ufe00\u180b\U000e0100"
MARKS = "\u0300\u0301\u0489\u20dd\u1ab0\ufe20\u1dc0\u0e31\u094d"
SPACES = "\u00a0\u1680\u2000\u2003\u2007\u200a\u2028\u2029\u205f\u3000\u0085"
CONTROLS = "\x00\x01\x07\x08\x1b\x7f\x9b"
SURROGATES = "\ud800\udbff\udc00\udfff\ud83d"
ODD_NAMES = (
    [ch for ch in FORMAT_CHARS] + [" " + ch for ch in INVISIBLE_PRINTABLE] + [ch * 3 for ch in MARKS]
    + [ch for ch in SPACES] + [ch for ch in CONTROLS] + [ch for ch in SURROGATES]
    + ["\u202e" * 20, "\u202eAnn", "A\u202eB\u202dC", "\u2067Ann\u2069", "مرحبا", "שלום עולם",
       "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466", "\U0001f3f3\ufe0f\u200d\U0001f308",
       "\U0001f469\U0001f3fd\u200d\U0001f4bb", "\U0001f3fd", "\U0001f1eb\U0001f1f7", "1\ufe0f\u20e3", "\u200d" * 8,
       "a" + "\u0301" * 80, "\u0301" * 80, "\ufdfd" * 16, "\U0001242b" * 16, "\u0958" * 16, "\ufb2c" * 16,
       "\u1100\u1161\u11a8", "Zoe\u0301", "\ue000", "\uffff", "\U0010ffff", "\u0378", "a\x00b",
       "\\u0000", "%s%n", "{0}", "<b>x</b>", "x" * 200, "W" * 200, " ", "", "\ud83d\ude00" "x"])
ODD_TEXTS = ["\x00", "\ufeff", "\u034f", "\u202e" * 20, "\ud800", "\udfff", "\u2028", "\u0085", "\u200b",
             "\u0301", "\u3164", "\U000e0020"]
ODD_SEEDS = [
    *[ch for ch in map(chr, range(0x80, 0x30000)) if ch.isdigit() or ch.isnumeric()][::37],
    "²", "①", "12²", "٣", "١٢٣", "\uff11\uff12", "\U0001d7d9\U0001d7da", "Ⅻ", "½", "\u3007", "1_000", "+5", "-5",
    " 7 ", "0x1f", "1e5", "9" * 18, "9" * 40, "0" * 18, "1\u200b2", "\u202e12", "12\ud800", "\udc80",
    "\u00a0", "²" * 18, "\u0661" * 18, "\x00", "Ⅷ²①"]


HIDDEN_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def paints_nothing(text: str) -> bool:
    """Whether the program's typeface paints not one pixel of `text` (or refuses it)."""
    import pygame

    from sprites import fonts

    pygame.font.init()
    try:
        surface = fonts.load(40).render(text, True, (255, 255, 255))
    except (pygame.error, ValueError, UnicodeError):
        return True
    return pygame.mask.from_surface(surface).count() == 0


def name_trouble(name: object, limit: int = 16) -> str | None:
    """The attack's own judgement of a name the program keeps (not the program's): too long, a
    hidden character (control, format, surrogate, private, unassigned, separator but the space), or
    nothing the program's typeface paints."""
    if not isinstance(name, str):
        return f"{name!r} is not a text"
    if len(name) > limit:
        return f"{len(name)} characters"
    hidden = [ch for ch in name if unicodedata.category(ch) in HIDDEN_CATEGORIES
              or (unicodedata.category(ch) == "Zs" and ch != " ")]
    if hidden:
        return f"hidden characters {hidden!r}"
    if paints_nothing(name):
        return "nothing visible: the typeface paints no pixel of it"
    return None


# -- reporting ----------------------------------------------------------------------------------
@dataclass
class Item:
    """One item's attack: what it tried, how many cases, what it found."""

    number: int
    title: str
    tried: list[str] = field(default_factory=list)
    cases: int = 0
    found: list[str] = field(default_factory=list)
    seconds: float = 0.0
    broke: str = ""  # the attack itself stopped here (a finding to look at too)

    def tries(self, what: str, cases: int = 0) -> None:
        self.tried.append(what)
        self.cases += cases

    def case(self, count: int = 1) -> None:
        self.cases += count

    def finds(self, what: str) -> None:
        self.found.append(what[:400])


ATTACKS: dict[int, tuple[str, Callable[[Item], None]]] = {}


def attack(number: int, title: str):
    def register(function: Callable[[Item], None]) -> Callable[[Item], None]:
        ATTACKS[number] = (title, function)
        return function
    return register


class Context:
    """What every item shares: the temporary root, the seed, whether the window may be used."""

    root = Path(tempfile.gettempdir())
    rng = random.Random(30)
    window = True
    homes = 0
    shots: Path | None = None  # where the window's screenshots are kept (--shots)


def fresh_home(label: str = "home") -> Path:
    """A new, empty data folder under the run's temporary root."""
    Context.homes += 1
    home = Context.root / f"{label}-{Context.homes}"
    home.mkdir(parents=True)
    return home


def program_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a copy of the program in `home`: never the real data folder, no network."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(CARD_ARCADE_HOME=str(home), CARD_ARCADE_DISCOVERY="off", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT))
    env.update(extra)
    return env


def python(code: str, home: Path, timeout: float = 120, user: int | None = None, stdin: str | None = None,
           **extra: str) -> subprocess.CompletedProcess:
    """Run `code` in a new Python process (as another user if asked) with the program's packages."""
    command = [PYTHON, "-c", code]
    if user is not None:
        command = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *command]
    return subprocess.run(command, cwd=ROOT, env=program_env(home, **extra), capture_output=True, text=True,
                          timeout=timeout, input=stdin)


def traceback_in(text: str) -> bool:
    return "Traceback (most recent call last)" in text


# -- the program, headless, in this process -----------------------------------------------------
_APP: dict[str, Any] = {}


def recording(notify: Callable) -> Callable:
    """App.notify that also keeps every notice in the app's `said` (the screen keeps only the last 3)."""
    def kept(self, text: str) -> None:
        self.__dict__.setdefault("said", []).append(text)
        notify(self, text)
    kept.recording = True  # type: ignore[attr-defined]
    return kept


def said_by(app) -> list[str]:
    """Every notice `app` showed, and those its stores have not shown yet."""
    return app.__dict__.get("said", []) + list(app.saves.warnings)


def headless_app(home: Path, size: tuple[int, int] = (1280, 720)):
    """A real App on the dummy video driver in `home`, at instant speed, on its menu."""
    from scenes.app import App
    from scenes.menu import MenuScene

    if not getattr(App.notify, "recording", False):
        App.notify = recording(App.notify)  # type: ignore[method-assign]

    os.environ["CARD_ARCADE_HOME"] = str(home)
    app = App(size, folder=home)
    app.settings.animation_speed = "instant"
    app.push(MenuScene(app), transition=False)
    _APP["app"] = app
    return app


def close_app(app) -> None:
    """Close the statistics and leave the saves' locks (the next App in this process starts clean)."""
    with contextlib.suppress(Exception):
        for scene in list(app.scenes):
            scene.exit()
        app.scenes.clear()
    with contextlib.suppress(Exception):
        if app._stats is not None:
            app._stats.close()
    with contextlib.suppress(Exception):
        for game in list(app.saves.owned):
            app.saves._release(game)


def crash_of(app) -> str | None:
    """Why the app failed (its crash screen, an exit code), or None."""
    from scenes.error import ErrorScene

    for scene in app.scenes:
        if isinstance(scene, ErrorScene):
            return f"the crash screen: {scene.message}"
    if app.exit_code:
        return f"exit code {app.exit_code}"
    return None


def step(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)
        if app.draws == 0 or crash_of(app):
            app.draw()


def post(kind: int, **data) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(kind, data))


def click(app, pos: tuple[float, float]) -> None:
    import pygame

    x, y = app.canvas.to_screen(pos)
    zoom = getattr(app.canvas, "zoom", 1)  # (older versions: never zoomed)
    screen = round(x * zoom), round(y * zoom)
    post(pygame.MOUSEMOTION, pos=screen, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=screen, button=1)
    post(pygame.MOUSEBUTTONUP, pos=screen, button=1)
    step(app)


def key(app, code: int) -> None:
    import pygame

    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
    step(app)


def type_into(app, rect, text: str, by_char: bool) -> None:
    """Click a text field, clear it (Delete) and type `text` as TEXTINPUT events (one per character,
    as a keyboard gives them, or the whole text at once, as an input method does)."""
    import pygame

    click(app, rect.center)
    key(app, pygame.K_DELETE)
    for part in (list(text) if by_char else [text]):
        post(pygame.TEXTINPUT, text=part)
    step(app)


def setup_fields(setup) -> tuple[list, Any, Any]:
    """The setup screen's name fields, its Seed field and its Start button."""
    from sprites.widgets import TextField

    fields = [w for w in setup.group.widgets if isinstance(w, TextField)]
    start = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Start")
    seed = next(f for f in fields if f.label == "Seed")
    return [f for f in fields if f is not seed], seed, start


def start_typed(app, game: str, names: list[str], seed: str, by_char: bool = False, computers: bool = False):
    """From the menu, open `game`'s setup, type the names and the seed, press Start: the table, or None."""
    from game.registry import game_info
    from scenes.menu import MenuScene
    from scenes.setup import setup_scene
    from scenes.table import Table

    app.reset(MenuScene(app))
    app.push(setup_scene(app, game), transition=False)
    setup = app.top
    step(app)
    if computers:
        setup.kind_index = [setup.kinds.index(("computer", game_info(game).default_level))] * len(setup.kind_index)
    name_fields, seed_field, start = setup_fields(setup)
    for name_field, name in zip(name_fields, names, strict=False):
        type_into(app, name_field.rect, name, by_char)
    type_into(app, seed_field.rect, seed, by_char)
    click(app, start.rect.center)
    step(app, 3)
    return next((s for s in app.scenes if isinstance(s, Table)), None)


def play_to_end(app, table, frames: int = 60 * 60 * 10) -> bool:
    """Step until the table's game is over (computer seats, a human's turns played by a computer)."""
    from game.registry import game_info

    adviser = game_info(table.match.info.name).computer("normal", 1)
    for _ in range(frames):
        if table.finished or crash_of(app):
            break
        app.step(DT)
        if table.between_rounds() and app.top is not table:
            app.pop()
            table.next_round()
        elif table.can_act() and not table.finished:
            table.play(adviser.choose(table.rules.view(table.rules.current_player)))
    step(app, 3)
    return table.finished


def real_save(game: str, moves: int = 4, seed: str = "7", before_end: bool = False) -> dict:
    """A save the program wrote itself: a table of `game` started from its setup with one human seat,
    `moves` moves played (or, `before_end`, one computer move before the end), its file read back."""
    save_before_the_end = screenshots().save_before_the_end

    home = fresh_home("save-maker")
    if before_end:
        save_before_the_end(game, home)
    else:
        app = headless_app(home)
        table = start_typed(app, game, ["Ann"], seed)
        assert table is not None, f"{game}: no table"
        from game.registry import game_info

        adviser = game_info(game).computer("normal", 2)
        for _ in range(2000):
            if table.match.moves_played >= moves or table.finished:
                break
            app.step(DT)
            if table.can_act():
                table.play(adviser.choose(table.rules.view(table.rules.current_player)))
        step(app, 5)
        app.reset(__import__("scenes.menu", fromlist=["MenuScene"]).MenuScene(app))  # leaving saves it
        step(app, 2)
        close_app(app)
    return json.loads((home / f"save-{game}.json").read_text("utf-8"))


def screenshots() -> Any:
    """tools/screenshots.py, which knows where the window's menu tiles are and makes saves near an end
    (tools/ is no package: imported by name, as its scripts are run)."""
    import importlib

    return importlib.import_module("tools.screenshots")


def games() -> tuple[str, ...]:
    from scenes.plugins import playable_games

    return playable_games()


# -- the real window (drive.sh) ----------------------------------------------------------------
def can_drive(script: bool = True) -> str | None:
    """Why the window cannot be driven here (with drive.sh, if `script`), or None."""
    if not Context.window:
        return "--no-window"
    missing = [tool for tool in ("Xvfb", "xdotool", "import") if shutil.which(tool) is None]
    if missing or (script and not DRIVE.exists()):
        return f"missing {', '.join(missing) or DRIVE}"
    return None


def drive(home: Path, actions: list[str], screen: str = "1600x900x24", timeout: float = 180) -> tuple[int, str]:
    """Run main.py in the real window on a private X screen doing `actions`; (drive.sh's exit code,
    its output). A 1600x900 screen opens the 1280x720 window: logical points are window points."""
    env = program_env(home)
    env.pop("SDL_VIDEODRIVER")
    env.pop("SDL_AUDIODRIVER")
    command = ["bash", str(DRIVE), "-S", screen, "-n", "Card Arcade", "-g", "4", "-d", "0.2",
               "-c", f"{PYTHON} {ROOT / 'main.py'}", *actions]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout + done.stderr


def log_problems(home: Path) -> list[str]:
    """The crashes and uncaught errors a copy's log file holds."""
    found = []
    for path in home.glob("card-arcade.log*"):
        text = path.read_text("utf-8", "replace")
        found += [line[:200] for line in text.splitlines()
                  if re.search(r" (ERROR|CRITICAL) ", line) or "crash:" in line]
    return found


def setup_points(game: str) -> dict[str, Any]:
    """Where the setup screen's name fields, Seed field and Start are, laid out as the window lays them out."""
    from scenes.setup import setup_scene

    app = headless_app(fresh_home("layout"))
    app.push(setup_scene(app, game), transition=False)
    step(app)
    names, seed, start = setup_fields(app.top)
    points = {"names": [(round(f.rect.centerx), round(f.rect.centery)) for f in names],
              "seed": (round(seed.rect.centerx), round(seed.rect.centery)),
              "start": (round(start.rect.centerx), round(start.rect.centery))}
    close_app(app)
    return points


def typed_in_window(game: str, names: list[str], seed: str) -> dict[str, Any]:
    """In the real window: title, menu, the game's tile, its setup; click each name field, Delete,
    type the name; the same for the seed; Start; a few seconds of the table; the window is then
    closed (SIGTERM: the table saves). What happened: the exit, the log's errors, the saved names."""
    menu, tile = screenshots().MENU, screenshots().tile

    home = fresh_home(f"window-{game}")
    points = setup_points(game)
    actions = [*menu, *tile(game)]
    for point, name in zip(points["names"], names, strict=False):
        actions += ["click", str(point[0]), str(point[1]), "key", "Delete", "type", name]
    actions += ["click", str(points["seed"][0]), str(points["seed"][1]), "key", "Delete", "type", seed,
                "click", str(points["start"][0]), str(points["start"][1]), "sleep", "3",
                "winshot", str(home / "table.png"), "sleep", "1"]
    code, output = drive(home, actions)
    if Context.shots is not None and (home / "table.png").exists():
        Context.shots.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(home / "table.png", Context.shots / f"{game}.png")
    save = home / f"save-{game}.json"
    saved = json.loads(save.read_text("utf-8")) if save.exists() else None
    status = re.search(r"app exit status after termination: (\d+)", output)
    return {"home": home, "drive_code": code, "app_code": int(status.group(1)) if status else None,
            "errors": log_problems(home), "traceback": traceback_in(output),
            "names": [s["name"] for s in saved["seats"]] if saved else None, "output": output[-1500:]}


_WINDOW_RUNS: dict[str, Any] = {}
# typed in the real window by items 1-3: two odd names and an odd seed per game (xdotool types them)
WINDOW_CASES = {
    "sota": ([" \u034f", "\u17b4"], "²"),
    "memory_match": (["\u200b\u200c\u200d", "\U0001f468\u200d\U0001f469\u200d\U0001f467"], "12²"),
    "war": (["\u202eAnn", "a" + "\u0301" * 20], "①"),
    "skyjo": (["\ufdfd" * 40, "\u3164"], "\uff11\uff12"),
    "kings_corner": (["W" * 60, "\u0301\u0301"], "٣²"),
}


def window_runs() -> dict[str, Any]:
    """The window cases, run once for items 1 to 3."""
    if not _WINDOW_RUNS:
        for game, (names, seed) in WINDOW_CASES.items():
            if game in games():
                _WINDOW_RUNS[game] = typed_in_window(game, names, seed)
    return _WINDOW_RUNS


def window_failures(run: dict[str, Any]) -> list[str]:
    problems = list(run["errors"])
    if run["traceback"]:
        problems.append("a traceback in the output")
    if run["app_code"] not in (0, 128 + signal.SIGTERM, None) or run["drive_code"] not in (0, 124, 128 + 15):
        problems.append(f"drive.sh exit {run['drive_code']}, app exit {run['app_code']}")
    if run["names"] is None:
        problems.append("no table was saved (the table did not start?)")
    return problems


# -- 1-3: text a player can type ----------------------------------------------------------------
@attack(1, "Seed field: digits other than ASCII")
def seeds(item: Item) -> None:
    from scenes.setup import seed_from_text

    every_digit = [chr(c) for c in range(0x80, 0x110000) if chr(c).isdigit() or chr(c).isnumeric()]
    for text in every_digit + [d * 3 for d in every_digit[::7]]:
        try:
            value = seed_from_text(text, random.Random(1))
            if not isinstance(value, int):
                item.finds(f"seed_from_text({text!r}) = {value!r}")
        except Exception as exc:
            item.finds(f"seed_from_text({text!r}): {type(exc).__name__}: {exc}")
    item.tries("seed_from_text on every Unicode digit and number character, alone and tripled",
               len(every_digit) + len(every_digit[::7]))
    app = headless_app(fresh_home())
    for i, text in enumerate(ODD_SEEDS):
        game = games()[i % len(games())]
        table = start_typed(app, game, [], text, by_char=i % 2 == 0)
        problem = crash_of(app) or (None if table is not None else "no table started")
        if problem:
            item.finds(f"{game} seed {text!r} typed in the setup screen: {problem}")
    close_app(app)
    item.tries("seeds typed into every game's setup screen (TEXTINPUT, by character and whole), Start pressed",
               len(ODD_SEEDS))
    for text in ("²", "①", "12²", "\ud800", "9" * 5000):
        done = python(f"import runpy, sys; sys.argv = ['main.py', '--simulate', 'war', '--games', '1', '--seed', "
                      f"{text!r}]; runpy.run_path('main.py', run_name='__main__')", fresh_home(), timeout=60)
        if traceback_in(done.stderr) or done.returncode not in (0, 2):
            item.finds(f"main.py --simulate war --seed {text!r}: exit {done.returncode} {done.stderr[-300:]}")
    item.tries("main.py --simulate war --seed with odd digits", 5)
    if (why := can_drive()) is None:
        for game, run in window_runs().items():
            for problem in window_failures(run):
                item.finds(f"window {game} seed {WINDOW_CASES[game][1]!r}: {problem}")
        item.tries("the real window: a seed typed with xdotool into each game's setup (drive.sh), Start, table "
                   "shown, window closed", len(window_runs()))
    else:
        item.tries(f"the real window left out ({why})")


@attack(2, "Names with hidden, zero-width, format or odd characters")
def names(item: Item) -> None:
    from game.seats import clean_name
    from scenes.menu import MenuScene

    for text in ODD_NAMES:
        cleaned = clean_name(text, "Player 1")
        if name_trouble(cleaned):
            item.finds(f"clean_name({text!r}) = {cleaned!r}: {name_trouble(cleaned)}")
    item.tries("clean_name on odd names (format, invisible, marks alone, spaces, controls, surrogates, RTL, emoji "
               "ZWJ, wide, NFC-expanding)", len(ODD_NAMES))
    app = headless_app(fresh_home())
    for i, text in enumerate(ODD_NAMES):
        game = games()[i % len(games())]
        other = ODD_NAMES[(i * 7 + 3) % len(ODD_NAMES)]
        table = start_typed(app, game, [text, other], "5", by_char=i % 3 == 0)
        problem = crash_of(app) or (None if table is not None or app.top.error else "no table and no sentence")
        if table is not None and not problem:
            for _ in range(3):  # a move or two: the history names the players, the save is written
                if table.can_act():
                    table.play(table.rules.legal_moves()[0])
                step(app, 4)
            problem = crash_of(app)
            app.reset(MenuScene(app))
            step(app, 2)
            app.top.resume(game)
            step(app, 4)
            problem = problem or crash_of(app)
            if not problem and not any(hasattr(s, "rules") for s in app.scenes):
                problem = "its own save would not resume"
        elif table is not None and any(name_trouble(seat.name) for seat in table.seats):
            problem = f"the table's names {[seat.name for seat in table.seats]!r}"
        if problem:
            item.finds(f"{game} names {text!r}, {other!r} typed in the setup: {problem}")
    close_app(app)
    item.tries("two odd names typed into each game's setup, Start, moves played, back to the menu, Resume",
               len(ODD_NAMES))
    home = fresh_home()
    escaped = json.dumps({"version": 1, "setups": {g: {"names": [ODD_NAMES[(j * 5 + k) % len(ODD_NAMES)][:40] or "x"
                                                                   for k in range(2)]} for j, g in enumerate(games())}})
    for surrogate in SURROGATES:  # lone surrogates reach a file only as JSON escapes
        escaped = escaped.replace('"x"', json.dumps(f"A{surrogate}"), 1)
    (home / "settings.json").write_text(escaped.replace('"names": [', '"names": ["\\ud800", '), "utf-8")
    app = headless_app(home)
    for game in games():
        table = start_typed(app, game, [], "")
        if crash_of(app) or table is None:
            item.finds(f"{game}: remembered names with lone surrogates in settings.json: {crash_of(app) or 'no table'}")
    close_app(app)
    item.tries("remembered setup names in settings.json with lone surrogates (JSON escapes) and odd text, Start",
               len(games()))
    if can_drive() is None:
        for game, run in window_runs().items():
            for problem in window_failures(run):
                item.finds(f"window {game} names {WINDOW_CASES[game][0]!r}: {problem}")
            if run["names"] and any(name_trouble(n) for n in run["names"]):
                item.finds(f"window {game}: saved names {run['names']!r} a save would refuse")
        item.tries("the real window: two odd names typed with xdotool into each game's setup, the table shown, "
                   "saved at close", len(window_runs()))


@contextlib.contextmanager
def within(seconds: float) -> Iterator[None]:
    """TimeoutError if the block runs longer than `seconds` (a hang is a finding, not a stuck attack)."""
    def late(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")
    old = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def time_frames(app, frames: int) -> float:
    """The longest of `frames` whole repaints (the window resized in between: nothing kept); frames
    still running after 3 s count as one of 3 s (the old code took 60 s a frame)."""
    try:
        with within(3.0):
            return _time_frames(app, frames)
    except TimeoutError:
        return 3.0


def _time_frames(app, frames: int) -> float:
    longest = 0.0
    for i in range(frames):
        app.canvas.invalidate()
        app.dirty = True
        began = time.perf_counter()
        app.step(DT)
        app.draw()
        longest = max(longest, time.perf_counter() - began)
        if i == frames // 2:
            import pygame

            post(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900)
    return longest


@attack(3, "Long names: entry limit, refused on load, text fitted in few measures")
def long_names(item: Item) -> None:
    from game.seats import MAX_NAME
    from scenes.menu import MenuScene

    longs = ["x" * 3000, "x" * 20000, "\ufdfd" * 3000, "W " * 5000, "\U0001242b" * 2000]
    app = headless_app(fresh_home())
    for game in games():
        for text in longs[:3]:
            table = start_typed(app, game, [text], "3", by_char=False)
            if table is None or crash_of(app):
                item.finds(f"{game}: {len(text)} characters typed: {crash_of(app) or 'no table'}")
                continue
            if len(table.seats[0].name) > MAX_NAME:
                item.finds(f"{game}: a typed name kept {len(table.seats[0].name)} characters")
            item.case()
        payload = real_save(game)
        names_key = "players" if "players" in payload["rules"] else "names"
        for text in longs:
            for where in ("rules", "seat", "history"):
                bad = json.loads(json.dumps(payload))
                if where == "rules":
                    bad["rules"][names_key][0] = text
                elif where == "seat":
                    bad["seats"][0]["name"] = text
                else:
                    bad["extra"]["history"] = [text] * 50
                close_app(app)
                app = headless_app(fresh_home())
                (app.folder / f"save-{game}.json").write_text(json.dumps(bad), "utf-8")
                app.reset(MenuScene(app))
                began = time.perf_counter()
                app.top.resume(game)
                step(app, 3)
                longest = max(time.perf_counter() - began, time_frames(app, 6))
                item.case()
                if crash_of(app):
                    item.finds(f"{game}: a {len(text)}-character {where} name in the save: {crash_of(app)}")
                elif longest > SLOW_FRAME:
                    item.finds(f"{game}: a {len(text)}-character text as {where} in the save: "
                               f"frames of {longest:.2f} s")
        table = start_typed(app, game, ["Ann"], "3")
        if table is None:
            continue
        for text in longs:  # the names a table draws, long in memory: every fit must stay cheap
            names: list[str] = getattr(table.rules, "names", None) or table.rules.players
            old = list(names)
            names[0] = text
            table.match.seats[0] = type(table.match.seats[0])(text)
            table.match.history.append(f"{text} plays.")
            longest = time_frames(app, 6)
            item.case()
            if crash_of(app):
                item.finds(f"{game}: a {len(text)}-character name drawn: {crash_of(app)}")
                break
            if longest > SLOW_FRAME:
                item.finds(f"{game}: a {len(text)}-character name drawn: frames of {longest:.2f} s")
            names[:] = old
    close_app(app)
    item.tries("long names typed (3000-20000 characters), in saves (rules, seats, history) resumed and timed, and "
               "set in a live table of every game, frames timed (a freeze is a frame over "
               f"{SLOW_FRAME} s)")
    if can_drive() is None:
        for game, run in window_runs().items():
            if run["names"] and max(len(n) for n in run["names"]) > MAX_NAME:
                item.finds(f"window {game}: a typed name kept {max(len(n) for n in run['names'])} characters")
        item.tries("the real window: 40-60 wide characters typed into a name field (Skyjo, Kings Corner)",
                   len(window_runs()))


# -- 4-5: saves and statistics rows that crash instead of being set aside -----------------------
def string_leaves(data: Any, path: tuple = ()) -> list[tuple]:
    """The paths of every text in a JSON value."""
    if isinstance(data, str):
        return [path]
    if isinstance(data, dict):
        return [leaf for k, v in data.items() for leaf in string_leaves(v, (*path, k))]
    if isinstance(data, list):
        return [leaf for i, v in enumerate(data) for leaf in string_leaves(v, (*path, i))]
    return []


def set_at(data: Any, path: tuple, value: Any) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def get_at(data: Any, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


def save_targets(payload: dict, rng: random.Random) -> list[tuple]:
    """The texts of a save to change: every name, level, kind, the key, history lines, War's
    unseen line, and a few others picked at random."""
    names = "players" if "players" in payload["rules"] else "names"
    chosen = [("rules", names, 0), ("rules", names, 1), ("seats", 0, "name"), ("seats", 1, "name"),
              ("seats", 1, "level"), ("seats", 0, "kind"), ("extra", "key")]
    if payload["extra"].get("history"):
        chosen += [("extra", "history", 0), ("extra", "history", len(payload["extra"]["history"]) - 1)]
    others = [leaf for leaf in string_leaves(payload) if leaf not in chosen]
    return chosen + rng.sample(others, min(4, len(others)))


def hidden_texts(table) -> list[str]:
    """The names and history lines a resumed table holds that have hidden characters."""
    texts = [seat.name for seat in table.seats] + list(table.match.history)
    rules_names = getattr(table.rules, "names", None) or getattr(table.rules, "players", None) or []
    return [t for t in texts + [n for n in rules_names if isinstance(n, str)]
            if any(unicodedata.category(ch) in HIDDEN_CATEGORIES for ch in t)]


def resume_changed(item: Item, game: str, bad: dict, what: str, to_end: bool) -> None:
    """Start the program on a folder holding `bad` as the save of `game`, press Resume, play on (to
    the end, or a move, back to the menu and Resume again): a crash, a save neither loaded nor set
    aside with a sentence, hidden text taken up, or an uncounted end is a finding."""
    from scenes.menu import MenuScene

    home = fresh_home("save")
    (home / f"save-{game}.json").write_text(json.dumps(bad), "utf-8")  # ensure_ascii: surrogates as escapes
    app = headless_app(home)
    problem = None
    try:
        app.top.resume(game)
        step(app, 4)
        table = next((s for s in app.scenes if hasattr(s, "rules")), None)
        if table is None:
            aside = list(home.glob(f"save-{game}.json.damaged-*"))
            said = [text for text, _ in app.notices if "damaged" in text or "moved" in text]
            if not aside or not said:
                problem = f"refused without being set aside ({len(aside)}) and said ({said})"
        elif hidden_texts(table):
            problem = f"taken up with hidden characters: {hidden_texts(table)[:2]!r}"
        elif to_end:
            play_to_end(app, table)
            if table.finished and app.stats.count(game) != 1:
                problem = f"its end counted {app.stats.count(game)} times"
        else:
            if table.can_act():
                table.play(table.rules.legal_moves()[0])
            step(app, 4)
            app.reset(MenuScene(app))
            step(app, 2)
            if (home / f"save-{game}.json").exists():
                json.loads((home / f"save-{game}.json").read_text("utf-8"))  # what it wrote reads back
                app.top.resume(game)
                step(app, 4)
        problem = crash_of(app) or problem
    except Exception as exc:
        problem = f"{type(exc).__name__}: {exc}"
    finally:
        close_app(app)
    if problem:
        item.finds(f"{game} save with {what}: {problem}")


@attack(4, "Odd text in saves: refused and set aside, never a crash")
def odd_saves(item: Item) -> None:
    from storage.files import atomic_write_json
    from storage.reading import read_json

    rng = random.Random(Context.rng.random())
    values: list[Any] = [*ODD_TEXTS, None, 7, [], {"a": 1}, "x" * 100_000, ""]
    for game in games():
        for to_end in (False, True):
            payload = real_save(game, before_end=to_end)
            for target in save_targets(payload, rng):
                try:
                    old = get_at(payload, target)
                except (KeyError, IndexError):
                    continue
                for value in rng.sample(values, 5):
                    bad = json.loads(json.dumps(payload))
                    changed = f"a{value}b" if isinstance(value, str) and value and rng.random() < 0.5 else value
                    set_at(bad, target, changed)
                    item.case()
                    resume_changed(item, game, bad, f"{'/'.join(map(str, target))} = {str(changed)[:30]!r} "
                                                    f"(was {str(old)[:20]!r})", to_end)
    item.tries("a real save of every game (mid-game, and one move before its end) with each name, level, kind, "
               "the key, history lines and 4 random texts set to odd text (NUL, BOM, U+034F, RTL overrides, lone "
               "surrogates as JSON escapes, separators, zero-width, marks alone, tags), other types or 100k "
               "characters: Resume, play on (to the end: counted once), back to the menu, Resume again")
    home = fresh_home()
    odd = {"k\ud800": ["\udfff", "a\x00b"], "n": "\ud83d", "\u202e": {"\ufeff": "\u034f"}}
    for name in ("a.json", "b.json", "save-war.json"):
        try:
            atomic_write_json(home / name, odd)
            if read_json(home / name, 1 << 20) != odd:
                item.finds(f"atomic_write_json: {name} reads back otherwise")
        except OSError:
            pass
        except Exception as exc:
            item.finds(f"atomic_write_json with lone surrogates in keys and values: {type(exc).__name__}: {exc}")
    item.tries("atomic_write_json with lone surrogates, NUL, BOM in keys and values, read back", 3)
    pending_files(item)


def setter(where: str | tuple, value: Any) -> Callable[[dict], None]:
    """What sets `value` at `where` (a key, or a path of keys and indexes) in a row."""
    return lambda row: set_at(row, where if isinstance(where, tuple) else (where,), value)


def pending_files(item: Item) -> None:
    """The file of results waiting for the statistics, with odd text in each field of a row: the
    program starts, opens its statistics and never crashes."""
    good = {"game": "war", "finished_at": 1.0, "details": "{}", "key": "k1",
            "seats": [[0, "Ann", "human", 3, 1], [1, "Bot", "computer", 1, 0]]}
    changes: list[tuple[str, Callable[[dict], object]]] = []
    for odd in ODD_TEXTS:
        changes += [(f"key {odd!r}", setter("key", f"k2{odd}")), (f"game {odd!r}", setter("game", f"war{odd}")),
                    (f"a seat's name {odd!r}", setter(("seats", 0, 1), f"A{odd}")),
                    (f"a seat's kind {odd!r}", setter(("seats", 1, 2), odd)),
                    (f"details {odd!r}", setter("details", json.dumps({"x": odd}, ensure_ascii=False)))]
    changes += [("score 1e308", setter(("seats", 0, 3), 1e308)),
                ("finished_at -1e308", setter("finished_at", -1e308)), ("seat -5", setter(("seats", 0, 0), -5)),
                ("details 100k", setter("details", "[" * 50_000 + "]" * 50_000))]
    for what, change in changes:
        row = json.loads(json.dumps({**good, "key": "k2"}))  # a key of its own: a row of a key kept is left out
        change(row)
        home = fresh_home("pending")
        (home / "pending-results.json").write_text(json.dumps({"version": 1, "rows": [good, row]}), "utf-8")
        item.case()
        try:
            app = headless_app(home)
            step(app, 3)
            problem = crash_of(app)
            app.stats.record_game("war", STATS_GOOD, key="after")
            if not problem and app.stats.count("war") < 2:
                problem = f"{app.stats.count('war')} games counted (the good waiting one and a new one expected)"
            close_app(app)
        except Exception as exc:
            problem = f"{type(exc).__name__}: {exc}"
        if problem:
            item.finds(f"pending-results.json with a row's {what}: {problem}")
    item.tries("pending-results.json (results waiting for the statistics) holding a good row and a row with odd "
               "text (lone surrogates as JSON escapes, NUL, BOM...) in its key, game, a seat's name or kind, its "
               "details, or odd numbers: the program started, a game recorded")


STATS_GOOD = [{"name": "Ann", "kind": "human", "score": 3, "won": True},
              {"name": "Bot", "kind": "computer", "level": "hard", "score": 7, "won": False}]
WAR_DETAILS = {"outcome": "win", "reason": "cards", "battles": 40, "battles_won": 25, "wars": 3, "wars_won": 2,
               "double_wars": 1, "triple_wars": 0, "quadruple_wars": 0, "deeper_wars": 0, "longest_war": 2,
               "war_depths": {"1": 2, "2": 1}, "play_time_s": 80.0, "seed": 3, "seat": 0,
               "players": ["Ann", "Bot"]}
WRONG_VALUES = ["[]", "{}", "'\"x\"'", "-1000000", "1e999", "null", "true", "'\"1\"'", "1.5", "1180591620717411303424",
                "'[[[[[[[[[[1]]]]]]]]]]'", "'\"\\u0000\"'"]


def bad_rows() -> list[tuple[str, str, bool]]:
    """(what, SQL changing the second seat of the game whose key is 'bad', or its game's row, whether
    the row must be left out and counted)."""
    seat = "UPDATE seats SET {} WHERE game_id = (SELECT id FROM games WHERE game_key = 'bad') AND seat = 1"
    rows = [(f"name {ch!r}", seat.format(f"name = 'B' || char({ord(ch)}) || 'ot'"), True)
            for ch in "\x00\u034f\ufeff\u200b\u202e\u2066\U000e0020\x1b\u3164"]
    rows += [
        ("name invalid UTF-8", seat.format("name = CAST(x'42eda08074' AS TEXT)"), True),
        ("name a blob", seat.format("name = x'00ff'"), True),
        ("name an integer (stored as the text '42')", seat.format("name = 42"), False),
        ("name empty", seat.format("name = ''"), True),
        ("name spaces", seat.format("name = '    '"), True),
        ("name of marks only", seat.format("name = char(769, 769, 769)"), True),
        ("name 100k long", seat.format("name = printf('%.*c', 100000, 'x')"), False),
        ("kind 'alien'", seat.format("kind = 'alien'"), True),
        ("kind a blob", seat.format("kind = x'01'"), True),
        ("level NUL", "UPDATE games SET details = json_set(details, '$.levels', json_array('human', "
                      "'ha' || char(0) || 'rd')) WHERE game_key = 'bad'", True),
        ("level an object", "UPDATE games SET details = json_set(details, '$.levels', json('[\"human\", {\"a\": 1}]')) "
                            "WHERE game_key = 'bad'", False),
        ("levels a number", "UPDATE games SET details = json_set(details, '$.levels', 5) WHERE game_key = 'bad'",
         False),
    ]
    for score in ("1e308", "9e999", "-9e999", "'x'", "x'00'", "9223372036854775807", "-9223372036854775808",
                  "1e-320", "1000000001", "(0.0/0)"):
        rows.append((f"score {score}", seat.format(f"score = {score}"), score not in ("1e-320", "(0.0/0)")))
    for won in ("2", "-1", "'x'", "0.5", "x'01'"):
        rows.append((f"won {won}", seat.format(f"won = {won}"), False))
    for place in ("-1", "999999", "'x'"):
        rows.append((f"seat {place}", seat.format(f"seat = {place}"), False))
    rows += [
        ("a seat of a game that is not there", "INSERT INTO seats VALUES (99999, 0, 'Ghost', 'human', 1, 1)", False),
        ("a third seat twice", "INSERT INTO seats SELECT game_id, 1, name, kind, score, won FROM seats WHERE "
                               "game_id = (SELECT id FROM games WHERE game_key = 'bad') AND seat = 1", False),
        ("finished_at 'x'", "UPDATE games SET finished_at = 'x' WHERE game_key = 'bad'", False),
        ("finished_at 1e308", "UPDATE games SET finished_at = 1e308 WHERE game_key = 'bad'", False),
        ("details not JSON", "UPDATE games SET details = '{{{' WHERE game_key = 'bad'", False),
        ("details a blob", "UPDATE games SET details = x'7b7d00' WHERE game_key = 'bad'", False),
        ("details nested deep", "UPDATE games SET details = printf('%.*c', 5000, '[') || printf('%.*c', 5000, ']') "
                                "WHERE game_key = 'bad'", False),
        ("rounds -1", "UPDATE games SET details = json_set(details, '$.rounds', -1) WHERE game_key = 'bad'", False),
        ("rounds 1e999", "UPDATE games SET details = json_set(details, '$.rounds', 9e999) WHERE game_key = 'bad'",
         False),
        ("hints a list of texts", "UPDATE games SET details = json_set(details, '$.hints', json('[\"a\", \"b\"]')) "
                                  "WHERE game_key = 'bad'", False),
    ]
    return rows


def war_rows() -> list[tuple[str, str, bool]]:
    rows = []
    for field_name in WAR_DETAILS:
        for value in WRONG_VALUES:
            literal = value.strip("'") if value.startswith("'") else value
            rows.append((f"War details {field_name} = {literal}",
                         f"UPDATE games SET details = json_set(details, '$.{field_name}', json('{literal}')) "
                         f"WHERE game_key = 'bad'" if value != "1e999" else
                         f"UPDATE games SET details = replace(details, '\"{field_name}\":', '\"{field_name}\": 1e999, "
                         f"\"x\":') WHERE game_key = 'bad'", False))
    return rows


def open_statistics(app, game: str) -> tuple[str | None, int]:
    """Open the Statistics screen on `game`'s tab, its More details page and every player there, War's
    page; step each: the crash or None, and the rows the screen's tab counted as left out."""
    from scenes.stats import StatsScene

    app.reset(__import__("scenes.menu", fromlist=["MenuScene"]).MenuScene(app))
    page = StatsScene(app)
    app.push(page, transition=False)
    page.tabs[page.names.index(game)].on_click()
    step(app, 2)
    skipped = getattr(app.stats, "skipped", {}).get(game, 0)  # (older versions counted nothing)
    page.open_details()
    step(app, 3)
    details = app.top
    for index in range(len(getattr(details, "players", []))):
        details.player.index = index
        details.show_player()
        step(app, 2)
    return crash_of(app), skipped


@attack(5, "Statistics rows within the schema but odd: left out and counted, never a crash")
def odd_rows(item: Item) -> None:
    from storage.stats import StatsStore

    cases = [(game, *row) for game in games() for row in bad_rows()] + [("war", *row) for row in war_rows()]
    app = headless_app(fresh_home())
    for game, what, sql, must_skip in cases:
        close_app(app)
        home = fresh_home("stats")
        stats = StatsStore(home)
        details = WAR_DETAILS if game == "war" else {"rounds": 3, "hints": [1, 0]}
        stats.record_game(game, STATS_GOOD, details, key="good")
        stats.record_game(game, STATS_GOOD, details, key="bad")
        with stats.db:
            stats.db.execute(sql)
        stats.close()
        app = headless_app(home)
        item.case()
        try:
            problem, skipped = open_statistics(app, game)
            warnings = [w for w in app.stats.warnings if "cannot be written" in w]
            if not problem and must_skip and skipped < 1:
                shown = [(r["name"], r["level"]) for r in app.stats.player_summary(game)]
                problem = f"not left out and counted (the tab shows {shown})"
            if not problem and warnings:
                problem = f"the player is told {warnings[0]!r}"
            elif problem and warnings:
                problem += f"; the player is told {warnings[0][:120]!r}"
        except Exception as exc:
            problem = f"{type(exc).__name__}: {exc}"
        if problem:
            item.finds(f"{game} row with {what}: {problem}")
    item.tries("a good and a changed row of every game (odd names: NUL, format, invalid UTF-8, blobs, empty; kinds, "
               "levels, scores 1e308/inf/NaN/text/blob/2^63, won, seat, orphan seats, finished_at, details not JSON, "
               "deep, rounds, hints; War's every detail with 12 wrong types); the Statistics screen, More details "
               "for every player, War's page")


# -- 6-12: results and games that can be lost --------------------------------------------------
# A real copy of the program, headless: plays GAMES games of GAME with computer seats at instant
# speed, printing "finished KEY" for each, then quits as MODE says ("quit": shut down at once,
# "wait": 1.5 s later, "kill": SIGKILL itself at once, "killlate": 0.3 s later); at the end, one
# line "report {json}": every notice shown, the files of the folder.
PLAYER = r"""
import json, os, sys, time, signal
sys.path.insert(0, os.environ["PYTHONPATH"])
from harness.start import start_table
from game.registry import game_names
from scenes.app import App
from scenes.menu import MenuScene
from scenes.error import ErrorScene
game, count, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
said = []
shown = App.notify
def notify(self, text):
    said.append(text)
    shown(self, text)
App.notify = notify  # before the stores take it
app = App((1280, 720))
app.settings.animation_speed = "instant"
app.push(MenuScene(app), transition=False)
app.step(1 / 60)
crash = None
waiting = {g: app.saves.exists(g) for g in game_names()}
finished = []
for n in range(count):
    app.reset(MenuScene(app))
    start_table(app, game, computers_only=True)
    table = app.top
    for _ in range(60 * 60 * 10):
        app.step(1 / 60)
        if any(isinstance(s, ErrorScene) for s in app.scenes):
            crash = app.scenes[-1].message
            break
        if table.finished:
            break
    if crash:
        break
    finished.append(table.match.key)
    print("finished", table.match.key, flush=True)
    for _ in range(10):
        app.step(1 / 60)
if mode == "kill":
    os.kill(os.getpid(), signal.SIGKILL)
if mode == "killlate":
    time.sleep(0.3)
    os.kill(os.getpid(), signal.SIGKILL)
if mode in ("wait", "linger"):  # linger: 12 s more, long enough for a retry of the waiting results
    for _ in range(90 if mode == "wait" else 720):
        app.step(1 / 60)
        time.sleep(1 / 60)
said += [w for w in app.saves.warnings if w not in said]
code = app.shut_down()
files = sorted(p.name for p in app.folder.iterdir())
print("report " + json.dumps({"said": said, "crash": crash, "code": code, "files": files, "waiting": waiting,
                              "finished": finished}), flush=True)
"""
COUNTER = r"""
import json, os, sqlite3, sys
sys.path.insert(0, os.environ["PYTHONPATH"])
from game.registry import game_names
from scenes.app import App
from scenes.menu import MenuScene
app = App((1280, 720))
app.push(MenuScene(app), transition=False)
for _ in range(3):
    app.step(1 / 60)
waiting = {g: app.saves.exists(g) for g in game_names()}
app.shut_down()
keys = []
path = app.folder / "statistics.sqlite3"
if path.exists():
    db = sqlite3.connect(path)
    keys = [k for (k,) in db.execute("SELECT game_key FROM games")]
    db.close()
print("report " + json.dumps({"keys": keys, "waiting": waiting}), flush=True)
"""
LOCKER = ("import sqlite3, sys, time; db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30);"
          "db.execute(sys.argv[2]); db.execute('SELECT count(*) FROM sqlite_master').fetchall();"
          "print('held', flush=True); time.sleep(600)")


def report_of(output: str) -> dict:
    line = next((line for line in output.splitlines() if line.startswith("report ")), None)
    return json.loads(line[len("report "):]) if line else {}


def play(home: Path, game: str, count: int, mode: str = "quit", timeout: float = 300,
         after: Callable[[], None] | None = None) -> tuple[dict, str]:
    """A real copy playing `count` games in `home`: its report and its output. `after` is called as
    soon as its last game has finished (while it lingers, in mode "linger")."""
    command = [PYTHON, "-c", PLAYER, game, str(count), mode]
    proc = subprocess.Popen(command, cwd=ROOT, env=program_env(home), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    lines = []
    with within(timeout):
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("finished ") and sum(x.startswith("finished ") for x in lines) == count and after:
                after()
        proc.wait()
    output = "".join(lines)
    report = report_of(output)
    report.setdefault("finished", [line.split()[1] for line in lines if line.startswith("finished ")])
    report["returncode"] = proc.returncode
    report["traceback"] = traceback_in(output)
    return report, output


def counted(home: Path) -> dict:
    """Start a copy in `home` (the rows waiting are written), quit: the statistics' keys, the saves waiting."""
    done = python(COUNTER, home)
    report = report_of(done.stdout)
    report["traceback"] = traceback_in(done.stdout + done.stderr)
    return report


@contextlib.contextmanager
def held_by_another_program(path: Path, statement: str = "BEGIN EXCLUSIVE") -> Iterator[subprocess.Popen]:
    """Another program holding the database `path` (BEGIN EXCLUSIVE, IMMEDIATE, or a read) until the block ends."""
    proc = subprocess.Popen([PYTHON, "-c", LOCKER, str(path), statement], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held", "the locker did not start"
        yield proc
    finally:
        proc.kill()
        proc.wait()


def run(*command: str) -> bool:
    return subprocess.run(list(command), capture_output=True).returncode == 0


def make_stats(home: Path, rows: int = 3) -> Path:
    from storage.stats import StatsStore

    stats = StatsStore(home)
    for i in range(rows):
        stats.record_game("war", STATS_GOOD, key=f"old-{i}")
    stats.close()
    return home / "statistics.sqlite3"


@contextlib.contextmanager
def unwritable(way: str, home: Path) -> Iterator[Callable[[], None]]:
    """The statistics file of `home` made unwritable in one way; yields a function that makes it
    writable again (what the player would do), and undoes everything at the end."""
    path = make_stats(home)
    undo: list[Callable[[], object]] = []
    try:
        if way == "read-only bind mount of the file":
            assert run("mount", "--bind", str(path), str(path)) and run(
                "mount", "-o", "remount,ro,bind", str(path)), "mount failed"
            undo.append(lambda: run("umount", str(path)))
        elif way == "immutable file (chattr +i)":
            assert run("chattr", "+i", str(path)), "chattr failed"
            undo.append(lambda: run("chattr", "-i", str(path)))
        elif way == "a folder named statistics.sqlite3-journal":
            journal = home / "statistics.sqlite3-journal"
            journal.mkdir()
            undo.append(lambda: journal.rmdir())
        elif way == "a full disk (tmpfs)":
            pass  # `home` is mounted full by the caller: see full_home
        elif way.startswith("another program"):
            locker = held_by_another_program(path, "BEGIN EXCLUSIVE" if "EXCLUSIVE" in way else "BEGIN IMMEDIATE")
            locker.__enter__()
            undo.append(lambda: locker.__exit__(None, None, None))
        done = False

        def writable() -> None:
            nonlocal done
            if not done:
                done = True
                for action in reversed(undo):
                    action()
        yield writable
        writable()
    finally:
        for action in reversed(undo):
            with contextlib.suppress(Exception):
                action()


ROOT_WAYS = ("read-only bind mount of the file", "immutable file (chattr +i)", "a full disk (tmpfs)")
UNWRITABLE_WAYS = ("a folder named statistics.sqlite3-journal", "another program holding BEGIN EXCLUSIVE",
                   "another program in BEGIN IMMEDIATE", *ROOT_WAYS, "a data path of 520 characters")


@contextlib.contextmanager
def full_home(home: Path) -> Iterator[Callable[[], None]]:
    """`home` as a small tmpfs holding a statistics file, then filled; yields what frees it."""
    assert run("mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(home)), "mount failed"
    try:
        make_stats(home)
        filler = home / "filler"
        with open(filler, "wb", buffering=0) as handle, contextlib.suppress(OSError):
            while True:
                handle.write(b"\0" * 512)
        yield lambda: filler.unlink()
    finally:
        run("umount", "-l", str(home))


def long_home() -> Path:
    """A folder whose statistics file's path is past SQLite's 512 characters."""
    home = fresh_home("long")
    while len(str(home / "statistics.sqlite3")) < 520:
        home = home / ("d" * 60)
    home.mkdir(parents=True)
    return home


@attack(6, "An unwritable statistics file never stops the saving nor loses results")
def unwritable_statistics(item: Item) -> None:
    count = 12  # more than the 9 save slots
    for index, way in enumerate(UNWRITABLE_WAYS):
        if way in ROOT_WAYS and not IS_ROOT:
            item.tries(f"{way}: left out (needs root)")
            continue
        game = ("memory_match", "war")[index % 2]
        item.case()
        if way == "a data path of 520 characters":
            home = long_home()
            report, output = play(home, game, count)
            check_unwritable(item, way, home, report, output, None)
            continue
        home = fresh_home("unwritable")
        if way == "a full disk (tmpfs)":
            with full_home(home) as free:
                report, output = play(home, game, count)
                check_unwritable(item, way, home, report, output, free)
            home = fresh_home("unwritable")
            with full_home(home) as free:  # freed while the copy still runs: the results are written then
                report, output = play(home, game, count, "linger", after=free)
                check_unwritable(item, way + ", freed while the copy runs", home, report, output, lambda: None)
            continue
        with unwritable(way, home) as writable:
            report, output = play(home, game, count)
            check_unwritable(item, way, home, report, output, writable)
    item.tries(f"a real copy playing {count} games (Memory Match or War, computers, instant) to their ends with "
               f"the statistics file unwritable in {len(UNWRITABLE_WAYS)} ways ({'; '.join(UNWRITABLE_WAYS)}); "
               "then made writable and the program started again: every result counted once, no save slot "
               "taken, the player told the truth")


def check_unwritable(item: Item, way: str, home: Path, report: dict, output: str,
                     writable: Callable[[], None] | None) -> None:
    finished = report.get("finished", [])
    said = report.get("said", [])
    problems = []
    if report["traceback"] or report.get("crash") or report.get("code"):
        problems.append(f"crashed: {report.get('crash')} {output[-300:]}")
    if len(finished) < 12:
        problems.append(f"only {len(finished)} games finished")
    if any("copies hold" in text for text in said):
        problems.append(f"told {next(t for t in said if 'copies hold' in t)!r}")
    if not any(re.search(r"Statistics cannot be written|Progress cannot be saved|results cannot be kept", t)
               for t in said):
        problems.append(f"never told the statistics cannot be written (said {said})")
    slots = [f for f in report.get("files", []) if re.fullmatch(r"save-.*\.json", f)]
    if slots:
        problems.append(f"finished games' saves left in slots: {slots}")
    kept = set()
    pending = home / "pending-results.json"
    if pending.exists():
        kept = {row["key"] for row in json.loads(pending.read_text())["rows"]}
    if writable is not None:
        writable()
        after = counted(home)
        keys = after.get("keys", [])
        lost = [k for k in finished if k not in keys]
        doubled = len(keys) - len(set(keys))
        if doubled:
            problems.append(f"{doubled} results counted twice")
        told_lost = any("results cannot be kept" in t for t in said)
        if lost and not (told_lost and not kept):
            problems.append(f"{len(lost)} of {len(finished)} results lost after the file was writable again "
                            f"({len(kept)} were in the pending file)")
        if any(after.get("waiting", {}).values()):
            problems.append(f"a finished game offered as waiting: {after['waiting']}")
    elif finished and not kept:
        problems.append("no result kept in the pending file")
    for problem in problems:
        item.finds(f"{way}: {problem}")


@attack(7, "A finished, uncounted game is never offered as waiting, and is counted at the next start")
def uncounted_game(item: Item) -> None:
    cases = [(game, mode, games_played) for game in ("memory_match", "war", "sota")
             for mode, games_played in (("quit", 1), ("wait", 1), ("kill", 1), ("killlate", 1), ("quit", 2))]
    for game, mode, games_played in cases:
        home = fresh_home("uncounted")
        path = make_stats(home)
        item.case()
        with held_by_another_program(path):
            report, output = play(home, game, games_played, mode)
            finished = report.get("finished", [])
            if report["traceback"]:
                item.finds(f"{game} {mode}: a traceback {output[-300:]}")
            again = counted(home)  # started again while the file is still held
            if again.get("waiting", {}).get(game):
                item.finds(f"{game}, {mode} after {games_played} game(s) ended on a held file: the menu offers the "
                           "finished game as waiting")
            play(home, game, 0)  # the player starts a new game: nothing finished is overwritten
        after = counted(home)
        keys = after.get("keys", [])
        for key in finished:
            if mode.startswith("kill") and key not in keys:
                continue  # killed before the result could be kept anywhere: nothing was promised
            if keys.count(key) != 1:
                item.finds(f"{game}, {mode}: a finished game counted {keys.count(key)} times after the file was free")
    item.tries("Memory Match, War and Sota games ended while another program held BEGIN EXCLUSIVE on the "
               "statistics, then: quit at once, quit 1.5 s later, SIGKILL at once, SIGKILL 0.3 s later, two games "
               "then quit; started again while still held (the menu must not offer the game), a new game "
               "started, then started with the file free: each finished game counted once")


# A real copy that starts a table of GAME (one human seat), plays a move (the table saves it),
# says which slot it saves in, then waits for a line on its input to quit.
HOLDER = r"""
import json, os, sys
sys.path.insert(0, os.environ["PYTHONPATH"])
from harness.start import start_table
from scenes.app import App
from scenes.menu import MenuScene
game = sys.argv[1]
said = []
shown = App.notify
def notify(self, text):
    said.append(text)
    shown(self, text)
App.notify = notify
app = App((1280, 720))
app.settings.animation_speed = "instant"
app.push(MenuScene(app), transition=False)
app.step(1 / 60)
start_table(app, game)
table = app.top
for _ in range(600):
    app.step(1 / 60)
    if table.can_act():
        table.play(table.rules.legal_moves()[0])
        break
for _ in range(5):
    app.step(1 / 60)
print("saved " + json.dumps({"slot": app.saves.owned.get(game), "key": table.match.key}), flush=True)
sys.stdin.readline()
said += [w for w in app.saves.warnings if w not in said]
app.shut_down()
print("report " + json.dumps({"said": said}), flush=True)
"""


class Holder:
    """A copy holding a game of its own until told to quit."""

    def __init__(self, home: Path, game: str) -> None:
        self.proc = subprocess.Popen([PYTHON, "-c", HOLDER, game], cwd=ROOT, env=program_env(home), text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert self.proc.stdout is not None
        self.output = ""
        with within(120):
            for line in self.proc.stdout:
                self.output += line
                if line.startswith("saved "):
                    self.saved = json.loads(line[len("saved "):])
                    return
        self.saved = {"slot": None, "key": None}

    def quit(self) -> dict:
        try:
            rest, _ = self.proc.communicate("quit\n", timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rest, _ = self.proc.communicate()
        self.output += rest
        report = report_of(self.output)
        report["traceback"] = traceback_in(self.output)
        return report


def hostile_lock(kind: str, path: Path, elsewhere: Path) -> Callable[[], object]:
    """Put something hostile where the lock file `path` goes; returns what undoes what needs undoing."""
    if kind == "a link to a file elsewhere":
        path.symlink_to(elsewhere)
    elif kind == "a link to /dev/null":
        path.symlink_to("/dev/null")
    elif kind == "a dangling link":
        path.symlink_to(path.parent / "nowhere" / "lock")
    elif kind == "a link to a folder":
        path.symlink_to(path.parent.parent)
    elif kind == "a folder":
        path.mkdir()
    elif kind == "a FIFO":
        os.mkfifo(path)
    elif kind == "a socket":
        import socket

        with socket.socket(socket.AF_UNIX) as sock:
            sock.bind(str(path))
    elif kind == "an immutable file (chattr +i)":
        path.touch()
        assert run("chattr", "+i", str(path))
        return lambda: run("chattr", "-i", str(path))
    elif kind == "a read-only bind mount":
        path.touch()
        assert run("mount", "--bind", str(path), str(path)) and run("mount", "-o", "remount,ro,bind", str(path))
        return lambda: run("umount", str(path))
    return lambda: None


LOCK_KINDS = ("a link to a file elsewhere", "a link to /dev/null", "a dangling link", "a link to a folder", "a folder",
              "a FIFO", "a socket", "an immutable file (chattr +i)", "a read-only bind mount")


@attack(8, "A lock file that cannot be opened never turns locking off")
def hostile_locks(item: Item) -> None:
    for index, kind in enumerate(LOCK_KINDS):
        if kind in ("an immutable file (chattr +i)", "a read-only bind mount") and not IS_ROOT:
            item.tries(f"{kind}: left out (needs root)")
            continue
        game = games()[index % len(games())]
        for slots in ((1,), (1, 2)):
            home = fresh_home("locks")
            elsewhere = Context.root / f"precious-{index}-{len(slots)}"
            elsewhere.write_text("precious")
            undo = [hostile_lock(kind, home / (f"save-{game}.lock" if s == 1 else f"save-{game}-{s}.lock"), elsewhere)
                    for s in slots]
            item.case()
            try:
                first = Holder(home, game)
                second = Holder(home, game)
                third = Holder(home, game)
                reports = [copy.quit() for copy in (first, second, third)]
            finally:
                for action in undo:
                    action()
            owned = [copy.saved.get("slot") for copy in (first, second, third)]
            where = f"{kind} as the lock of slot{'s' if len(slots) > 1 else ''} {slots} ({game})"
            if any(r["traceback"] for r in reports):
                item.finds(f"{where}: a traceback")
            taken = [slot for slot in owned if slot is not None]
            if len(taken) != len(set(taken)):
                item.finds(f"{where}: two copies saved in one slot: {owned}")
            for copy, report in zip((first, second, third), reports, strict=True):
                slot = copy.saved.get("slot")
                if slot is None and not any("cannot be saved" in t or "another window" in t
                                            for t in report.get("said", [])):
                    item.finds(f"{where}: a copy plays unsaved without being told ({report.get('said')})")
                if slot is not None:
                    save = home / (f"save-{game}.json" if slot == 1 else f"save-{game}-{slot}.json")
                    saved = json.loads(save.read_text()) if save.exists() else {}
                    if saved.get("extra", {}).get("key") != copy.saved.get("key"):
                        item.finds(f"{where}: a copy's game is not in its save {save.name}")
            if elsewhere.read_text() != "precious":
                item.finds(f"{where}: the link's target was written")
    item.tries(f"three copies of the program, one after another, each saving a game of its own, with the lock of "
               f"save slot 1 (and of slots 1 and 2) replaced by: {'; '.join(LOCK_KINDS)}: no two copies in one "
               "slot, every game in its own save, link targets untouched")
    pending_lock(item)


def pending_lock(item: Item) -> None:
    """The pending results' lock that cannot be opened nor moved aside, with the statistics unwritable:
    the finished games' results are kept or the player is told they are not."""
    if not IS_ROOT:
        item.tries("pending-results.lock immutable: left out (needs root)")
        return
    for lock in ("pending-results.lock", "statistics.lock"):
        home = fresh_home("pending-lock")
        path = home / lock
        undo = hostile_lock("an immutable file (chattr +i)", path, path)
        item.case()
        try:
            with unwritable("a folder named statistics.sqlite3-journal", home) as writable:
                report, _ = play(home, "war", 3)
                writable()
        finally:
            undo()
        after = counted(home)
        lost = [k for k in report.get("finished", []) if k not in after.get("keys", [])]
        told = any("cannot be kept" in t or "cannot be written" in t for t in report.get("said", []))
        if report["traceback"] or (lost and not any("cannot be kept" in t for t in report.get("said", []))):
            item.finds(f"{lock} immutable, statistics unwritable: {len(lost)} of 3 results lost "
                       f"(told: {report.get('said')}) {'a traceback' if report['traceback'] else ''}")
        elif not told:
            item.finds(f"{lock} immutable, statistics unwritable: never told")
    item.tries("pending-results.lock and statistics.lock immutable (cannot be opened nor moved aside) while the "
               "statistics cannot be written: 3 games played, the file made writable, started again")


DAMAGED_KINDS: dict[str, Callable[[Path], object]] = {
    "garbage bytes": lambda path: path.write_bytes(b"this is not a database" * 100),
    "a database cut short": lambda path: path.write_bytes(sqlite_bytes("CREATE TABLE games (x);" * 1
                                                                       + "INSERT INTO games VALUES (zeroblob(9000));")
                                                          [:5000]),
    "a trigger": lambda path: path.write_bytes(sqlite_bytes(
        __import__("storage.stats_schema", fromlist=["SCHEMA"]).SCHEMA
        + "CREATE TRIGGER t AFTER INSERT ON games BEGIN DELETE FROM games; END;")),
    "a view over games": lambda path: path.write_bytes(sqlite_bytes(
        __import__("storage.stats_schema", fromlist=["SCHEMA"]).SCHEMA + "CREATE VIEW v AS SELECT * FROM games;")),
    "a folder": lambda path: path.mkdir(),
    "a link elsewhere": lambda path: path.symlink_to("/dev/null"),
}
STARTER = r"""
import sys, time, json, os
sys.path.insert(0, os.environ["PYTHONPATH"])
from pathlib import Path
from storage.stats import StatsStore
start, folder, key = float(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
time.sleep(max(0.0, start - time.time()))
stats = StatsStore(folder)
stats.record_game("war", [{"name": "Ann", "won": True}], key=key)
stats.close()
print(json.dumps({"waiting": len(stats.waiting), "said": stats.warnings}))
"""


def sqlite_bytes(script: str) -> bytes:
    folder = Path(tempfile.mkdtemp(dir=Context.root))
    db = sqlite3.connect(folder / "x")
    db.executescript(script)
    db.close()
    return (folder / "x").read_bytes()


@attack(9, "Copies starting together on a statistics file that must be set aside")
def copies_together(item: Item) -> None:
    copies, rounds = 6, 3
    for kind, put in DAMAGED_KINDS.items():
        for round_ in range(rounds):
            home = fresh_home("together")
            path = home / "statistics.sqlite3"
            put(path)
            original = path.read_bytes() if path.is_file() and not path.is_symlink() else None
            start = time.time() + 2.0  # every copy imported and waiting by then
            procs = [subprocess.Popen([PYTHON, "-c", STARTER, str(start), str(home), f"k{i}"], cwd=ROOT,
                                      env=program_env(home), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      text=True) for i in range(copies)]
            outputs = [p.communicate(timeout=120)[0] for p in procs]
            item.case()
            where = f"{kind}, round {round_ + 1}"
            if any(traceback_in(o) for o in outputs):
                item.finds(f"{where}: a traceback {next(o for o in outputs if traceback_in(o))[-300:]}")
            aside = [p for p in home.iterdir() if ".damaged-" in p.name]
            if len(aside) != 1:
                item.finds(f"{where}: {len(aside)} files set aside (one expected: the damaged one)")
            for moved in aside:
                if original is not None and moved.is_file() and not moved.is_symlink() \
                        and moved.read_bytes() != original:
                    item.finds(f"{where}: a healthy file was set aside ({moved.name})")
            keys = counted(home).get("keys", [])  # the next start writes what waited
            lost = [f"k{i}" for i in range(copies) if f"k{i}" not in keys]
            if lost or len(keys) != len(set(keys)):
                item.finds(f"{where}: rows lost {lost}, counted twice {len(keys) - len(set(keys))}")
    item.tries(f"{copies} copies opening the statistics at the same instant and each recording a game, on a file "
               f"that must be set aside ({'; '.join(DAMAGED_KINDS)}), {rounds} rounds each; then a start that writes "
               "what waited: one file set aside (the damaged one), no row lost or doubled")
    for round_ in range(rounds):  # all quitting at once with the file held: every row through the pending file
        home = fresh_home("together-held")
        with held_by_another_program(make_stats(home, rows=0)):
            start = time.time() + 2.0
            procs = [subprocess.Popen([PYTHON, "-c", STARTER, str(start), str(home), f"k{i}"], cwd=ROOT,
                                      env=program_env(home), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      text=True) for i in range(copies + 4)]
            outputs = [p.communicate(timeout=120)[0] for p in procs]
        item.case()
        keys = counted(home).get("keys", [])
        lost = [f"k{i}" for i in range(copies + 4) if f"k{i}" not in keys]
        if lost or any(traceback_in(o) for o in outputs):
            item.finds(f"{copies + 4} copies quitting together on a held file, round {round_ + 1}: "
                       f"{len(lost)} results lost {lost}")
    item.tries(f"{copies + 4} copies recording a game and quitting at the same instant while another program holds "
               f"the statistics, {rounds} rounds: every result kept in the pending file and counted at the next start")


# A copy taking orders on its input: "set NAME JSON" changes a setting (as the settings screen
# does), "key F11" presses F11, "setup GAME NAME" starts GAME with NAME in the first seat (the setup
# is remembered), "quit"; each answered by "ok {its settings}".
SETTINGS_COPY = r"""
import json, os, sys, dataclasses
sys.path.insert(0, os.environ["PYTHONPATH"])
import pygame
from harness.start import start_table
from scenes.app import App
from scenes.menu import MenuScene
app = App((1280, 720))
app.push(MenuScene(app), transition=False)
app.step(1 / 60)
def answer():
    print("ok " + json.dumps(dataclasses.asdict(app.settings)), flush=True)
answer()
for line in sys.stdin:
    order, *rest = line.split(" ", 2)
    if order == "set":
        setattr(app.settings, rest[0], json.loads(rest[1]))
        app.apply_settings()
    elif order == "key":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
        app.step(1 / 60)
    elif order == "setup":
        from scenes.setup import setup_scene
        app.reset(MenuScene(app))
        app.push(setup_scene(app, rest[0]), transition=False)
        app.top.names[0] = rest[1].strip()
        app.top.start()
        app.step(1 / 60)
        app.reset(MenuScene(app))
    elif order == "quit":
        app.shut_down()
        answer()
        break
    answer()
"""


class SettingsCopy:
    def __init__(self, home: Path) -> None:
        self.proc = subprocess.Popen([PYTHON, "-c", SETTINGS_COPY], cwd=ROOT, env=program_env(home), text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.settings = self.read()

    def read(self) -> dict:
        assert self.proc.stdout is not None
        with within(60):
            for line in self.proc.stdout:
                if line.startswith("ok "):
                    return json.loads(line[3:])
        raise RuntimeError("the copy stopped")

    def order(self, line: str) -> dict:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        self.settings = self.read()
        return self.settings


@attack(10, "Settings between copies: each copy's changes kept")
def settings_between_copies(item: Item) -> None:
    rng = random.Random(Context.rng.random())
    choices: dict[str, list[Any]] = {"volume": [0.1, 0.3, 0.55, 0.9], "muted": [True, False],
               "animation_speed": ["slow", "fast", "instant"],
               "four_colour": [True, False], "reduced_motion": [True, False], "move_marks": [False, True]}
    for scenario in range(20):
        home = fresh_home("settings")
        copies = [SettingsCopy(home) for _ in range(3)]
        expected: dict[str, Any] = {}
        setups: dict[str, str] = {}
        steps = []
        for _ in range(12):
            copy = rng.choice(copies)
            roll = rng.random()
            if roll < 0.2:
                expected["fullscreen"] = copy.order("key F11")["fullscreen"]
                steps.append(f"copy {copies.index(copy)} F11")
            elif roll < 0.4:
                game, name = rng.choice(games()), rng.choice(["Zoe", "Ines", "Malo", "Yara"])
                if copy.order(f"setup {game} {name}")["setups"].get(game, {}).get("names", [None])[0] == name:
                    setups[game] = name  # started: remembered (a name another seat had would not start)
                steps.append(f"copy {copies.index(copy)} starts {game} as {name}")
            else:
                setting = rng.choice(list(choices))
                value = rng.choice([v for v in choices[setting] if v != copy.settings[setting]])
                copy.order(f"set {setting} {json.dumps(value)}")  # a change on this copy's screen
                expected[setting] = value
                steps.append(f"copy {copies.index(copy)} {setting}={value}")
        for copy in rng.sample(copies, 3):
            copy.order("quit")
            assert copy.proc.stdin is not None
            copy.proc.stdin.close()
            copy.proc.wait(timeout=30)
        item.case()
        final = json.loads((home / "settings.json").read_text())
        lost = {k: (v, final.get(k)) for k, v in expected.items() if final.get(k) != v}
        lost.update({f"setup {g}": (n, final.get("setups", {}).get(g, {}).get("names", [None])[0])
                     for g, n in setups.items() if final.get("setups", {}).get(g, {}).get("names", [None])[0] != n})
        if lost:
            item.finds(f"scenario {scenario} ({'; '.join(steps)}): changes lost (wanted, on file): {lost}")
    item.tries("3 copies open at once, 12 changes each scenario spread over them at random (volume, mute, speed, "
               "four colours, reduced motion, move marks, F11, a game's remembered setup), then quit in a random "
               "order; 20 scenarios: the file holds the last change of every setting")


HARMLESS = {
    "ANALYZE (sqlite_stat1)": "ANALYZE;",
    "ANALYZE twice and PRAGMA optimize": "ANALYZE; ANALYZE; PRAGMA optimize;",
    "a newer version's column on games": "ALTER TABLE games ADD COLUMN note TEXT;",
    "a newer version's column on seats with a default": "ALTER TABLE seats ADD COLUMN colour INTEGER DEFAULT 1;",
    "a newer version's index": "CREATE INDEX games_by_time ON games(finished_at);",
    "a newer version's index on an expression": "CREATE INDEX odd ON games(abs(id) + length(details));",
    "user_version 7": "PRAGMA user_version = 7;",
    "application_id": "PRAGMA application_id = 1128354130;",
    "journal_mode WAL (kept in the file)": "PRAGMA journal_mode = WAL;",
    "VACUUM with a 64 KB page": "PRAGMA page_size = 65536; VACUUM;",
    "auto_vacuum FULL": "PRAGMA auto_vacuum = FULL; VACUUM;",
    "REINDEX": "REINDEX;",
}
HARMFUL = {
    "a trigger": "CREATE TRIGGER t AFTER INSERT ON games BEGIN DELETE FROM seats; END;",
    "a view over games": "CREATE VIEW v AS SELECT * FROM games;",
    "a table of someone else's": "CREATE TABLE evil (x);",
    "a trigger on a table of someone else's": "CREATE TABLE evil (x); CREATE TRIGGER t AFTER INSERT ON evil BEGIN "
                                              "DELETE FROM games; END;",
}


@attack(11, "Harmless objects of SQLite or of a newer version never reset the statistics")
def foreign_objects(item: Item) -> None:
    for what, script in [*HARMLESS.items(), *HARMFUL.items()]:
        harmless = what in HARMLESS
        home = fresh_home("foreign")
        path = make_stats(home, rows=3)
        db = sqlite3.connect(path, isolation_level=None)
        db.executescript(script)
        db.close()
        item.case()
        app = headless_app(home)
        step(app, 3)
        said = said_by(app)
        problem = crash_of(app)
        aside = [p.name for p in home.iterdir() if ".damaged-" in p.name]
        count = app.stats.count("war")
        app.stats.record_game("war", STATS_GOOD, key="new")
        written = app.stats.count("war")
        if problem:
            item.finds(f"{what}: {problem}")
        elif harmless and (aside or count != 3):
            item.finds(f"{what}: the statistics were reset ({aside}, {count} games read)")
        elif harmless and "newer version" in what and written != 3:
            item.finds(f"{what}: a newer version's file was written to ({written} games)")
        elif harmless and "newer version" in what and not any("newer version" in t for t in said):
            item.finds(f"{what}: read only, but the player was not told ({said})")
        elif harmless and "newer version" not in what and written != 4:
            item.finds(f"{what}: the new game was not written ({written} games)")
        elif not harmless and (len(aside) != 1 or not any("moved to" in t for t in said)):
            item.finds(f"{what}: not set aside with a sentence ({aside}, {said})")
        close_app(app)
    item.tries(f"a statistics file of 3 games changed as a database browser or a newer version would "
               f"({'; '.join(HARMLESS)}): kept, read, written (a newer version's: only read, said); and changed "
               f"harmfully ({'; '.join(HARMFUL)}): set aside with a sentence")


@contextlib.contextmanager
def read_only_home(way: str, home: Path) -> Iterator[None]:
    """`home` (holding its files already) made read-only in one way, back to writable after."""
    if way == "a read-only bind mount (EROFS)":
        assert run("mount", "--bind", str(home), str(home)) and run("mount", "-o", "remount,ro,bind", str(home))
        undo = ["umount", str(home)]
    elif way == "an immutable folder (EPERM)":
        assert run("chattr", "+i", str(home))
        undo = ["chattr", "-i", str(home)]
    else:  # only the old save immutable: the folder takes new files, the save cannot be removed
        saves = list(home.glob("save-*.json"))
        assert all(run("chattr", "+i", str(s)) for s in saves)
        undo = ["chattr", "-i", *map(str, saves)]
    try:
        yield
    finally:
        run(*undo)


@attack(12, "A read-only folder with an old save: a new game played to its end without a crash")
def read_only_folder(item: Item) -> None:
    if not IS_ROOT:
        item.tries("left out: a read-only folder for root needs a mount or chattr")
        return
    ways = ("a read-only bind mount (EROFS)", "an immutable folder (EPERM)", "only the old save immutable")
    for index, game in enumerate(games()):
        for way in ways if index < 2 else ways[index % 3:index % 3 + 1]:
            home = fresh_home("read-only")
            payload = real_save(game)
            (home / f"save-{game}.json").write_text(json.dumps(payload))
            make_stats(home)
            item.case()
            with read_only_home(way, home):
                report, output = play(home, game, 2)
            where = f"{game}, {way}"
            if not report.get("waiting", {}).get(game):
                item.finds(f"{where}: the old save was not offered")
            if report["traceback"] or report.get("crash") or report.get("code") or len(report["finished"]) != 2:
                item.finds(f"{where}: {report.get('crash')} exit {report.get('code')}, {len(report['finished'])} "
                           f"games finished {output[-300:] if report['traceback'] else ''}")
            removing = [t for t in report.get("said", []) if "could not be removed" in t]
            if len(removing) > 1:
                item.finds(f"{where}: told {len(removing)} times that the save could not be removed")
            if json.loads((home / f"save-{game}.json").read_text()) != payload:
                item.finds(f"{where}: the old save changed")
    item.tries(f"the old save of a game in a folder made read-only in 3 ways ({'; '.join(ways)}): the menu offers "
               "it, a new game of it is played to its end twice (computers, instant), no crash, said once")


LOCK_HOLDERS = {
    "BEGIN EXCLUSIVE from before the start": ("db", "BEGIN EXCLUSIVE"),
    "BEGIN IMMEDIATE (a writer)": ("db", "BEGIN IMMEDIATE"),
    "a reader in a transaction (SHARED)": ("db", "BEGIN"),
    "statistics.lock held, the file damaged": ("flock", "statistics.lock"),
    "pending-results.lock held, the file busy": ("both", "pending-results.lock"),
}
FLOCKER = ("import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT); "
           "fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); time.sleep(600)")


@contextlib.contextmanager
def lock_held(kind: str, target: str, home: Path) -> Iterator[None]:
    path = make_stats(home)
    procs = []
    try:
        if kind in ("flock", "both"):
            if kind == "flock":
                path.write_bytes(b"damaged" * 100)
            proc = subprocess.Popen([PYTHON, "-c", FLOCKER, str(home / target)], stdout=subprocess.PIPE, text=True)
            assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
            procs.append(proc)
        if kind in ("db", "both"):
            statement = target if kind == "db" else "BEGIN EXCLUSIVE"
            proc = subprocess.Popen([PYTHON, "-c", LOCKER, str(path), statement], stdout=subprocess.PIPE, text=True)
            assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
            procs.append(proc)
        yield
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()


def longest_frames(seconds: float) -> tuple[list[float], int, str | None]:
    """Run the real loop (real time) for `seconds` in the folder of this process: computers-only
    War tables back to back, the Statistics screen and More details opened now and then; the
    longest frames, the games finished and a crash."""
    from harness.start import start_table
    from scenes.app import App
    from scenes.menu import MenuScene
    from scenes.stats import StatsScene

    app = App((1280, 720), folder=Path(os.environ["CARD_ARCADE_HOME"]))
    _APP["app"] = app
    app.settings.animation_speed = "instant"  # games end often: their results meet the held file
    app.push(MenuScene(app), transition=False)
    frames: list[float] = []
    finished, opened = 0, time.perf_counter()
    table: Any = None
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not crash_of(app):
        if app.frames >= 2 and (table is None or table.finished):
            finished += table is not None
            app.reset(MenuScene(app))
            if time.perf_counter() - opened > 3:  # the statistics read while the file is held
                page = StatsScene(app)
                app.push(page, transition=False)
                page.open_details()
                opened = time.perf_counter()
            else:
                start_table(app, "war", computers_only=True)
                table = app.top
        dt, events = app.wait_for_change()
        began = time.perf_counter()
        app.step(dt, events)
        frames.append(time.perf_counter() - began)
        if isinstance(app.top, StatsScene) or type(app.top).__name__.endswith("StatsScene"):
            table = None
    crash = crash_of(app)
    close_app(app)
    return sorted(frames)[-3:], finished, crash


@attack(13, "A database locked by another program never freezes the window")
def locked_database(item: Item) -> None:
    played = []
    for what, (kind, target) in LOCK_HOLDERS.items():
        home = fresh_home("locked")
        os.environ["CARD_ARCADE_HOME"] = str(home)
        item.case()
        with lock_held(kind, target, home):
            longest, finished, crash = longest_frames(12.0)
        played.append(finished)
        if crash:
            item.finds(f"{what}: {crash}")
        if longest and longest[-1] > SLOW_FRAME:
            item.finds(f"{what}: frames of {', '.join(f'{f:.2f}' for f in longest)} s ({finished} games finished)")
    item.tries(f"the real loop for 12 s (War tables of computers played to their ends, the Statistics screen and "
               f"More details opened every 3 s) while another program holds the statistics: "
               f"{'; '.join(LOCK_HOLDERS)}; a frame over {SLOW_FRAME} s is a freeze (games ended under each: {played})")


# -- 15: huge windows -----------------------------------------------------------------------------
@contextlib.contextmanager
def x_screen(size: str = "1600x900x24") -> Iterator[str]:
    """A private Xvfb screen; yields its DISPLAY."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", size, "-nolisten", "tcp", "-noreset"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    os.close(write)
    try:
        with within(20):
            number = os.read(read, 16).decode().strip()
        yield f":{number}"
    finally:
        os.close(read)
        xvfb.terminate()
        xvfb.wait(timeout=10)


def xdotool(display: str, *args: str) -> str:
    done = subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=display), capture_output=True, text=True,
                          timeout=20)
    return done.stdout.strip()


def find_window(display: str, app: subprocess.Popen) -> str:
    """The program's window on `display` (waiting up to 20 s for it)."""
    for _ in range(200):
        window = xdotool(display, "search", "--onlyvisible", "--class", APP_ID).split("\n")[-1]
        if window or app.poll() is not None:
            return window
        time.sleep(0.1)
    raise RuntimeError("the window never showed")


@attack(15, "A huge window, really resized: no exit, no frames of seconds")
def huge_window(item: Item) -> None:
    sizes = [(20000, 20000), (7680, 4320), (16384, 16384), (1, 1), (100, 20000), (20000, 100), (8000, 8000),
             (1280, 720)]
    if (why := can_drive(script=False)) is None:
        tile = screenshots().tile

        home = fresh_home("window")
        with x_screen() as display:
            env = program_env(home, DISPLAY=display, SDL_VIDEODRIVER="x11")
            app = subprocess.Popen([PYTHON, str(ROOT / "main.py")], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, start_new_session=True)
            try:
                window = find_window(display, app)
                if not window:
                    raise RuntimeError("the window never showed")
                seen = set()
                rng = random.Random(15)
                plan = [*sizes, *[(rng.randint(1, 12000), rng.randint(1, 12000)) for _ in range(12)], (1280, 720)]
                for index, (w, h) in enumerate(plan):
                    if index == len(sizes):  # then on a table: Return, the first tile, Start
                        xdotool(display, "windowfocus", window)
                        xdotool(display, "key", "Return")
                        time.sleep(1)
                        x, y = tile(games()[0])[1:3]  # its actions: click X Y
                        xdotool(display, "mousemove", "--window", window, str(x), str(y), "click", "1")
                        time.sleep(1)
                        xdotool(display, "key", "Return")
                    xdotool(display, "windowsize", window, str(w), str(h))
                    time.sleep(1.2 if index < len(sizes) else 0.15)
                    geometry = xdotool(display, "getwindowgeometry", window)
                    if not geometry:  # the program opened its window again: a new one
                        window = find_window(display, app)
                        geometry = xdotool(display, "getwindowgeometry", window)
                    seen.add(re.sub(r"(?s).*Geometry: (\S+).*", r"\1", geometry))
                    item.case()
                    if app.poll() is not None:
                        item.finds(f"the window resized to {w}x{h}: the program ended (exit {app.returncode})")
                        break
                time.sleep(1)
            finally:
                if app.poll() is None:
                    os.killpg(app.pid, signal.SIGTERM)
                output = app.communicate(timeout=30)[0]
            item.tries(f"the window's sizes seen after the resizes: {', '.join(sorted(seen)[:12])}")
            if app.returncode not in (0, 128 + signal.SIGTERM):
                item.finds(f"exit code {app.returncode} after SIGTERM: {output[-300:]}")
            if traceback_in(output):
                item.finds(f"a traceback: {output[-400:]}")
            for problem in log_problems(home):
                item.finds(f"the log: {problem}")
        item.tries(f"main.py in a real window (Xvfb, x11): xdotool windowsize to {len(plan)} sizes "
                   f"({', '.join(f'{w}x{h}' for w, h in sizes)} then 12 random up to 12000x12000, the last ones on "
                   "a table, 0.15 s apart), then SIGTERM: no exit, no crash in the log")
    else:
        item.tries(f"the real window left out ({why})")
    import pygame

    app = headless_app(fresh_home())
    table = start_typed(app, "skyjo", ["Ann"], "4")
    for size in ((7680, 4320), (20000, 20000), (3840, 2160)):
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        step(app, 2)
        longest = time_frames(app, 4) if table is not None else 0.0
        item.case()
        if crash_of(app):
            item.finds(f"headless, resized to {size[0]}x{size[1]}: {crash_of(app)}")
        elif longest > SLOW_FRAME * 2:
            item.finds(f"headless, resized to {size[0]}x{size[1]}: whole frames of {longest:.2f} s")
    close_app(app)
    item.tries(f"headless: a Skyjo table resized to 8K, 20000x20000 and 4K, whole repaints timed (over "
               f"{SLOW_FRAME * 2} s is a freeze)")


# -- 16-22: a packager's check -------------------------------------------------------------------
def pip(python_path: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([str(python_path), "-m", "pip", "-q", *args], capture_output=True, text=True, timeout=timeout,
                          env={k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_"))})


@attack(16, "pip install -e . and pip install . work, without generic top-level names")
def packaging(item: Item) -> None:
    work = fresh_home("packaging")
    neutral = fresh_home("neutral")
    built = pip(Path(PYTHON), "wheel", "--no-deps", "-w", str(work / "wheel"), str(ROOT))
    item.case()
    wheels = list((work / "wheel").glob("*.whl"))
    if built.returncode or not wheels:
        item.finds(f"pip wheel .: {built.stderr[-400:]}")
    else:
        with zipfile.ZipFile(wheels[0]) as wheel:
            top = sorted({name.split("/")[0] for name in wheel.namelist()})
            entry = wheel.read(next(n for n in wheel.namelist() if n.endswith("entry_points.txt"))).decode()
        generic = [name for name in top if not name.startswith("card_arcade")]
        if generic:
            item.finds(f"the wheel puts these at the top of site-packages: {generic}")
        if "card-arcade = card_arcade.main:main" not in entry:
            item.finds(f"the wheel's entry points: {entry!r}")
    site = next(Path(sys.prefix).glob("lib/python3*/site-packages"))  # the dependencies, from this environment
    for how in ("-e", "."):
        venv = work / f"venv{how.strip('.-') or 'wheel'}"
        subprocess.run([PYTHON, "-m", "venv", str(venv)], check=True, timeout=300)
        done = pip(venv / "bin" / "python", "install", "--no-deps", *(["-e"] if how == "-e" else []), str(ROOT))
        item.case()
        label = "pip install -e ." if how == "-e" else "pip install ."
        if done.returncode:
            item.finds(f"{label}: {done.stderr[-400:]}")
            continue
        (next(venv.glob("lib/python3*/site-packages")) / "deps.pth").write_text(str(site) + "\n")
        env = program_env(fresh_home(), PYTHONPATH="")
        env.pop("PYTHONPATH")
        for name in ("game", "storage", "version", "scenes", "sprites", "net", "main"):
            probe = subprocess.run([str(venv / "bin" / "python"), "-c", f"import {name}"], cwd=neutral, env=env,
                                   capture_output=True, text=True, timeout=60)
            item.case()
            if probe.returncode == 0:
                item.finds(f"{label}: `import {name}` works from any folder (a generic name on sys.path)")
        for args in (["--version"], ["--frames", "3"]):
            run_it = subprocess.run([str(venv / "bin" / "card-arcade"), *args], cwd=neutral, env=env,
                                    capture_output=True, text=True, timeout=120)
            item.case()
            if run_it.returncode or traceback_in(run_it.stderr):
                item.finds(f"{label}: card-arcade {' '.join(args)}: exit {run_it.returncode} {run_it.stderr[-300:]}")
    item.tries("pip wheel . (its top-level names, its entry point); pip install -e . and pip install . into new "
               "virtual environments (dependencies from this one): `import game|storage|version|scenes|sprites|net|"
               "main` from another folder must fail, card-arcade --version and a real start (--frames 3) must work")


XDG_PROBE = r"""
import json, logging, os, sys
sys.path.insert(0, os.environ["PYTHONPATH"])
import storage.logs, storage.settings
from storage.files import data_dir
from storage.stats import StatsStore
getattr(storage.logs, "start_logging", lambda: None)()  # as App.__init__, in its order
data = data_dir()
log = getattr(storage.logs, "log_dir", lambda folder: folder)(data) / storage.logs.LOG_NAME
storage.logs.setup_logging(log)
folder = getattr(storage.settings, "settings_dir", lambda folder: folder)(data)
settings, _ = storage.settings.load_settings(folder)
settings.volume = 0.25
storage.settings.save_settings(folder, settings)
StatsStore(data).close()
logging.getLogger("card_arcade").warning("probe")
print(json.dumps({"data": str(data), "settings": str(folder), "log": str(log)}))
"""


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()} if folder.exists() else set()


@attack(17, "XDG folders: empty or relative values ignored, settings and log in their own folders")
def xdg_folders(item: Item) -> None:
    values = {"unset": None, "empty": "", "relative": "rel", "dot": "./rel", "tilde": "~/x", "space": " ",
              "absolute": "ABS"}  # ABS: an absolute path with a space
    variables = {"XDG_DATA_HOME": ".local/share", "XDG_CONFIG_HOME": ".config", "XDG_STATE_HOME": ".local/state"}
    root_before = Path("/CardArcade").exists()
    for variable, default in variables.items():
        for value in values.values():
            for migrate in (False, True):
                base = fresh_home("xdg")
                home, cwd = base / "home", base / "cwd"
                home.mkdir()
                cwd.mkdir()
                env = program_env(base)
                env.pop("CARD_ARCADE_HOME")
                env.update(HOME=str(home))
                for other in variables:
                    env.pop(other, None)
                if value is not None:
                    env[variable] = str(base / "abs dir") if value == "ABS" else value
                if migrate:  # an earlier version kept them in the data folder
                    old = (base / "abs dir" if value == "ABS" and variable == "XDG_DATA_HOME"
                           else home / ".local" / "share") / "CardArcade"
                    old.mkdir(parents=True)
                    (old / "settings.json").write_text('{"version": 1, "volume": 0.6}')
                    (old / "card-arcade.log").write_text("old log\n")
                done = subprocess.run([PYTHON, "-c", XDG_PROBE], cwd=cwd, env=env, capture_output=True, text=True,
                                      timeout=60)
                item.case()
                where = f"{variable}={value!r}{' (files of an earlier version to move)' if migrate else ''}"
                if done.returncode or done.stderr.strip():
                    item.finds(f"{where}: exit {done.returncode}, stderr {done.stderr[-300:]!r}")
                    continue
                used = json.loads(done.stdout)
                wanted_base = Path(env[variable]) if value == "ABS" else home / default
                wanted = {"data": ("XDG_DATA_HOME", home / ".local/share"), "settings": ("XDG_CONFIG_HOME",
                                                                                        home / ".config"),
                          "log": ("XDG_STATE_HOME", home / ".local/state")}
                for key, (var, fallback) in wanted.items():
                    expected = (wanted_base if var == variable else fallback) / "CardArcade"
                    got = Path(used[key]).parent if key == "log" else Path(used[key])
                    if got != expected:
                        item.finds(f"{where}: the {key} folder is {got}, not {expected}")
                if files_under(cwd):
                    item.finds(f"{where}: files written in the current folder: {sorted(map(str, files_under(cwd)))}")
                if not root_before and Path("/CardArcade").exists():
                    item.finds(f"{where}: /CardArcade was made")
                    shutil.rmtree("/CardArcade", ignore_errors=True)
                outside = [p for p in files_under(base) if not (p.is_relative_to(home) or
                                                                p.is_relative_to(base / "abs dir"))]
                if outside:
                    item.finds(f"{where}: files outside the home folder: {outside[:3]}")
                if migrate:
                    settings = Path(used["settings"]) / "settings.json"
                    if not settings.exists() or json.loads(settings.read_text()).get("volume") != 0.25:
                        item.finds(f"{where}: the moved settings are not where they are used")
                    log = Path(used["log"])
                    if "old log" not in log.read_text() or "probe" not in log.read_text():
                        item.finds(f"{where}: the old log was not moved into the log in use")
                    if (old / "settings.json").exists() and Path(used["settings"]) != old:
                        item.finds(f"{where}: the settings are left in the data folder too")
    item.tries("the program's storage started as App starts it (logging, data folder, log, settings, statistics) in "
               "a new HOME and an empty current folder, each of XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_STATE_HOME unset, "
               "empty, relative, ./relative, ~/x, a space, or an absolute path with a space; with and without an "
               "earlier version's settings and log to move: each folder where the XDG spec puts it, nothing in the "
               "current folder or /CardArcade, the files moved once, nothing on stderr")


@attack(19, "Every script answers --help")
def scripts_help(item: Item) -> None:
    scripts = sorted(p for p in [*ROOT.glob("bench/*.py"), *ROOT.glob("tools/*.py"), ROOT / "main.py"]
                     if p.name != "__init__.py")
    neutral = fresh_home("neutral")
    for script in scripts:
        module = ".".join(script.relative_to(ROOT).with_suffix("").parts)
        for command, cwd in (([PYTHON, str(script), "--help"], Path("/")), ([PYTHON, str(script), "-h"], neutral),
                             ([PYTHON, "-m", module, "--help"], ROOT)):
            home = fresh_home("help")
            env = program_env(home)
            env.pop("PYTHONPATH")
            began = time.monotonic()
            try:
                done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=60)
            except subprocess.TimeoutExpired:
                item.finds(f"{' '.join(command[1:])} (in {cwd}): still running after 60 s")
                continue
            item.case()
            took = time.monotonic() - began
            what = f"{' '.join(c.replace(str(ROOT) + '/', '') for c in command[1:])} (in {cwd})"
            if done.returncode or "usage" not in done.stdout.lower() or traceback_in(done.stdout + done.stderr):
                item.finds(f"{what}: exit {done.returncode}, {(done.stdout + done.stderr)[-200:]!r}")
            elif took > 20:
                item.finds(f"{what}: took {took:.0f} s (did it run instead?)")
            elif any(home.iterdir()):
                item.finds(f"{what}: wrote {sorted(p.name for p in home.iterdir())} in the data folder")
    item.tries(f"{len(scripts)} scripts of bench/, tools/ and main.py, each as `python SCRIPT --help` from /, "
               "`python SCRIPT -h` from an empty folder and `python -m MODULE --help` from the checkout: exit 0, "
               "a usage, no traceback, within 20 s, nothing written")


LIBRARY_LICENCES = {  # a bundled library (as its file name starts): words its licence holds, its name in the README
    "libSDL2": ("Sam Lantinga", "SDL"), "libfreetype": ("FreeType", "FreeType"),
    "libfluidsynth": ("LESSER GENERAL PUBLIC", "FluidSynth"), "libmpg123": ("LESSER GENERAL PUBLIC", "mpg123"),
    "libsndfile": ("LESSER GENERAL PUBLIC", "libsndfile"), "libasound": ("LESSER GENERAL PUBLIC", "alsa-lib"),
    "libFLAC": ("Xiph", "FLAC"), "libogg": ("Xiph", "Ogg"), "libvorbis": ("Xiph", "Vorbis"),
    "libopus": ("Xiph", "Opus"), "libbrotli": ("Brotli", "Brotli"), "libharfbuzz": ("HarfBuzz", "HarfBuzz"),
    "libjpeg": ("Independent JPEG Group", "libjpeg"), "libpng": ("PNG Reference", "libpng"),
    "libportmidi": ("PortMidi", "PortMidi"), "libsharpyuv": ("Google", "sharpyuv"), "libwebp": ("Google", "WebP"),
    "libtiff": ("Sam Leffler", "libtiff"), "libwavpack": ("Conifer", "WavPack"),
    "libxmp": ("Claudio Matsuoka", "libxmp"), "libssl": ("OpenSSL", "OpenSSL"), "libcrypto": ("OpenSSL", "OpenSSL"),
    "libpython": ("PYTHON SOFTWARE FOUNDATION", "Python"),
    "libffi": ("libffi", "libffi"), "libz": ("Jean-loup Gailly", "zlib"), "libbz2": ("Seward", "bzip2"),
    "liblzma": ("XZ", "XZ"), "libexpat": ("Expat", "Expat"), "libmpdec": ("Stefan Krah", "mpdecimal"),
    "libsqlite3": ("SQLite", "SQLite"), "libuuid": ("uuid", "libuuid"), "libreadline": ("GENERAL PUBLIC", "readline"),
    "libncurses": ("ncurses", "ncurses"), "libtinfo": ("ncurses", "ncurses"), "libgcc": ("GCC", "GCC"),
    "libstdc++": ("GCC", "GCC"),
}


@attack(18, "The standalone build carries the licence of everything it bundles")
def licences(item: Item) -> None:
    try:
        import PyInstaller  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        item.tries("left out: PyInstaller is not installed")
        return
    work = fresh_home("build")
    done = subprocess.run([PYTHON, str(ROOT / "tools" / "build.py"), "--dist", str(work / "dist"), "--work",
                           str(work / "work")], cwd=ROOT, capture_output=True, text=True, timeout=900)
    item.case()
    if done.returncode:
        item.finds(f"tools/build.py: exit {done.returncode} {done.stderr[-300:]}")
        return
    built = work / "dist" / "CardArcade"
    texts = "\n".join(p.read_text("utf-8", "replace") for p in (built / "licenses").glob("*") if p.is_file()) \
        if (built / "licenses").exists() else ""
    readme = (ROOT / "README.md").read_text("utf-8")
    libraries = sorted({re.sub(r"[-.].*", "", p.name) for p in built.rglob("*.so*") if p.name.startswith("lib")})
    for library in libraries:
        item.case()
        known = next((w for prefix, w in LIBRARY_LICENCES.items() if library.startswith(prefix)), None)
        if known is None:
            item.finds(f"{library}: bundled, and this attack does not know its licence (look at it)")
        elif known[0].lower() not in texts.lower():
            item.finds(f"{library}: bundled without its licence text in licenses/ (no {known[0]!r})")
        elif known[1] not in readme:
            item.finds(f"{library}: its licence is carried but the README does not name {known[1]}")
    item.tries(f"tools/build.py (PyInstaller) into a temporary folder; each of the {len(libraries)} shared libraries "
               "in the build must have its licence text in licenses/ and be named in the README")
    run_it = subprocess.run([str(built / "CardArcade"), "--version"], env=program_env(fresh_home()),
                            capture_output=True, text=True, timeout=60)
    item.case()
    if run_it.returncode:
        item.finds(f"the build's --version: exit {run_it.returncode} {run_it.stderr[-200:]}")


LOGS = r"""
import logging, os, sys, threading, warnings
sys.path.insert(0, os.environ["PYTHONPATH"])
from scenes.app import App
from scenes.menu import MenuScene
app = App((1280, 720))
app.push(MenuScene(app), transition=False)
app.step(1 / 60)
logging.getLogger("websockets.client").warning("OTHER websockets")
logging.getLogger("zeroconf").error("OTHER zeroconf")
logging.getLogger("asyncio").warning("OTHER asyncio")
warnings.warn("OTHER python warning")
if not os.environ.get("LINES"):
    thread = threading.Thread(target=lambda: 1 / 0, name="a computer's thread")
    thread.start()
    thread.join()
for _ in range(int(os.environ.get("LINES", "0"))):
    logging.getLogger("card_arcade").warning("x" * 200)
app.shut_down()
print("done", flush=True)
"""


@attack(20, "Logging: every library's records in one log, notices in it, failures silent")
def logging_attack(item: Item) -> None:
    import resource

    home = fresh_home("logs")
    done = python(LOGS, home)
    item.case()
    log = "".join(p.read_text("utf-8", "replace") for p in home.glob("card-arcade.log*"))
    for mark in ("OTHER websockets", "OTHER zeroconf", "OTHER asyncio", "OTHER python warning", "ZeroDivisionError"):
        if mark not in log:
            item.finds(f"{mark!r} is not in the log ({'on stderr' if mark in done.stderr else 'lost'})")
    item.tries("a real App: warnings of other libraries' loggers (websockets, zeroconf, asyncio), a Python warning, "
               "an exception on another thread: all in the log")

    def limited(size: int) -> Callable[[], None]:
        return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    ways: list[tuple[str, Path, Callable[[], None] | None]] = []
    home = fresh_home("logs")
    ways.append(("files limited to 2 KB (RLIMIT_FSIZE: EFBIG)", home, limited(2048)))
    home = fresh_home("logs")
    (home / "card-arcade.log").mkdir()
    ways.append(("a folder named card-arcade.log", home, None))
    home = fresh_home("logs")
    (home / "card-arcade.log").symlink_to("/dev/full")
    ways.append(("card-arcade.log a link to /dev/full", home, None))
    for what, home, before in ways:
        done = subprocess.run([PYTHON, "-c", LOGS], cwd=ROOT, env=program_env(home, LINES="3000"), capture_output=True,
                              text=True, timeout=120, preexec_fn=before)
        item.case()
        if done.returncode or "done" not in done.stdout:
            item.finds(f"{what}: exit {done.returncode} {done.stderr[-300:]}")
        elif "Logging error" in done.stderr or traceback_in(done.stderr):  # (a log that cannot open goes to stderr)
            item.finds(f"{what}: stderr holds {done.stderr.count('Logging error')} 'Logging error' "
                       f"{done.stderr[-200:]!r}")
    if IS_ROOT:
        home = fresh_home("logs-full")
        assert run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(home))
        try:
            with open(home / "filler", "wb", buffering=0) as handle, contextlib.suppress(OSError):
                while True:
                    handle.write(b"\0" * 512)
            done = subprocess.run([PYTHON, str(ROOT / "main.py"), "--frames", "30"], cwd=ROOT,
                                  env=program_env(home), capture_output=True, text=True, timeout=120)
            item.case()
            if done.returncode or "Logging error" in done.stderr or traceback_in(done.stderr):
                item.finds(f"main.py on a full disk: exit {done.returncode}, stderr {done.stderr[-300:]!r}")
        finally:
            run("umount", "-l", str(home))
    item.tries("3000 log lines with the log unwritable: files limited to 2 KB, a folder in its place, a link to "
               "/dev/full; main.py on a full tmpfs: no 'Logging error', no traceback, a quiet stderr")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    return struct.unpack(">II", data[16:24])


@attack(21, "Icons: 48 px and a scalable one, a multi-size ICO, the desktop entry runs the installed command")
def icons(item: Item) -> None:
    folder = ROOT / "assets" / "icons"
    sizes = {}
    for png in folder.glob("*.png"):
        item.case()
        sizes[png.name] = png_size(png)
        if png.stem.isdigit() and sizes[png.name] != (int(png.stem), int(png.stem)):
            item.finds(f"assets/icons/{png.name} is {sizes[png.name]}")
    if "48.png" not in sizes:
        item.finds("no 48 px icon")
    scalable = [p for p in [*folder.rglob("*.svg"), *(ROOT / "assets").glob("*.svg")]]
    item.case()
    if not scalable:
        item.finds("no scalable icon (SVG) in assets/")
    ico = (ROOT / "assets" / "icon.ico").read_bytes()
    count = struct.unpack("<HHH", ico[:6])[2]
    in_ico = sorted((ico[6 + 16 * i] or 256) for i in range(count))
    item.case()
    if not {16, 32, 48, 256} <= set(in_ico):
        item.finds(f"icon.ico holds {in_ico} px")
    out = fresh_home("icons")
    done = subprocess.run([PYTHON, str(ROOT / "tools" / "make_icon.py"), str(out)], cwd=ROOT,
                          env=program_env(fresh_home()), capture_output=True, text=True, timeout=120)
    item.case()
    if done.returncode:
        item.finds(f"tools/make_icon.py: {done.stderr[-300:]}")
    for venv_command in (True, False):
        data_home = fresh_home("desktop")
        env = program_env(fresh_home(), XDG_DATA_HOME=str(data_home), HOME=str(data_home))
        env.pop("PYTHONPATH")
        program = data_home / "bin" / "card-arcade"
        program.parent.mkdir()
        program.write_text("#!/bin/sh\n")
        program.chmod(0o755)
        code = ("import sys, runpy, sysconfig; sys.argv = ['main.py', '--install-desktop']; "
                + (f"sysconfig.get_path = lambda name, *a, **k: {str(program.parent)!r} if name == 'scripts' else "
                   "__import__('sysconfig').get_paths()[name]; " if venv_command else "")
                + f"runpy.run_path({str(ROOT / 'main.py')!r}, run_name='__main__')")
        done = subprocess.run([PYTHON, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        item.case()
        entry = data_home / "applications" / f"{APP_ID}.desktop"
        if not entry.exists():
            item.finds(f"the desktop entry was not installed: {(done.stdout + done.stderr)[-300:]}")
            continue
        exec_line = next(line for line in entry.read_text().splitlines() if line.startswith("Exec="))
        if venv_command and exec_line != f"Exec={program} %u":  # %u: the cardarcade:// link opened
            item.finds(f"installed beside a pip-installed card-arcade, the entry runs {exec_line!r}")
        if not venv_command and exec_line != f"Exec={PYTHON} {ROOT / 'main.py'} %u":
            item.finds(f"installed from the checkout, the entry runs {exec_line!r}")
        installed = sorted(p.parts[-3] for p in (data_home / "icons" / "hicolor").glob(f"*/apps/{APP_ID}.*"))
        if "48x48" not in installed or "scalable" not in installed:
            item.finds(f"the entry's icons: {installed} (48x48 and scalable wanted)")
    item.tries("assets/icons (each PNG's size, 48 px, an SVG), icon.ico's sizes, tools/make_icon.py into a new "
               "folder, main.py --install-desktop into a new XDG_DATA_HOME with and without a pip-installed "
               "card-arcade beside the Python: its Exec and the icon sizes installed")


FAKE_PYGAMES = {
    "no pygame at all": "raise ImportError('No module named pygame')",
    "the original pygame": "IS_CE = False\nversion = type('v', (), {'ver': '2.6.1'})()",
    "a pygame-ce whose SDL library is missing": "raise ImportError('libSDL2-2.0.so.0: cannot open shared object file')",
}


@attack(22, "An old Python or no pygame-ce: one sentence, no traceback")
def old_python(item: Item) -> None:
    pythons = [*sorted(Path("/root/.pyenv/versions").glob("3.*/bin/python3")), Path("/usr/bin/python3.10")]
    old = [p for p in pythons if p.exists() and re.search(r"3\.(6|7|8|9|10)\b", str(p))]
    for interpreter in old:
        for args in ([], ["--help"], ["--serve"], ["--simulate", "war"]):
            done = subprocess.run([str(interpreter), str(ROOT / "main.py"), *args], cwd=ROOT,
                                  env=program_env(fresh_home()), capture_output=True, text=True, timeout=60)
            item.case()
            lines = done.stderr.strip().splitlines()
            what = f"{interpreter.parent.parent.name} main.py {' '.join(args)}"
            if done.returncode == 0 or len(lines) != 1 or "3.11" not in done.stderr or traceback_in(done.stderr):
                item.finds(f"{what}: exit {done.returncode}, stderr {done.stderr[-300:]!r}")
    for what, body in FAKE_PYGAMES.items():
        fake = fresh_home("fake-pygame")
        (fake / "pygame").mkdir()
        (fake / "pygame" / "__init__.py").write_text(body + "\n")
        for script, args in (("main.py", []), ("main.pyw", []), ("main.py", ["--host", "skyjo"])):
            env = program_env(fresh_home(), PYTHONPATH=str(fake))
            done = subprocess.run([PYTHON, str(ROOT / script), *args], cwd=ROOT, env=env, capture_output=True,
                                  text=True, timeout=60)
            item.case()
            lines = done.stderr.strip().splitlines()
            if done.returncode == 0 or len(lines) != 1 or "pygame-ce" not in done.stderr or traceback_in(done.stderr):
                item.finds(f"{what}: {script} {' '.join(args)}: exit {done.returncode}, stderr {done.stderr[-300:]!r}")
        env = program_env(fresh_home(), PYTHONPATH=str(fake))
        server = subprocess.Popen([PYTHON, str(ROOT / "main.py"), "--serve", "--port", "0"], cwd=ROOT, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        time.sleep(3)
        alive = server.poll() is None
        server.send_signal(signal.SIGTERM)
        output = server.communicate(timeout=30)[0]
        item.case()
        if not alive or traceback_in(output):
            item.finds(f"{what}: main.py --serve (no window needed) did not run: {output[-300:]!r}")
    names = ", ".join(p.parent.parent.name for p in old)
    item.tries(f"main.py (no options, --help, --serve, --simulate war) on {names}; "
               f"main.py, main.pyw and main.py --host with {'; '.join(FAKE_PYGAMES)}; and main.py --serve "
               "(on 127.0.0.1, port 0) without pygame-ce, which needs no window")


# -- the run ------------------------------------------------------------------------------------
def run_item(number: int) -> Item:
    title, function = ATTACKS[number]
    item = Item(number, title)
    began = time.monotonic()
    try:
        function(item)
    except Exception as exc:  # the attack itself broke: said, and counted as a finding to look at
        import traceback

        item.broke = f"{type(exc).__name__}: {exc} {''.join(traceback.format_exception(exc))[-800:]}"
        item.finds(f"the attack stopped: {type(exc).__name__}: {exc}")
    finally:
        app = _APP.pop("app", None)
        if app is not None:
            close_app(app)
    item.seconds = round(time.monotonic() - began, 1)
    return item


def print_item(item: Item) -> None:
    print(f"\n== {item.number}. {item.title} ({item.seconds} s, {item.cases} cases)", flush=True)
    for what in item.tried:
        print(f"   tried: {what}")
    if item.found:
        print(f"   FOUND {len(item.found)}:")
        for what in item.found[:25]:
            print(f"     - {what}")
        if len(item.found) > 25:
            print(f"     ... and {len(item.found) - 25} more")
    else:
        print("   found: nothing")
    if item.broke:
        print(f"   THE ATTACK STOPPED: {item.broke}")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="items to run, e.g. 1,2,15 (default: every one)")
    parser.add_argument("--no-window", action="store_true", help="leave out the real window (drive.sh, Xvfb)")
    parser.add_argument("--seed", type=int, default=30, help="seed of the random choices (default 30)")
    parser.add_argument("--shots", type=Path, help="keep the window's screenshots (items 1-3) in this folder")
    args = parser.parse_args(argv)
    numbers = sorted(int(n) for n in args.only.split(",") if n.strip()) if args.only else sorted(ATTACKS)
    unknown = [n for n in numbers if n not in ATTACKS]
    if unknown:
        parser.error(f"no attack for item {unknown} (items: {sorted(ATTACKS)})")
    logging.getLogger().addHandler(logging.NullHandler())  # this process's own warnings: not on the report
    Context.window = not args.no_window
    Context.shots = args.shots
    Context.rng = random.Random(args.seed)
    began = time.monotonic()
    items = []
    with tempfile.TemporaryDirectory(prefix="card-arcade-attack-") as root:
        Context.root = Path(root)
        os.environ["CARD_ARCADE_HOME"] = str(fresh_home("this-process"))
        for number in numbers:
            item = run_item(number)
            print_item(item)
            items.append(item)
    summary = {"seconds": round(time.monotonic() - began, 1), "cases": sum(i.cases for i in items),
               "found": {i.number: len(i.found) for i in items if i.found},
               "items": {i.number: {"cases": i.cases, "found": len(i.found), "seconds": i.seconds} for i in items}}
    print(json.dumps(summary))
    return 1 if summary["found"] else 0


if __name__ == "__main__":
    sys.exit(main())
