"""Words every game's text shares: a count with its noun, a value with its unit, a computer's name."""
from __future__ import annotations

from lang import _


def plural(count: int, word: str, many: str = "") -> str:
    """'1 card', '2 cards', '-1 point', '1,234 games'; `many` is an irregular plural."""
    return f"{count:,} {word if abs(count) == 1 else many or word + 's'}"


def amount(value: float, unit: str, shown: str = "") -> str:
    """A value with a plural unit said right: '1 point', '2 points', '1 penalty point', '1 card left';
    `shown` is the value as written (default: the value itself)."""
    text = shown or f"{value:,}"
    if abs(value) != 1:
        return f"{text} {unit}"
    words = unit.split(" ")
    last = max((i for i, w in enumerate(words) if w.endswith("s")), default=None)
    if last is not None:
        words[last] = words[last][:-1]
    return f"{text} {' '.join(words)}"


def computer_name(name: str, level: str | None) -> str:
    """A computer player as every screen names it, in the current language, its level in brackets: "Hafsa (hard
    computer)", "Computer (normal)" (a computer named Computer is not said twice), "Hafsa (computer)"."""
    if name.casefold() == "computer":
        return _("{name} ({level})", name=name, level=_(level)) if level else name
    if level:
        return _("{name} ({level} computer)", name=name, level=_(level))
    return _("{name} (computer)", name=name)


__all__ = ["amount", "computer_name", "plural"]
