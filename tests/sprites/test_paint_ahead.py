"""Faces are painted ahead of need, so that no frame waits for painting: a table queues its deck,
the loop paints the queue in spare time, and a sprite shows its last image scaled meanwhile."""
import pygame

from bench.autoplay import start_table
from game.cards import Card
from scenes.table import TableScene
from sprites.canvas import Canvas
from sprites.card_faces import CardPainter
from sprites.card_sprite import CardSprite
from tests.ui import Driver

SEVEN = Card("french", 7, "hearts")


def test_a_table_queues_every_face_of_its_deck_and_the_loop_paints_them():
    driver = Driver(speed="normal")
    start_table(driver.app, "kings_corner")
    table = driver.top
    assert isinstance(table, TableScene)
    painter = driver.app.painter
    widths = {driver.app.canvas.px(spot.width) for spot in table.spots.values()}
    assert len(painter.pending) >= 52 * len(widths), "every face at every width of the layout"
    driver.run(12)
    assert not painter.pending, "painted in the frames that followed"
    size = (driver.app.canvas.px(table.CARD_W), round(driver.app.canvas.px(table.CARD_W) / 0.7))
    assert painter.cached(SEVEN, size) is not None
    driver.close()


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
