"""Who sits at the table: a name, human or computer, and the computer's level."""
from __future__ import annotations

from dataclasses import dataclass

MAX_NAME = 16


def clean_name(text: str, default: str) -> str:
    """A printable name of at most 16 characters; the default when nothing is left."""
    cleaned = "".join(ch for ch in str(text) if ch.isprintable()).strip()[:MAX_NAME]
    return cleaned or default


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
