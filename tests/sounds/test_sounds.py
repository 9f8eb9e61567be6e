"""Sound effects (files, synthesis script), the SoundPlayer, and the application icon."""
import logging
import math
import sys
import wave
from array import array
from pathlib import Path
from typing import ClassVar

import pygame
import pytest

import sounds
from sounds import SOUND_NAMES, SoundPlayer, make_sounds, player
from sprites.app_icon import paint_app_icon

SOUNDS_DIR = Path(sounds.__file__).resolve().parent
MAX_SECONDS = 1.0
MAX_BYTES = 40_000
PEAK_CEILING = 0.9


def read_samples(path: Path) -> tuple[wave._wave_params, list[float]]:
    """The WAV's format and its samples scaled to -1..1."""
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        pcm = array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":
        pcm.byteswap()
    return params, [value / 32768 for value in pcm]


# --- the files ------------------------------------------------------------------------------------

def test_every_name_has_an_effect_in_the_script():
    assert tuple(make_sounds.EFFECTS) == SOUND_NAMES


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_effect_file_has_the_right_format_and_size(name):
    path = SOUNDS_DIR / f"{name}.wav"
    params, _ = read_samples(path)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    assert 0 < params.nframes / params.framerate < MAX_SECONDS
    assert path.stat().st_size < MAX_BYTES


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_effect_is_audible_without_clipping_or_pops(name):
    _, signal = read_samples(SOUNDS_DIR / f"{name}.wav")
    peak = max(abs(x) for x in signal)
    assert 0.2 < peak <= PEAK_CEILING
    assert signal[0] == 0 and signal[-1] == 0, "faded in and out: no click at either end"
    assert abs(sum(signal) / len(signal)) < 0.01, "no DC offset"


def test_effect_levels_are_balanced():
    level = {name: make_sounds.loudness(read_samples(SOUNDS_DIR / f"{name}.wav")[1])
             for name in SOUND_NAMES}
    db = {name: 20 * math.log10(value) for name, value in level.items()}
    assert all(-26 < value < -8 for value in db.values()), db
    assert db["tick"] < db["button"] < db["deal"] < db["win"] < db["war"]


def test_no_stray_wav_files():
    assert {path.stem for path in SOUNDS_DIR.glob("*.wav")} == set(SOUND_NAMES)


def test_script_is_deterministic_and_matches_the_committed_files(tmp_path):
    written = make_sounds.write_all(tmp_path)
    assert [path.stem for path in written] == list(SOUND_NAMES)
    for path in written:
        assert path.read_bytes() == (SOUNDS_DIR / path.name).read_bytes(), path.name
    assert make_sounds.render("shuffle") == make_sounds.render("shuffle")


def test_note_names_are_equal_tempered():
    assert make_sounds.note("A4") == pytest.approx(440.0)
    assert make_sounds.note("C5") == pytest.approx(523.2511, abs=1e-3)
    assert make_sounds.note("Eb4") == pytest.approx(make_sounds.note("D#4"))


# --- the player -----------------------------------------------------------------------------------

class FakeSound:
    """Stands in for pygame.mixer.Sound and remembers what was asked of it."""

    plays: ClassVar[list[str]] = []

    def __init__(self, path: str) -> None:
        self.name = Path(path).stem
        self.volume = 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        FakeSound.plays.append(self.name)


@pytest.fixture
def fake_sound(monkeypatch):
    FakeSound.plays = []
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    return FakeSound


def test_player_plays_every_effect_with_the_dummy_driver():
    sound_player = SoundPlayer()
    assert sound_player.available
    for name in SOUND_NAMES:
        sound_player.play(name)
    assert sound_player.played == list(SOUND_NAMES)
    assert all(isinstance(sound, pygame.mixer.Sound) for sound in sound_player._sounds.values())


def test_player_loads_each_file_once_and_plays_it_each_time(fake_sound):
    sound_player = SoundPlayer()
    for _ in range(3):
        sound_player.play("deal")
    assert fake_sound.plays == ["deal"] * 3
    assert list(sound_player._sounds) == ["deal"]


def test_spare_time_loads_one_effect_at_a_time_and_none_twice(fake_sound):
    sound_player = SoundPlayer()
    sound_player.play("deal")
    loaded = 0
    while sound_player.load_next():
        loaded += 1
    assert loaded == len(SOUND_NAMES) - 1, "each effect once, deal already loaded"
    assert set(sound_player._sounds) == set(SOUND_NAMES) and fake_sound.plays == ["deal"], "loaded, not played"
    assert not SoundPlayer(muted=True).load_next()


def test_muted_player_records_but_plays_nothing(fake_sound):
    sound_player = SoundPlayer(muted=True)
    sound_player.play("win")
    assert sound_player.played == ["win"]
    assert fake_sound.plays == []
    sound_player.configure(0.5, muted=False)
    sound_player.play("win")
    assert fake_sound.plays == ["win"]
    assert sound_player._sounds["win"].volume == 0.5


def test_volume_zero_plays_nothing(fake_sound):
    sound_player = SoundPlayer(volume=0.0)
    sound_player.play("flip")
    assert sound_player.played == ["flip"] and fake_sound.plays == []


