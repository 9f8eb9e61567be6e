"""The one way every text counts things."""
from game.words import plural


def test_one_is_singular_and_every_other_count_plural():
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


def test_minus_one_is_singular_too():
    assert [plural(n, "point") for n in (-1, -2)] == ["-1 point", "-2 points"]


def test_large_counts_are_grouped_and_irregular_plurals_given():
    assert plural(1234, "game") == "1,234 games"
    assert plural(3, "match", "matches") == "3 matches"
