"""Kings Corner saves: the whole state as JSON-safe data, and a careful loader for damaged files."""
from __future__ import annotations

from typing import Any

from game.cards import Card, cards_from_json, rng_from_json
from game.kings_corner.moves import PILE_NUMBERS, lay_problem, move_problem
from game.kings_corner.rules import NAME, VERSION, KingsCorner
from game.kings_corner.view import PHASES, RoundResult


def game_from_dict(data: dict) -> KingsCorner:
    """Rebuild a game from game_to_dict output; ValueError if the data is not a valid save."""
    try:
        return _load(data)
    except (KeyError, TypeError, IndexError, AttributeError, AssertionError) as exc:
        raise ValueError(f"damaged Kings Corner save: {exc!r}") from exc


def _int(value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"not a number from {low} to {high}: {value!r}")
    return value


def _cards(value: Any) -> list[Card]:
    if not isinstance(value, list):
        raise ValueError(f"not a list of cards: {value!r}")  # noqa: TRY004 (loaders raise ValueError)
    return cards_from_json(value)


def _load(data: dict) -> KingsCorner:
    if not isinstance(data, dict) or data.get("game") != NAME:
        raise ValueError("not a Kings Corner save")
    if data.get("version") != VERSION:
        raise ValueError(f"unknown save version: {data.get('version')!r}")
    names = data["names"]
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        raise ValueError("a save needs two player names")
    try:
        rng = rng_from_json(data["rng"])
    except (ValueError, TypeError) as exc:
        raise ValueError("damaged random state") from exc
    game = KingsCorner(names, rng, _int(data["dealer"], 0, 1), _int(data["game_number"], 1, 10**9))
    game.turn = _int(data["turn"], 0, 1)
    if data["phase"] not in PHASES:
        raise ValueError(f"unknown phase {data['phase']!r}")
    game.phase = data["phase"]
    hands, piles = data["hands"], data["piles"]
    if not (isinstance(hands, list) and len(hands) == 2):
        raise ValueError("a save needs two hands")
    if not (isinstance(piles, list) and len(piles) == len(PILE_NUMBERS)):
        raise ValueError("a save needs eight piles")
    game.hands = [_cards(h) for h in hands]
    game.piles = [_cards(p) for p in piles]
    game.draw_pile = _cards(data["draw_pile"])
    game.penalties = [_int(p, 0, 10**6) for p in data["penalties"]]
    game.passes = _int(data["passes"], 0, 2)
    game.rounds = [_round(r) for r in data["rounds"]]
    game.undo_log = [_step(s) for s in data["undo_log"]]
    game.check_invariants()
    _check_undo_log(game)
    return game


def _round(data: dict) -> RoundResult:
    out = data["out"]
    if out is not None:
        _int(out, 0, 1)
    points = [_int(p, 0, 10**6) for p in data["penalties"]]
    left = [tuple(_cards(h)) for h in data["left"]]
    if len(points) != 2 or len(left) != 2:
        raise ValueError("a round has two penalties and two hands")
    return RoundResult(out, (points[0], points[1]), (left[0], left[1]))


def _step(data: list) -> tuple:
    if not isinstance(data, list) or not data:
        raise ValueError(f"not an undo step: {data!r}")
    if data[0] == "lay" and len(data) == 3:
        return ("lay", Card.from_json(data[1]), _int(data[2], 1, 8))
    if data[0] == "move" and len(data) == 4:
        return ("move", _int(data[1], 1, 8), _int(data[2], 1, 8), _int(data[3], 1, 52))
    raise ValueError(f"not an undo step: {data!r}")


def _check_undo_log(game: KingsCorner) -> None:
    """Replay the undo list backwards on copies: every step must be one the rules allowed."""
    piles = [list(p) for p in game.piles]
    for step in reversed(game.undo_log):
        if step[0] == "lay":
            _, card, pile_no = step
            if not piles[pile_no - 1] or piles[pile_no - 1][-1] != card:
                raise ValueError("the undo list does not match the piles")
            piles[pile_no - 1].pop()
            if lay_problem(card, pile_no, piles) is not None:
                raise ValueError("the undo list holds an illegal lay")
        else:
            _, src, dst, count = step
            if src == dst or piles[src - 1] or len(piles[dst - 1]) < count:
                raise ValueError("the undo list does not match the piles")
            piles[src - 1] = piles[dst - 1][-count:]
            del piles[dst - 1][-count:]
            if move_problem(src, dst, piles) is not None:
                raise ValueError("the undo list holds an illegal pile move")

