"""Card faces and backs: sizes, transparent corners, caching, four-colour mode, distinct looks."""
from __future__ import annotations

import pygame
import pytest

from game.cards import Card, french_deck, memory_deck, skyjo_deck, spanish_deck
from sprites.card_faces import CARD_ASPECT, DECKS, CardPainter
from sprites.faces_skyjo import band_colour, text_colours

SIZES = [(40, 57), (100, 143), (171, 244)]
LOOKS = (french_deck() + spanish_deck() + sorted({Card("skyjo", c.rank) for c in skyjo_deck()})
         + [c for c in memory_deck() if c.copy == 0])


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()
    yield


@pytest.fixture(scope="module")
def painter() -> CardPainter:
    return CardPainter()


def assert_card_shape(surface: pygame.Surface, size: tuple[int, int]) -> None:
    """Right size, per-pixel alpha, see-through rounded corners and an opaque middle."""
    w, h = size
    assert surface.get_size() == size
    assert surface.get_flags() & pygame.SRCALPHA
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert surface.get_at(corner).a < 60, corner
    for inside in ((w // 2, h // 2), (w // 2, 2), (2, h // 2)):
        assert surface.get_at(inside).a == 255, inside


def test_card_aspect_is_the_standard_shape():
    assert CARD_ASPECT == 0.7


def test_deck_looks_cover_every_card():
    assert len(LOOKS) == 52 + 40 + 15 + 8


@pytest.mark.parametrize("size", SIZES)
def test_every_face_paints_at_the_right_size_with_round_corners(painter, size):
    for card in LOOKS:
        assert_card_shape(painter.face(card, size), size)


def test_largest_size_paints_one_card_of_each_kind(painter):
    size = (400, 571)
    for card in (Card("french", 13, "hearts"), Card("french", 7, "clubs"),
                 Card("spanish", 9, "cups"), Card("spanish", 3, "swords"), Card("skyjo", -2),
                 Card("memory", 8)):
        assert_card_shape(painter.face(card, size), size)


@pytest.mark.parametrize("size", [(1, 1), (12, 17), (120, 100), (300, 180)])
def test_tiny_and_odd_shaped_sizes_still_paint(painter, size):
    for card in LOOKS[::7]:
        assert painter.face(card, size).get_size() == size
    for deck in DECKS:
        assert painter.back(deck, size).get_size() == size


@pytest.mark.parametrize("size", [*SIZES, (400, 571)])
def test_every_back_paints_with_round_corners(painter, size):
    for deck in DECKS:
        assert_card_shape(painter.back(deck, size), size)


def test_backs_of_the_four_decks_differ(painter):
    images = {pygame.image.tobytes(painter.back(deck, (60, 86)), "RGBA") for deck in DECKS}
    assert len(images) == len(DECKS)


def test_faces_of_different_cards_differ(painter):
    images = {pygame.image.tobytes(painter.face(card, (60, 86)), "RGBA") for card in LOOKS}
    assert len(images) == len(LOOKS)


def test_copies_of_a_card_share_one_look(painter):
    first = painter.face(Card("skyjo", 5, "", 0), (60, 86))
    assert painter.face(Card("skyjo", 5, "", 7), (60, 86)) is first


def test_cache_returns_the_same_surface_object():
    painter = CardPainter()
    card = Card("french", 12, "spades")
    face = painter.face(card, (80, 114))
    back = painter.back("french", (80, 114))
    assert painter.face(card, (80, 114)) is face
    assert painter.back("french", (80, 114)) is back
    assert painter.face(card, (81, 116)) is not face
    painter.clear()
    assert painter.face(card, (80, 114)) is not face
    assert painter.back("french", (80, 114)) is not back


def ink_colour(surface: pygame.Surface) -> tuple[int, int, int]:
    """The colour at the middle of a card (the ace's big pip)."""
    w, h = surface.get_size()
    c = surface.get_at((w // 2, h // 2))
    return (c.r, c.g, c.b)


def test_four_colour_turns_clubs_green_and_diamonds_blue():
    painter = CardPainter()
    size = (100, 143)
    clubs, diamonds = Card("french", 1, "clubs"), Card("french", 1, "diamonds")
    r, g, b = ink_colour(painter.face(clubs, size))
    assert max(r, g, b) < 60  # black
    r, g, b = ink_colour(painter.face(diamonds, size))
    assert r > 150 and b < 80  # red
    old = painter.face(clubs, size)
    painter.set_four_colour(True)
    assert painter.four_colour
    r, g, b = ink_colour(painter.face(clubs, size))
    assert g > r + 50 and g > b + 50  # green
    r, g, b = ink_colour(painter.face(diamonds, size))
    assert b > r + 80  # blue
    assert painter.face(clubs, size) is not old


def test_four_colour_leaves_hearts_and_spades_alone_but_for_their_colour_group_marks():
    plain, four = CardPainter(), CardPainter(four_colour=True)
    for suit in ("hearts", "spades"):
        card = Card("french", 1, suit)
        a, b = plain.face(card, (70, 100)), four.face(card, (70, 100))
        middle = pygame.Rect(14, 30, 42, 40)  # beside and between the corner indices and their marks
        assert pygame.image.tobytes(a.subsurface(middle), "RGBA") == pygame.image.tobytes(b.subsurface(middle), "RGBA")
        assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA"), "the corners wear the mark"


def test_setting_the_same_four_colour_mode_keeps_the_cache():
    painter = CardPainter(four_colour=True)
    face = painter.face(Card("french", 5, "clubs"), (70, 100))
    painter.set_four_colour(True)
    assert painter.face(Card("french", 5, "clubs"), (70, 100)) is face


def test_spanish_faces_ignore_four_colour():
    card = Card("spanish", 4, "clubs")
    a = pygame.image.tobytes(CardPainter().face(card, (70, 100)), "RGBA")
    b = pygame.image.tobytes(CardPainter(True).face(card, (70, 100)), "RGBA")
    assert a == b


def test_skyjo_colour_bands():
    assert band_colour(-2) == band_colour(-1)
    bands = [band_colour(v) for v in (-1, 0, 1, 5, 9)]
    assert len(set(bands)) == 5
    assert band_colour(1) == band_colour(4) and band_colour(5) == band_colour(8)
    assert band_colour(9) == band_colour(12)
    r, g, b = band_colour(-2)
    assert b > r and b > g  # dark blue
    r, g, b = band_colour(9)
    assert r > g and r > b  # red


def test_skyjo_numbers_contrast_with_their_band():
    def luminance(c):
        return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]

    for value in range(-2, 13):
        ink, _ = text_colours(band_colour(value))
        assert abs(luminance(ink) - luminance(band_colour(value))) > 60, value


def test_skyjo_card_is_filled_with_its_band_colour(painter):
    for value in (-2, 0, 3, 7, 11):
        surface = painter.face(Card("skyjo", value), (100, 143))
        c = surface.get_at((8, 70))
        expected = band_colour(value)
        assert sum(abs(c[i] - expected[i]) for i in range(3)) < 90, value


def test_unknown_deck_and_bad_size_are_refused(painter):
    with pytest.raises(ValueError):
        painter.face(Card("tarot", 1, "cups"), (60, 86))
    with pytest.raises(ValueError):
        painter.back("tarot", (60, 86))
    with pytest.raises(ValueError):
        painter.face(Card("french", 1, "hearts"), (0, 86))


def test_faces_are_converted_once_a_display_exists():
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        painter = CardPainter()
        face = painter.face(Card("french", 11, "hearts"), (60, 86))
        assert face.get_flags() & pygame.SRCALPHA
        assert face.get_at((0, 0)).a < 60
    finally:
        pygame.display.quit()


def test_the_face_cache_is_bounded_and_keeps_the_newest(monkeypatch):
    import sprites.card_faces as card_faces

    monkeypatch.setattr(card_faces, "MAX_FACES", 10)
    painter = card_faces.CardPainter()
    cards = french_deck()[:15]
    for card in cards:
        painter.face(card, (40, 57))
    assert len(painter._faces) == 10
    newest = painter.face(cards[-1], (40, 57))
    assert painter.face(cards[-1], (40, 57)) is newest
    painter.face(cards[0], (40, 57))  # forgotten: painted again, still fine
    assert len(painter._faces) == 10


def test_the_painter_knows_its_own_faces_and_backs(painter):
    face = painter.face(french_deck()[0], (70, 100))
    back = painter.back("spanish", (70, 100))
    assert painter.holds(face) and painter.holds(back)
    assert not painter.holds(face.copy())
