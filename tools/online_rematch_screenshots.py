"""A guest asks for another game, in three real windows: play a short Sota game online to its end and
take the screenshots of the vote and of the new deal.

    python tools/online_rematch_screenshots.py [--out docs/screenshots]

Amina hosts Sota (`--host sota`, three human seats, no turn time), Bilal and Sara each open the
invite's `cardarcade://` link (the Join screen filled in: Enter joins) and sit; Amina starts, and all
three press A (a computer plays their turns) until the game is over. On the result screen Bilal, a
guest, presses Play again: the others read that he asked; then Amina and Sara agree, and the new deal
shows in every window. Each window has its own private X screen (../shared/tools/drive.sh), its own
data folder and discovery off: the server listens on 127.0.0.1 only, nothing is announced. The windows
wait for this script's cues (lines it writes to a file each window's log follower reads beside the
game's log), so that each step comes when the others have done theirs.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DRIVE = ROOT.parent / "shared" / "tools" / "drive.sh"
SCREEN = "1600x900x24"  # the window opens at 1280x720: logical coordinates are its pixels
GAME_S = 420  # the longest a step may wait
NAMES = ("Amina", "Bilal", "Sara")
OVER = "the game is over"
STARTS = "the game starts"


def settings(name: str) -> dict:
    """A window's settings: fast cards, discovery off, Sota set up with three human seats."""
    return {"version": 1, "animation_speed": "fast", "discovery": "off", "online_name": name,
            "setups": {"sota": {"names": list(NAMES), "count": 3, "options": {}, "turn_s": 0,
                                "seats": [["human", "normal"]] * 3}}}


def centre(rect: tuple[float, float, float, float]) -> list[str]:
    x, y, w, h = rect
    return [str(round(x + w / 2)), str(round(y + h / 2))]


def sit_button(seat: int) -> list[str]:
    """The lobby's Sit here by `seat`."""
    from scenes.online.lobby_rows import LEFT, ROW_H, SIT_W
    from sprites.theme import SPACE, TITLE_SIZE

    y = LEFT[1] + SPACE * 3 + TITLE_SIZE + seat * ROW_H
    return centre((LEFT[0] + LEFT[2] - SIT_W - SPACE, y, SIT_W, ROW_H - 8))


def start_button() -> list[str]:
    """The host lobby's Start: the first of its four buttons under the panels."""
    from scenes.online.lobby import LEFT
    from sprites.theme import BUTTON_H, BUTTON_W, SPACE

    top, count = LEFT[1] + LEFT[3] + SPACE * 2, 4
    left = 640 - (count * BUTTON_W + (count - 1) * SPACE) / 2
    return centre((left, top, BUTTON_W, BUTTON_H))


def cue(name: str) -> list[str]:
    """Wait for this script's cue `name`."""
    return ["expect", f"CUE {name}\\b"]


class Window:
    """One player's window under drive.sh with its own data folder; the app's log and the cue file
    are followed on its output, so that `expect` waits for what the game says or this script cues."""

    def __init__(self, home: Path, args: str, actions: list[str], cues: Path, log_copy: Path) -> None:
        home.mkdir(parents=True, exist_ok=True)
        self.home, self.log = home, home / "card-arcade.log"
        self.log.touch()
        command = (f"cd {ROOT} && (CARD_ARCADE_HOME={home} exec {sys.executable} main.py {args} & "
                   f"tail -n0 -F {self.log} {cues})")
        self.process = subprocess.Popen(
            ["bash", str(DRIVE), "-S", SCREEN, "-e", str(GAME_S), "-t", "40", "-l", str(log_copy), "-c", command,
             *actions], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_log(self, pattern: str, count: int = 1, seconds: float = GAME_S) -> re.Match:
        """The `count`th match of `pattern` in the app's log, waited for."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = list(re.finditer(pattern, self.log.read_text(encoding="utf-8", errors="replace")))
            if len(found) >= count:
                return found[count - 1]
            time.sleep(0.25)
        raise TimeoutError(f"{self.home.name}: no {pattern!r} ({count}) in its log")

    def finish(self) -> None:
        """Stop drive.sh (it stops its app and its X screen)."""
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


def guest(seat: int, after_over: list[str], new_deal: str) -> list[str]:
    """A guest's window: Enter joins from the filled Join screen, Sit here, A at the table, then its
    part of the vote, and its picture of the new deal."""
    return ["sleep", "4", "key", "Return", "expect", "at table", "sleep", "2", "click", *sit_button(seat),
            "expect", STARTS, "sleep", "2", "key", "a", "expect", OVER, *after_over, *cue("new"), "sleep", "1",
            "winshot", new_deal, "sleep", "600"]


def run(out: Path, folder: Path) -> None:
    cues = folder / "cues"
    cues.touch()
    homes = {name: folder / name.lower() for name in NAMES}
    for name, home in homes.items():
        home.mkdir()
        (home / "settings.json").write_text(json.dumps(settings(name)))

    def png(name: str) -> str:
        return str(out / f"online-rematch-{name}.png")

    def say(name: str) -> None:
        with cues.open("a") as file:
            file.write(f"CUE {name}\n")

    amina = Window(homes["Amina"], "--host sota", [
        *cue("start"), "click", *start_button(), "expect", STARTS, "sleep", "2", "key", "a", "expect", OVER,
        *cue("asked"), "winshot", png("host-asked"), *cue("agree-amina"), "key", "Return", *cue("new"), "sleep", "1",
        "winshot", png("host-new-deal"), "sleep", "600"], cues, folder / "drive-amina.log")
    windows = [amina]
    try:
        code = amina.wait_log(r"at table (\w{6})", seconds=60)[1]
        port = amina.wait_log(r"listens on port (\d+)")[1]
        link = f"cardarcade://join/{code}?server=ws://127.0.0.1:{port}"
        windows.append(Window(homes["Bilal"], f"'{link}'", guest(1, [
            *cue("ask"), "key", "Return", "sleep", "2", "winshot", png("guest-asked")], png("guest-new-deal")),
            cues, folder / "drive-bilal.log"))
        windows[-1].wait_log(r"at table \w{6} \(sota\): seat 1", seconds=60)
        windows.append(Window(homes["Sara"], f"'{link}'", guest(2, [
            *cue("asked"), "winshot", png("other-guest-asked"), *cue("agree-sara"), "key", "Return"],
            png("other-guest-new-deal")), cues, folder / "drive-sara.log"))
        windows[-1].wait_log(r"at table \w{6} \(sota\): seat 2", seconds=60)
        time.sleep(2)
        say("start")
        for window in windows:
            window.wait_log(OVER)
        time.sleep(5)  # every result screen is up
        say("ask")
        time.sleep(4)
        say("asked")
        time.sleep(3)
        say("agree-amina")
        time.sleep(3)
        say("agree-sara")
        for window in windows:
            window.wait_log(STARTS, count=2, seconds=60)
        time.sleep(4)
        say("new")
        time.sleep(6)
    finally:
        for window in windows:
            window.finish()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="card-arcade-rematch-") as folder:
        try:
            run(args.out.resolve(), Path(folder))
        finally:
            for log in sorted(Path(folder).glob("*/card-arcade.log")):
                print(f"--- {log.parent.name}'s log (end)\n" + log.read_text(errors="replace")[-1500:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
