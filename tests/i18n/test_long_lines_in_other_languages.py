"""Memory Match's longest history lines are longer in French, Spanish and German (up to 210 characters
against 189 in English) and read right to left in Arabic: every word still shows in the table's message
box, which stays in the felt under it, at the smallest and the usual window size."""
from __future__ import annotations

import random

import pytest

from game.match import Match
from game.memory_match import new_game
from game.seats import Seat
from lang import set_language
from lang.words import Line
from scenes.memory_match.layout import MESSAGE_ROOM
from scenes.memory_match.table import memory_match_table
from sprites.drawn import FRAME, MIN_TEXT_PX, TEXT
from tests.scenes.collisions import inside

NAMES = ["Bartholomew Jr.X", "Alexandrina Long"]  # names as long as a name may be
SEATS = [Seat(NAMES[0]), Seat(NAMES[1], "computer", "hard")]


def played_words(seed: int, found: str) -> Line:
    """The first history line (its Words) whose English holds `found`, of a game of random moves."""
    match = Match(new_game(NAMES, seed, starter="p1"), SEATS, seed, {})
    rng, lines = random.Random(seed), []
    match.listen(lambda record: lines.append(record.words))
    while not match.is_over:
        match.play(rng.choice(match.rules.legal_moves()))
    return next(line for line in lines if found in str(line))


LONGEST = {"lone last card": (464, "The last card"), "two Bonus choice": (144, "Bonus cards;")}


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)], ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("code", ["fr", "es", "de", "ar"])
@pytest.mark.parametrize("kind", LONGEST)
def test_the_longest_lines_fit_the_message_box_in_every_language(driver, kind, code, size):
    words = played_words(*LONGEST[kind])
    table = memory_match_table(driver.app, Match(new_game(NAMES, 1, starter="p1"), SEATS, 1, {"seed": 1}),
                               fresh=False)
    driver.app.push(table, transition=False)
    driver.app.set_language(code)
    driver.app.resize(size)
    driver.frames(2)
    text = str(words)
    table.say(text, hold=True)
    canvas = driver.app.canvas
    canvas.inspect()
    driver.app.draw()
    drawn = list(canvas.drawn)
    canvas.inspect(False)
    set_language("en")
    box = next(d.rect for d in drawn if d.kind == FRAME and d.text == "message")
    lines = [d for d in drawn if d.kind == TEXT and inside(d.rect, box)]
    assert sorted(" ".join(d.text for d in lines).split()) == sorted(text.split()), "every word"
    assert all(d.px is not None and d.px >= MIN_TEXT_PX for d in lines)
    assert inside(box, canvas.rect(MESSAGE_ROOM)), "the box grows only into the felt under it"
