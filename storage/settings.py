"""The player's settings, saved as JSON and restored at the next start."""
from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from lang import LANGUAGES, _
from storage.files import atomic_write_json, quarantine, xdg_dir
from storage.reading import DamagedFile, read_json

SETTINGS_FILE = "settings.json"
XDG_CONFIG = "XDG_CONFIG_HOME"
SETTINGS_LIMIT = 64 * 1024  # bytes; the file is about 200
log = logging.getLogger("card_arcade.storage")
ANIMATION_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
SETUP_GAMES = 32  # games whose last setup is remembered, at most
SETUP_SEATS = 8
SETUP_OPTIONS = 16
SETUP_TEXT = 40  # characters of a remembered name, kind, level or option key
SERVER_TEXT = 200  # characters of the online server's address


DISCOVERY = ("off", "loopback", "all")
# the card backs and felts painted by sprites/faces_backs.py BACK_STYLES and sprites/theme.py FELTS
CARD_BACKS = ("classic", "royal", "crimson", "tartan", "midnight", "sunset", "slate")
FELTS = ("green", "blue", "burgundy", "charcoal", "walnut")


@dataclass
class Settings:
    """Everything the settings screen changes."""

    volume: float = 0.8
    muted: bool = False
    animation_speed: str = "normal"
    fullscreen: bool = False
    four_colour: bool = False
    reduced_motion: bool = False
    move_marks: bool = True  # tables mark the cards and piles that have a legal move
    setups: dict[str, dict] = field(default_factory=dict)  # per game, the last setup started (see clean_setup)
    discovery: str = "all"  # where hosted tables are announced and looked for: "off", "loopback" or "all"
    online_name: str = ""  # the name last given to join a table on another machine
    online_server: str = ""  # where Host online opens tables (wss://...); "": on this window's own server
    card_back: str = "classic"  # one of CARD_BACKS, for every deck ("classic": each deck's own colours)
    felt: str = "green"  # one of FELTS: the table's cloth behind every screen
    language: str = ""  # one of lang.LANGUAGES; "": the system's (a file written before languages has none)

    @property
    def animation_scale(self) -> float:
        """Multiplier for every animation's duration (0 = instant)."""
        return ANIMATION_SPEEDS[self.animation_speed]

    def validate(self) -> None:
        """Raise ValueError unless every field has the right type and range."""
        if not isinstance(self.volume, (int, float)) or isinstance(self.volume, bool) or not 0 <= self.volume <= 1:
            raise ValueError("volume must be between 0 and 1")
        if self.animation_speed not in ANIMATION_SPEEDS:
            raise ValueError(f"unknown animation speed {self.animation_speed!r}")
        if self.card_back not in CARD_BACKS:
            raise ValueError(f"unknown card back {self.card_back!r}")
        if self.felt not in FELTS:
            raise ValueError(f"unknown felt {self.felt!r}")
        if self.language != "" and self.language not in LANGUAGES:
            raise ValueError(f"unknown language {self.language!r}")
        if self.discovery not in DISCOVERY:
            raise ValueError(f"unknown discovery {self.discovery!r}")
        if not isinstance(self.online_name, str) or len(self.online_name) > SETUP_TEXT:
            raise ValueError("online_name must be a short text")
        if not isinstance(self.online_server, str) or len(self.online_server) > SERVER_TEXT:
            raise ValueError("online_server must be a short text")
        for name in ("muted", "fullscreen", "four_colour", "reduced_motion", "move_marks"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= SETUP_TEXT else None


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float)) or _text(value) is not None


def clean_setup(value: Any) -> dict | None:
    """One game's remembered setup as the settings keep it: {"names": [str], "seats": [[kind, level]],
    "count": int, "options": {key: value}, "turn_s": int (hosting online)}; each part that is not so is
    left out, never an error (the setup screen checks the rest against the game). None if nothing is left."""
    if not isinstance(value, dict):
        return None
    setup: dict = {}
    names = value.get("names")
    if isinstance(names, list) and len(names) <= SETUP_SEATS and all(_text(n) for n in names):
        setup["names"] = list(names)
    seats = value.get("seats")
    if isinstance(seats, list) and len(seats) <= SETUP_SEATS and all(
            isinstance(s, list) and len(s) == 2 and _text(s[0]) and _text(s[1]) for s in seats):
        setup["seats"] = [list(s) for s in seats]
    count = value.get("count")
    if isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= SETUP_SEATS:
        setup["count"] = count
    turn_s = value.get("turn_s")
    if isinstance(turn_s, int) and not isinstance(turn_s, bool) and turn_s >= 0:
        setup["turn_s"] = turn_s
    options = value.get("options")
    if isinstance(options, dict) and len(options) <= SETUP_OPTIONS:
        setup["options"] = {k: v for k, v in options.items() if _text(k) and _scalar(v)}
    return setup or None


