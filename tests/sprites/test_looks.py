"""The card backs and felts a player chooses: each paints at every deck's sizes, every deck stays told
apart by its back, and marks, focus and text read on every felt as well as on the green one."""
from __future__ import annotations

import pygame
import pytest

from sprites.card_faces import DECKS, CardPainter
from sprites.faces_backs import BACK_LABELS, BACK_STYLES, DECK_BACKS
from sprites.theme import (
    CHANGED,
    CREAM,
    FELT_LABELS,
    FELTS,
    FOCUS_REFUSED,
    FOCUS_RING,
    GOLD,
    HIGHLIGHT,
    MARK,
    TEXT_DIM,
    paint_felt,
)
from storage.settings import CARD_BACKS
from storage.settings import FELTS as FELT_NAMES
from tests.sprites.test_card_faces import SIZES, assert_card_shape

# what tables draw on the bare felt: marks, the focus ring, the words
ON_THE_FELT = {"move mark": MARK, "hint": HIGHLIGHT, "changed": CHANGED, "focus": FOCUS_RING,
               "refused": FOCUS_REFUSED, "title": GOLD, "text": CREAM, "dim text": TEXT_DIM}
WINDOWS = [(800, 600), (1280, 720), (1920, 1080)]


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()
    yield


def luminance(colour) -> float:
    """Relative luminance (WCAG)."""
    def channel(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_settings_and_the_painters_know_the_same_backs_and_felts():
    assert tuple(BACK_STYLES) == CARD_BACKS == tuple(BACK_LABELS)
    assert tuple(FELTS) == FELT_NAMES == tuple(FELT_LABELS)
    assert len(CARD_BACKS) >= 6 and len(FELT_NAMES) >= 5


@pytest.mark.parametrize("choice", CARD_BACKS)
@pytest.mark.parametrize("size", [*SIZES, (31, 44), (84, 120)])
def test_every_back_paints_for_every_deck_at_its_sizes(choice, size):
    painter = CardPainter(back_choice=choice)
    for deck in DECKS:
        assert_card_shape(painter.back(deck, size), size)


@pytest.mark.parametrize("choice", CARD_BACKS)
def test_under_every_back_the_four_decks_still_differ(choice):
    painter = CardPainter(back_choice=choice)
    images = {pygame.image.tobytes(painter.back(deck, (60, 86)), "RGBA") for deck in DECKS}
    assert len(images) == len(DECKS)


@pytest.mark.parametrize("deck", DECKS)
def test_every_back_choice_looks_different(deck):
    images = {pygame.image.tobytes(CardPainter(back_choice=choice).back(deck, (60, 86)), "RGBA")
              for choice in CARD_BACKS}
    assert len(images) == len(CARD_BACKS)


def test_the_classic_back_is_each_decks_own():
    painter = CardPainter()
    for deck in DECKS:
        middle_top = painter.back(deck, (100, 143)).get_at((50, 14))[:3]
        assert contrast(middle_top, DECK_BACKS[deck].top) < 1.3, deck


def test_a_new_back_choice_reaches_the_backs_painted_from_then_on_and_the_old_stay_cached():
    painter = CardPainter()
    classic = painter.back("spanish", (80, 114))
    painter.set_back("midnight")
    assert painter.cached("spanish", (80, 114)) is None and painter.any_size("spanish") is None
    midnight = painter.back("spanish", (80, 114))
    assert midnight is not classic
    painter.set_back("classic")
    assert painter.back("spanish", (80, 114)) is classic


@pytest.mark.parametrize("felt", FELT_NAMES)
@pytest.mark.parametrize("size", [*WINDOWS, (520, 218)])
def test_every_felt_paints_at_every_window_size_lighter_in_the_middle(felt, size):
    surface = paint_felt(size, felt)
    assert surface.get_size() == size
    w, h = size
    assert luminance(surface.get_at((w // 2, h // 2))) > luminance(surface.get_at((2, 2)))


@pytest.mark.parametrize("felt", FELT_NAMES)
def test_marks_focus_and_words_read_on_every_felt_as_well_as_on_the_green(felt):
    green_light, light = FELTS["green"][1], FELTS[felt][1]
    for what, colour in ON_THE_FELT.items():
        assert contrast(colour, light) >= contrast(colour, green_light) * 0.95, what

