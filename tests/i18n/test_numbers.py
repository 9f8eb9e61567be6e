"""Numbers as each language writes them (lang.number, lang.percent, lang.listed): the separators of
thousands and decimals, the space before a percent sign, Western Arabic digits in Arabic."""
from __future__ import annotations

import pytest

from lang import listed, number, percent, set_language

NNBSP = "\u202f"


@pytest.mark.parametrize(("code", "big", "decimal", "four", "rate", "names"), [
    ("en", "1,234,567", "2.5", "1,234", "45%", "Amina, Bilal"),
    ("fr", f"1{NNBSP}234{NNBSP}567", "2,5", f"1{NNBSP}234", f"45{NNBSP}%", "Amina, Bilal"),
    ("es", "1.234.567", "2,5", "1234", f"45{NNBSP}%", "Amina, Bilal"),
    ("de", "1.234.567", "2,5", "1.234", f"45{NNBSP}%", "Amina, Bilal"),
    ("ar", "1.234.567", "2,5", "1.234", "45%", "Amina، Bilal"),
])
def test_each_language_writes_numbers_its_way(code, big, decimal, four, rate, names):
    set_language(code)
    assert number(1234567) == big
    assert number(2.5, 1) == decimal and number(3.0, 1) == "3"  # no trailing zero
    assert number(1234) == four  # Spanish groups from five digits
    assert percent(44.6) == rate
    assert listed(["Amina", "Bilal"]) == names


def test_numbers_never_use_other_digits():
    set_language("ar")
    assert all(ch in "0123456789.,-" for ch in number(-9876543.21, 2))


def test_the_narrow_space_of_french_numbers_is_drawn():
    import pygame

    from sprites.typeset import Typeface
    from tests.glyphs import boxed, unmapped

    pygame.init()
    set_language("fr")
    shown = f"{number(12345.5, 1)} - {percent(45)}"
    for bold in (False, True):
        typeface = Typeface(20, bold)
        assert unmapped(typeface, shown) == [] and boxed(typeface, shown) == [], shown
