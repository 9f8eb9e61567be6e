"""Every registered game keeps the shared protocol, in seeded random playouts to the end."""
import json
import random
import typing
from enum import StrEnum

import pytest

import game
from game import IllegalMove, load_game, new_game
from game.core import Event, Kind
from game.places import Place
from tests.matrix import first_fast

MAX_STEPS = 20000


def names(count):
    return [f"P{i + 1}" for i in range(count)]


def snapshot(g):
    return json.dumps(g.to_dict(), sort_keys=True)


def typed(event):
    """An event says what happened with a Kind, places and an enum tag, never with a word to parse."""
    places = typing.get_args(Place)
    return (isinstance(event, Event) and type(event.kind) is Kind
            and all(p is None or isinstance(p, places) for p in (event.src, event.dst))
            and (event.tag is None or isinstance(event.tag, StrEnum)))


@pytest.mark.parametrize("name", game.game_names())
@pytest.mark.parametrize("seed", first_fast([1, 2, 3]))  # seeds 2 and 3 in the full suite
def test_random_playout_keeps_protocol(name, seed):
    info = game.game_info(name)
    count = random.Random(seed).randint(info.min_players, info.max_players)
    g = new_game(name, names(count), seed)
    assert g == new_game(name, names(count), seed), "same seed, same game"
    rng = random.Random(seed)
    seen_moves = []
    for _ in range(MAX_STEPS):
        if g.is_over:
            break
        g.check_invariants()
        assert 0 <= g.current_player < count
        view = g.view(g.current_player)
        assert view is not None
        moves = g.legal_moves()
        assert moves, f"{name}: no legal move in a game that is not over"
        before = snapshot(g)
        stale = [m for m in rng.sample(seen_moves, min(3, len(seen_moves))) if m not in moves]
        for bad in [*stale, "not a move", None]:
            with pytest.raises(IllegalMove):
                g.apply(bad)
            assert snapshot(g) == before, "an illegal move changed the game"
        move = rng.choice(moves)
        seen_moves.append(move)
        events = g.apply(move)
        assert isinstance(events, list) and all(typed(e) for e in events), events
        data = json.loads(json.dumps(g.to_dict()))
        assert data["game"] == name
        assert load_game(data) == g
    assert g.is_over, f"{name} did not end in {MAX_STEPS} moves"
    result = g.result()
    assert isinstance(result, dict) and "winners" in result
    with pytest.raises(IllegalMove):
        g.apply(moves[0] if moves else "not a move")


def test_unknown_names_and_bad_saves_are_refused():
    with pytest.raises(ValueError):
        new_game("poker", ["a", "b"], 1)
    for bad in [None, [], {}, {"game": "poker"}, {"game": 3}]:
        with pytest.raises(ValueError):
            load_game(bad)


def test_game_package_never_imports_pygame():
    from pathlib import Path
    root = Path(game.__file__).parent
    for path in root.rglob("*.py"):
        text = path.read_text()
        assert "import pygame" not in text and "from pygame" not in text, path
