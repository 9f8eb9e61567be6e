"""The newest moves on a table: a long line wraps onto as many rows as it needs and never loses its
end, in every game's panel."""
import pygame
import pytest

from scenes.history import RECENT_SIZES, draw_recent, recent_rows, rows_in
from scenes.plugins import game_scenes, playable_games
from scenes.table import Table

LONG = "Computer lays the Five of Spades on pile 1 and goes out: Amina takes 12 penalty points"
LONGEST = ("Khadija-Computer takes the -1 from the discard and puts it in place of a hidden 10. "
           "Khadija-Computer has every card face up: everybody else has one last turn")  # Skyjo's longest
CUT_MARKS = ("...", "…")


def drawn_texts(canvas, monkeypatch) -> list[tuple[str, tuple[float, float]]]:
    texts: list[tuple[str, tuple[float, float]]] = []
    text = canvas.text

    def logged(value, pos, *args, **kwargs):
        texts.append((value, pos))
        return text(value, pos, *args, **kwargs)

    monkeypatch.setattr(canvas, "text", logged)
    return texts


def test_a_long_line_wraps_onto_its_rows_and_keeps_its_end(driver, monkeypatch):
    canvas = driver.app.canvas
    rect = (14.0, 560.0, 292.0, 112.0)
    assert canvas.text_size(LONG, RECENT_SIZES[0])[0] > rect[2] - 20, "too long for one row"
    texts = drawn_texts(canvas, monkeypatch)
    draw_recent(canvas, ["Amina draws a card", LONG], rect, 6)
    rows = [value for value, _ in texts[1:]]
    assert not any(row.endswith(CUT_MARKS) for row in rows)
    assert " ".join(rows) == f"Amina draws a card {LONG}", "every word shown, none cut"
    assert len(rows) == 3


def test_the_newest_moves_fill_the_rows_the_panel_holds(driver):
    canvas = driver.app.canvas
    lines = [f"Move {n}: {LONG}" for n in range(5)]
    each = len(canvas.wrap(lines[0], RECENT_SIZES[0], 272))
    assert each == 3 and rows_in(150) == 6
    size, rows = recent_rows(canvas, lines, 272, 6, 150)
    assert size == RECENT_SIZES[0] and len(rows) == 6
    assert [newest for _, newest in rows] == [False] * 3 + [True] * 3, "the newest move last, brightest"
    assert rows[3][0].startswith("Move 4:") and rows[0][0].startswith("Move 3:")


def test_a_move_of_many_rows_is_shown_whole_and_the_older_ones_give_way(driver):
    canvas = driver.app.canvas
    assert len(canvas.wrap(LONGEST, RECENT_SIZES[0], 272)) == rows_in(112) == 4
    size, rows = recent_rows(canvas, [LONG, LONGEST], 272, 6, 112)
    assert size == RECENT_SIZES[0] and len(rows) == 4 and all(newest for _, newest in rows)
    assert " ".join(row for row, _ in rows) == LONGEST


def test_a_newest_move_longer_than_the_panel_is_shown_whole_in_smaller_text(driver):
    canvas = driver.app.canvas
    very_long = f"{LONGEST} and {LONG}"
    assert len(canvas.wrap(very_long, RECENT_SIZES[0], 272)) > rows_in(112)
    size, rows = recent_rows(canvas, [very_long], 272, 6, 112)
    assert size < RECENT_SIZES[0] and " ".join(row for row, _ in rows) == very_long
    assert all(canvas.text_size(row, size)[0] <= 272 for row, _ in rows)


def test_a_name_wider_than_a_row_is_broken_not_cut(driver):
    canvas = driver.app.canvas
    line = f"{'W' * 40} draws a card"
    _, rows = recent_rows(canvas, [line], 272, 6, 150)
    assert "".join(row for row, _ in rows).replace(" ", "") == line.replace(" ", "")
    assert all(canvas.text_size(row, RECENT_SIZES[0])[0] <= 272 for row, _ in rows)


def panel_of(table: Table) -> tuple[tuple[float, float, float, float], int]:
    """A table's history panel and the most moves it shows."""
    return table.settings.history_rect, table.settings.history_lines


@pytest.mark.parametrize("name", playable_games())
@pytest.mark.driver(speed="instant")
def test_every_games_panel_wraps_a_long_line_and_cuts_none(driver, monkeypatch, name):
    scenes = game_scenes(name)
    table = scenes.start(driver.app, list(scenes.default_seats), {}, 5)
    driver.app.push(table, transition=False)
    driver.frames(2)
    rect, count = panel_of(table)
    if not count:
        pytest.skip(f"{name} shows no moves on its table")
    table.match.history[:] = [LONG, LONGEST, LONGEST]  # the newest shown: LONGEST, whatever is held back
    texts = drawn_texts(driver.app.canvas, monkeypatch)
    table.draw(driver.app.canvas)
    panel = pygame.FRect(rect)
    rows = [value for value, pos in texts if panel.collidepoint(pos) and value != "Moves  (L: all)"]
    assert not any(row.endswith(CUT_MARKS) for row in rows), rows
    assert " ".join(rows).endswith(LONGEST), f"the newest move is shown whole: {rows}"
    assert len(driver.app.canvas.wrap(LONGEST, RECENT_SIZES[0], panel.w - 20)) > 2, "it needs three rows or more"
