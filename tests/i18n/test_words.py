"""The words in each language: plural forms chosen by the language's rule, placeholders filled after
translation, the pseudo-language, and a broken translation shown rather than failing."""
from __future__ import annotations

import pytest

import lang
from lang import _, n_, set_language
from lang.pseudo import pseudolocalize

WINS = ("{n} win", "{n} wins")


def test_english_is_the_messages_themselves():
    set_language("en")
    assert _("Statistics") == "Statistics"
    assert n_(*WINS, 1) == "1 win" and n_(*WINS, 3) == "3 wins"


def test_arabic_has_six_plural_forms():
    set_language("ar")
    shown = {count: n_(*WINS, count) for count in (0, 1, 2, 3, 11, 100)}
    assert len(set(shown.values())) == 6, shown
    assert shown[1] == "انتصار واحد" and shown[2] == "انتصاران"
    assert shown[3] == "3 انتصارات" and shown[11] == "11 انتصارًا" and shown[100] == "100 انتصار"
    assert n_(*WINS, 10) == "10 انتصارات" and n_(*WINS, 103) == "103 انتصارات"  # n % 100 from 3 to 10: few


def test_french_counts_zero_as_one_and_german_does_not():
    set_language("fr")
    assert n_(*WINS, 0) == "0 victoire" and n_(*WINS, 2) == "2 victoires"
    set_language("de")
    assert n_(*WINS, 0) == "0 Siege" and n_(*WINS, 1) == "1 Sieg"


def test_spanish_placeholders_are_filled_after_translation():
    set_language("es")
    assert _("Step {step} of {steps}", step=2, steps=5) == "Paso 2 de 5"
    assert _("{game}: new game", game="Sota") == "Sota: partida nueva"


def test_a_translation_with_wrong_placeholders_is_shown_not_raised(monkeypatch: pytest.MonkeyPatch):
    set_language("fr")
    monkeypatch.setattr(lang._State.catalogue, "gettext", lambda message: "Étape {etape}")
    assert _("Step {step} of {steps}", step=1, steps=2) == "Étape {etape}"


def test_an_unknown_language_is_english():
    assert set_language("xx") == "en"
    assert lang.language() == "en" and not lang.rtl()


def test_pseudo_is_accented_longer_bracketed_and_keeps_placeholders():
    text = pseudolocalize("Step {step} of {steps}")
    assert text.startswith("[") and text.endswith("]")
    assert "{step}" in text and "{steps}" in text
    assert "Stép" in text
    assert len(text) >= len("Step {step} of {steps}") * 1.25
    set_language("pseudo")
    assert _("Step {step} of {steps}", step=1, steps=4) == pseudolocalize("Step {step} of {steps}").format(
        step=1, steps=4)
    assert lang.language() == "pseudo"


def test_only_arabic_reads_right_to_left():
    for code in lang.LANGUAGES:
        set_language(code)
        assert lang.rtl() == (code == "ar")
