"""Which characters a name or a line of text may hold: none that draws nothing or breaks a font."""
from __future__ import annotations

import unicodedata

# printable by Python's measure, yet drawn as nothing (fillers, invisible marks)
INVISIBLE = frozenset(map(chr, (0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x200B, 0x200C, 0x200D,
                                0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x3164, 0xFEFF, 0xFFA0)))


def hidden(ch: str) -> bool:
    """A control, format, zero-width or unassigned character, a lone surrogate or a separator but the space."""
    return not ch.isprintable() or ch in INVISIBLE


def visible(ch: str) -> bool:
    """A character that draws something on its own (not a space, not a mark on another character)."""
    return not hidden(ch) and unicodedata.category(ch)[0] not in "MZ"


def plain(text: str) -> str:
    """The text without hidden characters, normalised (NFC)."""
    return unicodedata.normalize("NFC", "".join(ch for ch in text if not hidden(ch)))


def text_problem(text: object, limit: int) -> str | None:
    """Why `text` read from a file is not a line we would write ourselves; None if it is."""
    if not isinstance(text, str):
        return f"{text!r} is not a text"
    if len(text) > limit:
        return f"a text of {len(text)} characters (at most {limit})"
    if any(hidden(ch) for ch in text):
        return f"a text with hidden characters: {text[:40]!r}"
    return None
