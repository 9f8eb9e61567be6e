"""Words every game's text shares: a count with its noun."""
from __future__ import annotations


def plural(count: int, word: str, many: str = "") -> str:
    """'1 card', '2 cards', '-1 point', '1,234 games'; `many` is an irregular plural."""
    return f"{count:,} {word if abs(count) == 1 else many or word + 's'}"


__all__ = ["plural"]
