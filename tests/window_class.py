"""The X11 window class of a real Card Arcade window, read on a private Xvfb screen."""
from __future__ import annotations

import os
import shutil
import subprocess

X_TOOLS = ("Xvfb", "xdotool", "xprop")


def window_class(command: list[str], home: str) -> str | None:
    """WM_CLASS of the window `command` opens (xprop's line), or None where Xvfb, xdotool or xprop
    is not installed. The program is ended with SIGTERM once its first frame is drawn."""
    if not all(shutil.which(tool) for tool in X_TOOLS):
        return None
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        env = dict(os.environ, DISPLAY=":" + xvfb.stdout.readline().strip(), SDL_VIDEODRIVER="x11",
                   SDL_AUDIODRIVER="dummy", CARD_ARCADE_HOME=home, CARD_ARCADE_REPORT_FIRST_FRAME="1")
        for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
            env.pop(hint, None)  # what the program sets itself, not what this process inherited
        program = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            for line in program.stdout:
                if line.startswith("first frame"):
                    break
            windows = subprocess.run(["xdotool", "search", "--pid", str(program.pid)], env=env,
                                     capture_output=True, text=True, timeout=30, check=True).stdout.split()
            return subprocess.run(["xprop", "-id", windows[0], "WM_CLASS"], env=env, capture_output=True,
                                  text=True, timeout=30, check=True).stdout.strip()
        finally:
            program.terminate()
            program.wait(timeout=60)
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=30)
