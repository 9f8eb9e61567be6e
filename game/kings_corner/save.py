"""Kings Corner saves: the whole state as JSON-safe data, and a careful loader for damaged files."""
from __future__ import annotations

from typing import Any

from game.kings_corner.moves import PILE_NUMBERS, Phase, lay_problem, move_problem
from game.kings_corner.rules import NAME, VERSION, KingsCornerGame, LaidCard, MovedPile, UndoStep
from game.kings_corner.view import RoundResult
from game.validate import card, cards, member, names, rng, save_reader, whole, wholes

DECK = "french"
MAX_POINTS = 10**6


@save_reader("Kings Corner")
def game_from_dict(data: Any) -> KingsCornerGame:
    """Rebuild a game from game_to_dict output; ValueError if the data is not a valid save."""
    if not isinstance(data, dict) or data.get("game") != NAME:
        raise ValueError("not a Kings Corner save")
    if data.get("version") != VERSION:
        raise ValueError(f"unknown save version: {data.get('version')!r}")
    game = KingsCornerGame(names(data["names"], "the player names", 2, 2), rng(data["rng"]),
                           whole(data["dealer"], "the dealer", 0, 1),
                           whole(data["game_number"], "the game number", 1, 10**9))
    game.turn = whole(data["turn"], "the player to move", 0, 1)
    game.phase = member(data["phase"], Phase, "the phase")
    hands, piles = data["hands"], data["piles"]
    if not (isinstance(hands, list) and len(hands) == 2):
        raise ValueError("a save needs two hands")
    if not (isinstance(piles, list) and len(piles) == len(PILE_NUMBERS)):
        raise ValueError("a save needs eight piles")
    game.hands = [cards(h, "a hand", DECK) for h in hands]
    game.piles = [cards(p, "a pile", DECK) for p in piles]
    game.draw_pile = cards(data["draw_pile"], "the draw pile", DECK)
    game.penalties = wholes(data["penalties"], "the penalties", 2, 0, MAX_POINTS)
    game.passes = whole(data["passes"], "the passes", 0, 2)
    game.rounds = [_round(r) for r in data["rounds"]]
    game.undo_log = [_step(s) for s in data["undo_log"]]
    game.check_invariants()
    _check_undo_log(game)
    return game


def _round(data: dict) -> RoundResult:
    out = data["out"]
    if out is not None:
        whole(out, "who went out", 0, 1)
    points = wholes(data["penalties"], "a round's penalties", 2, 0, MAX_POINTS)
    left = [tuple(cards(h, "a hand left", DECK)) for h in data["left"]]
    if len(left) != 2:
        raise ValueError("a round has two hands left")
    return RoundResult(out, (points[0], points[1]), (left[0], left[1]))


def _step(data: list) -> UndoStep:
    if not isinstance(data, list) or not data:
        raise ValueError(f"not an undo step: {data!r}")
    if data[0] == "lay" and len(data) == 3:
        return LaidCard(card(data[1], "an undone card", DECK), whole(data[2], "a pile", 1, 8))
    if data[0] == "move" and len(data) == 4:
        return MovedPile(whole(data[1], "a pile", 1, 8), whole(data[2], "a pile", 1, 8),
                         whole(data[3], "a pile's size", 1, 52))
    raise ValueError(f"not an undo step: {data!r}")


def _check_undo_log(game: KingsCornerGame) -> None:
    """Replay the undo list backwards on copies: every step must be one the rules allowed."""
    piles = [list(p) for p in game.piles]
    for step in reversed(game.undo_log):
        if isinstance(step, LaidCard):
            laid, pile_no = step.card, step.pile
            if not piles[pile_no - 1] or piles[pile_no - 1][-1] != laid:
                raise ValueError("the undo list does not match the piles")
            piles[pile_no - 1].pop()
            if lay_problem(laid, pile_no, piles) is not None:
                raise ValueError("the undo list holds an illegal lay")
        else:
            src, dst, count = step.src, step.dst, step.count
            if src == dst or piles[src - 1] or len(piles[dst - 1]) < count:
                raise ValueError("the undo list does not match the piles")
            piles[src - 1] = piles[dst - 1][-count:]
            del piles[dst - 1][-count:]
            if move_problem(src, dst, piles) is not None:
                raise ValueError("the undo list holds an illegal pile move")

