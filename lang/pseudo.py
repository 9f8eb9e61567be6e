"""The pseudo-language: every message accented, about 40% longer and in brackets, its {placeholders}
kept, so that a test (or a translator, `--lang pseudo`) sees which words came from the catalogue and
whether longer words still fit."""
from __future__ import annotations

import re

PSEUDO = "pseudo"
ACCENTS = str.maketrans("aceinouyACEINOUY", "àçéîñöûýÀÇÉÎÑÖÛÝ")
PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
GROWTH = 0.4  # how much longer than the English: German and French often are
PAD = "~"


def pseudo(message: str) -> str:
    """The message accented, padded to about 140% of its length, between [ and ]."""
    if not message:
        return message
    parts = PLACEHOLDER.split(message)
    accented = "".join(part if PLACEHOLDER.fullmatch(part) else part.translate(ACCENTS) for part in parts)
    pad = PAD * round(len(PLACEHOLDER.sub("", message)) * GROWTH)
    return f"[{accented}{pad}]"


def is_pseudo(text: str) -> bool:
    """The text is one pseudo-message (or holds one): a test's check that it came from the catalogue."""
    return "[" in text and "]" in text
