"""What one applied move was, as a match tells it to whoever listens, and the history's line for it."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core import Event
from lang.words import Line, render


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One applied move: its number in the game (1 for the first), who made it, the move, what
    happened, the public view (`view(None)`) just before and just after it, and the history's line
    it wrote (`words`: "" for none; Words are worded in each reader's language, `line`)."""

    number: int
    mover: int
    move: Any
    events: tuple[Event, ...]
    before: Any
    after: Any
    words: Line = ""

    @property
    def line(self) -> str:
        """The history's line for the move in the current language ("" for none)."""
        return render(self.words)


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """The move history's line for a move ("" writes none): Words (lang/words.py) or, in a game not yet
    translated, a plain text; `replaces_last` rewrites the newest line instead (a turn of two moves told
    as one line)."""

    text: Line
    replaces_last: bool = False


def plain_line(record: MoveRecord, names: Sequence[str], last: str) -> HistoryLine:
    """The default line: the first two sentences of the events, with the mover's name in front."""
    text = " ".join([e.text for e in record.events if e.text][:2])
    name = names[record.mover]
    return HistoryLine(text if text.startswith(name) or not text else f"{name}: {text}")
