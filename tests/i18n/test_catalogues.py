"""The catalogues: the template holds every message the sources mark, each language translates every
one of them with the same placeholders, Babel's checkers find nothing, the plural rules are CLDR's,
and the committed .mo files are what the .po files compile to."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from lang import DOMAIN, ENGLISH, LANGUAGES, LOCALE_DIR

ROOT = LOCALE_DIR.parent
KEYWORDS = {"_": None, "n_": (1, 2), "N_": None, "W_": None, "Wn_": (1, 2), "Wp_": ((1, "c"), 2)}
TRANSLATED = [code for code in LANGUAGES if code != ENGLISH]
PLACEHOLDER = re.compile(r"\{(\w*)\}")
PLURAL_FORMS = {"fr": 3, "es": 3, "de": 2, "ar": 6}  # CLDR's: Arabic zero, one, two, few, many, other


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=code)


def extracted() -> set[str | tuple[str, str]]:
    """Every message the sources mark (babel.cfg's map, tools/catalogues.py's keywords)."""
    method_map = [("**.py", "python")]
    found: set[str | tuple[str, str]] = set()
    for folder in ("lang", "game", "net", "scenes", "sprites", "storage"):
        for _file, _line, message, _comments, _context in extract_from_dir(ROOT / folder, method_map,
                                                                        keywords=KEYWORDS):
            found.add(message if isinstance(message, str) else tuple(message))
    return found


def ids(catalogue: Catalog) -> set[str | tuple[str, str]]:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalogue if m.id}


def fields(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_the_template_holds_every_marked_message_and_no_other():
    template = ids(read(LOCALE_DIR / f"{DOMAIN}.pot"))
    sources = extracted()
    assert sources - template == set(), "run tools/catalogues.py: messages missing from the .pot"
    assert template - sources == set(), "run tools/catalogues.py: the .pot holds messages no source marks"
    assert len(sources) > 150  # the first screens' words are marked


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy_or_obsolete(code: str):
    catalogue = read(po_path(code), code)
    assert ids(catalogue) == ids(read(LOCALE_DIR / f"{DOMAIN}.pot"))
    assert not catalogue.obsolete
    for message in catalogue:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        assert all(form.strip() for form in forms), f"{code}: {message.id!r} is not translated"


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_match_the_english(code: str):
    """A singular translation has the English placeholders exactly; each plural form has every one
    but {n}, which a form for one or two may leave out ('one win', Arabic's dual)."""
    for message in read(po_path(code), code):
        if not message.id:
            continue
        if isinstance(message.id, str):
            assert fields(message.string) == fields(message.id), f"{code}: {message.id!r}"
            continue
        english = fields(message.id[0]) | fields(message.id[1])
        for form in message.string:
            assert english - {"n"} <= fields(form) <= english, f"{code}: {message.id!r} -> {form!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_babel_checkers_find_nothing(code: str):
    catalogue = read(po_path(code), code)
    problems = [(message.id, errors) for message, errors in catalogue.check()]
    assert problems == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_rule_is_cldrs(code: str):
    catalogue = read(po_path(code), code)
    assert catalogue.num_plurals == PLURAL_FORMS[code] == get_plural(Locale.parse(code)).num_plurals
    assert catalogue.plural_expr == get_plural(Locale.parse(code)).plural_expr


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_committed_mo_is_what_the_po_compiles_to(code: str):
    """The program reads the .mo files; they are committed (a fresh checkout plays without Babel), so
    they must be what `pybabel compile` makes of the .po now."""
    compiled = io.BytesIO()
    write_mo(compiled, read(po_path(code), code))
    assert (po_path(code).with_suffix(".mo")).read_bytes() == compiled.getvalue(), \
        "run `python tools/catalogues.py --compile`"
