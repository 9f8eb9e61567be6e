"""The words a player reads, in the player's language: gettext catalogues (locale/<code>/LC_MESSAGES/
card_arcade.mo, written by `pybabel compile` from the .po files; docs/translating.md) behind `_`, `n_` and
`N_`, with named placeholders ({name}) filled after translation. No pygame here: the rules may use it too.

One language is current for the whole program; `set_language` switches it at run time (the screens
read their words again, see scenes/app.py `App.set_language`)."""
from __future__ import annotations

import gettext
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lang.pseudo import PSEUDO, pseudolocalize

DOMAIN = "card_arcade"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
ENGLISH = "en"
# The languages a player may choose, each named in itself, in the order Settings lists them.
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "es": "Español", "de": "Deutsch", "ar": "العربية"}
RIGHT_TO_LEFT = frozenset({"ar"})
ENV = "CARD_ARCADE_LANG"  # one run in another language (main.py's --lang sets it)
SYSTEM_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX order: the first one set decides


class _State:
    """The current language and its catalogue (one for the program, as gettext's own install would be)."""

    code = ENGLISH
    catalogue: gettext.NullTranslations = gettext.NullTranslations()


def known(code: str) -> bool:
    """A code this program speaks (the pseudo-language too, for tests and translators)."""
    return code in LANGUAGES or code == PSEUDO


def catalogue(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of a language; English's (and a missing one's) gives the messages back."""
    if code in (ENGLISH, PSEUDO):
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [code], fallback=True)


def set_language(code: str) -> str:
    """Make `code` current (an unknown code means English); returns the code now current."""
    code = code if known(code) else ENGLISH
    _State.code, _State.catalogue = code, catalogue(code)
    return code


def language() -> str:
    """The current language's code."""
    return _State.code


def rtl() -> bool:
    """The current language reads right to left."""
    return _State.code in RIGHT_TO_LEFT


def _fill(text: str, fields: Mapping[str, Any]) -> str:
    """The placeholders filled; a translation whose placeholders are wrong shows as it is, never fails."""
    if not fields:
        return text
    try:
        return text.format(**fields)
    except (KeyError, IndexError, ValueError):
        return text


def _(message: str, **fields: Any) -> str:
    """The message in the current language, its {placeholders} filled from `fields`."""
    text = pseudolocalize(message) if _State.code == PSEUDO else _State.catalogue.gettext(message)
    return _fill(text, fields)


def n_(singular: str, plural: str, n: int, **fields: Any) -> str:
    """The form of the message for the number `n` (the language's plural rule), {n} and `fields` filled."""
    return _fill(plural_form(singular, plural, n), {"n": n, **fields})


def plural_form(singular: str, plural: str, n: int) -> str:
    """The form of the message for the number `n` in the current language, its placeholders unfilled."""
    if _State.code == PSEUDO:
        return pseudolocalize(singular if n == 1 else plural)
    return _State.catalogue.ngettext(singular, plural, n)


def in_context(context: str, message: str) -> str:
    """A message that reads differently in another place (a card's "Sota", the game "Sota"), in the current
    language, its placeholders unfilled."""
    return pseudolocalize(message) if _State.code == PSEUDO else _State.catalogue.pgettext(context, message)


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is defined (a constant); `_` translates it where it is shown."""
    return message


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system's locale asks for (LC_ALL, LC_MESSAGES, LANG: "fr_FR.UTF-8" is French), if
    this program speaks it; English otherwise."""
    environ = os.environ if environ is None else environ
    for name in SYSTEM_VARIABLES:
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else ENGLISH
    return ENGLISH


def chosen_language(setting: str, environ: Mapping[str, str] | None = None) -> str:
    """The language to start in: CARD_ARCADE_LANG (or --lang) for this run, else the setting, else the system's."""
    environ = os.environ if environ is None else environ
    asked = environ.get(ENV, "")
    if known(asked):
        return asked
    return setting if setting in LANGUAGES else system_language(environ)


# How each language writes a number: (thousands separator, decimal separator). Arabic is written with
# the Western Arabic digits 0-9, as Morocco (the home of Sota's players) writes them in print and on
# screens, with CLDR's ar-MA separators; the digits also stay those of the numbers the rules write.
NARROW_NO_BREAK_SPACE = "\u202f"
SEPARATORS: dict[str, tuple[str, str]] = {
    "en": (",", "."), "fr": (NARROW_NO_BREAK_SPACE, ","), "es": (".", ","), "de": (".", ","), "ar": (".", ","),
}
LIST_SEPARATORS = {"ar": "، "}  # between the names of a list (", " elsewhere)


def number(value: float, decimals: int = 0) -> str:
    """`value` as the current language writes it, with `decimals` digits after the separator (trailing
    zeros dropped): 12345.5 is "12,345.5" in English, "12 345,5" in French, "12.345,5" in German."""
    thousands, point = SEPARATORS.get(_State.code, SEPARATORS[ENGLISH])
    text = f"{value:,.{decimals}f}"
    if decimals:
        text = text.rstrip("0").rstrip(".")
    if thousands == "." and _State.code == "es" and abs(value) < 10000:
        text = text.replace(",", "")  # Spanish groups a four-digit number only from 10 000 (RAE, CLDR)
    return text.translate({ord(","): thousands, ord("."): point})


def listed(items: Sequence[str]) -> str:
    """Names one after another, as the current language separates them ("Amina, Bilal")."""
    return LIST_SEPARATORS.get(_State.code, ", ").join(items)


def percent(value: float) -> str:
    """A whole percentage as the current language writes it: "45%" in English, "45 %" in French, Spanish
    and German (a narrow no-break space before the sign)."""
    space = NARROW_NO_BREAK_SPACE if _State.code in ("fr", "es", "de") else ""
    return f"{number(round(value))}{space}%"
