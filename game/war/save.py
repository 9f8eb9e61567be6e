"""Rebuilding a War game from to_dict() output, refusing damaged data with ValueError."""
from __future__ import annotations

from collections import Counter

from game.cards import Card, cards_from_json, rng_from_json, rng_to_json
from game.war.deck import WarOptions
from game.war.rules import NAME, Battle, WarGame

REASONS = ("cards", "both_out", "endless")


def _int(data: dict, key: str, low: int = 0) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ValueError(f"War save: {key} must be a whole number >= {low}")
    return value


def _pair(data: dict, key: str) -> list[int]:
    value = data[key]
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)):
        raise ValueError(f"War save: {key} must be two whole numbers")
    return list(value)


def _cards(data: object) -> list[Card]:
    if not isinstance(data, list):
        raise TypeError("War save: a card list is damaged")
    cards = cards_from_json(data)
    if any(c.deck != "french" or not 1 <= c.rank <= 13 for c in cards):
        raise ValueError("War save: not a French card")
    return cards


def load_game(data: dict) -> WarGame:
    """The game saved in `data`; ValueError if it is not a consistent War save."""
    try:
        return _load(data)
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"damaged War save: {exc!r}") from exc


def _load(data: dict) -> WarGame:
    if not isinstance(data, dict) or data.get("game") != NAME or data.get("version") != 1:
        raise ValueError("not a War save (version 1)")
    players = data["players"]
    if not (isinstance(players, list) and len(players) == 2
            and all(isinstance(p, str) for p in players)):
        raise ValueError("War save: two player names expected")
    options_data = data["options"]
    if not isinstance(options_data, dict):
        raise TypeError("War save: options are damaged")
    options = WarOptions(**options_data)
    initial = [_cards(h) for h in data["initial"]]
    stacks = [_cards(s) for s in data["stacks"]]
    table = _cards(data["table"])
    if len(initial) != 2 or len(stacks) != 2:
        raise ValueError("War save: two stacks expected")
    everything = initial[0] + initial[1]
    now = stacks[0] + stacks[1] + table
    if len(set(everything)) != len(everything) or Counter(now) != Counter(everything):
        raise ValueError("War save: the cards do not add up")
    try:
        rng = rng_from_json(data["rng"])
    except (ValueError, TypeError) as exc:
        raise ValueError("War save: the random generator state is damaged") from exc
    game = WarGame(players, options, (initial[0], initial[1]), rng)
    game.stacks = (stacks[0], stacks[1])
    game.table = table
    game.battles = _int(data, "battles")
    game.battles_won = _pair(data, "battles_won")
    game.wars = _int(data, "wars")
    game.wars_won = _pair(data, "wars_won")
    depths = data["war_depths"]
    if not isinstance(depths, dict):
        raise TypeError("War save: war depths are damaged")
    game.war_depths = Counter({int(k): _int(depths, k) for k in depths})
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
    for _ in range(game.battles):
        if replay.is_over:
            break
        replay.apply(Battle())
    if replay != game:
        raise ValueError("War save: the saved position does not follow from the deal")
    return replay._seen
