"""How this copy of Card Arcade was installed (a checkout, pipx, pip, the standalone build), and the command
that adds what it lacks there: pygame-ce for the window, the `server` extra for `--serve --redis` and
`--metrics-port`."""
from __future__ import annotations

import importlib.metadata
import re
import sys
from pathlib import Path

DISTRIBUTION = "card-arcade"
TOP = Path(__file__).resolve().parent.parent  # the checkout, or site-packages/card_arcade
PIPX_METADATA = "pipx_metadata.json"  # what pipx writes at the top of each program's virtual environment


def way() -> str:
    """"build", "checkout" (requirements.txt beside main.py: a clone, or `pip install -e`), "pipx" or "pip"."""
    if getattr(sys, "frozen", False):
        return "build"
    if (TOP / "requirements.txt").is_file():
        return "checkout"
    return "pipx" if (Path(sys.prefix) / PIPX_METADATA).is_file() else "pip"


def install_command(extra: str | None = None) -> str:
    """The command that installs pygame-ce (`extra` None) or the packages of `extra` for this copy."""
    python = sys.executable
    kind = way()
    if kind == "build":  # tools/build.py leaves the server extra out unless asked
        return "python tools/build.py --server" if extra else "python tools/build.py (this build lacks a part)"
    if kind == "pipx":
        name = Path(sys.prefix).name
        return f"pipx install --force '{DISTRIBUTION}[{extra}]'" if extra else f"pipx reinstall {name}"
    if kind == "checkout":  # requirements.txt, requirements-server.txt
        return f"{python} -m pip install -r {TOP / ('requirements-' + extra if extra else 'requirements')}.txt"
    return f"{python} -m pip install '{DISTRIBUTION}[{extra}]'" if extra else f"{python} -m pip install '{pygame_ce()}'"


def uninstall_command(package: str) -> str:
    """The command that takes `package` out of this copy's Python."""
    if way() == "pipx":
        return f"pipx runpip {Path(sys.prefix).name} uninstall {package}"
    return f"{sys.executable} -m pip uninstall {package}"


def pygame_ce() -> str:
    """The installed package's requirement of pygame-ce ("pygame-ce" if its metadata cannot be read)."""
    try:
        required = importlib.metadata.requires(DISTRIBUTION) or []
    except importlib.metadata.PackageNotFoundError:
        required = []
    return next((line for line in required if re.match(r"pygame-ce\b", line)), "pygame-ce")
