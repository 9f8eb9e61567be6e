"""Sota to and from plain JSON data, checking every field of a save read from disk."""
from __future__ import annotations

from game.cards import SPANISH_SUITS, Card, cards_from_json, cards_to_json, rng_from_json, rng_to_json, spanish_deck
from game.sota.moves import PHASE_DRAWN, PHASES, effects_from_json, effects_to_json
from game.sota.rules import NAME, SotaGame

VERSION = 1
MIN_PLAYERS = 2
MAX_PLAYERS = 4


def game_to_dict(game: SotaGame) -> dict:
    """The whole state, JSON-safe, including the random generator's state."""
    return {
        "game": NAME, "version": VERSION, "names": list(game.names),
        "hands": [cards_to_json(h) for h in game.hands],
        "draw_pile": cards_to_json(game.draw_pile), "discard": cards_to_json(game.discard),
        "current": game.current, "phase": game.phase, "active_suit": game.active_suit,
        "pending_draw": game.pending_draw, "pending_skips": game.pending_skips,
        "drawn_card": game.drawn_card.to_json() if game.drawn_card else None,
        "passes_in_a_row": game.passes_in_a_row,
        "winners": None if game.winners is None else list(game.winners),
        "end_reason": game.end_reason,
        "options": {"stacking": game.stacking, "play_drawn": game.play_drawn},
        "effects": effects_to_json(game.effects), "rng": rng_to_json(game.rng),
    }


def _count(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"bad {field}: {value!r}")
    return value


def _cards(value: object, field: str) -> list[Card]:
    if not isinstance(value, list):
        raise ValueError(f"bad {field}")  # noqa: TRY004 - a damaged save is a ValueError by contract
    return cards_from_json(value)


def game_from_dict(data: dict) -> SotaGame:
    """Rebuild a game from game_to_dict() output; ValueError if it is not a valid Sota save."""
    if not isinstance(data, dict) or data.get("game") != NAME or data.get("version") != VERSION:
        raise ValueError("not a Sota save")
    try:
        return _build(data)
    except (KeyError, TypeError, IndexError, AttributeError, AssertionError) as exc:
        raise ValueError(f"damaged Sota save: {exc!r}") from exc


def _build(data: dict) -> SotaGame:
    names = data["names"]
    if not (isinstance(names, list) and MIN_PLAYERS <= len(names) <= MAX_PLAYERS
            and all(isinstance(n, str) for n in names)):
        raise ValueError("bad player names")
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != len(names):
        raise ValueError("bad hands")
    options = data["options"]
    if not all(isinstance(options[k], bool) for k in ("stacking", "play_drawn")):
        raise ValueError("bad options")
    game = SotaGame(names, [_cards(h, "hand") for h in hands], _cards(data["draw_pile"], "draw"),
                    _cards(data["discard"], "discard"), rng_from_json(data["rng"]),
                    stacking=options["stacking"], play_drawn=options["play_drawn"],
                    effects=effects_from_json(data["effects"]))
    everything = game.draw_pile + game.discard + [c for h in game.hands for c in h]
    if sorted(everything) != sorted(spanish_deck()):
        raise ValueError("the save does not hold the 40 cards exactly once")
    if not game.discard:
        raise ValueError("empty discard pile")
    game.current = _count(data["current"], "current player")
    if game.current >= len(names):
        raise ValueError("bad current player")
    game.phase = data["phase"]
    if game.phase not in PHASES:
        raise ValueError("bad phase")
    game.active_suit = data["active_suit"]
    if game.active_suit is not None and game.active_suit not in SPANISH_SUITS:
        raise ValueError("bad suit")
    game.pending_draw = _count(data["pending_draw"], "pending draw")
    game.pending_skips = _count(data["pending_skips"], "pending skips")
    drawn = data["drawn_card"]
    game.drawn_card = None if drawn is None else Card.from_json(drawn)
    if (game.phase == PHASE_DRAWN) != (game.drawn_card is not None) or (
            game.drawn_card is not None and game.drawn_card not in game.hands[game.current]):
        raise ValueError("bad drawn card")
    game.passes_in_a_row = _count(data["passes_in_a_row"], "passes")
    winners = data["winners"]
    if winners is not None:
        if not (isinstance(winners, list) and winners
                and all(isinstance(w, int) and 0 <= w < len(names) for w in winners)):
            raise ValueError("bad winners")
        game.winners = list(winners)
    if not isinstance(data["end_reason"], str):
        raise ValueError("bad end reason")  # noqa: TRY004 - as above
    game.end_reason = data["end_reason"]
    game.check_invariants()
    return game
