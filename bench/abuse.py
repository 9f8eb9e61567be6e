#!/usr/bin/env python3
"""Abuse: kill -9 at random moments, two copies at once, hostile files, a read-only and a full disk.

    python bench/abuse.py [--kills N] [--copy-seconds S] [--seed N]      (prints one JSON object)

Every game in turn: N real processes (harness/crash_worker.py, computer seats, instant speed) killed
with SIGKILL at a random moment, each next one resuming; then two copies playing it side by side
for S seconds while more copies start and quit. Then every hostile file in place of the settings,
each game's save and the statistics, pressing Resume in a real App; and the read-only folder and
the full disk (a tmpfs; as root only). Reports what it tried, the failures, rows lost and doubled.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game import load_game, new_game  # noqa: E402
from harness.copies import Worker  # noqa: E402
from scenes.plugins import playable_games  # noqa: E402
from storage.saves import validate_payload  # noqa: E402
from storage.stats import SCHEMA, STATS_FILE  # noqa: E402

HANG_LIMIT = 20  # seconds a hostile file may take before it counts as a hang


def database_keys(home: Path, name: str) -> list[str]:
    db = sqlite3.connect(home / STATS_FILE)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "statistics damaged"
        return [key for (key,) in db.execute("SELECT game_key FROM games WHERE game = ?", (name,))]
    finally:
        db.close()


def check_saves(home: Path, name: str) -> dict[str, Path]:
    """Every save of `name` is whole and loads; {game key: path}."""
    found = {}
    for path in home.glob(f"save-{name}*.json"):
        payload = json.loads(path.read_text())
        assert validate_payload(payload, name) is None, f"{path.name} is not a valid save"
        load_game(payload["rules"]).check_invariants()
        found[payload["extra"]["key"]] = path
    return found


def kills(name: str, count: int, rng: random.Random, report: dict) -> None:
    """Kill -9 `count` workers in turn in one folder; after each, the save and the rows still hold."""
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        for i in range(count):
            worker = Worker(name, home, resume=i > 0)
            time.sleep(rng.uniform(0.5, 3.0))
            if not worker.kill():
                report["failures"].append(f"{name}: the worker died by itself")
                continue
            mid_write = any(home.glob("save-*.tmp"))
            report["kills"] += 1
            report["kills_mid_write"] += mid_write
            try:
                check_saves(home, name)
                if (home / STATS_FILE).exists():
                    keys = database_keys(home, name)
                    printed = max([int(n) for n in worker.said("recorded")] or [0])
                    report["rows_doubled"] += len(keys) - len(set(keys))
                    report["rows_lost"] += max(0, printed - len(keys))
            except (AssertionError, ValueError, OSError, sqlite3.Error) as exc:
                report["failures"].append(f"{name} after kill {i}: {exc}")


def copies(name: str, seconds: float, report: dict) -> None:
    """Two copies play `name` in one folder for `seconds` while more start and quit, then are killed."""
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        workers = [Worker(name, home)]
        time.sleep(1.0)
        workers.append(Worker(name, home))
        report["copies"] += 2
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "3"], cwd=ROOT, timeout=120,
                           env=dict(os.environ, CARD_ARCADE_HOME=str(home)), capture_output=True)
            report["copies"] += 1
        died = [not w.kill() for w in workers]
        if any(died):
            report["failures"].append(f"{name}: a copy died while both played")
        finished = [key for w in workers for key in w.said("finished")]
        report["games_in_two_copies"] += len(finished)
        try:
            keys, saves = database_keys(home, name), check_saves(home, name)
            report["rows_doubled"] += len(keys) - len(set(keys))
            report["rows_lost"] += len(set(finished) - set(keys))
            lost = [w.said("game")[-1] for w in workers if w.said("game")[-1] not in set(keys) | set(saves)]
            report["saves_lost"] += len(lost)
        except (AssertionError, ValueError, OSError, sqlite3.Error) as exc:
            report["failures"].append(f"{name} two copies: {exc}")


def real_save(name: str, seed: int = 3) -> dict:
    g = new_game(name, ["Ann", "Bob"], seed)
    g.apply(g.legal_moves()[0])
    return {"version": 1, "game": name, "rules": g.to_dict(), "extra": {"key": "k", "seed": seed},
            "seats": [{"name": "Ann", "kind": "human", "level": "normal"},
                      {"name": "Bob", "kind": "computer", "level": "easy"}]}


def changed_save(name: str, change: Callable[[dict], None]) -> bytes:
    payload = real_save(name)
    change(payload)
    return json.dumps(payload).encode()


def database(script: str) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        db = sqlite3.connect(Path(folder, "x"))
        db.executescript(script)
        db.close()
        return Path(folder, "x").read_bytes()


def file_kinds(name: str) -> dict[str, Callable[[Path], None]]:
    """Ways to put something hostile at a path (for the save of `name`)."""
    def data(blob: bytes) -> Callable[[Path], None]:
        def write(path: Path) -> None:
            path.write_bytes(blob)
        return write

    def rng(payload: dict) -> None:
        payload["rules"]["rng"][1][0] = -1

    def pending(payload: dict) -> None:
        payload["rules"]["pending_draw"] = 10**9

    return {
        "deep": data(b"[" * 100_000 + b"]" * 100_000),
        "huge_number": data(b'{"version": 1, "volume": ' + b"9" * 5000 + b"}"),
        "nan": data(b'{"version": 1, "volume": NaN}'),
        "garbage": data(random.Random(1).randbytes(5000)),
        "big_valid": data(json.dumps({"version": 1, "pad": "x" * 20_000_000}).encode()),
        "truncated": data(changed_save(name, lambda p: None)[:3000]),
        "negative_rng": data(changed_save(name, rng)),
        "pending_billion": data(changed_save(name, pending)),
        "fifo": lambda path: os.mkfifo(path),
        "folder": lambda path: path.mkdir(),
        "link_to_zero": lambda path: path.symlink_to("/dev/zero"),
        "dangling_link": lambda path: path.symlink_to(path.parent.parent / "nowhere"),
    }


DATABASES = {
    "trigger": SCHEMA + "CREATE TRIGGER t AFTER INSERT ON games BEGIN INSERT INTO games (game, finished_at) "
                        "VALUES (new.game, 0); END;",
    "check": SCHEMA.replace("game TEXT NOT NULL,", "game TEXT NOT NULL CHECK (game = 'x'),"),
    "view": SCHEMA + "CREATE VIEW v AS SELECT * FROM games;",
    "no_details": "CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT, finished_at REAL, game_key TEXT);"
                  "CREATE TABLE seats (game_id, seat, name, kind, score, won);",
}


def try_hostile(home: Path, target: str, resume: str | None, report: dict, what: str) -> None:
    """Start the App in `home`, press Resume on `resume`, play a moment: a crash or a hang is a failure."""
    from scenes.app import App
    from scenes.error import ErrorScene
    from scenes.menu import MenuScene

    def late(signum, frame):
        raise TimeoutError("hung")
    old = signal.signal(signal.SIGALRM, late)
    signal.alarm(HANG_LIMIT)
    report["hostile_files"] += 1
    try:
        app = App(folder=home)
        app.settings.animation_speed = "instant"
        menu = MenuScene(app)
        app.push(menu, transition=False)
        if resume:
            menu.resume(resume)
        for _ in range(30):
            app.step(1 / 60)
        if any(isinstance(s, ErrorScene) for s in app.scenes):
            report["failures"].append(f"{what} as {target}: the crash screen")
        if target == STATS_FILE:
            app.stats.record_game("war", [{"name": "A", "won": True}], key="after")
            if app.stats.count("war") != 1:
                report["failures"].append(f"{what} as {target}: the row was not written once")
        app.stats.close()
    except Exception as exc:  # anything escaping is the failure being looked for
        report["failures"].append(f"{what} as {target}: {type(exc).__name__}: {exc}"[:200])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def hostile_files(report: dict) -> None:
    for name in playable_games():
        for what, put in file_kinds(name).items():
            for target in ("settings.json", f"save-{name}.json"):
                with tempfile.TemporaryDirectory() as folder:
                    home = Path(folder, "home")
                    home.mkdir()
                    put(home / target)
                    try_hostile(home, target, name if target.startswith("save") else None, report, what)
    for what, script in DATABASES.items():
        with tempfile.TemporaryDirectory() as folder:
            home = Path(folder, "home")
            home.mkdir()
            (home / STATS_FILE).write_bytes(database(script))
            try_hostile(home, STATS_FILE, None, report, what)


def environments(report: dict) -> None:
    """A game played in a read-only tmpfs and on a full one (root only: it mounts them)."""
    if os.geteuid() != 0:
        report["environments"] = "skipped: mounting a tmpfs needs root"
        return
    tried = []
    for kind, options in (("read_only", "size=1m,ro"), ("full", "size=64k")):
        with tempfile.TemporaryDirectory() as folder:
            home = Path(folder)
            if subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(home)]).returncode:
                continue
            try:
                if kind == "full":
                    with open(home / "filler", "wb", buffering=0) as filler:
                        while True:
                            try:
                                filler.write(b"\0" * 512)
                            except OSError:
                                break
                worker = Worker("sota", home)
                time.sleep(8)
                if not worker.kill() or "moved" not in worker.lines:
                    report["failures"].append(f"{kind}: the game did not play on")
                tried.append(kind)
            finally:
                subprocess.run(["umount", "-l", str(home)])
    report["environments"] = tried


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20, help="kill -9 per game (default 20)")
    parser.add_argument("--copy-seconds", type=float, default=20.0, help="seconds two copies play each game")
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    report: dict = {"schema": 1, "kills": 0, "kills_mid_write": 0, "copies": 0, "games_in_two_copies": 0,
                    "hostile_files": 0, "rows_lost": 0, "rows_doubled": 0, "saves_lost": 0, "failures": []}
    start = time.monotonic()
    for name in playable_games():
        kills(name, args.kills, rng, report)
        copies(name, args.copy_seconds, report)
    hostile_files(report)
    environments(report)
    report["seconds"] = round(time.monotonic() - start, 1)
    print(json.dumps(report, indent=1))
    return 1 if report["failures"] or report["rows_lost"] or report["rows_doubled"] or report["saves_lost"] else 0


if __name__ == "__main__":
    sys.exit(main())
