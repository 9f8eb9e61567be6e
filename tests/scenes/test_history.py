"""The newest moves on a table: a long line wraps onto a second row instead of losing its end."""
from scenes.history import RECENT_SIZE, draw_recent, recent_rows, rows_in

LONG = "Computer lays the Five of Spades on pile 1 and goes out: Amina takes 12 penalty points"


def drawn_texts(canvas, monkeypatch) -> list[str]:
    texts: list[str] = []
    text = canvas.text
    monkeypatch.setattr(canvas, "text", lambda value, *a, **k: texts.append(value) or text(value, *a, **k))
    return texts


def test_a_long_line_wraps_onto_two_rows_and_keeps_its_end(driver, monkeypatch):
    canvas = driver.app.canvas
    rect = (14.0, 560.0, 292.0, 112.0)
    assert canvas.text_size(LONG, RECENT_SIZE)[0] > rect[2] - 20, "too long for one row"
    texts = drawn_texts(canvas, monkeypatch)
    draw_recent(canvas, ["Amina draws a card", LONG], rect, 6)
    rows = texts[1:]
    assert not any(row.endswith("...") for row in rows)
    assert " ".join(rows) == f"Amina draws a card {LONG}", "every word shown, none cut"
    assert len(rows) == 3


def test_the_newest_moves_fill_the_rows_the_panel_holds(driver):
    canvas = driver.app.canvas
    lines = [f"Move {n}: {LONG}" for n in range(5)]
    rows = recent_rows(canvas, lines, 272, 6, rows_in(150))
    assert rows_in(150) == 6 and len(rows) == 6
    assert [newest for _, newest in rows] == [False] * 4 + [True] * 2, "the newest move last, brightest"
    assert rows[-2][0].startswith("Move 4:") and rows[0][0].startswith("Move 2:")
    far_too_long = " ".join([LONG] * 3)
    second = recent_rows(canvas, [far_too_long], 272, 6, 6)[1][0]
    assert second.endswith("...") and canvas.text_size(second, RECENT_SIZE)[0] <= 272
