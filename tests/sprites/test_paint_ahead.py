"""Faces are painted ahead of need, so that no moving frame waits for painting: a table paints the
faces in view and queues the rest of its deck, the loop paints the queue when idle, and a sprite shows
its last image scaled meanwhile."""
import pygame
import pytest

from game.cards import Card, french_deck
from harness.start import start_table
from scenes.table import Table
from sprites.canvas import Canvas
from sprites.card_faces import CardPainter
from sprites.card_sprite import CardSprite

SEVEN = Card("french", 7, "hearts")


@pytest.mark.driver(speed="normal")
def test_a_table_paints_the_faces_in_view_under_its_veil_and_the_rest_of_its_deck_when_idle(driver):
    start_table(driver.app, "kings_corner")
    table = driver.top
    assert isinstance(table, Table)
    painter, app = driver.app.painter, driver.app
    sizes = {(px, round(px / 0.7)) for px in (app.canvas.px(s.width) for s in table.spots.values())}
    faces = {(card, size) for card in french_deck() for size in sizes}
    assert painter.soon and set(painter.soon) <= faces | {("french", size) for size in sizes}
    assert faces - set(painter.soon) <= set(painter.pending), "every other face queued"
    painted: list = []
    paint = painter.paint
    painter.paint = lambda what, size: painted.append(app.fade) or paint(what, size)  # type: ignore[method-assign]
    while painter.soon or not app.veil.warmed:
        driver.frames()
        assert app.fade == 1.0, "the veil stays black while the faces and texts in view are made"
    assert painted and set(painted) == {1.0}
    painted.clear()
    driver.frames(40)  # the veil lifts, frames follow one another
    assert app.fade == 0 and 1.0 not in painted
    driver.run(12)
    assert not painter.waiting(), "painted in the frames that followed"
    size = (app.canvas.px(table.settings.card_w), round(app.canvas.px(table.settings.card_w) / 0.7))
    assert painter.cached(SEVEN, size) is not None


def test_a_sprite_at_a_size_not_yet_painted_shows_its_last_image_scaled_and_queues_the_size():
    pygame.display.set_mode((640, 360))
    canvas = Canvas(pygame.display.get_surface())
    painter = CardPainter()
    sprite = CardSprite(SEVEN, 300, 180, True, 90)
    sprite.draw(canvas, painter)  # first time: painted at once
    painted = []
    face = painter.face
    painter.face = lambda card, size: painted.append(size) or face(card, size)
    sprite.width = 120
    sprite.draw(canvas, painter)  # the size changes: the old image, scaled
    sprite.draw(canvas, painter)  # at rest at the new size: still scaled, the size is queued
    assert painted == [], "no frame painted a face"
    assert list(painter.pending) == [(SEVEN, (60, 86))]
    painter.paint_pending(1.0)
    assert painted == [(60, 86)] and painter.cached(SEVEN, (60, 86)) is not None


def test_a_sprite_off_the_window_paints_nothing():
    pygame.display.set_mode((640, 360))
    canvas = Canvas(pygame.display.get_surface())
    painter = CardPainter()
    painted = []
    painter.paint = lambda what, size: painted.append(what)
    CardSprite(SEVEN, 300, -200, True, 90).draw(canvas, painter)
    assert painted == []


@pytest.mark.driver(speed="normal")
def test_a_table_comes_out_of_its_veil_with_its_texts_made_and_its_faces_painted(monkeypatch, driver):
    app = driver.app
    made: list[tuple[float, bool]] = []  # (the veil's fade, inside a drawn frame) when a text, layer or face is made
    drawing = [False]
    in_time, paint, draw = Canvas._in_time, app.painter.paint, app.draw

    def drawn() -> None:
        drawing[0] = True
        draw()
        drawing[0] = False

    monkeypatch.setattr(Canvas, "_in_time", lambda canvas: made.append((app.fade, drawing[0])) or in_time(canvas))
    app.painter.paint = lambda what, size: made.append((app.fade, drawing[0])) or paint(what, size)  # type: ignore[method-assign]
    app.draw = drawn  # type: ignore[method-assign]
    start_table(app, "war")  # nothing moves until Space: all it shows is made for its first frame
    driver.frames(40)
    assert app.fade == 0 and (1.0, False) in made, "the veil lifted, after making the table's texts and faces"
    assert not [m for m in made if m[1]], "no frame that showed the table made a text, layer or face"


def test_a_new_sprite_whose_face_is_painted_at_another_size_shows_it_scaled_and_queues_its_own():
    pygame.display.set_mode((640, 360))
    canvas = Canvas(pygame.display.get_surface())
    painter = CardPainter()
    painter.face(SEVEN, (45, 64))
    painted = []
    face = painter.face
    painter.face = lambda card, size: painted.append(size) or face(card, size)
    sprite = CardSprite(SEVEN, 300, 180, True, 120)
    sprite.draw(canvas, painter)
    sprite.draw(canvas, painter)  # at rest: its size is queued
    assert painted == [], "no frame painted a face"
    assert list(painter.pending) == [(SEVEN, (60, 86))]
    assert painter.any_size(Card("french", 8, "hearts")) is None
