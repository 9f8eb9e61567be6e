"""The sound player: plays Card Arcade's effects by name and never lets audio trouble crash the game.

Behaviour the rest of the game relies on:
- play(name) records every known name in `played` (newest last, at most MAX_PLAYED), whether or not
  it is heard: muted, volume 0, no audio device or a broken file all still record it. Scene tests
  use `played` to check which effects a table asked for. Unknown names are not recorded; they are
  ignored and logged once each.
- Nothing is audible while muted or at volume 0 (no Sound is even played then).
- WAVs are loaded on first use from the folder of this file, or from sys._MEIPASS/sounds in a
  PyInstaller build, and cached. A file that fails to load is logged once and stays silent.
"""
from __future__ import annotations

import logging
import math
import sys
from pathlib import Path

import pygame

SOUND_NAMES: tuple[str, ...] = (
    "deal", "slide", "flip", "shuffle", "illegal", "win", "button", "war", "score", "lose", "tick",
)
MAX_PLAYED = 100
MIXER_FREQUENCY = 44100
MIXER_BUFFER = 512  # small buffer: clicks and flicks should land on the frame they belong to
MIXER_CHANNELS = 16  # a fast deal overlaps many short effects

log = logging.getLogger("card_arcade.sounds")


def clamp_volume(volume: float) -> float:
    """Volume limited to 0..1; anything that is not a finite number counts as 0."""
    try:
        value = float(volume)
    except (TypeError, ValueError):
        return 0.0
    if not math.isfinite(value):
        return 0.0
    return min(max(value, 0.0), 1.0)


def sounds_folder() -> Path:
    """The folder holding the WAV files, in a source checkout or a PyInstaller build."""
    here = Path(__file__).resolve().parent
    if (here / f"{SOUND_NAMES[0]}.wav").is_file():
        return here
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None and (Path(bundle) / "sounds").is_dir():
        return Path(bundle) / "sounds"
    return here


class SoundPlayer:
    """Plays effects by name at the configured volume; silent, never raising, without audio."""

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        """Start the mixer if it can be started; otherwise stay silent."""
        self._volume = clamp_volume(volume)
        self._muted = bool(muted)
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._sounds_spec: object = None  # the mixer format the cached sounds were loaded for
        self._reported: set[str] = set()
        self._folder = sounds_folder()
        self.played: list[str] = []
        self._mixer_ready = self._start_mixer()

    @property
    def available(self) -> bool:
        """True when a mixer is running, so sounds can actually be heard (when not muted)."""
        try:
            return self._mixer_ready and bool(pygame.mixer.get_init())
        except Exception:  # a broken audio stack must not crash a property read
            return False

    @property
    def volume(self) -> float:
        """The current volume, 0..1."""
        return self._volume

    @property
    def muted(self) -> bool:
        """True while nothing is audible."""
        return self._muted

    def configure(self, volume: float, muted: bool) -> None:
        """Apply new settings (volume clamped to 0..1) to the effects already loaded."""
        self._volume = clamp_volume(volume)
        self._muted = bool(muted)
        for name, sound in self._sounds.items():
            if sound is not None:
                self._guard(name, lambda s=sound: s.set_volume(self._volume))

    def play(self, name: str) -> None:
        """Play one effect by name; records it in `played`; never raises."""
        if name not in SOUND_NAMES:
            self._report(f"unknown:{name}", "unknown sound effect %r ignored", name)
            return
        self.played.append(name)
        del self.played[:-MAX_PLAYED]
        if self._muted or self._volume <= 0.0 or not self.available:
            return
        sound = self._load(name)
        if sound is not None:
            self._guard(name, sound.play)

    def load_next(self) -> bool:
        """Load one effect not loaded yet (in spare time, so that no frame waits for its first
        play); False when there is none to load."""
        if self._muted or self._volume <= 0.0 or not self.available:
            return False
        name = next((n for n in SOUND_NAMES if n not in self._sounds), None)
        if name is not None:
            self._load(name)
        return name is not None

    def _start_mixer(self) -> bool:
        """Initialise pygame.mixer unless it already runs; False when there is no audio."""
        try:
            if pygame.mixer.get_init():
                return True
            pygame.mixer.init(MIXER_FREQUENCY, -16, 2, MIXER_BUFFER)
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
            return bool(pygame.mixer.get_init())
        except Exception as error:  # no audio device is a normal situation
            self._report("mixer", "no audio, sounds are off: %s", error)
            return False

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        """The cached Sound of an effect, loading it on first use (None if it cannot load)."""
        spec = pygame.mixer.get_init()
        if spec != self._sounds_spec:  # the mixer was restarted in another format: reload
            self._sounds.clear()
            self._sounds_spec = spec
        if name in self._sounds:
            return self._sounds[name]
        path = self._folder / f"{name}.wav"
        sound: pygame.mixer.Sound | None
        try:
            sound = pygame.mixer.Sound(str(path))
            sound.set_volume(self._volume)
        except Exception as error:  # a missing or damaged file stays silent
            self._report(f"load:{name}", "cannot load sound %s: %s", path, error)
            sound = None
        self._sounds[name] = sound
        return sound

    def _guard(self, name: str, action) -> None:
        """Run a mixer call, logging (once per effect) instead of raising if it fails."""
        try:
            action()
        except Exception as error:  # audio must never crash the game
            self._report(f"play:{name}", "cannot play sound %r: %s", name, error)

    def _report(self, key: str, message: str, *args: object) -> None:
        """Log a warning once per key."""
        if key not in self._reported:
            self._reported.add(key)
            log.warning(message, *args)
