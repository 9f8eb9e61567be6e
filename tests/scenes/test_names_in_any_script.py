"""Players named in Arabic, Greek, Cyrillic and accented Latin see their names on a table's name
plates, every letter drawn (none as the missing-glyph box), the Arabic one shaped."""
from __future__ import annotations

import pytest

from sprites.drawn import FRAME, TEXT
from sprites.typeset import Typeface
from tests.glyphs import boxed, unmapped
from tests.scenes.screens import SCRIPT_NAMES, mid_game

pytestmark = pytest.mark.driver(speed="instant")


def test_every_name_shows_on_a_name_plate_without_a_missing_glyph(driver):
    mid_game("sota", names=SCRIPT_NAMES)(driver)
    canvas = driver.app.canvas
    canvas.inspect()
    try:
        driver.app.draw()
        drawn = list(canvas.drawn)
    finally:
        canvas.inspect(False)
    for name in SCRIPT_NAMES:
        plate = next((n for n in drawn if n.kind == FRAME and n.text == f"plate of {name}"), None)
        assert plate is not None, f"{name} has no name plate"
        texts = [n for n in drawn if n.kind == TEXT and name in n.text]  # the plate's, the status's, the moves'
        assert any(plate.rect.contains(n.rect) for n in texts), f"{name} is not on its plate"
        for note in texts:
            for bold in (False, True):  # the note does not say which weight drew it
                typeface = Typeface(round(note.px or 0), bold)
                assert unmapped(typeface, note.text) == [] and boxed(typeface, note.text) == [], note.text
