"""Words the rules write (lang/words.py): the move history kept as messages and fields, worded in the
language of whoever reads it, in a save and on the wire as bounded JSON read as a stranger's."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from game.match import Match
from game.record import HistoryLine
from game.registry import game_info, new_game
from game.seats import Seat
from game.sota import ChooseSuit, Draw, Play, TakeSkip
from game.sota.text import opening_line
from lang import set_language
from lang.words import (
    MAX_DEPTH,
    MAX_FIELDS,
    MAX_TEXT,
    UNREADABLE,
    W_,
    Wn_,
    Words,
    line_from_json,
    line_from_stranger,
    line_to_json,
)
from net import protocol as p
from net.client import Client
from net.remote import RemoteMatch
from tests.game.sota.helpers import c, layout
from tests.net.clients import MAIN, listening_url, mover, wait_for

SEATS = [Seat("Amina"), Seat("Hafsa"), Seat("Youssef")]


def scripted_match() -> Match:
    """A Sota game of three, its moves scripted: an opening, plays, a Seven naming a suit, an Ace's
    skip, a penalty draw."""
    game = layout(["7 cups, 3 swords, 5 cups, 2 swords", "1 swords, 2 coins, 9 clubs", "4 cups, 6 clubs"],
                  "5 coins", draw="10 coins, 9 coins, 8 coins, 4 swords")
    match = Match(game, SEATS, 1)
    match.write_history(HistoryLine(opening_line(match.view(None))))
    for move in (Play(c("5 cups")), Draw(), Play(c("4 cups")), Play(c("7 cups")), ChooseSuit("swords"),
                 Play(c("1 swords")), TakeSkip()):
        match.play(move)
    return match


def test_a_sota_history_reads_in_english_french_and_arabic():
    match = scripted_match()
    set_language("en")
    assert match.history == [
        "The game starts on the 5 of Coins", "Amina plays the 5 of Cups", "Hafsa cannot play and draws a card",
        "Youssef plays the 4 of Cups", "Amina plays the 7 of Cups and names Swords",
        "Hafsa plays the Ace of Swords", "Youssef is skipped"]
    set_language("fr")
    assert match.history[0] == "La partie commence sur 5 de deniers"
    assert match.history[4] == "Amina joue 7 de coupes et demande les épées"
    assert match.history[5] == "Hafsa joue as d'épées"
    assert match.history[6] == "Youssef passe son tour"
    set_language("ar")
    assert match.history[1] == "Amina يلعب 5 من الكؤوس"
    assert match.history[4] == "Amina يلعب 7 من الكؤوس ويختار السيوف"
    assert match.history[2] == "Hafsa لا يستطيع اللعب فيسحب ورقة"


def test_the_same_line_is_worded_again_after_a_language_switch():
    line = scripted_match().lines[4]
    set_language("es")
    assert str(line) == "Amina juega 7 de copas y pide espadas"
    set_language("de")
    assert str(line) == "Amina spielt Kelch-7 und wünscht sich Schwerter"
    set_language("en")
    assert str(line) == "Amina plays the 7 of Cups and names Swords"


def test_a_count_takes_the_plural_of_the_language_of_the_reader():
    drew = Wn_("{name} draws {n} card", "{name} draws {n} cards", 2, name="Youssef")
    set_language("ar")
    assert str(drew) == "Youssef يسحب ورقتين"  # the dual: no number written
    set_language("fr")
    assert str(drew) == "Youssef pioche 2 cartes"


def test_memory_match_lines_are_words_too():
    from game.memory_match import new_game

    match = Match(new_game(["Amina", "Youssef"], 5, starter=0), [Seat("Amina"), Seat("Youssef")], 5)
    match.play(match.rules.legal_moves()[0])
    match.play(match.rules.legal_moves()[0])
    assert isinstance(match.lines[0], Words)
    english = match.history[0]
    set_language("de")
    assert match.history[0] != english and match.history[0].startswith("Amina deckt ")
    assert "Zeile 1, Spalte 1" in match.history[0]


def played(name: str, seats: list[str], seed: int, moves: int | None = None) -> Match:
    """A seeded game of `name` between normal computers (War: its battles), `moves` moves or to its end; each
    line as written goes to JSON and back the same (within the bounds a save and the wire keep)."""
    info = game_info(name)
    match = Match(new_game(name, seats, seed), [Seat(s) for s in seats], seed)
    players = [info.computer("normal", seed + i) for i in range(len(seats))]
    for _ in range(moves or 20_000):
        if match.rules.is_over:
            break
        rules = match.rules
        match.play(players[rules.current_player].choose(rules.view(rules.current_player)) if info.decisions
                   else rules.legal_moves()[0])
        line = match.lines[-1]
        assert line_from_json(json.loads(json.dumps(line_to_json(line)))) == line
    assert moves is not None or match.rules.is_over, "the game ended"
    return match


def test_a_war_history_reads_in_english_french_and_arabic():
    match = played("war", ["You", "Computer"], 3, 12)
    assert all(isinstance(line, Words) for line in match.lines)
    set_language("en")
    assert match.history[-2] == "Battle 11, a double war: your 3 beats the Computer's Ace, you take 18 cards"
    set_language("fr")
    assert match.history[-2] == "Duel 11, une double bataille : 3 (vous) bat As (Computer), vous prenez 18 cartes"
    assert match.history[-3] == "Duel 10 : Dame (Computer) bat 6 (vous)"
    set_language("ar")
    assert match.history[-2] == "المعركة 11، حرب مزدوجة: 3 (أنت) يغلب آس (Computer)، تأخذ 18 ورقة"


def test_a_kings_corner_history_names_the_french_deck_in_french_and_arabic():
    match = played("kings_corner", ["Amina", "Computer"], 3, 12)
    set_language("en")
    assert match.history[-1] == "Amina lays the Queen of Spades on pile 6"
    set_language("fr")
    assert match.history[-3:] == ["Computer pose Deux de pique sur la pile 4", "Computer pioche une carte",
                                  "Amina pose Dame de pique sur la pile 6"]
    set_language("de")
    assert match.history[-3] == "Computer legt Pik-Zwei auf Stapel 4"
    set_language("ar")
    assert match.history[-1] == "Amina يضع بنت بستوني على الكومة 6"


def test_a_skyjo_history_reads_in_french_and_arabic():
    match = played("skyjo", ["Amina", "Youssef"], 3, 12)
    set_language("en")
    assert match.history[-2] == "Youssef draws a 1 and puts it in place of the 8 at row 1, column 4"
    set_language("fr")
    assert match.history[-2] == "Youssef pioche un 1 et l'échange contre le 8 en ligne 1, colonne 4"
    set_language("de")
    assert match.history[-2] == "Youssef zieht eine 1 und tauscht sie gegen die 8 auf Zeile 1, Spalte 4"
    set_language("ar")
    assert match.history[-2] == "Youssef يسحب ورقة 1 ويضعها مكان الورقة 8 في الصف 1، العمود 4"
    assert match.history[-1] == "Amina يأخذ الورقة 8 من كومة الرمي"


@pytest.mark.parametrize("name", ["war", "skyjo", "kings_corner"])
def test_every_line_of_whole_games_keeps_within_the_bounds_of_a_save(name: str):
    """The deepest lines (a Skyjo round's end turning up several columns, a War that ends in a war) are read back."""
    for seed in (1, 2):
        played(name, ["Amina", "Youssef"], seed)


# -- the JSON form ------------------------------------------------------------------------------------
def test_words_go_to_json_and_back_the_same():
    for line in scripted_match().lines:
        data = json.loads(json.dumps(line_to_json(line)))
        assert line_from_json(data) == line
    assert line_from_json("Hafsa plays the 7 of Cups") == "Hafsa plays the 7 of Cups"  # an earlier version's


def nested(depth: int) -> dict:
    data: dict = {"w": "{x}", "f": {"x": "end"}}
    for _ in range(depth - 1):
        data = {"w": "{x}", "f": {"x": data}}
    return data


HOSTILE = [
    ["a list"], 42, None, True,
    {"w": 7}, {"w": "x", "extra": 1}, {"w": "x" * (MAX_TEXT + 1)}, {"w": "hidden\u202echaracters"},
    {"w": "x", "f": {f"f{i}": i for i in range(MAX_FIELDS + 1)}},
    {"w": "x", "f": {"not a name": 1}}, {"w": "x", "f": {"n": True}}, {"w": "x", "f": {"n": 10 ** 12}},
    {"w": "x", "f": {"n": 1.5}}, {"w": "x", "f": {"n": None}}, {"w": "x", "p": "xs", "n": "two"},
    {"w": "x", "c": 3}, nested(MAX_DEPTH + 1),
]


@pytest.mark.parametrize("data", HOSTILE)
def test_a_hostile_line_is_refused_in_a_save_and_shown_safely_from_a_server(data):
    with pytest.raises(ValueError):
        line_from_json(data)
    assert line_from_stranger(data) == UNREADABLE
    set_language("fr")
    assert str(line_from_stranger(data)) == "(une ligne que cette version ne sait pas lire)"


def test_nesting_up_to_the_bound_is_read():
    assert str(line_from_json(nested(MAX_DEPTH))) == "end"


def test_an_unknown_message_shows_as_its_own_words_with_no_format_evaluated():
    """A newer server's message, or a hostile one: named fields filled, nothing else ever evaluated
    (no attribute, no index, no width that would build a huge text)."""
    data = {"w": "{name} {name.__class__} {n:>999999999} {0} {missing}", "f": {"name": "Badr", "n": 3}}
    set_language("ar")
    assert str(line_from_json(data)) == "Badr {name.__class__} {n:>999999999} {0} {missing}"


def test_a_rendered_line_is_never_longer_than_the_bound():
    words = W_("{a}{b}", a="x" * MAX_TEXT, b="y" * MAX_TEXT)
    assert len(str(words)) == MAX_TEXT


# -- saves ----------------------------------------------------------------------------------------------
def test_a_save_keeps_the_words_and_loads_them_back():
    match = scripted_match()
    saved = json.loads(json.dumps(match.to_dict()))
    assert saved["extra"]["history"][1] == {
        "w": "{name} plays the {card}", "f": {"name": "Amina", "card": {"w": "{rank} of Cups", "f": {"rank": 5}}}}
    loaded = Match.load("sota", saved)
    assert loaded.lines == match.lines
    set_language("fr")
    assert loaded.history[1] == "Amina joue 5 de coupes"


def test_an_earlier_versions_save_with_english_history_still_loads_and_shows_it_as_it_was():
    saved = json.loads(json.dumps(scripted_match().to_dict()))
    saved["extra"]["history"] = ["The game starts on the 5 of Coins", "Amina plays the 5 of Cups"]
    loaded = Match.load("sota", saved)
    set_language("fr")
    assert loaded.history == ["The game starts on the 5 of Coins", "Amina plays the 5 of Cups"]
    loaded.play(Play(c("3 swords")))
    assert loaded.history[-1] == "Amina joue 3 d'épées"
    again = Match.load("sota", json.loads(json.dumps(loaded.to_dict())))
    assert again.lines[:2] == ["The game starts on the 5 of Coins", "Amina plays the 5 of Cups"]
    assert isinstance(again.lines[2], Words)


def test_a_save_with_damaged_words_is_a_damaged_save():
    saved = json.loads(json.dumps(scripted_match().to_dict()))
    saved["extra"]["history"] = [nested(MAX_DEPTH + 1)]
    with pytest.raises(ValueError):
        Match.load("sota", saved)


# -- online ---------------------------------------------------------------------------------------------
@pytest.fixture
def english_server():
    """A server of its own process, in English (CARD_ARCADE_LANG=en), on a free loopback port."""
    env = {**os.environ, "CARD_ARCADE_LANG": "en"}
    server = subprocess.Popen([sys.executable, str(MAIN), "--serve", "--port", "0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        yield listening_url(server)
    finally:
        server.terminate()
        server.wait(15)


def test_a_window_shows_an_english_servers_history_in_its_own_language(english_server):
    set_language("fr")
    client = Client(english_server, p.Create(p.VERSION, "Amina", "sota",
                                             [p.SeatSpec("you"), p.SeatSpec("computer", "easy")]))
    try:
        welcome = wait_for(client, lambda n: isinstance(n, p.Welcome))
        lobby = wait_for(client, lambda n: isinstance(n, p.Lobby))
        client.send(p.Start())
        state = wait_for(client, lambda n: isinstance(n, p.State))
        seats = [Seat(s.name, "human" if s.kind == "human" else "computer", s.level) for s in lobby.seats]
        match = RemoteMatch("sota", seats, [welcome.seat], state, mover(client))
        sent: list = list(state.history)
        records: list = []
        match.listen(records.append)
        deadline = time.monotonic() + 30
        while len(match.history) < 4 and not match.is_over and time.monotonic() < deadline:
            if match.to_move in match.here and not match.waiting():
                match.submit(match.rules.legal_moves()[0])
            news = wait_for(client, lambda n: isinstance(n, p.State | p.Refused))
            assert isinstance(news, p.State)
            sent += news.history
            match.receive(welcome.seat, news)
        assert all(isinstance(line, dict) for line in sent), "the server sends words, not its own language's text"
        assert match.history[0].startswith("La partie commence sur ")
        assert any(line.startswith("Amina joue ") or line.startswith("Amina pioche") or "Amina ne peut pas" in line
                   for line in match.history)
        assert records and all(isinstance(r.words, Words) for r in records if r.words)
        set_language("en")
        assert match.history[0].startswith("The game starts on the ")
    finally:
        client.close()


def test_a_server_of_an_earlier_version_sending_texts_is_shown_as_it_sent_them():
    state = p.State(0, False, 0, None, history=["The game starts on the 5 of Coins", {"w": 5}], lines=2)
    lines = [line_from_stranger(line) for line in state.history]
    set_language("fr")
    assert [str(line) for line in lines] == ["The game starts on the 5 of Coins",
                                             "(une ligne que cette version ne sait pas lire)"]
    decoded = p.server_decoder.decode(p.encoder.encode(state))
    assert isinstance(decoded, p.State) and decoded.history == state.history


def test_the_history_is_one_list_kept_in_step_with_each_new_line_and_language():
    """An open history panel holds the list: a new line or a language switch shows in it."""
    match = scripted_match()
    held = match.history
    match.play(Play(c("3 swords")))
    assert match.history is held and held[-1] == "Amina plays the 3 of Swords"
    set_language("fr")
    assert match.history is held and held[-1] == "Amina joue 3 d'épées"
    assert held == [str(line) for line in match.lines]
    match.write_history(HistoryLine(W_("{name} passes", name="Hafsa"), replaces_last=True))
    assert match.history is held and held[-1] == "Hafsa passe" and len(held) == len(match.lines)
