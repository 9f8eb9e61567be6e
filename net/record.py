"""`--record DIR`: each table's match as a file of JSON lines, one for its start and one per move
(what every seat and the spectators were sent). A disk that fails never costs a move: the failure is
said once in the log (until writing works again) and the table plays on."""
from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Protocol

from game.match import Match

log = logging.getLogger("card_arcade.server")


class Complaint:
    """A failing disk said once in the log, not at every write, and said again once it works."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.failing = False

    def failed(self, exc: OSError) -> None:
        if not self.failing:
            log.warning("cannot write %s (%s): the tables play on; said once until it works again", self.what, exc)
            self.failing = True

    def worked(self) -> None:
        if self.failing:
            log.info("%s can be written again", self.what)
            self.failing = False


class RecordedTable(Protocol):
    """What a recorder reads of a table (net.table.Table)."""

    @property
    def code(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def match(self) -> Match | None: ...


class Recorder:
    """`--record DIR`: per table a file of JSON lines, one for the start and one per applied move."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.trouble = Complaint(f"the record of the tables in {folder}")

    def write(self, table: RecordedTable, line: dict, first: bool = False) -> None:
        """Append a line to the file of the table's match: named by the table's code and the match's
        key, so that the lines written by two processes (before and after a table moved) join up."""
        if self.folder is None or table.match is None:
            return
        try:
            if first:
                self.folder.mkdir(parents=True, exist_ok=True)
            with (self.folder / f"table-{table.code}-{table.match.key}.jsonl").open("a", encoding="utf-8") as file:
                file.write(json.dumps(line) + "\n")
        except OSError as exc:
            self.trouble.failed(exc)
        else:
            self.trouble.worked()

    def start(self, table: RecordedTable, sent: dict[str, str]) -> None:
        """The first line of the table's new match: the deal and the texts sent for it."""
        if self.folder is None:
            return
        assert table.match is not None
        self.write(table, {"seq": table.match.moves_played, "start": table.game, "state": table.match.to_dict(),
                           "sent": sent}, first=True)

    def resume(self, table: RecordedTable, seq: int) -> None:
        """A table taken over at move `seq`: the lines its last owner recorded past it (moves whose
        snapshot was never kept) are dropped from its file."""
        if self.folder is None or table.match is None:
            return
        path = self.folder / f"table-{table.code}-{table.match.key}.jsonl"
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
            kept = [line for line in lines if line.strip() and json.loads(line).get("seq", 0) <= seq]
            if len(kept) != len(lines):
                spare = path.with_suffix(".tmp")
                spare.write_text("".join(line + "\n" for line in kept), encoding="utf-8")
                spare.replace(path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.trouble.failed(exc)

    def move(self, table: RecordedTable, sent: dict[str, str]) -> None:
        if self.folder is None:
            return
        assert table.match is not None
        self.write(table, {"seq": table.match.moves_played, "state": table.match.to_dict(), "sent": sent})
