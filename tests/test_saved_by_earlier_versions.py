"""Files written by earlier versions still work: saves resume and play on, statistics load and grow,
and a seeded game plays the same moves as it did then (fixtures in tests/fixtures/)."""
import json
import shutil
from pathlib import Path

import pytest

import game
from scenes.menu import MenuScene
from scenes.stats import StatsScene
from storage.stats import STATS_FILE
from tests.ui import Driver

FIXTURES = Path(__file__).parent / "fixtures"
PLAYOUTS = json.loads((FIXTURES / "playouts.json").read_text())
# the games an earlier version saved (a game added since has none)
OLD_GAMES = sorted(path.stem.removeprefix("save-") for path in (FIXTURES / "saves").glob("save-*.json"))


def test_every_old_save_is_of_a_registered_game():
    assert OLD_GAMES and set(OLD_GAMES) <= set(game.game_names())


@pytest.mark.parametrize("name", OLD_GAMES)
def test_an_old_save_resumes_from_the_menu_and_plays_on(card_arcade_home, name):
    shutil.copy(FIXTURES / "saves" / f"save-{name}.json", card_arcade_home / f"save-{name}.json")
    saved = json.loads((FIXTURES / "saves" / f"save-{name}.json").read_text())
    d = Driver(speed="instant")
    menu = MenuScene(d.app)
    d.app.push(menu, transition=False)
    menu.resume(name)
    table = d.app.top
    assert getattr(table, "rules", None) is not None, "the old save did not resume"
    assert table.rules == game.load_game(saved["rules"])
    assert table.match.key == saved["extra"]["key"]
    before = json.dumps(table.rules.to_dict(), sort_keys=True)
    if table.pass_to is not None:
        d.click((640, 360))
    for _ in range(600):
        if json.dumps(table.rules.to_dict(), sort_keys=True) != before:
            break
        if table.human_turn and not table.animator.busy and table.pass_to is None:
            table.play(table.rules.legal_moves()[0])
        d.frames(2)
    assert json.dumps(table.rules.to_dict(), sort_keys=True) != before, "the resumed game took no move"
    d.close()


def test_an_old_statistics_file_loads_and_takes_new_games(card_arcade_home):
    shutil.copy(FIXTURES / "statistics.sqlite3", card_arcade_home / STATS_FILE)
    d = Driver(speed="instant")
    assert d.app.stats.warnings == []
    counts = {name: d.app.stats.count(name) for name in OLD_GAMES}
    assert all(counts.values()), counts
    d.app.push(StatsScene(d.app), transition=False)
    d.frames(2)
    d.app.stats.record_game("skyjo", [{"name": "A", "kind": "human", "score": 3, "won": True},
                                      {"name": "B", "kind": "computer", "score": 9, "won": False}], key="new")
    assert d.app.stats.count("skyjo") == counts["skyjo"] + 1
    d.close()


@pytest.mark.parametrize("key", sorted(PLAYOUTS))
def test_a_seeded_game_plays_the_same_moves_as_before(key):
    record = PLAYOUTS[key]
    g = game.new_game(record["game"], record["players"], record["seed"])
    for expected in record["moves"]:
        legal = {str(m): m for m in g.legal_moves()}
        assert expected in legal, f"{expected!r} is not legal any more"
        g.apply(legal[expected])
    assert g.is_over
    assert json.loads(json.dumps(g.result())) == record["result"]
