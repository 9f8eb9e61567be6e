"""Text in every script: Arabic, Latin with accents, Greek and Cyrillic drawn without a missing glyph,
Arabic letters joined, and a line of both directions laid out in the order it is read."""
from __future__ import annotations

import pygame
import pytest

from sprites import fonts
from sprites.bidi_runs import Run, visual_runs
from sprites.canvas import Canvas
from sprites.typeset import Typeface, pieces
from tests.glyphs import NO_FACE_HAS, boxed, found_at, pixels, unmapped

SAMPLES = {
    "arabic": "أمينة يوسف، سلام عليكم! ٣٤ نقطة",
    "latin": "Élodie Núñez, Łukasz Ðorđe, Zoë Ångström, Şükrü Çelik, Nguyễn Văn Đức, Ærøskøbing",
    "greek": "Ζωή Ελένη, Αθηνά, Σωκράτης, ΆΈΉΊΌΎΏ ϊϋΐΰ",
    "cyrillic": "Жанна Ёлкина, Мирослав Ђорђевић, Ґанна Їжак, Ўладзімір, Ҷамшед Қодиров",
    "cyrillic_supplement": "Ԑԓԥ Ҟалин Ԛԝ",  # Komi, Abkhaz and Kurdish letters: Inter lacks them
}
WORD = "سلام"  # s, l, a, m: joined, the l and a make one ligature


@pytest.fixture(params=[False, True], ids=["regular", "bold"])
def typeface(request) -> Typeface:
    return Typeface(28, bold=request.param)


@pytest.mark.parametrize("script", SAMPLES)
def test_every_script_draws_without_a_missing_glyph(typeface, script):
    text = SAMPLES[script]
    assert unmapped(typeface, text) == []
    assert boxed(typeface, text) == []


def test_the_box_check_finds_what_inter_alone_lacks(typeface):
    """Inter alone draws Arabic and Komi letters as its box: the checks above would see it."""
    inter = fonts.load(28)
    box = pixels(inter.render(NO_FACE_HAS, True, (255, 255, 255)))
    assert pixels(inter.render("س", True, (255, 255, 255))) == box
    assert pixels(inter.render("Ԑ", True, (255, 255, 255))) == box
    assert pixels(inter.render("Ж", True, (255, 255, 255))) != box
    assert boxed(typeface, "a\u4e01b") == ["\u4e01"]


def test_each_script_is_drawn_by_its_face(typeface):
    names = [path.stem.split("-")[0] for path in typeface.paths]
    faces = {script: {names[p.face] for p in pieces(typeface.paths, text)} for script, text in SAMPLES.items()}
    assert faces["latin"] == faces["greek"] == faces["cyrillic"] == {"Inter"}
    assert faces["arabic"] == {"NotoSansArabicUI"}  # its digits and punctuation too
    assert faces["cyrillic_supplement"] == {"NotoSansExtra", "Inter"}


def test_arabic_letters_are_joined_not_drawn_apart(typeface):
    joined = typeface.size(WORD)[0]
    apart = sum(typeface.size(letter)[0] for letter in WORD)
    assert joined < apart * 0.85
    unshaped = pygame.font.Font(str(typeface.paths[1]), typeface.px)  # the same face, not set to Arabic
    unshaped.set_direction(pygame.DIRECTION_RTL)
    assert pixels(typeface.render(WORD, (255, 255, 255))) != pixels(unshaped.render(WORD, True, (255, 255, 255)))


def test_an_arabic_word_reads_from_the_right():
    """Dal then reh (two letters that do not join): dal is drawn on the right, reh on the left."""
    typeface, white = Typeface(40), (255, 255, 255)
    line = typeface.render("در", white)
    dal, reh = found_at(line, typeface.render("د", white)), found_at(line, typeface.render("ر", white))
    assert len(dal) == len(reh) == 1 and dal[0] > reh[0]


def test_a_name_and_a_number_inside_an_english_line_keep_their_order():
    assert visual_runs("Sota: أمينة wins 120 points") == [
        Run("Sota: ", False), Run("أمينة", True), Run(" wins 120 points", False)]


