"""Matrices of cases the fast loop (`-m "not slow"`) samples and the full suite runs whole."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def first_fast(values: Iterable[Any]) -> list[Any]:
    """`values` as parameters, every one but the first marked slow: the fast loop keeps the first case
    (ids are those of the plain values)."""
    first, *rest = values
    return [first, *(pytest.param(value, marks=pytest.mark.slow) for value in rest)]
