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
PAD_WORD = 6  # the padding is words this long, so that a long message still wraps


def pseudolocalize(message: str) -> str:
    """The message accented, padded to about 140% of its length, between [ and ]."""
    if not message:
        return message
    parts = PLACEHOLDER.split(message)
    accented = "".join(part if PLACEHOLDER.fullmatch(part) else part.translate(ACCENTS) for part in parts)
    grow = round(len(PLACEHOLDER.sub("", message)) * GROWTH)
    pad = " ".join(PAD * min(PAD_WORD, grow - i) for i in range(0, grow, PAD_WORD + 1))  # words that wrap
    return f"[{accented}{' ' if ' ' in message and pad else ''}{pad}]"

