"""Synthesise every Card Arcade sound effect into sounds/<name>.wav (standard library only).

Run: python sounds/make_sounds.py [FOLDER]   (default: beside this script)
The output is deterministic: each effect has its own random.Random(seed), so regenerating gives
byte-identical files. 22050 Hz, 16-bit, mono, every file under one second.
"""
from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22050
NYQUIST = RATE / 2
FADE_IN_SECONDS = 0.002
FADE_OUT_SECONDS = 0.012
RELEASE_SECONDS = 0.015
LOUDNESS_WINDOW_SECONDS = 0.05
PEAK_CEILING = 0.89  # -1 dBFS
TAU = 2 * math.pi

Signal = list[float]
Curve = Callable[[float], float]


# --- building blocks --------------------------------------------------------------------------

def samples(seconds: float) -> int:
    """Number of samples in a duration."""
    return round(seconds * RATE)


def silence(seconds: float) -> Signal:
    """A buffer of zeros as long as the duration."""
    return [0.0] * samples(seconds)


def white_noise(rng: random.Random, seconds: float) -> Signal:
    """Uniform white noise in -1..1 from the effect's own generator."""
    return [rng.uniform(-1.0, 1.0) for _ in range(samples(seconds))]


def bandpass(signal: Signal, centre: Curve, q: float) -> Signal:
    """RBJ biquad band-pass (0 dB peak); centre(t) in Hz may sweep over time."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    b0 = a1 = a2 = 0.0
    for i, x in enumerate(signal):
        if i % 16 == 0:  # recompute the sweeping coefficients every 16 samples: smooth and cheap
            w0 = TAU * min(centre(i / RATE), NYQUIST * 0.9) / RATE
            alpha = math.sin(w0) / (2 * q)
            a0 = 1 + alpha
            b0 = alpha / a0
            a1 = -2 * math.cos(w0) / a0
            a2 = (1 - alpha) / a0
        y = b0 * x - b0 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, x
        y2, y1 = y1, y
        out.append(y)
    return out


def lowpass(signal: Signal, cutoff: float) -> Signal:
    """One-pole low-pass filter."""
    k = 1 - math.exp(-TAU * cutoff / RATE)
    y = 0.0
    out = []
    for x in signal:
        y += k * (x - y)
        out.append(y)
    return out


def decay_envelope(seconds: float, attack: float, tau: float) -> Signal:
    """Linear attack, exponential decay (time constant tau), and a short release to exactly zero
    at the end, so a part cut short never clicks."""
    n = samples(seconds)
    release = max(min(samples(RELEASE_SECONDS), n // 4), 1)
    out = []
    for i in range(n):
        t = i / RATE
        level = t / attack if t < attack else math.exp(-(t - attack) / tau)
        left = n - 1 - i
        if left < release:
            level *= math.sin(left / release * math.pi / 2) ** 2
        out.append(level)
    return out


def swell_envelope(seconds: float, peak_at: float) -> Signal:
    """A smooth hump: sine-squared rise to peak_at (fraction), then a sine-squared fall."""
    n = samples(seconds)
    out = []
    for i in range(n):
        x = i / max(n - 1, 1)
        phase = x / peak_at if x < peak_at else 1 + (x - peak_at) / (1 - peak_at)
        out.append(math.sin(phase * math.pi / 2) ** 2)
    return out


def multiply(a: Signal, b: Signal) -> Signal:
    """Sample-by-sample product (length of the shorter)."""
    return [x * y for x, y in zip(a, b, strict=False)]


def mix_into(bed: Signal, part: Signal, at: float, gain: float = 1.0) -> None:
    """Add part into bed starting at `at` seconds (clipped to the bed's length)."""
    start = samples(at)
    for i, x in enumerate(part[: max(len(bed) - start, 0)]):
        bed[start + i] += gain * x


def tone(seconds: float, pitch: Curve, partials: Sequence[tuple[float, float]],
         brightness: Curve | None = None) -> Signal:
    """Additive tone: partials are (frequency multiple, amplitude); brightness(t) scales the
    upper partials as amplitude * brightness ** (multiple - 1); partials above Nyquist are skipped."""
    out = []
    phase = 0.0
    for i in range(samples(seconds)):
        t = i / RATE
        frequency = pitch(t)
        phase += TAU * frequency / RATE
        shine = brightness(t) if brightness else 1.0
        value = 0.0
        for multiple, amplitude in partials:
            if frequency * multiple < NYQUIST:
                value += amplitude * shine ** (multiple - 1) * math.sin(phase * multiple)
        out.append(value)
    return out


def flick(rng: random.Random, centre: float, tau: float, q: float = 1.1,
          seconds: float = 0.08) -> Signal:
    """One card flick: a band-passed noise burst with a 1 ms attack and a fast decay."""
    burst = multiply(white_noise(rng, seconds), decay_envelope(seconds, 0.001, tau))
    return bandpass(burst, lambda t: centre, q)


def constant(value: float) -> Curve:
    """A curve that does not move."""
    return lambda t: value


def vibrato(frequency: float, depth: float, rate: float = 5.5, delay: float = 0.1) -> Curve:
    """A pitch curve with a gentle vibrato that fades in after `delay` seconds."""
    def pitch(t: float) -> float:
        amount = min(max((t - delay) / 0.1, 0.0), 1.0) * depth
        return frequency * (1 + amount * math.sin(TAU * rate * t))
    return pitch


def sagging(frequency: float, drop: float, over: float) -> Curve:
    """A pitch that falls by the fraction drop over `over` seconds, then holds."""
    return lambda t: frequency * (1 - drop * min(t / over, 1.0))


def note(name: str) -> float:
    """Equal-tempered frequency of a note name like 'C5', 'Eb4' or 'F#3' (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    accidental = name[1:-1]
    steps += accidental.count("#") - accidental.count("b")
    octave = int(name[-1])
    return 440.0 * 2 ** ((steps + 12 * (octave - 4)) / 12)


def loudness(signal: Signal) -> float:
    """Short-term loudness: the RMS of the loudest 50 ms window (hop 2.5 ms)."""
    window, hop = samples(LOUDNESS_WINDOW_SECONDS), samples(0.0025)
    squares = [x * x for x in signal]
    best = 0.0
    for start in range(0, max(len(signal) - window, 0) + 1, hop):
        best = max(best, sum(squares[start:start + window]))
    return math.sqrt(best / window)


def finish(signal: Signal, loudness_db: float) -> Signal:
    """Remove DC, fade in and out (no pops), and scale to the target short-term loudness in dBFS,
    never letting a peak pass PEAK_CEILING (no clipping)."""
    mean = sum(signal) / len(signal)
    out = [x - mean for x in signal]
    fade_in, fade_out = samples(FADE_IN_SECONDS), samples(FADE_OUT_SECONDS)
    for i in range(fade_in):
        out[i] *= math.sin(i / fade_in * math.pi / 2) ** 2
    for i in range(fade_out):
        out[-1 - i] *= math.sin(i / fade_out * math.pi / 2) ** 2
    gain = 10 ** (loudness_db / 20) / (loudness(out) or 1.0)
    gain = min(gain, PEAK_CEILING / (max(abs(x) for x in out) or 1.0))
    return [x * gain for x in out]


# --- the effects --------------------------------------------------------------------------------

def make_deal(rng: random.Random) -> Signal:
    """A card thrown to the table: a quick rising swish, then a crisp tap as it lands."""
    bed = silence(0.17)
    swish_seconds = 0.07
    swish = multiply(white_noise(rng, swish_seconds), swell_envelope(swish_seconds, 0.7))
    mix_into(bed, bandpass(swish, lambda t: 1800 + 20000 * t, 1.2), 0.0, 0.5)
    mix_into(bed, flick(rng, 2600, 0.012), 0.062, 1.0)
    thump = multiply(tone(0.06, constant(190), [(1, 1.0)]), decay_envelope(0.06, 0.001, 0.012))
    mix_into(bed, thump, 0.062, 0.35)
    return finish(bed, -16)


def make_flip(rng: random.Random) -> Signal:
    """A card turned over: a flick, a short rising whirr, and a lighter snap."""
    bed = silence(0.15)
    mix_into(bed, flick(rng, 2400, 0.010), 0.0, 0.8)
    whirr = multiply(white_noise(rng, 0.05), swell_envelope(0.05, 0.5))
    mix_into(bed, bandpass(whirr, lambda t: 2000 + 40000 * t, 2.0), 0.01, 0.35)
    mix_into(bed, flick(rng, 4200, 0.008, q=1.4), 0.055, 1.0)
    return finish(bed, -16)


def make_slide(rng: random.Random) -> Signal:
    """A card pushed across the felt: a soft, longer swish that brightens then settles."""
    seconds = 0.34
    noise = multiply(white_noise(rng, seconds), swell_envelope(seconds, 0.35))

    def centre(t: float) -> float:
        return 700 + 1300 * math.sin(math.pi * min(t / seconds, 1.0))

    return finish(lowpass(bandpass(noise, centre, 0.8), 3500), -17)


def make_shuffle(rng: random.Random) -> Signal:
    """A riffle shuffle: a ripple of quick flicks, accelerating, over a faint swish."""
    seconds = 0.62
    bed = silence(seconds)
    count = 18
    for index in range(count):
        at = 0.02 + 0.48 * (index / (count - 1)) ** 0.8 + rng.uniform(-0.004, 0.004)
        gain = 0.55 + 0.45 * rng.random()
        mix_into(bed, flick(rng, rng.uniform(2200, 4000), rng.uniform(0.005, 0.009),
                            seconds=0.04), at, gain)
    mix_into(bed, flick(rng, 2000, 0.02, seconds=0.1), 0.52, 1.1)  # the halves settle
    under = multiply(white_noise(rng, 0.5), swell_envelope(0.5, 0.6))
    mix_into(bed, bandpass(under, constant(1500), 0.7), 0.02, 0.12)
    return finish(bed, -17)


def make_button(rng: random.Random) -> Signal:
    """A soft UI click: a short damped ping with a tiny transient."""
    seconds = 0.07
    ping = tone(seconds, constant(880), [(1, 1.0), (2, 0.3)])
    bed = multiply(ping, decay_envelope(seconds, 0.001, 0.011))
    mix_into(bed, lowpass(flick(rng, 3000, 0.002, seconds=0.01), 6000), 0.0, 0.4)
    return finish(bed, -19)


def make_tick(rng: random.Random) -> Signal:
    """A tiny click for timers and focus moves."""
    seconds = 0.03
    click = multiply(tone(seconds, constant(2700), [(1, 1.0)]),
                     decay_envelope(seconds, 0.0005, 0.003))
    mix_into(click, flick(rng, 5000, 0.001, seconds=0.01), 0.0, 0.5)
    return finish(click, -23)


def make_illegal(rng: random.Random) -> Signal:
    """A low, short 'bonk': two detuned round tones that sag a little in pitch."""
    seconds = 0.3
    partials = [(1, 1.0), (2, 0.55), (3, 0.35), (4, 0.15), (5, 0.08)]
    bed = silence(seconds)
    for frequency in (175.0, 185.0):  # low, yet above what laptop speakers drop
        mix_into(bed, tone(seconds, sagging(frequency, 0.08, 0.2), partials), 0.0, 0.5)
    bed = multiply(bed, decay_envelope(seconds, 0.004, 0.075))
    mix_into(bed, lowpass(flick(rng, 700, 0.006, seconds=0.03), 1200), 0.0, 0.6)
    return finish(bed, -13)


def make_win(rng: random.Random) -> Signal:
    """A bright rising arpeggio ending on a held, shimmering major chord."""
    seconds = 0.86
    bed = silence(seconds)
    bright = [(1, 1.0), (2, 0.35), (3, 0.3), (4, 0.12), (5, 0.15)]
    step = 0.065
    for index, name in enumerate(("C5", "E5", "G5", "C6")):
        length = 0.22
        part = multiply(tone(length, constant(note(name)), bright),
                        decay_envelope(length, 0.004, 0.09))
        mix_into(bed, part, index * step, 0.8)
    final_at = 4 * step
    final_seconds = seconds - final_at
    for name, gain in (("E6", 0.75), ("C6", 0.5), ("G5", 0.4)):
        detune = 1 + rng.uniform(-0.002, 0.002)  # a hair of chorus on the chord
        part = multiply(tone(final_seconds, vibrato(note(name) * detune, 0.006), bright),
                        decay_envelope(final_seconds, 0.006, 0.28))
        mix_into(bed, part, final_at, gain)
    return finish(bed, -11)


def make_war(rng: random.Random) -> Signal:
    """A deep drum hit with a brass-like minor chord swelling over it."""
    seconds = 0.88
    bed = silence(seconds)
    drum_seconds = 0.6
    drum = tone(drum_seconds, lambda t: 48 + 95 * math.exp(-t / 0.035), [(1, 1.0), (2, 0.15)])
    mix_into(bed, multiply(drum, decay_envelope(drum_seconds, 0.002, 0.16)), 0.0, 1.0)
    mix_into(bed, lowpass(flick(rng, 900, 0.015, q=0.7, seconds=0.08), 1500), 0.0, 0.7)

    brass_at, brass_seconds = 0.05, seconds - 0.05
    partials = [(k, 1.0 / k) for k in range(1, 11)]

    def brightness(t: float) -> float:  # brass opens up as it is blown harder
        return 0.35 + 0.45 * min(t / 0.09, 1.0)

    def brass_envelope(t: float) -> float:
        rise = min(t / 0.06, 1.0)
        return rise * (0.85 + 0.15 * math.exp(-t / 0.15)) * math.exp(-max(t - 0.45, 0.0) / 0.2)

    shape = [brass_envelope(i / RATE) for i in range(samples(brass_seconds))]
    for name, gain in (("D3", 0.5), ("A3", 0.42), ("D4", 0.36), ("F4", 0.3)):
        horn = tone(brass_seconds, vibrato(note(name), 0.004, rate=5.0, delay=0.25),
                    partials, brightness)
        mix_into(bed, multiply(lowpass(horn, 2600), shape), brass_at, gain)
    return finish(bed, -10)


def make_score(rng: random.Random) -> Signal:
    """A short two-stroke bell chime."""
    seconds = 0.5
    bed = silence(seconds)
    bell = [(1.0, 1.0), (2.0, 0.35), (2.76, 0.25), (5.4, 0.08)]
    for at, name, gain in ((0.0, "B5", 0.7), (0.075, "E6", 1.0)):
        length = seconds - at
        strike = tone(length, constant(note(name)), bell)
        mix_into(bed, multiply(strike, decay_envelope(length, 0.004, 0.12)), at, gain)
    return finish(bed, -13)


def make_lose(rng: random.Random) -> Signal:
    """A falling two-note 'womp womp', the second note sagging at the end."""
    seconds = 0.78
    bed = silence(seconds)
    soft = [(1, 1.0), (2, 0.2), (3, 0.11), (5, 0.04)]
    first = multiply(tone(0.26, constant(note("G4")), soft), decay_envelope(0.26, 0.01, 0.12))
    mix_into(bed, first, 0.0, 1.0)
    second_seconds = seconds - 0.27
    base = note("Eb4")

    def falling(t: float) -> float:
        wobble = vibrato(base, 0.012, rate=6.0, delay=0.08)(t)
        return wobble * (1 - 0.06 * max(t - 0.25, 0.0) / 0.26)

    second = multiply(tone(second_seconds, falling, soft),
                      decay_envelope(second_seconds, 0.012, 0.22))
    mix_into(bed, second, 0.27, 1.0)
    return finish(bed, -12)


EFFECTS: dict[str, Callable[[random.Random], Signal]] = {
    "deal": make_deal,
    "slide": make_slide,
    "flip": make_flip,
    "shuffle": make_shuffle,
    "illegal": make_illegal,
    "win": make_win,
    "button": make_button,
    "war": make_war,
    "score": make_score,
    "lose": make_lose,
    "tick": make_tick,
}
BASE_SEED = 20240611


# --- output -------------------------------------------------------------------------------------

def effect_seed(name: str) -> int:
    """A fixed seed per effect, independent of the order effects are made in."""
    return BASE_SEED + sum((index + 1) * ord(char) for index, char in enumerate(name))


def render(name: str) -> bytes:
    """The complete WAV file of one effect, as bytes."""
    signal = EFFECTS[name](random.Random(effect_seed(name)))
    pcm = array("h", (round(max(-1.0, min(1.0, x)) * 32767) for x in signal))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV data is little-endian
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(pcm.tobytes())
    return buffer.getvalue()


def write_all(folder: Path) -> list[Path]:
    """Write every effect as <folder>/<name>.wav; returns the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in EFFECTS:
        path = folder / f"{name}.wav"
        path.write_bytes(render(name))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    """Write the effects next to this script, or into the folder given on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=Path(__file__).resolve().parent,
                        help="where to write the WAV files (default: the sounds folder)")
    for path in write_all(parser.parse_args(argv).folder):
        print(f"{path}  {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
