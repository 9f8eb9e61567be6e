"""Who sits at the table: a name, human or computer, and the computer's level."""
from __future__ import annotations

from dataclasses import dataclass

from game.printable import plain, text_problem, visible

MAX_NAME = 16


def clean_name(text: str, default: str) -> str:
    """A name of at most MAX_NAME characters, normalised and without hidden characters, with one
    visible character at least; the default when nothing is left."""
    cleaned = plain(str(text)[:MAX_NAME * 4]).strip()[:MAX_NAME].strip()
    return cleaned if any(visible(ch) for ch in cleaned) else default


def name_problem(name: object) -> str | None:
    """Why a name read from a file is not one clean_name could have made (not asking for NFC:
    earlier versions kept names as typed); None if it is."""
    problem = text_problem(name, MAX_NAME)
    if problem is None and not any(visible(ch) for ch in str(name)):
        problem = f"a name without a visible character: {name!r}"
    return problem


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    kind: str = "human"  # "human" | "computer"
    level: str = "normal"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: dict) -> Seat:
        kind = data.get("kind", "human")
        if kind not in ("human", "computer") or not isinstance(data.get("level", "normal"), str):
            raise ValueError(f"bad seat: {data!r}")
        return cls(clean_name(data["name"], "Player"), kind, data.get("level", "normal"))
