"""Play a whole Skyjo game online in three real windows and take the README's online screenshots.

    sudo python tools/online_screenshots.py [--out docs/screenshots]

Amina hosts (`--host skyjo`: her seat, an open seat, a computer), Bilal joins from the list of tables
on the network and sits, Sara joins and watches. Each window has its own private X screen
(../shared/tools/drive.sh) and its own data folder. Once the game runs, Amina and Bilal press A (a
computer plays their turns); in the middle Bilal's window is killed (SIGKILL), Amina's shows him lost
with the countdown, and he comes back with `--join ADDRESS/CODE`: his seat is given back where it was.

Everything runs inside a network namespace this script makes (loopback only, multicast on), so the
local-network discovery never reaches a real interface; the namespace is removed at the end. Needs
root (`ip netns`).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DRIVE = ROOT.parent / "shared" / "tools" / "drive.sh"
SCREEN = "1600x900x24"  # the window opens at 1280x720: logical coordinates are its pixels
GAME_S = 420  # the longest the game may take
LOG_S = 60  # the longest to wait for one line of a window's log


def settings(name: str) -> dict:
    """A window's settings: fast cards, discovery on loopback, Skyjo set up as Amina hosts it."""
    return {"version": 1, "animation_speed": "fast", "discovery": "loopback", "online_name": name,
            "setups": {"skyjo": {"names": ["Amina", "Bilal", "Omar"], "count": 3, "options": {"target": 50},
                                 "seats": [["human", "normal"], ["human", "normal"], ["computer", "normal"]]}}}


def centre(rect: tuple[float, float, float, float]) -> list[str]:
    x, y, w, h = rect
    return [str(round(x + w / 2)), str(round(y + h / 2))]


def found_button(index: int) -> list[str]:
    """The join screen's button of the `index`th table found."""
    from scenes.online.join import LIST, ROW_H
    from sprites.theme import SPACE, TITLE_SIZE

    x, top = LIST[0] + SPACE, LIST[1] + SPACE * 3 + TITLE_SIZE
    return centre((x, top + index * ROW_H, LIST[2] - 2 * SPACE, ROW_H - 8))


def sit_button(seat: int) -> list[str]:
    from scenes.online.lobby_rows import LEFT, ROW_H, SIT_W
    from sprites.theme import SPACE, TITLE_SIZE

    y = LEFT[1] + SPACE * 3 + TITLE_SIZE + seat * ROW_H
    return centre((LEFT[0] + LEFT[2] - SIT_W - SPACE, y, SIT_W, ROW_H - 8))


def row_button(index: int, count: int, top: float) -> list[str]:
    """The `index`th of `count` buttons of the one size in a row centred on the screen at `top`."""
    from sprites.theme import BUTTON_H, BUTTON_W, SPACE

    left = 640 - (count * BUTTON_W + (count - 1) * SPACE) / 2
    return centre((left + index * (BUTTON_W + SPACE), top, BUTTON_W, BUTTON_H))


def lobby_buttons() -> float:
    from scenes.online.lobby import LEFT
    from sprites.theme import SPACE

    return LEFT[1] + LEFT[3] + SPACE * 2


def join_menu() -> list[str]:
    """Title -> menu -> Join a table (found on the menu laid out headless, as the window lays it out)."""
    from screenshots import menu_button

    return ["sleep", "2", "key", "Return", "sleep", "1", *menu_button("Join a table"), "sleep", "3"]


