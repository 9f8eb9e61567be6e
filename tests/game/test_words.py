"""The one way every text counts things."""
from game.words import amount, plural


def test_one_is_singular_and_every_other_count_plural():
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


def test_minus_one_is_singular_too():
    assert [plural(n, "point") for n in (-1, -2)] == ["-1 point", "-2 points"]


def test_large_counts_are_grouped_and_irregular_plurals_given():
    assert plural(1234, "game") == "1,234 games"
    assert plural(3, "match", "matches") == "3 matches"


def test_a_unit_is_singular_for_one_whatever_its_words():
    assert amount(1, "points") == "1 point" and amount(2, "points") == "2 points"
    assert amount(1, "penalty points") == "1 penalty point" and amount(-1, "cards left") == "-1 card left"
    assert amount(1.0, "points", "1") == "1 point" and amount(0, "cards left") == "0 cards left"
