"""Words written now and read later: a message kept untranslated with its fields, put into the
language of whoever reads it when it is drawn (`str(words)`). The rules write the move history this
way, so each window shows it in its player's language and a language switch re-words what is shown.

    W_("{name} passes", name="Hafsa")                      one message, named fields
    Wn_("{name} draws {n} card", "{name} draws {n} cards", 2, name="Hafsa")   a plural
    W_("{name} plays {card}", name="Hafsa", card=W_("{rank} of Cups", rank=7))  a field may be Words
    Wp_("Spanish card", "Sota")                            a message with a context (not the game Sota)

`W_`, `Wn_` and `Wp_` are keywords of tools/catalogues.py, so `pybabel extract` finds their literal
messages. Saves and the network carry `to_json()`: {"w": msgid, "f": {fields}}, with "p" (plural) and
"n" (count), or "c" (context). `line_from_json` reads it back as a stranger's data (bounded, checked),
and a plain string (a save or a server of an earlier version) stays the line it was. Placeholders are
filled by name only ({name}): no format specification or attribute of a field is ever evaluated, so a
message from elsewhere that this version does not know shows as its own words, safely."""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Union

import lang

MAX_DEPTH = 5  # Words in Words (Memory Match's last card: a line in a line naming a card naming a symbol: 4)
MAX_FIELDS = 8
MAX_TEXT = 300  # characters of a message, a field's text, a rendered line
MAX_NUMBER = 10 ** 9
PLACEHOLDER = re.compile(r"\{(\w+)\}")

Field = Union[str, int, "Words"]
Line = Union[str, "Words"]  # a history line: Words, or a plain text (an earlier version's)


@dataclass(frozen=True, slots=True)
class Words:
    """A message (`plural` and `n` for a count) and its fields, rendered in the language current when
    shown. Equal when the message and the fields are: not when the English happens to read the same."""

    msgid: str
    fields: Mapping[str, Field] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None
    context: str | None = None

    def render(self) -> str:
        """The message in the current language, its fields (Words too) rendered and filled in."""
        if self.plural is not None and self.n is not None:
            text = lang.plural_form(self.msgid, self.plural, self.n)
        elif self.context is not None:
            text = lang.in_context(self.context, self.msgid)
        else:
            text = lang._(self.msgid)
        values = {k: v if isinstance(v, str | int) else v.render() for k, v in self.fields.items()}
        if self.n is not None:
            values.setdefault("n", self.n)
        return fill(text, values)[:MAX_TEXT]

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Any]:
        """The compact JSON form saves and the network carry."""
        data: dict[str, Any] = {"w": self.msgid}
        if self.fields:
            data["f"] = {k: v.to_json() if isinstance(v, Words) else v for k, v in self.fields.items()}
        if self.plural is not None:
            data["p"], data["n"] = self.plural, self.n
        if self.context is not None:
            data["c"] = self.context
        return data


def W_(msgid: str, **fields: Field) -> Words:
    """A message to be translated where it is read, with its named fields."""
    return Words(msgid, fields)


def Wn_(singular: str, plural: str, n: int, **fields: Field) -> Words:
    """A message with a plural: the form for `n` in the reader's language; `{n}` is the count."""
    return Words(singular, fields, plural, n)


def Wp_(context: str, msgid: str, **fields: Field) -> Words:
    """A message with a context, for a word that reads differently elsewhere ("Sota" the card and the game)."""
    return Words(msgid, fields, context=context)


def fill(text: str, values: Mapping[str, Any]) -> str:
    """Each {name} in `text` replaced by its value; anything else between braces is left as it is."""
    return PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text)


def render(line: Line) -> str:
    """A history line as the current language reads it (a plain text as it is)."""
    return line if isinstance(line, str) else line.render()


def line_to_json(line: Line) -> str | dict[str, Any]:
    return line if isinstance(line, str) else line.to_json()


def english(line: Line) -> str:
    """The line in English whatever the current language (a server's logs and the text it sends beside
    the Words, for a reader of an earlier version)."""
    if isinstance(line, str):
        return line
    text = line.plural if line.plural is not None and line.n != 1 else line.msgid
    values = {k: v if isinstance(v, str | int) else english(v) for k, v in line.fields.items()}
    if line.n is not None:
        values.setdefault("n", line.n)
    return fill(text, values)[:MAX_TEXT]


def words_json(line: Line) -> dict[str, Any] | None:
    """The Words of a line as they travel (None for a plain text: the text itself is sent)."""
    return None if isinstance(line, str) else line.to_json()


def line_from_json(data: Any) -> Line:
    """A history line from a save or the network: a plain text, or Words in `to_json`'s form.
    ValueError if it is neither or passes the bounds (depth, fields, lengths, hidden characters)."""
    if isinstance(data, str):
        return checked_text(data)
    return words_from_json(data, 1)


def words_from_json(data: Any, depth: int) -> Words:
    if depth > MAX_DEPTH:
        raise ValueError("words nested too deep")
    if not isinstance(data, dict) or not set(data) <= {"w", "f", "p", "n", "c"}:
        raise ValueError("words are an object with w, f, p, n, c")
    msgid = checked_text(data.get("w"))
    raw = data.get("f", {})
    if not isinstance(raw, dict) or len(raw) > MAX_FIELDS:
        raise ValueError(f"words have at most {MAX_FIELDS} fields")
    fields = {checked_name(k): field_from_json(v, depth) for k, v in raw.items()}
    plural, n, context = data.get("p"), data.get("n"), data.get("c")
    context = None if context is None else checked_text(context)
    if plural is None and n is None:
        return Words(msgid, fields, context=context)
    return Words(msgid, fields, checked_text(plural), checked_number(n), context)


def field_from_json(value: Any, depth: int) -> Field:
    if isinstance(value, str):
        return checked_text(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return checked_number(value)
    return words_from_json(value, depth + 1)


def checked_text(text: Any) -> str:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ValueError(f"a text of at most {MAX_TEXT} characters")
    if not text.isprintable():  # controls, format and bidi marks, separators but the space
        raise ValueError("a text with hidden characters")
    return text


def checked_name(name: Any) -> str:
    if not isinstance(name, str) or not name.isidentifier() or len(name) > 30:
        raise ValueError("a field's name is a short identifier")
    return name


def checked_number(n: Any) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or abs(n) > MAX_NUMBER:
        raise ValueError(f"a count is a whole number up to {MAX_NUMBER}")
    return n


def line_from_stranger(data: Any) -> Line:
    """A history line sent by a server: what `line_from_json` reads, or, for anything it refuses, a
    line saying so (never an error: one bad line does not stop the game)."""
    try:
        return line_from_json(data)
    except ValueError:
        return UNREADABLE


UNREADABLE = W_("(a line this version cannot read)")


def reason_from(text: str, data: Any) -> Line:
    """A server's reason: its Words (`data`, a stranger's, checked as `line_from_json` does) in the
    reader's language, else the text sent beside them (a server of an earlier version sends no Words)."""
    if data is not None:
        try:
            return line_from_json(data)
        except ValueError:
            pass
    return text[:MAX_TEXT]

__all__ = [
    "UNREADABLE",
    "W_",
    "Line",
    "Wn_",
    "Words",
    "Wp_",
    "english",
    "line_from_json",
    "line_from_stranger",
    "line_to_json",
    "reason_from",
    "render",
    "words_json",
]
