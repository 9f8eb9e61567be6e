"""Rebuilding a War game from to_dict() output, refusing damaged data with ValueError."""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.cards import Card, rng_from_json, rng_to_json
from game.validate import cards, names, rng, save_reader, whole, wholes
from game.war.deck import WarOptions
from game.war.moves import Battle
from game.war.rules import FIXED_ORDERS, NAME, VERSION, WarGame

REASONS = ("cards", "both_out", "endless")
VERSIONS = (1, VERSION)
FRENCH_RANKS = (1, 13)


def _french(value: object, what: str) -> list[Card]:
    """A list of French cards (Ace to King) from their JSON form."""
    found = cards(value, f"War save: {what}", "french")
    for card in found:
        whole(card.rank, f"War save: a rank in {what}", *FRENCH_RANKS)
    return found


@save_reader("War")
def load_game(data: Any) -> WarGame:
    """The game saved in `data`; ValueError if it is not a consistent War save."""
    if not isinstance(data, dict) or data.get("game") != NAME or data.get("version") not in VERSIONS:
        raise ValueError(f"not a War save (versions {VERSIONS})")
    players = names(data["players"], "War save: the player names", 2, 2)
    options_data = data["options"]
    if not isinstance(options_data, dict):
        raise TypeError("War save: options are damaged")
    options = WarOptions(**options_data)
    initial = [_french(h, "a dealt hand") for h in data["initial"]]
    stacks = [_french(s, "a stack") for s in data["stacks"]]
    table = _french(data["table"], "the table")
    if len(initial) != 2 or len(stacks) != 2:
        raise ValueError("War save: two stacks expected")
    everything = initial[0] + initial[1]
    now = stacks[0] + stacks[1] + table
    if len(set(everything)) != len(everything) or Counter(now) != Counter(everything):
        raise ValueError("War save: the cards do not add up")
    game = WarGame(players, options, (initial[0], initial[1]), rng(data["rng"], "War save: the random generator"))
    # A game saved by version 1 finishes in the fixed order it began with: seat 0's cards, then seat 1's.
    game.fixed_order = data["fixed_order"] if data["version"] == VERSION else "by_seat"
    if game.fixed_order not in FIXED_ORDERS:
        raise ValueError("War save: unknown fixed pickup order")
    game.stacks = (stacks[0], stacks[1])
    game.table = table
    game.battles = whole(data["battles"], "War save: battles")
    game.battles_won = wholes(data["battles_won"], "War save: battles_won", 2)
    game.wars = whole(data["wars"], "War save: wars")
    game.wars_won = wholes(data["wars_won"], "War save: wars_won", 2)
    depths = data["war_depths"]
    if not isinstance(depths, dict):
        raise TypeError("War save: war depths are damaged")
    game.war_depths = Counter({int(k): whole(n, f"War save: wars of depth {k}") for k, n in depths.items()})
    if any(d < 1 for d in game.war_depths):
        raise ValueError("War save: a war depth below 1")
    _load_end(game, data)
    try:
        game.check_invariants()
    except AssertionError as exc:
        raise ValueError(f"War save: inconsistent state ({exc})") from exc
    if options.pickup == "fixed":
        game._seen = _replay_fixed(game)
    return game


def _load_end(game: WarGame, data: dict) -> None:
    winners, reason = data["winners"], data["reason"]
    if winners is None:
        if reason != "" or not game.stacks[0] or not game.stacks[1]:
            raise ValueError("War save: an unfinished game with an ending")
        game.winners, game.reason = None, ""
        return
    if not (isinstance(winners, list) and winners in ([0], [1], [0, 1]) and reason in REASONS):
        raise ValueError("War save: the ending is damaged")
    if (len(winners) == 1) != (reason == "cards"):
        raise ValueError("War save: the ending does not match its reason")
    game.winners, game.reason = list(winners), reason


def _replay_fixed(game: WarGame) -> set[bytes]:
    """Fixed pickup uses no randomness after the deal: replay it to rebuild the seen positions.

    The replay must reach exactly the saved state, which also proves the save undamaged.
    """
    replay = WarGame(game.players, game.options, game.initial, rng_from_json(rng_to_json(game.rng)))
    replay.fixed_order = game.fixed_order
    for _ in range(game.battles):
        if replay.is_over:
            break
        replay.apply(Battle())
    if replay != game:
        raise ValueError("War save: the saved position does not follow from the deal")
    return replay._seen
