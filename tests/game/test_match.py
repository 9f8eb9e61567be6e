"""Whole games of every game played through the pygame-free match: computers decide off the caller's
thread, every move is told once to the listeners, the history and the save follow it."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.core import IllegalMove
from game.match import Match
from game.registry import game_info, game_names
from game.seats import Seat
from lang.words import line_from_stranger, line_to_json


def seats_for(name: str, humans: int = 0) -> list[Seat]:
    info = game_info(name)
    return [Seat(f"P{i}", "human" if i < humans else "computer", info.default_level)
            for i in range(info.min_players)]


def play_out(match: Match, limit: int = 20_000) -> int:
    """Play to the end: computers by their decision, humans by their first legal move."""
    for played in range(limit):
        if match.is_over:
            return played
        seat = match.current_player
        move = match.decision(wait=5.0) if match.is_computer(seat) else match.rules.legal_moves()[0]
        assert move is not None, f"{match.name}: no decision for seat {seat}"
        match.play(move)
    raise AssertionError(f"{match.name} did not end in {limit} moves")


@pytest.mark.parametrize("name", game_names())
def test_a_whole_game_of_computers_through_the_match(name):
    match = Match.new(name, seats_for(name), {}, seed=5)
    records = []
    match.listen(records.append)
    moves = play_out(match)
    assert match.is_over and moves == len(records) == match.moves_played
    assert [r.number for r in records] == list(range(1, moves + 1))
    assert all(r.mover in range(len(match.seats)) for r in records)
    assert match.history, "the game left no history"
    assert len(match.result_seats()) == len(match.seats)


@pytest.mark.parametrize("name", game_names())
def test_the_same_seed_and_moves_give_the_same_game(name):
    first, second = (Match.new(name, seats_for(name), {}, seed=11) for _ in range(2))
    moves = []
    first.listen(lambda r: moves.append(r.move))
    play_out(first)
    for move in moves:
        second.play(move)
    assert second.rules == first.rules and second.history == first.history


@pytest.mark.parametrize("name", game_names())
def test_a_saved_match_loads_where_it_stopped(name):
    match = Match.new(name, seats_for(name, humans=1), {}, seed=3)
    for _ in range(6):
        if match.is_over:
            break
        seat = match.current_player
        match.play(match.decision(wait=5.0) if match.is_computer(seat) else match.rules.legal_moves()[0])
    saved = json.loads(json.dumps(match.to_dict()))
    loaded = Match.load(name, saved)
    assert loaded.rules == match.rules and loaded.history == match.history
    assert loaded.key == match.key and loaded.seats == match.seats and loaded.hints_used == match.hints_used
    assert loaded.moves_played == match.moves_played, "the moves' numbers go on after a resume"


def test_an_illegal_move_changes_nothing_and_tells_nobody():
    match = Match.new("sota", seats_for("sota", humans=2), {}, seed=2)
    before, told = match.to_dict(), []
    match.listen(told.append)
    with pytest.raises(IllegalMove):
        match.play(object())
    assert match.to_dict() == before and told == [] and match.moves_played == 0


def test_a_hint_counts_for_the_seat_that_asked_it():
    match = Match.new("skyjo", [Seat("Ann"), Seat("Ben")], {}, seed=4)
    while match.rules.legal_moves() and match.view(None).phase == "reveal":
        match.play(match.rules.legal_moves()[0])
    seat = match.current_player
    match.ask_hint(seat)
    hint = match.hint(wait=10.0)
    assert hint in match.rules.legal_moves()
    assert match.hints_used[seat] == 1 and sum(match.hints_used) == 1
    saved = Match.load("skyjo", json.loads(json.dumps(match.to_dict())))
    assert saved.hints_used == match.hints_used


def test_a_hint_asked_before_a_move_is_dropped():
    match = Match.new("sota", seats_for("sota", humans=2), {}, seed=8)
    match.ask_hint(match.current_player)
    match.play(match.rules.legal_moves()[0])
    assert match.hint(wait=10.0) is None and sum(match.hints_used) == 0


def test_a_save_of_an_earlier_version_credits_its_hints_to_the_lone_human():
    match = Match.new("sota", [Seat("Cpu", "computer"), Seat("Ann")], {}, seed=1)
    data = match.to_dict()
    data["extra"]["hints"] = 4
    assert Match.load("sota", data).hints_used == [0, 4]


def test_whole_games_of_every_game_play_through_the_match_without_pygame():
    code = (
        "import sys; sys.path.insert(0, '.')\n"
        "from game.match import Match; from game.seats import Seat; from game.registry import game_names\n"
        "for name in game_names():\n"
        "    match = Match.new(name, [Seat('A', 'computer'), Seat('B', 'computer')], {}, 1)\n"
        "    for _ in range(20000):\n"
        "        if match.is_over: break\n"
        "        seat = match.current_player\n"
        "        match.play(match.decision(wait=10) if match.is_computer(seat) else match.rules.legal_moves()[0])\n"
        "    assert match.is_over, name\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
        "print(len(game_names()))\n")
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                          cwd=Path(__file__).parents[2], timeout=120)
    assert int(done.stdout) == len(game_names())


def test_a_new_sota_match_logs_its_starting_card_first():
    match = Match.new("sota", [Seat("Amina"), Seat("Hafsa", "computer", "normal")], {}, 7)
    assert match.history == [f"The game starts on the {match.rules.discard[-1]}"]
    kings = Match.new("kings_corner", [Seat("Amina"), Seat("Hafsa", "computer", "normal")], {}, 7)
    assert kings.history == [], "a game without an opening line starts with an empty history"


@pytest.mark.parametrize("name", game_names())
def test_a_whole_games_history_goes_through_a_save_and_the_wire_unchanged(name):
    """Memory Match's last card (a line holding a line naming a card naming its symbol) was nested
    deeper than the Words' bound: its save read as damaged, and a window showed the line as unreadable."""
    match = Match.new(name, seats_for(name), {}, seed=4)  # Memory Match's seed 4 ends on such a line
    play_out(match)
    loaded = Match.load(name, json.loads(json.dumps(match.to_dict())))
    assert loaded.history == match.history
    assert [str(line_from_stranger(line_to_json(line))) for line in match.lines] == match.history
