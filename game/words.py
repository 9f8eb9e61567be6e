"""Words every game's text shares: a count with its noun, a value with its unit, a computer's name."""
from __future__ import annotations


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
    """A computer player as every screen names it, its level in brackets: "Hafsa (hard computer)",
    "Computer (normal)" (a computer named Computer is not said twice), "Hafsa (computer)"."""
    if name.casefold() == "computer":
        return f"{name} ({level})" if level else name
    return f"{name} ({level} computer)" if level else f"{name} (computer)"


__all__ = ["amount", "computer_name", "plural"]
