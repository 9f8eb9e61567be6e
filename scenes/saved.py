"""Reading a saved table back: the rules, the seats and the table's extra data, validated."""
from __future__ import annotations

from dataclasses import dataclass

from game.core import RulesGame
from game.registry import game_info, load_game
from game.seats import Seat


@dataclass
class SavedTable:
    rules: RulesGame
    seats: list[Seat]
    seed: int
    extra: dict  # everything the table saved, its game key included


def read_save(game: str, payload: dict) -> SavedTable:
    """The parts of a save payload; ValueError, KeyError or TypeError if it is damaged."""
    rules = load_game(payload["rules"])
    if rules.to_dict().get("game") != game:
        raise ValueError(f"not a saved {game} game")
    seats = [Seat.from_json(s) for s in payload["seats"]]
    if len(seats) != len(rules.result()["scores"]):
        raise ValueError("the seats do not match the saved game")
    levels = game_info(game).levels
    if any(not s.is_human and s.level not in levels for s in seats):
        raise ValueError("unknown computer level in the saved game")
    extra = payload.get("extra") or {}
    seed = extra.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("bad seed in the saved game")  # the menu catches ValueError
    return SavedTable(rules, seats, seed, extra)
