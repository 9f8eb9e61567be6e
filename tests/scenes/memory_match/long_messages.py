"""Memory Match's longest messages and the frame that shows one in the table's message box, shared by the
message box's tests (tests/scenes/memory_match/test_message_box.py) and their run in other languages
(tests/i18n/test_long_lines_in_other_languages.py)."""
from __future__ import annotations

import random

from game.match import Match
from game.memory_match import new_game
from game.seats import Seat
from harness.driver import Driver
from lang.words import Line
from scenes.memory_match.table import memory_match_table
from sprites.drawn import Drawn
from tests.scenes.screens import frame_at

NAMES = ["Bartholomew Jr.X", "Alexandrina Long"]  # names as long as a name may be
SEATS = [Seat(NAMES[0]), Seat(NAMES[1], "computer", "hard")]


def played_words(seed: int, found: str) -> Line:
    """The first history line (its Words) whose English holds `found`, of a game of random moves from `seed`."""
    match = Match(new_game(NAMES, seed, starter="p1"), SEATS, seed, {})
    rng, lines = random.Random(seed), []
    match.listen(lambda record: lines.append(record.words))
    while not match.is_over:
        match.play(rng.choice(match.rules.legal_moves()))
    return next(line for line in lines if found in str(line))


def message_frame(driver: Driver, size: tuple[int, int], text: Line, code: str | None = None) -> list[Drawn]:
    """What one frame of a fresh table draws with `text` held in its message box, at this window size (in
    the language `code`, switched as Settings does)."""
    table = memory_match_table(driver.app, Match(new_game(NAMES, 1, starter="p1"), SEATS, 1, {"seed": 1}),
                               fresh=False)
    driver.app.push(table, transition=False)
    if code is not None:
        driver.app.set_language(code)
    table.say(text, hold=True)  # held: it shows until the human acts
    return frame_at(driver, size)
