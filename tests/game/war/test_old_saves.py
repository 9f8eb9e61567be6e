"""War games saved by version 1 (fixed pickup took seat 0's cards, then seat 1's) still load and play on."""
import json
from pathlib import Path

from game import load_game
from game.war import Battle

OLD_FIXED = Path(__file__).parent / "old_saves" / "war-fixed-pickup-v1.json"  # written by 9b7e0bc, 30 battles


def old_fixed_rules() -> dict:
    return json.loads(OLD_FIXED.read_text())["rules"]


def test_a_fixed_order_game_saved_by_version_1_loads_and_finishes_in_the_order_it_began_with():
    data = old_fixed_rules()
    assert data["version"] == 1 and data["options"]["pickup"] == "fixed" and "fixed_order" not in data
    game = load_game(data)
    assert game.battles == 30 and game.fixed_order == "by_seat"
    taken_by_seat_1 = []  # plain battles seat 1 won: its card went under seat 0's, the old order
    for _ in range(20000):
        if game.is_over:
            break
        events = game.apply(Battle())
        game.check_invariants()
        (won,) = [e for e in events if e.kind == "win_pile"] or [None]
        if won is not None and won.player == 1 and won.amount == 0:
            taken_by_seat_1.append(list(won.cards) == [e.cards[0] for e in events if e.kind == "play"])
    assert game.is_over
    assert taken_by_seat_1 and all(taken_by_seat_1)


def test_a_resumed_version_1_game_saved_again_loads_again():
    game = load_game(old_fixed_rules())
    for _ in range(15):
        game.apply(Battle())
    again = json.loads(json.dumps(game.to_dict()))
    assert again["version"] == 2 and again["fixed_order"] == "by_seat"
    copy = load_game(again)
    assert copy == game
    assert copy.apply(Battle()) == game.apply(Battle())
