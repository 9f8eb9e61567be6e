"""Checks shared by every game's save reader: each raises ValueError naming what is wrong."""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from enum import StrEnum
from functools import wraps
from typing import Any, TypeVar

from game.cards import Card, rng_from_json
from game.seats import name_problem

T = TypeVar("T")
E = TypeVar("E", bound=StrEnum)
DAMAGE = (KeyError, TypeError, IndexError, AttributeError, AssertionError, OverflowError)  # what damaged data raises
RNG_VERSION = 3  # random.Random's state: version 3, 624 words of 32 bits and a position, the spare gauss
RNG_WORDS = 624


def save_reader(title: str) -> Callable[[Callable[[Any], T]], Callable[[Any], T]]:
    """Decorate a game's save reader: any error that damaged data raises in it is a ValueError."""
    def decorate(read: Callable[[Any], T]) -> Callable[[Any], T]:
        @wraps(read)
        def checked(data: Any) -> T:
            try:
                return read(data)
            except DAMAGE as exc:
                raise ValueError(f"damaged {title} save: {exc!r}") from exc
        return checked
    return decorate


def whole(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    """`value` as a whole number from `low` to `high` (no upper bound if None)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f">= {low}"
        raise ValueError(f"{what} must be a whole number {bound}, not {value!r}")
    return value


def wholes(value: Any, what: str, length: int | None = None, low: int = 0, high: int | None = None) -> list[int]:
    """`value` as a list of whole numbers (of `length` items, if given)."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"{what} must be a list of {length or 'some'} whole numbers, not {value!r}")
    return [whole(v, what, low, high) for v in value]


def one_of(value: Any, choices: Sequence[Any], what: str) -> Any:
    """`value` if it is one of `choices`."""
    if value not in choices:
        raise ValueError(f"{what} must be one of {list(choices)}, not {value!r}")
    return value


def member(value: Any, words: type[E], what: str) -> E:
    """The member of `words` (a phase, an outcome...) that the saved word `value` names."""
    if not isinstance(value, str) or value not in {m.value for m in words}:
        raise ValueError(f"{what} must be one of {[m.value for m in words]}, not {value!r}")
    return words(value)


def card(value: Any, what: str, deck: str | None = None) -> Card:
    """One card from its JSON form (of `deck`, if given)."""
    if not isinstance(value, list) or len(value) != 4:
        raise ValueError(f"{what} is not a card: {value!r}")
    found = Card.from_json(value)
    if deck is not None and found.deck != deck:
        raise ValueError(f"{what} is not a {deck} card: {value!r}")
    return found


def cards(value: Any, what: str, deck: str | None = None) -> list[Card]:
    """A list of cards from their JSON form (of `deck`, if given)."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of cards, not {value!r}")
    return [card(v, what, deck) for v in value]


def rng(value: Any, what: str = "the random generator") -> random.Random:
    """A random generator from its saved state, every number in the range Python's own has."""
    if not (isinstance(value, list) and len(value) == 3 and value[0] == RNG_VERSION):
        raise ValueError(f"{what} is not a saved random state")
    words = wholes(value[1], what, RNG_WORDS + 1, 0, 2**32 - 1)
    whole(words[-1], f"{what}'s position", 0, RNG_WORDS)
    gauss = value[2]
    if gauss is not None and not (isinstance(gauss, float) and math.isfinite(gauss)):
        raise ValueError(f"{what} has a bad spare number {gauss!r}")
    return rng_from_json(value)


def names(value: Any, what: str, low: int, high: int) -> list[str]:
    """From `low` to `high` player names, each one a name clean_name could have made."""
    if not (isinstance(value, list) and low <= len(value) <= high):
        raise ValueError(f"{what} must be {low} to {high} names")
    for name in value:
        problem = name_problem(name)
        if problem:
            raise ValueError(f"{what}: {problem}")
    return list(value)
