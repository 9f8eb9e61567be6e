"""The shared panel and button row: one style for every screen."""
import pygame

from sprites.canvas import Canvas
from sprites.theme import BUTTON_H, BUTTON_W, GOLD, HEADING_SIZE, PANEL, SPACE, TITLE_SIZE
from sprites.widgets import TextField, button_row, draw_panel, fitting_size


def test_a_button_row_is_centred_with_one_gap_between_buttons():
    row = button_row([("Yes", print), ("No", print), ("Later", print)], 640, 500)
    assert [b.rect.size for b in row] == [(BUTTON_W, BUTTON_H)] * 3
    assert row[1].rect.centerx == 640 and all(b.rect.y == 500 for b in row)
    assert row[1].rect.x - row[0].rect.right == SPACE == row[2].rect.x - row[1].rect.right


def test_a_panel_is_filled_opaque_and_bordered_gold_over_anything():
    surface = pygame.Surface((1280, 720))
    surface.fill((255, 255, 255))
    canvas = Canvas(surface)
    under_title = draw_panel(canvas, (100, 100, 400, 300), "Paused", shade=False)
    assert under_title == 100 + SPACE * 3 + TITLE_SIZE
    assert tuple(surface.get_at((300, 380)))[:3] == PANEL[:3]
    assert tuple(surface.get_at((101, 250)))[:3] == GOLD
    assert tuple(surface.get_at((99, 250)))[:3] == (255, 255, 255), "nothing outside the panel"


def test_a_long_label_is_set_smaller_to_fit_its_button():
    canvas = Canvas(pygame.Surface((800, 450)))
    assert fitting_size(canvas, "No", HEADING_SIZE, 100) == HEADING_SIZE
    size = fitting_size(canvas, "Reset all games", HEADING_SIZE, 135)
    assert size < HEADING_SIZE and canvas.text_size("Reset all games", size)[0] <= 135


def test_the_shade_darkens_every_pixel_as_a_black_veil_of_its_alpha_would():
    surface = pygame.Surface((64, 36))
    surface.fill((200, 100, 50))
    surface.set_at((5, 5), (255, 255, 255))
    Canvas(surface).shade(150)
    for x, y, colour in ((1, 1, (200, 100, 50)), (5, 5, (255, 255, 255))):
        veiled = [round(c * (255 - 150) / 255) for c in colour]
        assert all(abs(a - b) <= 1 for a, b in zip(surface.get_at((x, y))[:3], veiled, strict=True))


def test_a_focused_button_wears_a_white_ring_between_dark_lines_never_the_gold_of_a_playable_card():
    from sprites.theme import FOCUS, FOCUS_RING, FOCUS_RING_DARK, MARK
    from sprites.widgets import Button

    surface = pygame.Surface((1280, 720))
    surface.fill((0, 128, 0))
    canvas = Canvas(surface)
    button = Button((100, 100, 220, 56), "Start", print)
    button.draw(canvas, True)
    across = [tuple(surface.get_at((x, 128)))[:3] for x in range(94, 108)]  # the left edge, from the felt in
    assert FOCUS_RING in across and FOCUS_RING_DARK in across
    assert across.index(FOCUS_RING_DARK) < across.index(FOCUS_RING) < len(across) - 1 - across[::-1].index(
        FOCUS_RING_DARK), "white between two dark lines"
    edge = {tuple(surface.get_at((x, y)))[:3] for x in range(92, 330) for y in (96, 97, 98, 99, 100, 101)}
    assert GOLD not in edge and FOCUS not in edge and MARK not in edge


def test_a_text_field_pastes_the_clipboard_with_ctrl_v_or_shift_insert_its_lines_made_spaces():
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    typed: list[str] = []
    field = TextField((0, 0, 200, 40), "Address", "at ", 30, typed.append)
    pygame.scrap.put_text("ws://127.0.0.1:8765\n/ABC234")
    assert field.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL))
    assert field.text == typed[-1] == "at ws://127.0.0.1:8765 /ABC234"
    field.text = ""
    assert field.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_INSERT, mod=pygame.KMOD_LSHIFT))
    assert field.text == "ws://127.0.0.1:8765 /ABC234"
    assert not field.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0))  # a v: typed text
    assert field.text == "ws://127.0.0.1:8765 /ABC234"


def test_a_text_longer_than_its_field_shows_its_end_inside_the_field():
    surface = pygame.Surface((1280, 720))
    canvas = Canvas(surface)
    line = "Join my Card Arcade table: code ABC234 at 127.0.0.1:8765 - cardarcade://join/ABC234?server=ws://127.0.0.1:8765"
    field = TextField((100, 100, 460, 56), "Address", line, 200)
    canvas.inspect()
    canvas.begin_frame()
    field.draw(canvas, True)
    canvas.end_frame()
    texts = [d for d in canvas.drawn if d.kind == "text" and d.text != "Address"]
    assert len(texts) == 1 and line.endswith(texts[0].text) and len(texts[0].text) < len(line)
    assert texts[0].rect.right <= 100 + 460 and field.text == line  # drawn within; the text itself kept whole
