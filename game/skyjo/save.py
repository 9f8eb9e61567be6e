"""Skyjo load: a save written by `SkyjoGame.to_dict()` read back, every field validated."""
from __future__ import annotations

from typing import Any

from game.skyjo.moves import SLOTS, Phase
from game.skyjo.rules import (
    DEFAULT_TARGET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    OPENING_TURN_UPS,
    SAVE_VERSION,
    SkyjoGame,
)
from game.validate import card, cards, member, names, rng, save_reader, whole, wholes

SCORE_LIMIT = 10_000  # no total or round score in a real game comes near this


@save_reader("Skyjo")
def game_from_dict(data: Any) -> SkyjoGame:
    """Rebuild a game from `to_dict()` output; ValueError on anything damaged."""
    if not isinstance(data, dict) or data.get("game") != NAME:
        raise ValueError("not a Skyjo save")
    if data.get("version") != SAVE_VERSION:
        raise ValueError(f"unknown Skyjo save version {data.get('version')!r}")
    players = names(data["names"], "player names", MIN_PLAYERS, MAX_PLAYERS)
    n = len(players)
    game = SkyjoGame(players, rng(data["rng"]), whole(data.get("target", DEFAULT_TARGET), "target", 1, 10**6))
    game.round_number = whole(data["round"], "round", 1, 10**6)
    game.draw_pile = cards(data["draw"], "draw pile", "skyjo")
    game.discard_pile = cards(data["discard"], "discard pile", "skyjo")
    grids, face_up = data["grids"], data["face_up"]
    if not (isinstance(grids, list) and isinstance(face_up, list) and len(grids) == n and len(face_up) == n):
        raise ValueError("bad grids")
    for p in range(n):
        grid, ups = grids[p], face_up[p]
        if (not isinstance(grid, list) or len(grid) != SLOTS or not isinstance(ups, list) or len(ups) != SLOTS
                or not all(isinstance(u, bool) for u in ups)):
            raise ValueError("bad grid")
        game.grids[p] = [card(c, "grid card", "skyjo") if c is not None else None for c in grid]
        game.face_up[p] = list(ups)
    game.hand = card(data["hand"], "card in hand", "skyjo") if data["hand"] is not None else None
    game.phase = member(data["phase"], Phase, "phase")
    game.turn = whole(data["turn"], "turn", 0, n - 1)
    game.starter = whole(data["starter"], "starter", 0, n - 1)
    game.reveals_left = wholes(data["reveals_left"], "turn-ups left", n, 0, OPENING_TURN_UPS)
    game.ender = None if data["ender"] is None else whole(data["ender"], "ender", 0, n - 1)
    game.totals = wholes(data["totals"], "totals", n, -SCORE_LIMIT, SCORE_LIMIT)
    game.history = [_round(entry, n) for entry in data["history"]]
    game.check_invariants()
    return game


def _round(entry: Any, players: int) -> dict:
    """One finished round of the score history."""
    doubled = entry["doubled"]
    if not isinstance(doubled, bool):
        raise ValueError("bad doubling flag")
    return {"scores": wholes(entry["scores"], "scores", players, -SCORE_LIMIT, SCORE_LIMIT),
            "raw": wholes(entry["raw"], "raw scores", players, -SCORE_LIMIT, SCORE_LIMIT),
            "ender": whole(entry["ender"], "ender", 0, players - 1), "doubled": doubled}

