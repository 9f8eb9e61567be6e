"""Four-colour suits keep Kings Corner's red-on-black rule readable: the marks are named in words."""
import pytest

from game.kings_corner.text import RULES_TEXT, with_group_marks
from tests.game.kings_corner.helpers import c, cs
from tests.scenes.kings_corner.test_table import hand_point, pile_point, table_at

JACK_ON_QUEEN = "A Red Jack (round mark) goes on a Black Queen (square mark)"


def test_the_rules_page_names_the_mark_of_each_colour_group():
    assert "round mark on the red suits (Diamonds, Hearts)" in " ".join(RULES_TEXT.split())
    assert "square mark on the black suits (Clubs, Spades)" in " ".join(RULES_TEXT.split())


def test_every_coloured_card_in_a_sentence_names_its_mark_and_nothing_else_changes():
    assert with_group_marks("A Black Six goes on a Red Seven.") == \
        "A Black Six (square mark) goes on a Red Seven (round mark)."
    assert with_group_marks("Lay the Six of Hearts on pile 2.") == "Lay the Six of Hearts on pile 2."


@pytest.mark.parametrize("four_colour", [True, False])
def test_a_refused_drop_names_the_marks_only_with_four_colour_suits(driver, four_colour):
    d = driver
    d.app.settings.four_colour = four_colour
    table = table_at(d, ("6H 2D", "3C"), ["7S", "9C", "QC", "AH"])
    d.drag(hand_point(table, c("2D")), pile_point(3, 1))
    assert table.rules.piles[2] == cs("QC"), "refused"
    assert (JACK_ON_QUEEN in table.message.text) == four_colour, table.message.text
    assert "A Red Jack goes on a Black Queen" in table.message.text or four_colour