@pytest.mark.parametrize("asked, expected", [
    (1.7, 1.0), (-0.3, 0.0), (0.25, 0.25), (float("nan"), 0.0), (float("inf"), 0.0), ("loud", 0.0),
])
def test_volume_is_clamped_to_0_1(asked, expected):
    sound_player = SoundPlayer(volume=asked)
    assert sound_player.volume == expected
    sound_player.configure(0.5, muted=False)
    sound_player.configure(asked, muted=False)
    assert sound_player.volume == expected


def test_configure_sets_the_volume_of_loaded_sounds():
    sound_player = SoundPlayer(volume=0.8)
    sound_player.play("score")
    sound_player.configure(3.0, muted=False)
    assert sound_player._sounds["score"].get_volume() == pytest.approx(1.0, abs=0.01)
    sound_player.configure(0.25, muted=True)
    assert sound_player._sounds["score"].get_volume() == pytest.approx(0.25, abs=0.01)
    assert sound_player.muted


def test_unknown_name_is_ignored_and_logged_once(caplog, fake_sound):
    sound_player = SoundPlayer()
    with caplog.at_level(logging.WARNING, logger="sounds.player"):
        sound_player.play("trumpet")
        sound_player.play("trumpet")
    assert sound_player.played == [] and fake_sound.plays == []
    assert sum("trumpet" in record.getMessage() for record in caplog.records) == 1


def test_played_keeps_the_newest_hundred():
    sound_player = SoundPlayer(muted=True)
    for index in range(130):
        sound_player.play(SOUND_NAMES[index % len(SOUND_NAMES)])
    assert len(sound_player.played) == 100
    assert sound_player.played[-1] == SOUND_NAMES[129 % len(SOUND_NAMES)]
    assert sound_player.played[0] == SOUND_NAMES[30 % len(SOUND_NAMES)]


def test_broken_sound_loading_does_not_raise(monkeypatch, caplog):
    def broken(path):
        raise pygame.error("decoder exploded")

    monkeypatch.setattr(pygame.mixer, "Sound", broken)
    sound_player = SoundPlayer()
    with caplog.at_level(logging.WARNING, logger="sounds.player"):
        for _ in range(2):
            for name in SOUND_NAMES:
                sound_player.play(name)
    assert sound_player.played == list(SOUND_NAMES) * 2
    assert sum("decoder exploded" in record.getMessage() for record in caplog.records) == len(
        SOUND_NAMES), "logged once per effect, not once per play"


def test_broken_sound_playback_does_not_raise(monkeypatch):
    class Unplayable(FakeSound):
        def play(self):
            raise pygame.error("no free channel driver")

        def set_volume(self, volume):
            raise pygame.error("volume broken")

    monkeypatch.setattr(pygame.mixer, "Sound", Unplayable)
    sound_player = SoundPlayer()
    sound_player.play("war")
    sound_player.configure(0.3, muted=False)
    sound_player.play("war")
    assert sound_player.played == ["war", "war"]


def test_without_an_audio_device_the_player_stays_silent(monkeypatch, fake_sound):
    def no_device(*args, **kwargs):
        raise pygame.error("Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound_player = SoundPlayer()
    assert not sound_player.available
    sound_player.play("deal")
    sound_player.configure(1.0, muted=False)
    assert sound_player.played == ["deal"] and fake_sound.plays == []


def test_sounds_are_found_in_a_pyinstaller_bundle(monkeypatch, tmp_path):
    bundle = tmp_path / "bundle"
    (bundle / "sounds").mkdir(parents=True)
    monkeypatch.setattr(player, "__file__", str(tmp_path / "elsewhere" / "player.pyc"))
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert player.sounds_folder() == bundle / "sounds"


def test_sounds_folder_is_next_to_the_player_in_a_checkout():
    assert player.sounds_folder() == SOUNDS_DIR
    assert (player.sounds_folder() / "deal.wav").is_file()


# --- the application icon -------------------------------------------------------------------------

@pytest.mark.parametrize("size", [16, 32, 48, 256])
def test_icon_is_a_card_fan_on_a_felt_disc(size):
    icon = paint_app_icon(size)
    assert icon.get_size() == (size, size)
    assert icon.get_flags() & pygame.SRCALPHA
    assert icon.get_at((0, 0)).a == 0, "transparent outside the disc"
    middle = icon.get_at((size // 2, size // 2))
    assert middle.a == 255
    pixels = [icon.get_at((x, y)) for x in range(size) for y in range(size)]
    greenish = sum(1 for c in pixels if c.a == 255 and c.g > c.r + 30 and c.g > c.b + 20)
    whitish = sum(1 for c in pixels if c.a == 255 and min(c.r, c.g, c.b) > 200)
    assert greenish > size * size * 0.08, "felt shows around the cards"
    assert whitish > size * size * 0.05, "white card faces show"


def test_icon_is_exported_under_the_name_the_app_uses():
    from sprites import app_icon

    assert app_icon.paint_icon(64).get_size() == (64, 64)


def test_icon_rejects_a_zero_size():
    with pytest.raises(ValueError):
        paint_app_icon(0)


def test_committed_icon_png_is_256_square():
    icon = pygame.image.load(str(SOUNDS_DIR.parent / "assets" / "icon.png"))
    assert icon.get_size() == (256, 256)
