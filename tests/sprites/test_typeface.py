"""The typeface: Inter regular and bold from the files shipped with the game, evenly spaced at every
window size, and text as wide as the font says."""
from __future__ import annotations

import pygame
import pytest

from sprites import fonts
from sprites.canvas import Canvas

SIZES = [(800, 450), (800, 600), (1280, 720), (1920, 1080), (3840, 2160)]
WORDS = ["Computer", "Penalty", "Battles won", "3 Queens", "QUINTUPLE", "cards", "Amina"]


def widest_gap(image: pygame.Surface) -> int:
    """The widest run of empty columns between the first and the last inked column."""
    w, h = image.get_size()
    inked = [any(image.get_at((x, y)).a > 40 for y in range(h)) for x in range(w)]
    first, last = inked.index(True), w - 1 - inked[::-1].index(True)
    gap = widest = 0
    for x in range(first, last + 1):
        gap = 0 if inked[x] else gap + 1
        widest = max(widest, gap)
    return widest


@pytest.mark.parametrize("size", SIZES)
def test_text_is_as_wide_as_the_font_says_at_every_window_size(size):
    canvas = Canvas(pygame.Surface(size))
    for bold in (False, True):
        rect = canvas.text("Battles won: 12", (640, 360), 28, bold=bold)
        pixels = canvas.font(28, bold).size("Battles won: 12")[0]
        assert rect.w == pytest.approx(pixels / canvas.scale)
        assert canvas.text_size("Battles won: 12", 28, bold)[0] == pytest.approx(rect.w)
    # the same line keeps its logical width at every scale (within a pixel of rounding per size step)
    ref = Canvas(pygame.Surface((1280, 720))).text_size("Battles won: 12", 28)[0]
    assert abs(canvas.text_size("Battles won: 12", 28)[0] - ref) < ref * 0.12


@pytest.mark.parametrize("size", SIZES)
def test_no_word_is_split_by_a_gap_as_wide_as_a_space(size):
    canvas = Canvas(pygame.Surface(size))
    for bold in (False, True):
        space = canvas.font(24, bold).size(" ")[0]
        for word in WORDS:
            for part in word.split(" "):
                assert widest_gap(canvas.text_surface(part, 24, bold=bold)) < max(2, space * 0.8), (word, size)


def test_bold_is_the_bold_file_not_a_synthetic_bold():
    canvas = Canvas(pygame.Surface((1280, 720)))
    regular, bold = canvas.font(30).primary, canvas.font(30, bold=True).primary
    assert (regular.style_name, bold.style_name) == ("Regular", "Bold")  # the faces themselves
    assert fonts.FILES[True].name == "Inter-Bold.otf" and fonts.FILES[False].name == "Inter-Regular.otf"
    assert bold.size("Penalty")[0] > regular.size("Penalty")[0]
    assert (fonts.FOLDER / "LICENSE-Inter.txt").read_text().count("OFL-1.1") >= 2


def test_each_size_is_loaded_once():
    canvas = Canvas(pygame.Surface((1280, 720)))
    assert canvas.font(24) is canvas.font(24) and canvas.font(24, bold=True) is canvas.font(24, bold=True)
    assert canvas.font(24) is not canvas.font(24, bold=True)


def test_a_resized_canvas_measures_text_at_its_new_size():
    canvas = Canvas(pygame.Surface((800, 450)))
    small = canvas.text_size("Battles won: 12", 28)  # remembered at this scale
    canvas.resize(pygame.Surface((1920, 1080)))
    pixels = canvas.font(28).size("Battles won: 12")[0]
    assert canvas.text_size("Battles won: 12", 28)[0] == pytest.approx(pixels / canvas.scale)
    assert canvas.text_size("Battles won: 12", 28) != small  # rounding differs between the two sizes
