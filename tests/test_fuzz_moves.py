"""Fuzzed moves against every registered game: legal, stale, foreign, malformed, after the end."""
import dataclasses
import json
import random

import pytest

import game
from game import IllegalMove, load_game, new_game
from tests.matrix import first_fast

GARBAGE = (None, -1, 10**9, "", "x" * 10_000, 3.5, (), [], {}, object(), True)
MAX_STEPS = 20000


def state(g):
    return json.dumps(g.to_dict(), sort_keys=True)


def malformed(move, rng):
    """The move with one field replaced by garbage (when it is a dataclass)."""
    if not dataclasses.is_dataclass(move):
        return rng.choice(GARBAGE)
    fields = dataclasses.fields(move)
    if not fields:
        return rng.choice(GARBAGE)
    name = rng.choice(fields).name
    return dataclasses.replace(move, **{name: rng.choice(GARBAGE)})


def check_refused(g, bad):
    before = state(g)
    with pytest.raises(IllegalMove) as caught:
        g.apply(bad)
    assert str(caught.value), "an illegal move needs a reason the player can read"
    assert state(g) == before, f"the illegal move {bad!r} changed the game"


@pytest.mark.parametrize("name", game.game_names())
@pytest.mark.parametrize("seed", first_fast([12, 11]))  # 12: the fewest players; 11 (the most) in the full suite
def test_fuzzed_moves_are_refused_cleanly_and_games_end(name, seed):
    info = game.game_info(name)
    players = [f"Seat {i}" for i in range(info.max_players if seed % 2 else info.min_players)]
    rng = random.Random(seed)
    g = new_game(name, players, seed)
    other = new_game(name, players, seed + 1000)
    foreign = list(other.legal_moves())
    history = []
    thrown = 0
    for _ in range(MAX_STEPS):
        if g.is_over:
            break
        moves = g.legal_moves()
        candidates = [m for m in rng.sample(history, min(2, len(history))) + rng.sample(foreign, min(2, len(foreign)))
                      if m not in moves]
        candidates.append(malformed(rng.choice(moves), rng))
        for bad in candidates:
            if bad in moves:
                continue
            check_refused(g, bad)
            thrown += 1
        move = rng.choice(moves)
        history.append(move)
        g.apply(move)
        if len(history) % 7 == 0:
            assert load_game(json.loads(json.dumps(g.to_dict()))) == g
        if not other.is_over:
            other.apply(rng.choice(other.legal_moves()))
            foreign = list(other.legal_moves()) or foreign
    assert g.is_over, f"{name} did not end"
    for bad in history[-5:] + list(GARBAGE[:3]):
        check_refused(g, bad)
    assert thrown > 0
