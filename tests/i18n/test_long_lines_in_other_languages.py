"""Memory Match's longest history lines are longer in French, Spanish and German (up to 210 characters
against 189 in English) and read right to left in Arabic: every word still shows in the table's message
box, which stays in the felt under it, at the smallest and the usual window size."""
from __future__ import annotations

import pytest

from lang import set_language
from scenes.memory_match.layout import MESSAGE_ROOM
from sprites.drawn import FRAME, MIN_TEXT_PX, TEXT
from tests.scenes.collisions import inside
from tests.scenes.memory_match.long_messages import message_frame, played_words

LONGEST = {"lone last card": (464, "The last card"), "two Bonus choice": (144, "Bonus cards;")}


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)], ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("code", ["fr", "es", "de", "ar"])
@pytest.mark.parametrize("kind", LONGEST)
def test_the_longest_lines_fit_the_message_box_in_every_language(driver, kind, code, size):
    words = played_words(*LONGEST[kind])
    drawn = message_frame(driver, size, words, code)  # the Words, worded as the message line draws them
    text, canvas = str(words), driver.app.canvas
    set_language("en")
    box = next(d.rect for d in drawn if d.kind == FRAME and d.text == "message")
    lines = [d for d in drawn if d.kind == TEXT and inside(d.rect, box)]
    assert sorted(" ".join(d.text for d in lines).split()) == sorted(text.split()), "every word"
    assert all(d.px is not None and d.px >= MIN_TEXT_PX for d in lines)
    assert inside(box, canvas.rect(MESSAGE_ROOM)), "the box grows only into the felt under it"