class Window:
    """One player's window under drive.sh, in the namespace, with its own data folder; its log file
    is followed on its output, so that `expect` waits for what the game says."""

    def __init__(self, namespace: str, home: Path, args: str, actions: list[str], out: Path, name: str) -> None:
        home.mkdir(parents=True, exist_ok=True)
        log = home / "card-arcade.log"
        log.touch()
        command = (f"cd {ROOT} && (CARD_ARCADE_HOME={home} exec {sys.executable} main.py {args} & "
                   f"echo $! > {home}/pid; tail -n0 -F {log})")
        self.home, self.log = home, log
        self.process = subprocess.Popen(
            ["ip", "netns", "exec", namespace, "bash", str(DRIVE), "-S", SCREEN, "-e", str(GAME_S), "-t", "40",
             "-l", str(out / f"drive-{name}.log"), "-c", command, *actions],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    def wait_log(self, pattern: str, seconds: float = LOG_S) -> re.Match:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = re.search(pattern, self.log.read_text(encoding="utf-8", errors="replace"))
            if found:
                return found
            time.sleep(0.25)
        raise TimeoutError(f"{self.home.name}: no {pattern!r} in its log")

    def kill_app(self) -> None:
        os.kill(int((self.home / "pid").read_text()), signal.SIGKILL)

    def finish(self, seconds: float) -> None:
        try:
            self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            self.process.terminate()  # drive.sh stops its app (and the app's log tail) and its X screen
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)


def shot(out: Path, name: str) -> list[str]:
    return ["winshot", str(out / f"online-{name}.png")]


def run(out: Path, folder: Path, namespace: str) -> None:
    homes = {name: folder / name for name in ("amina", "bilal", "sara")}
    for name, home in homes.items():
        home.mkdir()
        (home / "settings.json").write_text(json.dumps(settings(name.capitalize())))
    start = row_button(0, 4, lobby_buttons())  # Start, Lock table, Copy invite, Leave
    over = "the game is over"
    amina = Window(namespace, homes["amina"], "--host skyjo", [
        "sleep", "6", *shot(out, "host-lobby"),
        "expect", r"the lobby: Amina \(human\), Bilal \(human\)", "sleep", "2", *shot(out, "lobby"),
        "click", *start, "expect", "the game starts", "sleep", "3", *shot(out, "table-host"),
        "key", "a", "expect", "seat 1 lost connection", "sleep", "2", *shot(out, "lost-connection"),
        "expect", over, "sleep", "4", *shot(out, "result"), "sleep", "30"], out, "amina")
    port = int(amina.wait_log(r"listens on port (\d+)")[1])
    code = amina.wait_log(r"at table (\w{6})")[1]
    sara = Window(namespace, homes["sara"], "", [
        *join_menu(), *shot(out, "join-list"), "click", *found_button(0), "sleep", "3",
        "expect", "the game starts", "sleep", "4", *shot(out, "table-spectator"),
        "expect", over, "sleep", "4", *shot(out, "result-spectator"), "sleep", "30"], out, "sara")
    sara.wait_log(r"at table \w{6} \(skyjo\): seat None")
    bilal = Window(namespace, homes["bilal"], "", [
        *join_menu(), "click", *found_button(0), "sleep", "3", "click", *sit_button(1), "sleep", "3",
        *shot(out, "guest-lobby"), "expect", "the game starts", "sleep", "3", *shot(out, "table-guest"),
        "key", "a", "sleep", "600"], out, "bilal")
    bilal.wait_log("the game starts", 90)
    time.sleep(25)  # the game is under way: Bilal's window dies
    bilal.kill_app()
    bilal.finish(20)
    amina.wait_log("seat 1 lost connection")
    time.sleep(6)
    back = Window(namespace, homes["bilal"], f"--join 127.0.0.1:{port}/{code}", [
        "sleep", "3", "click", *row_button(0, 2, join_buttons()), "sleep", "5", *shot(out, "back"),
        "key", "a", "expect", over, "sleep", "4", *shot(out, "result-guest"), "sleep", "30"], out, "bilal-back")
    for window in (amina, sara, back):
        window.finish(GAME_S + 120)


def join_buttons() -> float:
    from scenes.online.join import LIST
    from sprites.theme import SPACE

    return LIST[1] + LIST[3] + SPACE * 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    namespace = f"card-arcade-shots-{os.getpid()}"
    subprocess.run(["ip", "netns", "add", namespace], check=True)
    try:
        subprocess.run(["ip", "-n", namespace, "link", "set", "dev", "lo", "up", "multicast", "on"], check=True)
        with tempfile.TemporaryDirectory() as folder:
            run(args.out, Path(folder), namespace)
    finally:
        subprocess.run(["ip", "netns", "del", namespace], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
