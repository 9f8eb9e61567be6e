"""Sota load: a save written by `SotaGame.to_dict()` read back, every field validated."""
from __future__ import annotations

from typing import Any

from game.cards import SPANISH_SUITS, spanish_deck
from game.sota.moves import DRAW, EFFECT_KINDS, SKIP, Effect, EndReason, Phase
from game.sota.rules import MAX_PLAYERS, MIN_PLAYERS, NAME, VERSION, SotaGame
from game.validate import card, cards, member, names, one_of, rng, save_reader, whole

DECK = "spanish"
DECK_SIZE = 40
SUITS = 4  # cards of each rank


def effects_from_json(rows: Any) -> dict[int, Effect]:
    """The special-card table from its JSON rows [rank, kind, amount], each rank once."""
    if not isinstance(rows, list):
        raise ValueError(f"the special cards must be a list of rows, not {rows!r}")
    effects: dict[int, Effect] = {}
    for row in rows:
        rank, kind, amount = row
        rank = whole(rank, "a special card's rank", 1, 10)
        if rank in effects:
            raise ValueError(f"rank {rank} has two special rows")
        effects[rank] = Effect(one_of(kind, EFFECT_KINDS, "a special card's kind"),
                               whole(amount, "a special card's amount", 0, DECK_SIZE))
    return effects


def most_pending(effects: dict[int, Effect], kind: str) -> int:
    """The most cards to draw (or turns to skip) that can wait at once: every card of that kind
    played in a row, none of them twice (a draw or a skip taken ends the run)."""
    return sum(SUITS * (e.amount if kind == DRAW else 1) for e in effects.values() if e.kind == kind)


@save_reader("Sota")
def game_from_dict(data: Any) -> SotaGame:
    """Rebuild a game from `to_dict()` output; ValueError if it is not a valid Sota save."""
    if not isinstance(data, dict) or data.get("game") != NAME or data.get("version") != VERSION:
        raise ValueError("not a Sota save")
    players = names(data["names"], "the player names", MIN_PLAYERS, MAX_PLAYERS)
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != len(players):
        raise ValueError("bad hands")
    options = data["options"]
    stacking, play_drawn = options["stacking"], options["play_drawn"]
    if not (isinstance(stacking, bool) and isinstance(play_drawn, bool)):
        raise ValueError(f"the options must be true or false, not {options!r}")
    game = SotaGame(players, [cards(h, "a hand", DECK) for h in hands],
                    cards(data["draw_pile"], "the draw pile", DECK),
                    cards(data["discard"], "the discard pile", DECK), rng(data["rng"]),
                    stacking=stacking, play_drawn=play_drawn, effects=effects_from_json(data["effects"]))
    everything = game.draw_pile + game.discard + [c for h in game.hands for c in h]
    if sorted(everything) != sorted(spanish_deck()):
        raise ValueError("the save does not hold the 40 cards exactly once")
    if not game.discard:
        raise ValueError("empty discard pile")
    game.current = whole(data["current"], "the current player", 0, len(players) - 1)
    game.phase = member(data["phase"], Phase, "the phase")
    game.active_suit = one_of(data["active_suit"], (None, *SPANISH_SUITS), "the named suit")
    game.pending_draw = whole(data["pending_draw"], "the pending draw", 0, most_pending(game.effects, DRAW))
    game.pending_skips = whole(data["pending_skips"], "the pending skips", 0, most_pending(game.effects, SKIP))
    drawn = data["drawn_card"]
    game.drawn_card = None if drawn is None else card(drawn, "the drawn card", DECK)
    if (game.phase == Phase.DRAWN) != (game.drawn_card is not None) or (
            game.drawn_card is not None and game.drawn_card not in game.hands[game.current]):
        raise ValueError("bad drawn card")
    game.passes_in_a_row = whole(data["passes_in_a_row"], "the passes in a row", 0, len(players))
    winners = data["winners"]
    if winners is not None:
        if not (isinstance(winners, list) and winners):
            raise ValueError(f"the winners must be a list of seats, not {winners!r}")
        game.winners = [whole(w, "a winner", 0, len(players) - 1) for w in winners]
    reason = data["end_reason"]
    game.end_reason = None if reason == "" else member(reason, EndReason, "the end reason")
    game.check_invariants()
    return game
