"""Skyjo save and load: the whole state as JSON-safe data, validated on the way back in."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from game.cards import Card, cards_from_json, cards_to_json, rng_from_json, rng_to_json, skyjo_deck
from game.skyjo.moves import COLUMNS, SLOTS, column_slots

if TYPE_CHECKING:
    from game.skyjo import SkyjoGame

VERSION = 1
FULL_DECK = Counter(skyjo_deck())


def game_to_dict(game: SkyjoGame) -> dict:
    """Everything needed to resume the game exactly, RNG state included."""
    return {
        "game": game.NAME, "version": VERSION, "names": list(game.names), "target": game.target,
        "rng": rng_to_json(game.rng), "round": game.round_number,
        "draw": cards_to_json(game.draw_pile), "discard": cards_to_json(game.discard_pile),
        "grids": [[c.to_json() if c is not None else None for c in grid] for grid in game.grids],
        "face_up": [list(up) for up in game.face_up],
        "hand": game.hand.to_json() if game.hand is not None else None,
        "phase": game.phase, "turn": game.turn, "starter": game.starter,
        "reveals_left": list(game.reveals_left), "ender": game.ender,
        "totals": list(game.totals),
        "history": [{"scores": list(r["scores"]), "raw": list(r["raw"]), "ender": r["ender"],
                     "doubled": r["doubled"]} for r in game.history],
    }


def _int(value: Any, low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"bad {what}: {value!r}")
    return value


def _int_list(value: Any, length: int, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"bad {what}: {value!r}")
    return [_int(v, -10_000, 10_000, what) for v in value]


def game_from_dict(data: dict) -> SkyjoGame:
    """Rebuild a game from game_to_dict() output; ValueError on anything damaged."""
    from game.skyjo import MAX_PLAYERS, MIN_PLAYERS, PHASES, SkyjoGame
    try:
        if not isinstance(data, dict) or data.get("game") != "skyjo":
            raise ValueError("not a Skyjo save")
        if data.get("version") != VERSION:
            raise ValueError(f"unknown Skyjo save version {data.get('version')!r}")
        names = data["names"]
        if (not isinstance(names, list) or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS
                or not all(isinstance(n, str) for n in names)):
            raise ValueError("bad player names")
        n = len(names)
        game = SkyjoGame(names, rng_from_json(data["rng"]), _int(data["target"], 1, 10**6, "target"))
        game.round_number = _int(data["round"], 1, 10**6, "round")
        game.draw_pile = cards_from_json(data["draw"])
        game.discard_pile = cards_from_json(data["discard"])
        grids, face_up = data["grids"], data["face_up"]
        if not (isinstance(grids, list) and isinstance(face_up, list)
                and len(grids) == n and len(face_up) == n):
            raise ValueError("bad grids")
        for p in range(n):
            if (not isinstance(grids[p], list) or len(grids[p]) != SLOTS
                    or not isinstance(face_up[p], list) or len(face_up[p]) != SLOTS
                    or not all(isinstance(u, bool) for u in face_up[p])):
                raise ValueError("bad grid")
            game.grids[p] = [Card.from_json(c) if c is not None else None for c in grids[p]]
            game.face_up[p] = list(face_up[p])
        game.hand = Card.from_json(data["hand"]) if data["hand"] is not None else None
        if data["phase"] not in PHASES:
            raise ValueError(f"bad phase {data['phase']!r}")
        game.phase = data["phase"]
        game.turn = _int(data["turn"], 0, n - 1, "turn")
        game.starter = _int(data["starter"], 0, n - 1, "starter")
        game.reveals_left = [_int(v, 0, 2, "turn-ups left") for v in data["reveals_left"]]
        game.ender = None if data["ender"] is None else _int(data["ender"], 0, n - 1, "ender")
        game.totals = _int_list(data["totals"], n, "totals")
        game.history = []
        for entry in data["history"]:
            scores, raw = _int_list(entry["scores"], n, "scores"), _int_list(entry["raw"], n, "raw")
            doubled = entry["doubled"]
            if not isinstance(doubled, bool):
                raise ValueError("bad doubling flag")  # noqa: TRY004 - a damaged save
            game.history.append({"scores": scores, "raw": raw,
                                 "ender": _int(entry["ender"], 0, n - 1, "ender"),
                                 "doubled": doubled})
        check_state(game)
    except (KeyError, TypeError, IndexError, AttributeError, AssertionError) as exc:
        raise ValueError(f"damaged Skyjo save: {exc!r}") from exc
    return game


def check_state(game: SkyjoGame) -> None:
    """Assert the conservation rules: 150 distinct cards, a consistent phase, summed scores."""
    n = game.player_count
    cards = [c for grid in game.grids for c in grid if c is not None]
    cards += game.draw_pile + game.discard_pile + ([game.hand] if game.hand is not None else [])
    assert Counter(cards) == FULL_DECK, "the 150 Skyjo cards are not all there exactly once"
    assert len(game.grids) == len(game.face_up) == len(game.reveals_left) == n
    for p in range(n):
        assert len(game.grids[p]) == len(game.face_up[p]) == SLOTS
        for column in range(COLUMNS):
            slots = column_slots(column)
            present = [game.grids[p][s] is not None for s in slots]
            assert all(present) or not any(present), "a column is removed whole or not at all"
            values = {game.grids[p][s].rank for s in slots  # type: ignore[union-attr]
                      if game.grids[p][s] is not None and game.face_up[p][s]}
            up = sum(game.face_up[p][s] for s in slots)
            assert not (all(present) and up == 3 and len(values) == 1), "a full column was kept"
        assert not any(game.face_up[p][s] for s in range(SLOTS) if game.grids[p][s] is None)
    assert (game.hand is not None) == (game.phase in ("place_taken", "place_drawn"))
    if game.phase in ("choose", "place_drawn", "turn_up"):
        assert game.discard_pile, "the discard pile is never empty during a turn"
    if game.phase == "reveal":
        assert game.ender is None and game.reveals_left[game.turn] > 0
        for p in range(n):
            assert len(game.down_slots(p)) == SLOTS - 2 + game.reveals_left[p]
    else:
        assert not any(game.reveals_left)
    if game.phase == "turn_up":
        assert game.down_slots(game.turn), "a card can be turned up"
    if game.phase in ("round_over", "game_over"):
        assert game.ender is not None and all(not game.down_slots(p) for p in range(n))
    else:
        assert len(game.history) == game.round_number - 1
    if game.phase in ("round_over", "game_over"):
        assert len(game.history) == game.round_number
    assert all(sum(r["scores"][p] for r in game.history) == game.totals[p] for p in range(n))
    if game.phase == "game_over":
        assert max(game.totals) >= game.target
    elif game.phase == "round_over":
        assert max(game.totals) < game.target