def test_a_latin_name_and_a_number_inside_an_arabic_line_read_left_to_right():
    """In a right-to-left paragraph the words go from right to left, but "Sota" stays "Sota" and
    120 stays 120."""
    assert visual_runs("لعبة Sota: أمينة ربحت 120 نقطة", rtl=True) == [
        Run(" نقطة", True), Run("120", False), Run(": أمينة ربحت ", True), Run("Sota", False),
        Run("لعبة ", True)]
    # a line's direction is the first strong letter's when none is given
    assert visual_runs("أمينة wins") == [Run("wins", False), Run("أمينة ", True)]
    assert visual_runs("أمينة wins", rtl=False) == [Run("أمينة", True), Run(" wins", False)]


def test_brackets_go_with_what_they_hold():
    """UAX #9's N0: "(Amina)" inside an Arabic line stays one bracketed name, read left to right,
    its brackets drawn by a right-to-left run that mirrors them."""
    assert visual_runs("أمينة (Amina)") == [Run(")", True), Run("Amina", False), Run("أمينة (", True)]
    assert visual_runs("Amina (أمينة) wins") == [Run("Amina (", False), Run("أمينة", True), Run(") wins", False)]
    assert visual_runs("لعبة [Sota] ربحت", rtl=True) == [Run("] ربحت", True), Run("Sota", False), Run("لعبة [", True)]
    white = (255, 255, 255)
    line = Typeface(40, rtl=True).render("أمينة (Amina)", white)
    opening, name, closing = (found_at(line, Typeface(40).render(part, white)) for part in ("(", "Amina", ")"))
    assert len(opening) == len(name) == len(closing) == 1 and opening[0] < name[0] < closing[0], "drawn (Amina)"


@pytest.mark.parametrize("line", ["a\u2067ب\u2069", "ب\u2066a\u2069 c", "\u2068x\u2069ب", "\u202bب\u202c\u202dx"])
def test_directional_controls_never_break_a_line(line):
    runs = visual_runs(line)
    assert sorted("".join(run.text for run in runs)) == sorted(ch for ch in line if ch not in "\u202b\u202c\u202d")
    assert Typeface(20).size(line)[0] > 0


def test_the_pieces_are_drawn_in_visual_order():
    typeface = Typeface(40, rtl=True)  # an interface in Arabic: its lines read from the right
    line = "لعبة Sota ربحت 120 نقطة"
    laid = pieces(typeface.paths, line, typeface.rtl)
    assert [(p.text, p.rtl) for p in laid] == [
        (" نقطة", True), ("120", False), (" ربحت ", True), ("Sota", False), ("لعبة ", True)]
    image, white = typeface.render(line, (255, 255, 255)), (255, 255, 255)
    sota, number = found_at(image, typeface.render("Sota", white)), found_at(image, typeface.render("120", white))
    assert len(sota) == len(number) == 1 and number[0] < sota[0], "120 and Sota drawn whole, each read left to right"


@pytest.mark.parametrize("text", ["أمينة ٢", "Amina أمينة 120", "Ζωή Жанна أمينة", "لعبة Sota: أمينة ربحت 120 نقطة"])
def test_a_line_measures_as_it_is_drawn(text):
    canvas = Canvas(pygame.Surface((1920, 1080)))
    rect = canvas.text(text, (640, 360), 28)
    assert canvas.text_size(text, 28) == pytest.approx((rect.w, rect.h))
    assert canvas.font(28).size(text) == canvas.text_surface(text, 28).get_size()


def test_an_arabic_sentence_wraps_and_fits_its_width():
    canvas = Canvas(pygame.Surface((1280, 720)))
    sentence = "لعبت أمينة سبعة الكؤوس ثم سحب يوسف ورقتين من الكومة وربح 120 نقطة"
    lines = canvas.wrap(sentence, 24, 260)
    assert len(lines) > 2 and " ".join(lines) == sentence
    assert all(canvas.text_size(line, 24)[0] <= 260 for line in lines)
    cut = canvas.fit(sentence, 24, 200)
    assert cut.endswith("...") and canvas.text_size(cut, 24)[0] <= 200


def test_each_face_of_the_chain_ships_with_its_licence():
    readme = (fonts.FOLDER.parent.parent / "README.md").read_text(encoding="utf-8")
    for face in fonts.CHAIN:
        for path in face.values():
            assert path.is_file() and path.parent == fonts.FOLDER
            family = path.stem.split("-")[0]
            licence = fonts.FOLDER / ("LICENSE-Inter.txt" if family == "Inter" else "LICENSE-Noto.txt")
            assert "OFL-1.1" in licence.read_text(encoding="utf-8")
            assert family in readme.replace("Noto Sans Arabic UI", "NotoSansArabicUI"), family