def clean_setups(value: Any) -> dict[str, dict]:
    """Every game's remembered setup that reads well; a damaged one is dropped."""
    if not isinstance(value, dict):
        return {}
    cleaned = {name: clean_setup(setup) for name, setup in list(value.items())[:SETUP_GAMES] if _text(name)}
    return {name: setup for name, setup in cleaned.items() if setup is not None}


def settings_dir(data: Path) -> Path:
    """Where the settings are kept: $XDG_CONFIG_HOME/CardArcade (see files.xdg_dir), else `data`."""
    return xdg_dir(XDG_CONFIG, ".config", data, [SETTINGS_FILE])


def load_settings(folder: Path) -> tuple[Settings, str | None]:
    """The saved settings and no warning, or defaults and what was wrong with the file."""
    path = folder / SETTINGS_FILE
    try:
        data = read_json(path, SETTINGS_LIMIT)
    except DamagedFile as exc:
        return Settings(), _("Settings: {problem}. Defaults are used.", problem=exc)
    if data is None:
        return Settings(), None
    try:
        return _parse(data), None
    except (TypeError, ValueError) as exc:
        return Settings(), _("Settings: {problem}. Defaults are used.", problem=quarantine(path, str(exc)))


def _parse(data: Any) -> Settings:
    """The settings a file's JSON holds; ValueError or TypeError if it holds none."""
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError("unknown version")
    known = {f.name for f in fields(Settings)}
    settings = Settings(**{k: v for k, v in data.items() if k in known and k != "setups"})
    settings.validate()
    settings.setups = clean_setups(data.get("setups"))  # a damaged setup is forgotten, not the settings
    return settings


def save_settings(folder: Path, settings: Settings) -> bool:
    """Write the settings; False (and a line in the log) if the folder cannot take them now. The
    player has been told that nothing can be saved (SaveStore says it once)."""
    try:
        atomic_write_json(folder / SETTINGS_FILE, {"version": 1, **asdict(settings)})
    except OSError as exc:
        log.warning("cannot save the settings: %s", exc)
        return False
    return True


class SettingsFile:
    """One copy's settings file. A save writes only what this copy changed since it last read or
    wrote the file, over the file as it is now: another copy's changes to other settings (or to
    another game's remembered setup) are kept."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.known = asdict(Settings())  # the settings as this copy last read or wrote them

    def load(self) -> tuple[Settings, str | None]:
        """As load_settings; what is loaded is what later saves compare with."""
        settings, warning = load_settings(self.folder)
        self.known = asdict(settings)
        return settings, warning

    def save(self, settings: Settings) -> bool:
        """Write this copy's changes over a fresh read of the file; False as save_settings."""
        mine = asdict(settings)
        merged = changed_over(self._on_disk() or self.known, self.known, mine)
        if not save_settings(self.folder, Settings(**merged)):
            return False
        self.known = mine
        return True

    def _on_disk(self) -> dict[str, Any] | None:
        """The settings the file holds now; None if it holds none that read well."""
        try:
            data = read_json(self.folder / SETTINGS_FILE, SETTINGS_LIMIT)
            return None if data is None else asdict(_parse(data))
        except (DamagedFile, TypeError, ValueError):
            return None


def changed_over(current: dict[str, Any], before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """`current` with each setting that changed from `before` to `after` set as in `after`; the
    remembered setups game by game."""
    merged = {**current, **{k: v for k, v in after.items() if k != "setups" and v != before[k]}}
    setups = {game: setup for game, setup in after["setups"].items() if setup != before["setups"].get(game)}
    merged["setups"] = {**current["setups"], **setups}
    return merged
