"""A line split into direction runs by the Unicode bidi algorithm (UAX #9, python-bidi's Python
implementation), so that a name or a number keeps its reading order inside text of the other direction."""
from __future__ import annotations

from typing import NamedTuple
from unicodedata import bidirectional

from bidi.algorithm import (  # type: ignore[import-untyped]
    explicit_embed_and_overrides,
    get_base_level,
    get_embedding_levels,
    get_empty_storage,
    reorder_resolved_levels,
    resolve_implicit_levels,
    resolve_neutral_types,
    resolve_weak_types,
)

# Bidi classes that may put a character at an odd (right-to-left) level, or raise one above the base.
RIGHT_TO_LEFT = frozenset({"R", "AL", "AN", "RLE", "RLO", "RLI", "FSI", "LRE", "LRO", "LRI"})


class Run(NamedTuple):
    """Characters drawn in one direction: `text` in reading (logical) order."""
    text: str
    rtl: bool


def visual_runs(line: str, rtl: bool | None = None) -> list[Run]:
    """The line's direction runs from left to right on screen. `rtl` is the paragraph's direction
    (the interface's reading direction); None takes it from the line's first strong letter (P2-P3)."""
    if not rtl and not any(bidirectional(ch) in RIGHT_TO_LEFT for ch in line):
        return [Run(line, False)] if line else []
    storage = get_empty_storage()
    base = get_base_level(line) if rtl is None else int(rtl)
    storage["base_level"], storage["base_dir"] = base, "LR"[base]
    get_embedding_levels(line, storage)
    explicit_embed_and_overrides(storage)  # X1-X10: drops the embedding controls themselves
    resolve_weak_types(storage)
    resolve_neutral_types(storage, False)
    resolve_implicit_levels(storage, False)
    reorder_resolved_levels(storage, False)  # L1-L2: the characters now stand in visual order
    runs: list[Run] = []
    for level, chars in _same_level(storage["chars"]):
        rtl_run = level % 2 == 1
        # HarfBuzz lays a right-to-left run out itself (and mirrors its brackets): it takes reading order
        runs.append(Run("".join(reversed(chars)) if rtl_run else "".join(chars), rtl_run))
    return runs


def _same_level(chars: list[dict]) -> list[tuple[int, list[str]]]:
    """The characters (in visual order) grouped where their resolved level is the same."""
    groups: list[tuple[int, list[str]]] = []
    for char in chars:
        if groups and groups[-1][0] == char["level"]:
            groups[-1][1].append(char["ch"])
        else:
            groups.append((char["level"], [char["ch"]]))
    return groups
