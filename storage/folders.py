"""Where a player's files live, worked out without making a folder or importing pygame: `--help` prints it.
The folders are those files.data_dir(), settings.settings_dir() and logs.log_dir() use (tests check)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from storage.files import APP_NAME, HOME_VARIABLE, OWN_PLACES, XDG_DATA
from storage.logs import XDG_STATE
from storage.settings import XDG_CONFIG


def xdg_base(variable: str, default: str) -> Path:
    """$variable when it is an absolute path, else ~/default (the XDG Base Directory specification)."""
    value = os.environ.get(variable, "")
    return Path(value) if os.path.isabs(value) else Path.home() / default


def data_folder(platform: str = sys.platform) -> Path:
    """The data folder SDL's pref path names for the program on `platform` (statistics, saves)."""
    if os.environ.get(HOME_VARIABLE):
        return Path(os.environ[HOME_VARIABLE])
    if platform == "win32":
        return Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / APP_NAME
    if platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_NAME
    return xdg_base(XDG_DATA, ".local/share") / APP_NAME


def player_folders(platform: str = sys.platform) -> dict[str, Path]:
    """The data, settings and log folders, by those names."""
    data = data_folder(platform)
    if os.environ.get(HOME_VARIABLE) or platform in OWN_PLACES:
        return {"data": data, "settings": data, "log": data}
    return {"data": data, "settings": xdg_base(XDG_CONFIG, ".config") / APP_NAME,
            "log": xdg_base(XDG_STATE, ".local/state") / APP_NAME}


def folders_text() -> str:
    """One sentence naming this user's folders, for --help."""
    folders = player_folders()
    if len(set(folders.values())) == 1:
        return f"Statistics, saved games, settings and the log are kept in {folders['data']}."
    return (f"Statistics and saved games are kept in {folders['data']}, the settings in {folders['settings']}, "
            f"the log in {folders['log']}.")
