"""A line split into direction runs by the Unicode bidi algorithm (UAX #9, python-bidi's Python
implementation), so that a name or a number keeps its reading order inside text of the other direction.

That implementation follows UAX #9 as it was before Unicode 6.3; two later rules are added here: bracket
pairs take the direction of what they hold (N0), and the isolate controls count as neutrals."""
from __future__ import annotations

from typing import NamedTuple
from unicodedata import bidirectional, category

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
from bidi.mirror import MIRRORED  # type: ignore[import-untyped]

# Bidi classes that may put a character at an odd (right-to-left) level, or raise one above the base.
RIGHT_TO_LEFT = frozenset({"R", "AL", "AN", "RLE", "RLO", "RLI", "FSI", "LRE", "LRO", "LRI"})
ISOLATES = frozenset({"LRI", "RLI", "FSI", "PDI"})  # unknown to python-bidi's Python implementation
# Each opening bracket and its closing one (UAX #9's bracket pairs: the mirrored open punctuation)
BRACKETS = {ch: MIRRORED[ch] for ch in MIRRORED if category(ch) == "Ps"}
MAX_BRACKET_DEPTH = 63  # BD16: pairs are looked for no deeper


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
    for char in storage["chars"]:
        if char["type"] in ISOLATES:
            char["type"] = char["orig"] = "ON"
    explicit_embed_and_overrides(storage)  # X1-X10: drops the embedding controls themselves
    resolve_weak_types(storage)
    _resolve_brackets(storage)
    resolve_neutral_types(storage, False)
    resolve_implicit_levels(storage, False)
    reorder_resolved_levels(storage, False)  # L1-L2: the characters now stand in visual order
    runs: list[Run] = []
    for level, chars in _same_level(storage["chars"]):
        rtl_run = level % 2 == 1
        # HarfBuzz lays a right-to-left run out itself (and mirrors its brackets): it takes reading order
        runs.append(Run("".join(reversed(chars)) if rtl_run else "".join(chars), rtl_run))
    return runs


def _strong(bidi_type: str) -> str | None:
    """The direction a resolved type gives a bracket pair (numbers count as right to left), if any."""
    return "L" if bidi_type == "L" else "R" if bidi_type in ("R", "AL", "EN", "AN") else None


def _bracket_pairs(chars: list[dict]) -> list[tuple[int, int]]:
    """The indices of each bracket pair of a level run, by opening bracket (BD16)."""
    pairs: list[tuple[int, int]] = []
    stack: list[tuple[str, int]] = []  # each open bracket: the closing one it waits for, its index
    for i, char in enumerate(chars):
        if char["type"] != "ON":
            continue
        if char["ch"] in BRACKETS:
            if len(stack) == MAX_BRACKET_DEPTH:
                break
            stack.append((BRACKETS[char["ch"]], i))
            continue
        depth = next((d for d in range(len(stack) - 1, -1, -1) if stack[d][0] == char["ch"]), None)
        if depth is not None:
            pairs.append((stack[depth][1], i))
            del stack[depth:]
    return sorted(pairs)


def _resolve_brackets(storage: dict) -> None:
    """N0: a bracket pair holding text of the run's direction takes it; one holding only the other
    direction takes that one when the text before the pair has it too, else the run's."""
    for run in storage["runs"]:
        chars = storage["chars"][run["start"]:run["start"] + run["length"]]
        for opening, closing in _bracket_pairs(chars):
            inside = {_strong(char["type"]) for char in chars[opening + 1:closing]} - {None}
            if not inside:
                continue
            direction = "LR"[chars[opening]["level"] % 2]
            if direction not in inside:  # the other direction only: the pair's context decides
                before = (_strong(char["type"]) for char in reversed(chars[:opening]))
                direction = next((strong for strong in before if strong), run["sor"])
            for index in (opening, closing):
                chars[index]["type"] = direction
                for mark in chars[index + 1:]:  # marks on a bracket go with it
                    if mark["orig"] != "NSM":
                        break
                    mark["type"] = direction


def _same_level(chars: list[dict]) -> list[tuple[int, list[str]]]:
    """The characters (in visual order) grouped where their resolved level is the same."""
    groups: list[tuple[int, list[str]]] = []
    for char in chars:
        if groups and groups[-1][0] == char["level"]:
            groups[-1][1].append(char["ch"])
        else:
            groups.append((char["level"], [char["ch"]]))
    return groups
