"""Files written by earlier versions still work: saves resume and play on, statistics load and grow,
and a seeded game plays the same moves as it did then (fixtures in tests/fixtures/)."""
import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

import game
from harness.driver import Driver
from scenes.menu import MenuScene
from scenes.stats import StatsScene
from storage.stats import STATS_FILE

FIXTURES = Path(__file__).parent / "fixtures"
PLAYOUTS = json.loads((FIXTURES / "playouts.json").read_text())
# save-<game>.json: a game in mid-play; save-<game>-<state>.json: the same game in another phase
# (a pending choice, an undo list, a round or the game over), so every saved phase string is kept.
SAVES = sorted((FIXTURES / "saves").glob("save-*.json"))
PLAYING = [path for path in SAVES if not game.load_game(json.loads(path.read_text())["rules"]).is_over]


def games_of_earlier_versions() -> set[str]:
    """The games an earlier version played: those of its statistics file (a new game has none)."""
    with closing(sqlite3.connect(FIXTURES / "statistics.sqlite3")) as db:
        return {name for (name,) in db.execute("SELECT DISTINCT game FROM games")}


def test_every_game_of_an_earlier_version_has_an_old_save_and_every_old_save_a_registered_game():
    saved = {json.loads(path.read_text())["game"] for path in SAVES}
    assert games_of_earlier_versions() <= saved <= set(game.game_names())
    assert {"sota", "war"} <= games_of_earlier_versions()


@pytest.mark.parametrize("path", SAVES, ids=lambda path: path.stem)
def test_an_old_save_of_this_version_reads_back_and_writes_the_same_json(path):
    rules = json.loads(path.read_text())["rules"]
    loaded = game.load_game(rules)
    if loaded.to_dict()["version"] == rules["version"]:  # an older version is rewritten as the new one
        assert json.dumps(loaded.to_dict(), sort_keys=True) == json.dumps(rules, sort_keys=True)


@pytest.mark.parametrize("path", PLAYING, ids=lambda path: path.stem)
def test_an_old_save_resumes_from_the_menu_and_plays_on(card_arcade_home, path):
    saved = json.loads(path.read_text())
    name = saved["game"]
    shutil.copy(path, card_arcade_home / f"save-{name}.json")
    d = Driver(speed="instant")
    menu = MenuScene(d.app)
    d.app.push(menu, transition=False)
    menu.resume(name)
    table = d.app.top
    assert getattr(table, "rules", None) is not None, "the old save did not resume"
    assert table.rules == game.load_game(saved["rules"])
    assert table.match.key == saved["extra"]["key"]
    before = json.dumps(table.rules.to_dict(), sort_keys=True)
    if table.seating.pass_to is not None:
        d.pass_screen()
    for _ in range(600):
        if json.dumps(table.rules.to_dict(), sort_keys=True) != before:
            break
        human = table.seats[table.rules.current_player].is_human
        if human and not table.animator.busy and table.seating.pass_to is None:
            table.play(table.rules.legal_moves()[0])
        d.frames(2)
    assert json.dumps(table.rules.to_dict(), sort_keys=True) != before, "the resumed game took no move"
    d.close()


def test_an_old_statistics_file_loads_and_takes_new_games(card_arcade_home):
    shutil.copy(FIXTURES / "statistics.sqlite3", card_arcade_home / STATS_FILE)
    d = Driver(speed="instant")
    assert d.app.stats.warnings == []
    counts = {name: d.app.stats.count(name) for name in games_of_earlier_versions()}
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
